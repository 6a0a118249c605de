/**
 * Reading and writing permission sets (SPEC.md §3 Permission set, §7): the `/permissions/*`
 * endpoints (server/permissions) and the sets an invitation grants (server/team,
 * server/users/invitations-routes.ts). An org sees the system sets (no org, matched by key) and its own custom sets (matched
 * by `_id`), never another org's: every query here is scoped by `org_id`, so an id from another
 * tenant simply matches nothing.
 */
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { PermissionActions, Roles, type Permission, type PermissionSet } from '../../contract/api.ts'
import type { PermissionSetInput } from '../../contract/team.ts'
import { type Database, rowsOf } from '../db/client.ts'
import { invitations, memberPermissionSets, permissionSets, users, type PermissionSetRow } from '../db/schema.ts'

/** A stored row as the contract's `PermissionSet`. */
export function toPermissionSet(row: PermissionSetRow): PermissionSet {
  return {
    _id: row.id,
    permission_set_key: row.permissionSetKey,
    name: row.name,
    description: row.description,
    is_system: row.isSystem,
    permissions: row.permissions,
  }
}

/** Sets `orgId` may see and use: the system sets and its own custom sets. */
const visibleTo = (orgId: string) => or(isNull(permissionSets.orgId), eq(permissionSets.orgId, orgId))

const ROLE_ORDER: ReadonlyMap<string, number> = new Map(Roles.map((role, index) => [role, index]))

/**
 * Display order of SPEC.md §7 `GET /permissions/permission-sets`: system sets first, in contract
 * `Roles` order (from Super Admin down), then custom sets by name, ignoring case.
 */
export function comparePermissionSets(a: PermissionSet, b: PermissionSet): number {
  if (a.is_system !== b.is_system) return a.is_system ? -1 : 1
  if (a.is_system) {
    const rank = (s: PermissionSet) => ROLE_ORDER.get(s.permission_set_key ?? '') ?? Roles.length
    if (rank(a) !== rank(b)) return rank(a) - rank(b)
  }
  const byName = a.name.toLowerCase().localeCompare(b.name.toLowerCase())
  return byName !== 0 ? byName : a._id.localeCompare(b._id)
}

/** Every set `orgId` may see, in {@link comparePermissionSets} order (one query). */
export async function listPermissionSets(db: Database, orgId: string): Promise<PermissionSet[]> {
  const rows = await db.select().from(permissionSets).where(visibleTo(orgId))
  return rows.map(toPermissionSet).sort(comparePermissionSets)
}

/** The set `id` if `orgId` may see it (system or its own), else undefined. */
export async function findPermissionSet(db: Database, orgId: string, id: string): Promise<PermissionSet | undefined> {
  const [row] = await db.select().from(permissionSets).where(and(eq(permissionSets.id, id), visibleTo(orgId)))
  return row === undefined ? undefined : toPermissionSet(row)
}

/** The sets among `ids` that `orgId` may use; unknown and foreign ids are simply absent. */
export async function findPermissionSets(db: Database, orgId: string, ids: ReadonlyArray<string>): Promise<PermissionSet[]> {
  if (ids.length === 0) return []
  const rows = await db.select().from(permissionSets).where(and(inArray(permissionSets.id, [...ids]), visibleTo(orgId)))
  return rows.map(toPermissionSet)
}

/**
 * Whether `name` (compared without case) is already used by a set `orgId` sees, system sets
 * included: the roles page lists both together, so a custom "admin" next to the system "Admin"
 * would be ambiguous. `exceptId` leaves out the set being renamed.
 */
