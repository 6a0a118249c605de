/**
 * The workspace events about people (docs/api.md "Webhooks"): each is queued by one call from the
 * transaction that makes the change (invitation acceptance, an invited account's set-password,
 * single sign-on's just-in-time membership, removal, a permission-set change). The member's facts
 * are read in that transaction: ids, email, name and the names of the sets held; never a secret
 * or a token.
 */
import { and, eq, sql } from 'drizzle-orm'
import { type Database, rowsOf } from '../db/client.ts'
import { memberPermissionSets, memberships, permissionSets, users } from '../db/schema.ts'
import { enqueueWebhookEvent } from './events.ts'

/** A member as the events describe them. */
interface MemberFacts {
  readonly user_id: string
  readonly email: string
  readonly name: string
  /** The names of the permission sets held in the workspace, sorted. */
  readonly permission_sets: string[]
}

/** `userId`'s facts in `orgId` (the sets as held now); undefined when the account is gone. */
async function memberFacts(tx: Database, orgId: string, userId: string): Promise<MemberFacts | undefined> {
  const result = await tx.execute(sql`
    select u.email, u.full_name as name, coalesce((
      select json_agg(ps.name) from ${memberPermissionSets} mps join ${permissionSets} ps on ps.id = mps.permission_set_id
      where mps.user_id = u.id and mps.org_id = ${orgId}), '[]'::json) as sets
    from ${users} u where u.id = ${userId}`)
  const [row] = rowsOf<{ email: string; name: string; sets: string[] }>(result)
  return row === undefined ? undefined : { user_id: userId, email: row.email, name: row.name, permission_sets: [...row.sets].sort() }
}

/**
 * `member.joined` for `userId` in `orgId` (their membership and sets already written).
 * @param via how they joined: `invitation` (accepted, or an invited account's first password), `sso` (just-in-time).
 */
export async function memberJoined(tx: Database, orgId: string, userId: string, via: 'invitation' | 'sso', now: Date): Promise<void> {
  const member = await memberFacts(tx, orgId, userId)
  if (member !== undefined) await enqueueWebhookEvent(tx, orgId, 'member.joined', { ...member, via, joined_at: now.toISOString() }, { now })
}

/** `invitation.accepted` then, when it made them a member, `member.joined`, for an accepted invitation. */
export async function invitationAccepted(tx: Database, orgId: string, userId: string, invitationId: string, joined: boolean, now: Date): Promise<void> {
  const member = await memberFacts(tx, orgId, userId)
  if (member === undefined) return
  await enqueueWebhookEvent(tx, orgId, 'invitation.accepted', { invitation_id: invitationId, ...member, accepted_at: now.toISOString() }, { now })
  if (joined) await enqueueWebhookEvent(tx, orgId, 'member.joined', { ...member, via: 'invitation', joined_at: now.toISOString() }, { now })
}

/**
 * `member.joined` in every workspace `userId` was added to before they could sign in: called when
 * an invited account sets its first password (the invitation link), which is when they arrive.
 */
export async function invitedAccountJoined(tx: Database, userId: string, now: Date): Promise<void> {
  const rows = await tx.select({ orgId: memberships.orgId }).from(memberships).where(eq(memberships.userId, userId))
  for (const { orgId } of rows) await memberJoined(tx, orgId, userId, 'invitation', now)
}

/** `member.removed` for `userId`, read before their membership is deleted (call it first, in the same transaction). */
export async function memberRemoved(tx: Database, orgId: string, userId: string, now: Date): Promise<void> {
  const [isMember] = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)))
  const member = isMember === undefined ? undefined : await memberFacts(tx, orgId, userId)
  if (member !== undefined) await enqueueWebhookEvent(tx, orgId, 'member.removed', { ...member, removed_at: now.toISOString() }, { now })
}

/** `role.assigned` when `userId`'s sets in `orgId` changed from `before` (names) to what they hold now. */
export async function roleAssigned(tx: Database, orgId: string, userId: string, before: ReadonlyArray<string>, now: Date): Promise<void> {
  const member = await memberFacts(tx, orgId, userId)
  if (member === undefined) return
  const previous = [...before].sort()
  if (previous.join('\u0000') === member.permission_sets.join('\u0000')) return
  await enqueueWebhookEvent(tx, orgId, 'role.assigned', { ...member, previous_permission_sets: previous, assigned_at: now.toISOString() }, { now })
}
