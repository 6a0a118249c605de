/**
 * `/api/permissions/*` (SPEC.md §3 Permission set, §6, §7 `/permissions/*` rows): the sets an
 * org may use, creating and editing its custom sets, assigning sets to a member, and the labels
 * the role editor shows, and deleting a custom set nobody is given. Every route is bearer-authenticated and scoped to `x-org-id`; which
 * permission each needs is in docs/permissions.md.
 */
import { Hono } from 'hono'
import type { Permission, PermissionSet } from '../../contract/api.ts'
import { permissionMetadata, permissionsApi } from '../../contract/permissions.ts'
import { type PermissionSetInput, rolesApi } from '../../contract/team.ts'
import type { SigningKey } from '../auth/access-token.ts'
import type { Database } from '../db/client.ts'
import { auditActor, auditAddress, type ClientAddress } from '../audit-trail/actor.ts'
import { recordAudit } from '../audit-trail/record.ts'
import { requireAccessToken } from '../http/auth.ts'
import { contractRoutes } from '../http/route.ts'
import { assertReverified, requireReverification } from '../http/reverification.ts'
import { conflict, forbidden, forbiddenOrg, notFound } from '../http/errors.ts'
import { findTeamMember, memberNotFound, replaceMemberSets } from '../members/team.ts'
import { accessControl, loadMemberAccess, type AccessVariables } from '../members/access.ts'
import { assertAnotherSuperAdmin, assertCanGrantPermissions, checkSetChange, isSuperAdminSet, lockOrganization, requireUsableSets } from '../members/guards.ts'
import {
  addedPermissions,
  deleteCustomSet,
  findPermissionSet,
  findSetHolders,
  insertCustomSet,
  isNameTaken,
  listPermissionSets,
  normalizePermissions,
  updateCustomSet,
  type CustomSetFields,
  type SetHolder,
} from '../members/permission-sets.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { roleAssigned } from '../webhook-events/member-events.ts'

/** What the permission routes need from the app (see `AppDeps` in app.ts). */
export interface PermissionRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** The client address (RateLimiters.address) for audit entries; absent: stored as null. */
  readonly address?: ClientAddress
  /** How long a factor allows deleting a role or granting Super Admin, ms (REVERIFICATION_WINDOW_S); default 10 minutes. */
  readonly reverificationWindowMs?: number
}

/** Permissions as an audit entry keeps them: resource and actions (conditions are opaque). */
const pairsOf = (permissions: ReadonlyArray<Permission>) => permissions.map((p) => ({ resource: p.resource, actions: [...p.actions] }))

/**
 * What an edit changed, for the `permission_set.updated` entry: `name` / `description` as
 * `{ from, to }` when they changed, and the `added` / `removed` permissions; empty when nothing did.
 */
function setChanges(before: PermissionSet, after: PermissionSet): Record<string, unknown> {
  const added = pairsOf(addedPermissions(before.permissions, after.permissions))
  const removed = pairsOf(addedPermissions(after.permissions, before.permissions))
  return {
    ...(before.name === after.name ? {} : { name: { from: before.name, to: after.name } }),
    ...(before.description === after.description ? {} : { description: { from: before.description, to: after.description } }),
    ...(added.length === 0 ? {} : { added }),
    ...(removed.length === 0 ? {} : { removed }),
  }
}

const nameConflict = (name: string) => conflict(`A role named "${name}" already exists.`, [{ path: ['name'], message: 'This name is already taken' }])
const setNotFound = () => notFound('There is no such role in this workspace.')

/** Holders named in a refusal's message; the rest are counted ("and 3 others"). All are in `issues`. */
const NAMED_HOLDERS = 5

/** How a holder is named: their name (else email), "(invited)" for a pending invitation. */
const holderLabel = (holder: SetHolder) => `${holder.fullName.trim() || holder.email}${holder.invited ? ' (invited)' : ''}`