export async function isNameTaken(db: Database, orgId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: permissionSets.id })
    .from(permissionSets)
    .where(
      and(visibleTo(orgId), sql`lower(${permissionSets.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(permissionSets.id, exceptId)),
    )
    .limit(1)
  return row !== undefined
}

/**
 * The permissions of a `PermissionSetInput` as stored: each resource's actions without
 * duplicates and in contract order, `conditions` defaulting to `{}` (they are opaque, SPEC.md §3).
 */
export function normalizePermissions(input: (typeof PermissionSetInput.Type)['permissions']): Permission[] {
  return input.map((p) => ({
    resource: p.resource,
    actions: PermissionActions.filter((action) => p.actions.includes(action)),
    conditions: { ...p.conditions },
  }))
}

/** The pairs of `after` that `before` does not have: what an edit adds to a set. */
export function addedPermissions(before: ReadonlyArray<Permission>, after: ReadonlyArray<Permission>): Permission[] {
  return after.flatMap((p) => {
    const held = before.find((old) => old.resource === p.resource)?.actions ?? []
    const actions = p.actions.filter((action) => !held.includes(action))
    return actions.length === 0 ? [] : [{ ...p, actions }]
  })
}

/** The fields of a custom set as written by create and update. */
export interface CustomSetFields {
  readonly name: string
  readonly description: string
  readonly permissions: ReadonlyArray<Permission>
}

/** Inserts a custom set of `orgId` (no key, not system) and returns it. */
export async function insertCustomSet(db: Database, orgId: string, fields: CustomSetFields): Promise<PermissionSet> {
  const [row] = await db
    .insert(permissionSets)
    .values({ orgId, permissionSetKey: null, isSystem: false, name: fields.name, description: fields.description, permissions: [...fields.permissions] })
    .returning()
  if (row === undefined) throw new Error('insertCustomSet: the insert returned no row')
  return toPermissionSet(row)
}

/**
 * Replaces the fields of custom set `id` of `orgId`. Never touches a system set or another org's
 * set (the WHERE clause says so, whatever the caller checked before).
 * @returns the updated set, or undefined when no such custom set exists.
 */
export async function updateCustomSet(db: Database, orgId: string, id: string, fields: CustomSetFields): Promise<PermissionSet | undefined> {
  const [row] = await db
    .update(permissionSets)
    .set({ name: fields.name, description: fields.description, permissions: [...fields.permissions] })
    .where(and(eq(permissionSets.id, id), eq(permissionSets.orgId, orgId), eq(permissionSets.isSystem, false)))
    .returning()
  return row === undefined ? undefined : toPermissionSet(row)
}

/** Someone a set is given to: a member holding it, or an invitee whose pending invitation would grant it. */
export interface SetHolder {
  readonly fullName: string
  readonly email: string
  /** True for a pending invitation, false for a member. */
  readonly invited: boolean
}

/**
 * Who in `orgId` is given set `id` (a set cannot be deleted while given): the members
 * holding it, then the people whose pending invitation would grant it, each by name (ignoring
 * case), then email. One query.
 */
export async function findSetHolders(db: Database, orgId: string, id: string): Promise<SetHolder[]> {
  // Wrapped, because a UNION's ORDER BY takes output columns only, not lower(...).
  const result = await db.execute(sql`
    select * from (
      select u.full_name as "fullName", u.email, false as invited
        from ${memberPermissionSets} mps join ${users} u on u.id = mps.user_id
        where mps.org_id = ${orgId} and mps.permission_set_id = ${id}
      union all
      select u.full_name, u.email, true
        from ${invitations} i join ${users} u on u.id = i.user_id
        where i.org_id = ${orgId} and i.status = 'pending' and i.permission_set_ids @> ${JSON.stringify([id])}::jsonb
    ) holders
    order by invited, lower("fullName"), email`)
  return rowsOf<SetHolder>(result).map((row) => ({ fullName: row.fullName, email: row.email, invited: row.invited === true || (row.invited as unknown) === 't' }))
}

/**
 * Deletes custom set `id` of `orgId`. Never a system set or another org's (the WHERE clause says
 * so, whatever the caller checked). Assignments would go by cascade: callers refuse while
 * {@link findSetHolders} finds anyone.
 * @returns the deleted set, or undefined when no such custom set exists.
 */
export async function deleteCustomSet(db: Database, orgId: string, id: string): Promise<PermissionSet | undefined> {
  const [row] = await db
    .delete(permissionSets)
    .where(and(eq(permissionSets.id, id), eq(permissionSets.orgId, orgId), eq(permissionSets.isSystem, false)))
    .returning()
  return row === undefined ? undefined : toPermissionSet(row)
}
