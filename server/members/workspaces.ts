/**
 * The workspaces a person is a member of, as the workspace list, sign-in and the workspace
 * endpoints answer them (SPEC.md §3 Workspace list item). Shared by server/users (sign-in, the
 * list, invitations) and server/workspaces (create, complete sign-up, rename).
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Role, WorkspaceItem } from '../../contract/api.ts'
import type { Database } from '../db/client.ts'
import { memberships, organizations, users } from '../db/schema.ts'
import { heldSets, rolesOf } from './held-sets.ts'

/**
 * SQL for the org a user starts in after sign-in: their default org while they are still a
 * member of it, else their oldest membership (ties broken by org name, then id). One definition
 * for sign-in and for the workspace list's `is_default`, so the two always agree.
 */
export const startingOrgId = sql<string | null>`coalesce(
  (select m.org_id from ${memberships} m where m.user_id = ${users.id} and m.org_id = ${users.defaultOrgId}),
  (select m.org_id from ${memberships} m join ${organizations} o on o.id = m.org_id
    where m.user_id = ${users.id} order by m.created_at, o.name, o.id limit 1)
)`

/** One of the caller's workspaces (SPEC.md §3 Workspace list item, plus what the switcher needs). */
export interface Workspace {
  readonly orgId: string
  readonly orgName: string
  readonly roles: ReadonlyArray<Role>
  readonly waitlistApproved: boolean
  readonly signupCompleted: boolean
  readonly isDefault: boolean
}

/**
 * Every org the user is a member of, sorted by name (case-insensitive), in one query. `isDefault`
 * marks the org sign-in starts in.
 */
export function listWorkspaces(db: Database, userId: string): Promise<Workspace[]> {
  return selectWorkspaces(db, userId)
}

/**
 * One of the user's workspaces (as in {@link listWorkspaces}), in one query; undefined when the
 * user is not a member of `orgId`. Answers the workspace endpoints (create-new, complete-signup,
 * rename) with exactly what the workspace list would show.
 */
export async function findWorkspace(db: Database, userId: string, orgId: string): Promise<Workspace | undefined> {
  const [workspace] = await selectWorkspaces(db, userId, orgId)
  return workspace
}

async function selectWorkspaces(db: Database, userId: string, orgId?: string): Promise<Workspace[]> {
  const rows = await db
    .select({
      orgId: organizations.id,
      orgName: organizations.name,
      waitlistApproved: organizations.waitlistApproved,
      signupCompleted: organizations.signupCompleted,
      isDefault: sql<boolean>`${organizations.id} = ${startingOrgId}`,
      sets: heldSets,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(organizations, eq(organizations.id, memberships.orgId))
    .where(and(eq(memberships.userId, userId), orgId === undefined ? undefined : eq(memberships.orgId, orgId)))
    .orderBy(sql`lower(${organizations.name})`, asc(organizations.id))

  return rows.map(({ sets, ...row }) => ({ ...row, roles: rolesOf(sets) }))
}

/** A workspace as the contract's `WorkspaceItem` (SPEC.md §3 Workspace list item). */
export function toWorkspaceItem(w: Workspace): WorkspaceItem {
  return {
    org_id: w.orgId,
    org_name: w.orgName,
    roles: [...w.roles],
    waitlist_approved: w.waitlistApproved,
    signup_completed: w.signupCompleted,
    is_default: w.isDefault,
  }
}
