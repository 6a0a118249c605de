/**
 * The rules that keep permission management safe (docs/permissions.md, "Privilege escalation"
 * and "The last super admin"), shared by the permission-set and team endpoints:
 *
 * - only a super admin grants or takes away the super-admin set (SPEC.md §3: the set that sees
 *   everything), and only a super admin removes a super admin from the workspace;
 * - anyone else may only grant permissions they hold themselves, whether by assigning a set,
 *   inviting with it, or adding permissions to a custom set;
 * - a workspace always keeps at least one super admin.
 *
 * Changes to who holds what in an org run in a transaction that first locks the org's row
 * ({@link lockOrganization}), so two concurrent demotions cannot both see "another super admin".
 */
import { and, count, eq, ne } from 'drizzle-orm'
import { SUPER_ADMIN_SET_KEY, type ApiIssue, type Permission, type PermissionSet } from '../../contract/api.ts'
import { ACTION_LABELS, RESOURCE_METADATA, permissionsNotHeld, type PermissionPair, type ResolvedPermissions } from '../../contract/permissions.ts'
import type { Database } from '../db/client.ts'
import { memberPermissionSets, organizations, permissionSets } from '../db/schema.ts'
import { conflict, forbidden, invalidRequest } from '../http/errors.ts'
import { findPermissionSets } from './permission-sets.ts'

/** Whether `set` is the super-admin system set (matched by key, SPEC.md §6). */
export const isSuperAdminSet = (set: PermissionSet): boolean => set.is_system && set.permission_set_key === SUPER_ADMIN_SET_KEY

/** "Delete on Billing, View on Reports and 3 more": at most three pairs, by their UI labels. */
function describePairs(pairs: ReadonlyArray<PermissionPair>): string {
  const named = pairs.slice(0, 3).map((p) => `${ACTION_LABELS[p.action]} on ${RESOURCE_METADATA[p.resource].label}`)
  return pairs.length > 3 ? `${named.join(', ')} and ${pairs.length - 3} more` : named.join(', ')
}

/**
 * Refuses to let a caller who is not a super admin hand out permissions they lack.
 * @param granted the permissions being given (a new set's, what an edit adds, or the sets
 *   newly assigned).
 * @throws ApiError 403 `forbidden` naming up to three of the missing pairs.
 */
export function assertCanGrantPermissions(caller: ResolvedPermissions, granted: ReadonlyArray<Pick<Permission, 'resource' | 'actions'>>): void {
  if (caller.superAdmin) return
  const missing = permissionsNotHeld(caller, granted)
  if (missing.length > 0) {
    throw forbidden(`You can only grant permissions you hold yourself. You do not have: ${describePairs(missing)}.`)
  }
}

/**
 * Checks a change of the sets a member holds, from `before` to `after` (both as stored; `before`
 * is empty for an invite): the super-admin set moves only by a super admin's hand, and every
 * newly granted set stays within the caller's own permissions. Does not check the last super
 * admin (that needs the database: {@link assertAnotherSuperAdmin}).
 * @returns whether the member loses the super-admin set.
 * @throws ApiError 403 `forbidden`.
 */
export function checkSetChange(caller: ResolvedPermissions, before: ReadonlyArray<PermissionSet>, after: ReadonlyArray<PermissionSet>): { losesSuperAdmin: boolean } {
  const beforeIds = new Set(before.map((s) => s._id))
  const afterIds = new Set(after.map((s) => s._id))
  const added = after.filter((s) => !beforeIds.has(s._id))
  const removed = before.filter((s) => !afterIds.has(s._id))
  if (!caller.superAdmin && added.some(isSuperAdminSet)) throw forbidden('Only a super admin can grant the Super Admin role.')
  if (!caller.superAdmin && removed.some(isSuperAdminSet)) throw forbidden('Only a super admin can take the Super Admin role away.')
  assertCanGrantPermissions(caller, added.flatMap((s) => s.permissions))
  return { losesSuperAdmin: removed.some(isSuperAdminSet) }
}

/**
 * Locks the org's row until the transaction ends, serialising membership and assignment changes
 * within one org (PostgreSQL `SELECT ... FOR UPDATE`; PGlite runs one transaction at a time anyway).
 * @returns the org's name and default language, or undefined if it no longer exists.
 */
export async function lockOrganization(tx: Database, orgId: string): Promise<{ name: string; defaultLanguage: string | null } | undefined> {
  const [row] = await tx
    .select({ name: organizations.name, defaultLanguage: organizations.defaultLanguage })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('update')
  return row
}

/**
 * Keeps at least one super admin in the org: call when `userId` is about to lose the set (or
 * leave), inside the transaction holding {@link lockOrganization}.
 * @throws ApiError 409 `conflict` when nobody else in the org holds the super-admin set.
 */
export async function assertAnotherSuperAdmin(tx: Database, orgId: string, userId: string): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(memberPermissionSets)
    .innerJoin(permissionSets, eq(permissionSets.id, memberPermissionSets.permissionSetId))
    .where(
      and(
        eq(memberPermissionSets.orgId, orgId),
        ne(memberPermissionSets.userId, userId),
        eq(permissionSets.isSystem, true),
        eq(permissionSets.permissionSetKey, SUPER_ADMIN_SET_KEY),
      ),
    )
  if ((row?.n ?? 0) === 0) throw conflict('A workspace needs at least one super admin.')
}

/**
 * The sets named by `ids` (set `_id`s from a request body at `field`), each of which must be a
 * system set or a custom set of `orgId`. Duplicates are ignored.
 * @throws ApiError 400 `invalid_request` with one issue per unknown or foreign id, at
 *   `[field, index]`; a foreign id gets the same message as an unknown one.
 */
export async function requireUsableSets(db: Database, orgId: string, ids: ReadonlyArray<string>, field: string): Promise<PermissionSet[]> {
  const unique = [...new Set(ids)]
  const sets = await findPermissionSets(db, orgId, unique)
  const found = new Set(sets.map((s) => s._id))
  const issues: ApiIssue[] = ids.flatMap((id, index) => (found.has(id) ? [] : [{ path: [field, index], message: 'There is no such role in this workspace' }]))
  if (issues.length > 0) throw invalidRequest('Some of the chosen roles do not exist in this workspace.', issues)
  return sets
}