/** "A", "A and B", "A, B and C"; beyond {@link NAMED_HOLDERS} names, "A, …, E and 2 others". */
function nameList(labels: ReadonlyArray<string>): string {
  const named = labels.slice(0, NAMED_HOLDERS)
  const rest = labels.length - named.length
  const items = rest > 0 ? [...named, `${rest} ${rest === 1 ? 'other' : 'others'}`] : named
  return items.length === 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`
}

/**
 * 409 `conflict` for deleting a set someone is given: the message names them
 * ("Assigned to Ada Admin and Sam Agent: remove it from them first."), and `issues` lists every
 * one under `["assigned_to", i]` with their label as the message.
 */
export function setInUse(holders: ReadonlyArray<SetHolder>) {
  const labels = holders.map(holderLabel)
  return conflict(
    `Assigned to ${nameList(labels)}: remove it from them first.`,
    labels.map((label, i) => ({ path: ['assigned_to', i], message: label })),
  )
}

/** The permission routes, to be mounted at `/api/permissions`. */
export function permissionRoutes(deps: PermissionRoutesDeps): Hono<{ Variables: AccessVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AccessVariables }>()
  const authenticated = requireAccessToken(deps.signingKey, deps.now)
  // Deleting a role and granting Super Admin need a factor given in the last 10 minutes ('Confirm it's you').
  const reverification = { db, signingKey: deps.signingKey, now: deps.now, windowMs: deps.reverificationWindowMs }
  const reverified = requireReverification(reverification)
  const { member, requirePermission } = accessControl(db)
  const route = contractRoutes(app, '/permissions')

  /** The fields to store from a validated body (actions in contract order, conditions `{}`). */
  const fieldsOf = (body: typeof PermissionSetInput.Type): CustomSetFields => ({
    name: body.name,
    description: body.description ?? '',
    permissions: normalizePermissions(body.permissions),
  })

  // Any member: the browser resolves its own permissions from this list (SPEC.md §6).
  route(permissionsApi.permissionSets, [authenticated, member], async (c) => listPermissionSets(db, c.var.orgId))

  route(rolesApi.createPermissionSet, [authenticated, requirePermission('PERMISSION_SETS', 'CREATE')], async (c, { body }) => {
    const fields = fieldsOf(body)
    assertCanGrantPermissions(c.var.access.permissions, fields.permissions)
    const orgId = c.var.orgId
    try {
      const created = await db.transaction(async (tx) => {
        if (await isNameTaken(tx, orgId, fields.name)) throw nameConflict(fields.name)
        const set = await insertCustomSet(tx, orgId, fields)
        await recordAudit(tx, {
          orgId,
          ...(await auditActor(tx, c.var.userId)),
          kind: 'permission_set.created',
          targetId: set._id,
          targetLabel: set.name,
          details: { description: set.description, permissions: pairsOf(set.permissions) },
          ipAddress: auditAddress(deps.address, c),
          at: new Date(deps.now()),
        })
        return set
      })
      return created
    } catch (error) {
      // Two requests racing past the check: the unique index decides, with the same answer.
      if (isUniqueViolation(error)) throw nameConflict(fields.name)
      throw error
    }
  })

  route.late(rolesApi.updatePermissionSet, [authenticated, requirePermission('PERMISSION_SETS', 'UPDATE')], async (c, { params, readBody }) => {
    const orgId = c.var.orgId
    const id = params.id
    // Decided by the address alone, before the body: unknown and foreign ids look the same.
    const existing = await findPermissionSet(db, orgId, id)
    if (existing === undefined) throw setNotFound()
    if (existing.is_system) throw forbidden('System roles are read-only.')
    const fields = fieldsOf(await readBody())
    // Editing a set changes what its holders may do, the caller included: only what the caller
    // holds may be added (removing is always allowed).
    assertCanGrantPermissions(c.var.access.permissions, addedPermissions(existing.permissions, fields.permissions))
    try {
      const updated = await db.transaction(async (tx) => {
        if (await isNameTaken(tx, orgId, fields.name, id)) throw nameConflict(fields.name)
        const set = await updateCustomSet(tx, orgId, id, fields)
        const changes = set === undefined ? {} : setChanges(existing, set)
        // A save that changed nothing is not an event worth a line in the log.
        if (set !== undefined && Object.keys(changes).length > 0) {
          await recordAudit(tx, {
            orgId,
            ...(await auditActor(tx, c.var.userId)),
            kind: 'permission_set.updated',
            targetId: set._id,
            targetLabel: set.name,
            details: changes,
            ipAddress: auditAddress(deps.address, c),
            at: new Date(deps.now()),
          })
        }
        return set
      })
      if (updated === undefined) throw setNotFound()
      return updated
    } catch (error) {
      if (isUniqueViolation(error)) throw nameConflict(fields.name)
      throw error
    }
  })

  /*
   * Deletes a custom set, 204. Unknown and other orgs' ids are the same 404, a system
   * set is 403 (read-only, as for edits), both decided by the address alone. Under the org's lock
   * (every assignment and invitation takes it, so none can slip in between), a set still held by
   * a member or granted by a pending invitation is a 409 naming them ({@link setInUse}). The
   * `permission_set.deleted` entry is written in the same transaction.
   */
  route(rolesApi.deletePermissionSet, [authenticated, requirePermission('PERMISSION_SETS', 'DELETE'), reverified], async (c, { params }) => {
    const { orgId } = c.var
    const id = params.id
    const existing = await findPermissionSet(db, orgId, id)
    if (existing === undefined) throw setNotFound()
    if (existing.is_system) throw forbidden('System roles cannot be deleted.')
    await db.transaction(async (tx) => {
      if ((await lockOrganization(tx, orgId)) === undefined) throw forbiddenOrg()
      const holders = await findSetHolders(tx, orgId, id)
      if (holders.length > 0) throw setInUse(holders)
      const deleted = await deleteCustomSet(tx, orgId, id)
      // Deleted by a concurrent request between the read and the lock.
      if (deleted === undefined) throw setNotFound()
      await recordAudit(tx, {
        orgId,
        ...(await auditActor(tx, c.var.userId)),
        kind: 'permission_set.deleted',
        targetId: deleted._id,
        targetLabel: deleted.name,
        details: { description: deleted.description, permissions: pairsOf(deleted.permissions) },
        ipAddress: auditAddress(deps.address, c),
        at: new Date(deps.now()),
      })
    })
  })

  /*
   * Replaces the member's sets in this org. Everything is checked inside one transaction holding
   * the org's lock, in this order: the member exists (404), every id is usable here (400), the
   * caller may make this change (403), a super admin remains (409). Any refusal rolls back.
   */
  route(rolesApi.assignPermissionSets, [authenticated, requirePermission('TEAM_MEMBERS', 'UPDATE')], async (c, { body }) => {
    const { orgId } = c.var
    const caller = c.var.access.permissions
    const updated = await db.transaction(async (tx) => {
      if ((await lockOrganization(tx, orgId)) === undefined) throw forbiddenOrg()
      const target = await loadMemberAccess(tx, body.user_id, orgId)
      if (target === undefined) throw memberNotFound()
      const sets = await requireUsableSets(tx, orgId, body.permission_set_ids, 'permission_set_ids')
      const { losesSuperAdmin } = checkSetChange(caller, target.sets, sets)
      // Granting Super Admin needs a recent factor (asked in the transaction: PGlite runs one at a time).
      if (sets.some(isSuperAdminSet) && !target.sets.some(isSuperAdminSet)) await assertReverified({ ...reverification, db: tx as unknown as Database }, c)
      if (losesSuperAdmin) await assertAnotherSuperAdmin(tx, orgId, body.user_id)
      await replaceMemberSets(tx, orgId, body.user_id, sets)
      await roleAssigned(tx, orgId, body.user_id, target.sets.map((s) => s.name), new Date(deps.now()))
      const member = await findTeamMember(tx, orgId, body.user_id)
      const before = target.sets.map((s) => s._id).sort()
      const after = sets.map((s) => s._id).sort()
      // Only a real change is logged: saving the same roles again is not one.
      if (member !== undefined && before.join() !== after.join()) {
        await recordAudit(tx, {
          orgId,
          ...(await auditActor(tx, c.var.userId)),
          kind: 'member.roles_changed',
          targetId: body.user_id,
          targetLabel: member.email,
          details: { from: target.sets.map((s) => s.name), to: sets.map((s) => s.name) },
          ipAddress: auditAddress(deps.address, c),
          at: new Date(deps.now()),
        })
      }
      return member
    })
    if (updated === undefined) throw memberNotFound()
    return updated
  })

  // Any member: static labels, but still tenant-checked so outsiders learn nothing here.
  route(rolesApi.metadata, [authenticated, member], () => permissionMetadata())

  return app
}
