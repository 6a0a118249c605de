/**
 * The reads and writes of a workspace's members, shared by the team endpoints (ours:
 * `/organizations/members*`, server/team), the member answered by
 * `/permissions/assign-permission-sets` (server/permissions) and the accepted invitation
 * (server/users/invitations-routes.ts). A team member is a membership row seen with
 * its user and the permission sets held in that org (SPEC.md §3 Roles, Permission set).
 */
import { and, asc, count, eq, sql } from 'drizzle-orm'
import { type PermissionSet, SUPER_ADMIN_SET_KEY } from '../../contract/api.ts'
import type { TeamMember } from '../../contract/team.ts'
import type { Database } from '../db/client.ts'
import { memberPermissionSets, memberships, permissionSets, ssoIdentities, users } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import type { MemberCursor } from './cursor.ts'
import { heldSets, rolesOf } from './held-sets.ts'

/** 404 `not_found` for a user who is not a member of the current org (or does not exist). */
export const memberNotFound = () => notFound('This person is not a member of this workspace.')

/** What narrows a read of members: one person, or a page of a search. */
interface MemberSelection {
  /** Only this user (the page options are then ignored). */
  readonly userId?: string
  /** Only members whose name or email contains it, ignoring case; matched literally (no wildcards). */
  readonly search?: string
  /** Only members sorting strictly after this position. */
  readonly after?: MemberCursor
  /** At most this many rows. */
  readonly limit?: number
}

/** A member as read, with the sort key the page's cursor is made of. */
type MemberRow = TeamMember & { readonly nameKey: string }

/**
 * Members of `orgId` as contract `TeamMember`s, sorted by name (ignoring case), then user id, as
 * `selection` narrows them. One statement: an inner query finds the page by the sort key alone;
 * the held sets (a correlated subquery) and the invited flag are then read for its rows only, so a
 * page costs the same whatever the workspace's size beyond the sort itself.
 */
async function selectTeamMembers(db: Database, orgId: string, selection: MemberSelection = {}): Promise<MemberRow[]> {
  const { userId, search, after, limit } = selection
  const lowerName = sql<string>`lower(${users.fullName})`
  const pattern = search === undefined || search === '' ? undefined : `%${search.replace(/[\\%_]/g, '\\$&')}%`
  const found = db
    .select({ userId: memberships.userId, nameKey: lowerName.as('name_key') })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.orgId, orgId),
        userId === undefined ? undefined : eq(memberships.userId, userId),
        // Lower-cased on both sides by the database, so the case rules are its own; the email is stored lower-cased.
        pattern === undefined ? undefined : sql`(${lowerName} like lower(${pattern}) or ${users.email} like lower(${pattern}))`,
        after === undefined ? undefined : sql`(${lowerName}, ${users.id}) > (${after.name}, ${after.id})`,
      ),
    )
    .orderBy(lowerName, asc(users.id))
  const page = (limit === undefined ? found : found.limit(limit)).as('page')
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
      nameKey: page.nameKey,
    })
    .from(page)
    .innerJoin(memberships, and(eq(memberships.userId, page.userId), eq(memberships.orgId, orgId)))
    .innerJoin(users, eq(users.id, page.userId))
    .orderBy(page.nameKey, asc(users.id))
  return rows.map((row) => ({
    user_id: row.userId,
    fullName: row.fullName,
    email: row.email,
    permission_set_ids: row.sets.map((set) => set.id),
    roles: rolesOf(row.sets),
    status: row.invited ? 'invited' : 'active',
    joined_at: row.joinedAt.toISOString(),
    nameKey: row.nameKey,
  }))
}

/** A page of the members list: the members, and where the next page starts (null on the last). */
export interface TeamMemberPage {
  readonly members: TeamMember[]
  readonly next: MemberCursor | null
}

/**
 * A page of `orgId`'s members sorted by name (ignoring case), then user id: at most `limit`
 * members after `after`, only those whose name or email contains `search` (ignoring case) when
 * it is non-empty. Reads `limit + 1` rows to know whether another page follows.
 */
export async function listTeamMemberPage(db: Database, orgId: string, page: { search?: string; after?: MemberCursor; limit: number }): Promise<TeamMemberPage> {
  const rows = await selectTeamMembers(db, orgId, { ...page, limit: page.limit + 1 })
  const members = rows.slice(0, page.limit)
  const last = members.at(-1)
  return {
    members: members.map(({ nameKey: _nameKey, ...member }) => member),
    next: rows.length > page.limit && last !== undefined ? { name: last.nameKey, id: last.user_id } : null,
  }
}

/** How many members of `orgId` hold its Super Admin set (a workspace keeps at least one). */
export async function countSuperAdmins(db: Database, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberPermissionSets)
    .innerJoin(permissionSets, eq(permissionSets.id, memberPermissionSets.permissionSetId))
    .where(and(eq(memberPermissionSets.orgId, orgId), eq(permissionSets.isSystem, true), eq(permissionSets.permissionSetKey, SUPER_ADMIN_SET_KEY)))
  return Number(row?.n ?? 0)
}

/** One member of `orgId`, or undefined when `userId` is not a member there. */
export async function findTeamMember(db: Database, orgId: string, userId: string): Promise<TeamMember | undefined> {
  const [row] = await selectTeamMembers(db, orgId, { userId })
  if (row === undefined) return undefined
  const { nameKey: _nameKey, ...member } = row
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
