/**
 * The permission sets a member holds, as the membership reads (team list, workspace list) select
 * them, and the contract roles among them (SPEC.md §3 Roles, Permission set).
 */
import { sql } from 'drizzle-orm'
import { Roles, type Role } from '../../contract/api.ts'
import { memberPermissionSets, memberships, permissionSets } from '../db/schema.ts'

/** One permission set a member holds: system sets are named by key, custom sets by id. */
export interface HeldSet {
  readonly id: string
  readonly key: string | null
  readonly system: boolean
}

/**
 * SQL for the permission sets held by the membership row in scope, as a JSON array (system sets
 * first, then by name). A correlated subquery rather than joins plus GROUP BY: PostgreSQL plans it
 * in about two thirds of the time, and planning dominates these tiny queries on PGlite.
 */
export const heldSets = sql<HeldSet[]>`(
  select coalesce(json_agg(json_build_object('id', ps.id, 'key', ps.permission_set_key, 'system', ps.is_system)
    order by ps.is_system desc, ps.name, ps.id), '[]'::json)
  from ${memberPermissionSets} mps join ${permissionSets} ps on ps.id = mps.permission_set_id
  where mps.user_id = ${memberships.userId} and mps.org_id = ${memberships.orgId}
)`

const ROLES: ReadonlySet<string> = new Set(Roles)

/** System sets whose key is a contract role; anything else is not a role the client knows. */
export function rolesOf(sets: ReadonlyArray<HeldSet>): Role[] {
  return sets.filter((set) => set.system && set.key !== null && ROLES.has(set.key)).map((set) => set.key as Role)
}
