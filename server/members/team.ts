/**
 * The reads and writes of a workspace's members, shared by the team endpoints (ours:
 * `/organizations/members*`, server/team), the member answered by
 * `/permissions/assign-permission-sets` (server/permissions) and the accepted invitation
 * (server/users/invitations-routes.ts). A team member is a membership row seen with
 * its user and the permission sets held in that org (SPEC.md §3 Roles, Permission set).
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { PermissionSet } from '../../contract/api.ts'
import type { TeamMember } from '../../contract/team.ts'
import type { Database } from '../db/client.ts'
import { memberPermissionSets, memberships, ssoIdentities, users } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { heldSets, rolesOf } from './held-sets.ts'

/** 404 `not_found` for a user who is not a member of the current org (or does not exist). */
export const memberNotFound = () => notFound('This person is not a member of this workspace.')

/**
 * Members of `orgId` as contract `TeamMember`s, sorted by name (ignoring case), then email; only
 * `userId` when given. One query: the held sets come from a correlated subquery.
 */
async function selectTeamMembers(db: Database, orgId: string, userId?: string): Promise<TeamMember[]> {
  const rows = await db
    .select({
      userId: users.id,
      fullName: users.fullName,
      email: users.email,
      // Without a password and without a single sign-on identity, nobody can sign in yet: an
      // invitation not taken up. Someone single sign-on created just in time has no password.
      invited: sql<boolean>`${users.passwordHash} is null and not exists (select 1 from ${ssoIdentities} where ${ssoIdentities.userId} = ${users.id})`,
      joinedAt: memberships.createdAt,
      sets: heldSets,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.orgId, orgId), userId === undefined ? undefined : eq(memberships.userId, userId)))
    .orderBy(sql`lower(${users.fullName})`, asc(users.email))
  return rows.map((row) => ({
    user_id: row.userId,
    fullName: row.fullName,
    email: row.email,
    permission_set_ids: row.sets.map((set) => set.id),
    roles: rolesOf(row.sets),
    status: row.invited ? 'invited' : 'active',
    joined_at: row.joinedAt.toISOString(),
  }))
}

/** Every member of `orgId`, sorted by name (ignoring case), then email. */
export function listTeamMembers(db: Database, orgId: string): Promise<TeamMember[]> {
  return selectTeamMembers(db, orgId)
}

/** One member of `orgId`, or undefined when `userId` is not a member there. */
export async function findTeamMember(db: Database, orgId: string, userId: string): Promise<TeamMember | undefined> {
  const [member] = await selectTeamMembers(db, orgId, userId)
  return member
}

/**
 * Makes `sets` exactly the sets `userId` holds in `orgId` (the membership must exist: the
 * assignment's foreign key requires it). Call inside the transaction that checked the change.
 */
export async function replaceMemberSets(db: Database, orgId: string, userId: string, sets: ReadonlyArray<PermissionSet>): Promise<void> {
  await db.delete(memberPermissionSets).where(and(eq(memberPermissionSets.orgId, orgId), eq(memberPermissionSets.userId, userId)))
  if (sets.length === 0) return
  await db.insert(memberPermissionSets).values(sets.map((set) => ({ userId, orgId, permissionSetId: set._id })))
}

/**
 * Removes `userId` from `orgId` (their set assignments go with the membership, by cascade). If
 * `orgId` was their default org, the default moves to their oldest remaining membership, or to
 * null when none is left.
 * @returns whether a membership was removed.
 */
export async function removeMember(db: Database, orgId: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)))
    .returning({ userId: memberships.userId })
  if (removed.length === 0) return false
  await db
    .update(users)
    .set({
      defaultOrgId: sql`(select m.org_id from ${memberships} m where m.user_id = ${userId} order by m.created_at, m.org_id limit 1)`,
    })
    .where(and(eq(users.id, userId), eq(users.defaultOrgId, orgId)))
  return true
}
