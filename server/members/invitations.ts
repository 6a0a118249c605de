/**
 * Pending invitations. Those of existing accounts (table `invitations`): an admin inviting someone who already
 * has a password does not add them to the workspace (joining needs their consent); it records a
 * pending invitation the invitee accepts (the membership is created then, with the invited sets)
 * or declines. The org side (list, resend, revoke) is in server/team/routes.ts, the
 * invitee's side in server/users/invitations-routes.ts; the reads and writes of both are here.
 *
 * Every function takes the transaction that makes the change, so the notification, the audit
 * entry and the change commit together.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { PendingInvitation } from '../../contract/workspaces.ts'
import type { TeamInvitation } from '../../contract/team.ts'
import { type Database, rowsOf } from '../db/client.ts'
import { auditEvents, invitations, memberPermissionSets, memberships, notifications, organizations, passwordTokens, ssoIdentities, users } from '../db/schema.ts'
import { auditActor } from '../audit-trail/actor.ts'
import { recordAudit } from '../audit-trail/record.ts'
import { conflict, notFound } from '../http/errors.ts'
import { NOTIFICATIONS_CHANNEL } from '../db/channels.ts'
import { isUniqueViolation } from '../db/errors.ts'

/** Where the invitee's notification leads: the workspace selection page lists pending invitations. */
export const INVITATION_ACTION_URL = '/app/workspace-selection'

/** 404 `not_found` for an invitation that is not the caller's, not pending, or unknown: all look the same. */
export const invitationNotFound = () => notFound('There is no such pending invitation.')

/** 409 `conflict` when the person already has a pending invitation to this org. */
export const alreadyInvited = (email: string) =>
  conflict(`${email} has already been invited to this workspace and has not answered yet. Resend the invitation instead.`, [
    { path: ['email'], message: 'Already invited' },
  ])

/** How a person is named to others: their name, else their email. */
export const personLabel = (person: { readonly fullName: string; readonly email: string } | undefined): string =>
  person === undefined ? '' : person.fullName.trim() || person.email

/** The name and email of `userId`, or undefined if there is no such account. */
export async function findPerson(db: Database, userId: string): Promise<{ fullName: string; email: string } | undefined> {
  const [row] = await db.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, userId))
  return row
}

const inviter = sql<string | null>`(select coalesce(nullif(trim(i.full_name), ''), i.email) from ${users} i where i.id = ${invitations.invitedBy})`

/**
 * Every pending invitation of `orgId`, both kinds in one list, newest first: existing accounts
 * asked to join (`account`, {@link listOrgInvitations}) and new people who are members but have
 * not set their password through their link yet (`link`, {@link listLinkInvitations}).
 */
export async function listPendingInvitations(db: Database, orgId: string, userId?: string): Promise<TeamInvitation[]> {
  const [accounts, links] = await Promise.all([listOrgInvitations(db, orgId, userId), listLinkInvitations(db, orgId, userId)])
  return [...accounts, ...links].sort((a, b) => (a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
}

/** The id a new person's invitation is listed under: it has no row of its own, the membership is it. */
export const linkInvitationId = (userId: string) => `link-${userId}`

/**
 * New people invited to `orgId` who cannot sign in yet (no password, no single sign-on
 * identity) as `link` invitations, newest first; only `userId`'s when given. `expires_at` is
 * their newest unused set-password link's (null when they have none); who invited them is read
 * from the `member.invited` audit entry ('' when there is none).
 */
export async function listLinkInvitations(db: Database, orgId: string, userId?: string): Promise<TeamInvitation[]> {
  const result = await db.execute(sql`
    select u.id as user_id, u.full_name, u.email, m.created_at,
      coalesce((select array_agg(a.permission_set_id order by a.permission_set_id) from ${memberPermissionSets} a
        where a.org_id = m.org_id and a.user_id = m.user_id), '{}') as set_ids,
      (select max(t.expires_at) from ${passwordTokens} t where t.user_id = u.id and t.purpose = 'invite' and t.used_at is null) as expires_at,
      (select coalesce((select nullif(trim(i.full_name), '') from ${users} i where i.id = e.actor_id), e.actor_label) from ${auditEvents} e
        where e.org_id = m.org_id and e.kind = 'member.invited' and e.target_id = u.id order by e.created_at desc nulls last limit 1) as inviter
    from ${memberships} m join ${users} u on u.id = m.user_id
    where m.org_id = ${orgId} and u.password_hash is null
      and not exists (select 1 from ${ssoIdentities} i where i.user_id = u.id)
      ${userId === undefined ? sql`` : sql`and u.id = ${userId}`}
    order by m.created_at desc, u.id desc`)
  const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date).toISOString())
  return rowsOf<{ user_id: string; full_name: string; email: string; created_at: unknown; set_ids: string[]; expires_at: unknown; inviter: string | null }>(result).map(
    (row) => ({
      id: linkInvitationId(row.user_id),
      kind: 'link' as const,
      user_id: row.user_id,
      fullName: row.full_name,
      email: row.email,
      permission_set_ids: [...row.set_ids],
      status: 'pending' as const,
      invited_by: { label: row.inviter ?? '' },
      created_at: iso(row.created_at) ?? '',
      expires_at: iso(row.expires_at),
    }),
  )
}

/**
 * The pending invitations of existing accounts to `orgId` as contract `TeamInvitation`s (`account`),
 * newest first; only the one of `userId` when given (at most one is pending per person and org).
 */
export async function listOrgInvitations(db: Database, orgId: string, userId?: string): Promise<TeamInvitation[]> {
  const rows = await db
    .select({
      id: invitations.id,
      userId: invitations.userId,
      fullName: users.fullName,
      email: users.email,
      setIds: invitations.permissionSetIds,
      inviter,
      createdAt: invitations.createdAt,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(and(eq(invitations.orgId, orgId), eq(invitations.status, 'pending'), userId === undefined ? undefined : eq(invitations.userId, userId)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
  return rows.map((row) => ({
    id: row.id,
    kind: 'account' as const,
    user_id: row.userId,
    fullName: row.fullName,
    email: row.email,
    permission_set_ids: [...row.setIds],
    status: 'pending' as const,
    invited_by: { label: row.inviter ?? '' },
    created_at: row.createdAt.toISOString(),
    expires_at: null,
  }))
}

/** The pending invitation of `userId` to `orgId`, or undefined. */
export async function findOrgInvitation(db: Database, orgId: string, userId: string): Promise<TeamInvitation | undefined> {
  const [invitation] = await listOrgInvitations(db, orgId, userId)
  return invitation
}

/** The pending invitations of `userId` (the invitee), newest first. */
export async function listUserInvitations(db: Database, userId: string): Promise<PendingInvitation[]> {
  const rows = await db
    .select({ id: invitations.id, orgId: invitations.orgId, orgName: organizations.name, inviter, createdAt: invitations.createdAt })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.orgId))
    .where(and(eq(invitations.userId, userId), eq(invitations.status, 'pending')))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
  return rows.map((row) => ({
    id: row.id,
    org_id: row.orgId,
    org_name: row.orgName,
    invited_by: { label: row.inviter ?? '' },
    created_at: row.createdAt.toISOString(),
  }))
}

/**
 * Records a pending invitation of `userId` to `orgId` holding `setIds` once accepted.
 * @returns the new invitation's id.
 * @throws ApiError 409 {@link alreadyInvited} when one is already pending (checked first; the
 *   unique index `invitations_pending_key` backs it; the caller’s transaction then rolls back).
 */
export async function insertInvitation(
  tx: Database,
  invitation: { readonly orgId: string; readonly userId: string; readonly email: string; readonly invitedBy: string; readonly setIds: ReadonlyArray<string>; readonly at: Date },
): Promise<string> {
  if ((await findOrgInvitation(tx, invitation.orgId, invitation.userId)) !== undefined) throw alreadyInvited(invitation.email)
  try {
    const [row] = await tx
      .insert(invitations)
      .values({
        orgId: invitation.orgId,
        userId: invitation.userId,
        invitedBy: invitation.invitedBy,
        permissionSetIds: [...invitation.setIds],
        status: 'pending',
        createdAt: invitation.at,
      })
      .returning({ id: invitations.id })
    if (row === undefined) throw new Error('insertInvitation: the insert returned no row')
    return row.id
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyInvited(invitation.email)
    throw error
  }
}

/**
 * Tells the invitee in the app: one notification in the workspace they start in (their default
 * org while they are a member there, else their oldest membership; the bell is per workspace),
 * announced with `pg_notify` so an open bell updates at once (after the commit). Someone with no
 * workspace at all gets none: the switcher still lists the invitation.
 */
export async function notifyInvitee(
  tx: Database,
  invitation: { readonly id: string; readonly userId: string; readonly orgId: string; readonly orgName: string; readonly inviterLabel: string },
): Promise<void> {
  const who = invitation.inviterLabel || 'Someone'
  const metadata = JSON.stringify({ kind: 'invitation', invitation_id: invitation.id, org_id: invitation.orgId })
  await tx.execute(sql`
    with target as (
      select m.org_id from ${memberships} m join ${users} u on u.id = m.user_id
      where m.user_id = ${invitation.userId}
      order by (m.org_id = u.default_org_id) desc nulls last, m.created_at, m.org_id
      limit 1
    ), n as (
      insert into ${notifications} (id, user_id, org_id, title, body, category, priority, action_url, action_text, metadata)
      select ${crypto.randomUUID()}, ${invitation.userId}, t.org_id, ${`${who} invited you to ${invitation.orgName}`},
        ${'Accept to add the workspace to your list, or decline. You can answer from the workspace switcher.'},
        'system', 'normal', ${INVITATION_ACTION_URL}, ${'View invitation'}, ${metadata}::jsonb
      from target t
      returning id, user_id, org_id
    )
    select pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('id', n.id, 'user_id', n.user_id, 'org_id', n.org_id)::text) from n`)
}

/**
 * A resent invitation: the invitee's existing notification about it comes back to the top of
 * their bell as new (unread, unseen, unarchived, unsnoozed, dated `at`, naming who sent it
 * again) and is announced like a new one; only when they have none left (deleted) is one
 * written, as {@link notifyInvitee} does. A resend never adds a second item.
 */
export async function renotifyInvitee(
  tx: Database,
  invitation: { readonly id: string; readonly userId: string; readonly orgId: string; readonly orgName: string; readonly inviterLabel: string },
  at: Date,
): Promise<void> {
  const who = invitation.inviterLabel || 'Someone'
  const result = await tx.execute(sql`
    with n as (
      update ${notifications} set title = ${`${who} invited you to ${invitation.orgName}`}, created_at = ${at.toISOString()}::timestamptz,
        read_at = null, seen_at = null, archived_at = null, snoozed_until = null
      where id = (select id from ${notifications} where user_id = ${invitation.userId} and metadata->>'invitation_id' = ${invitation.id}
        order by created_at desc, id desc limit 1)
      returning id, user_id, org_id
    )
    select pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('id', n.id, 'user_id', n.user_id, 'org_id', n.org_id)::text) from n`)
  if (rowsOf(result).length === 0) await notifyInvitee(tx, invitation)
}

/** Removes the invitee's notifications about invitation `id` (it was revoked: their link would lead nowhere). */
export async function deleteInvitationNotifications(tx: Database, userId: string, id: string): Promise<void> {
  await tx.delete(notifications).where(and(eq(notifications.userId, userId), sql`${notifications.metadata}->>'invitation_id' = ${id}`))
}

/** Marks the invitee's notifications about invitation `id` read (they answered it). */
export async function readInvitationNotifications(tx: Database, userId: string, id: string, at: Date): Promise<void> {
  await tx
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), sql`${notifications.metadata}->>'invitation_id' = ${id}`, sql`${notifications.readAt} is null`))
}

/** A pending invitation as locked for an answer. */
export interface LockedInvitation {
  readonly id: string
  readonly orgId: string
  readonly userId: string
  readonly setIds: ReadonlyArray<string>
}

/**
 * Locks the pending invitation `id` of `userId` (the invitee) until the transaction ends.
 * @throws ApiError 404 {@link invitationNotFound} when it is unknown, someone else's, or no longer pending.
 */
export async function lockInviteeInvitation(tx: Database, userId: string, id: string): Promise<LockedInvitation> {
  const [row] = await tx
    .select({ id: invitations.id, orgId: invitations.orgId, userId: invitations.userId, setIds: invitations.permissionSetIds })
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.userId, userId), eq(invitations.status, 'pending')))
    .for('update')
  if (row === undefined) throw invitationNotFound()
  return row
}

/** Closes invitation `id` with `status` (accepted, declined or revoked) at `at`. */
export async function closeInvitation(tx: Database, id: string, status: 'accepted' | 'declined' | 'revoked', at: Date): Promise<void> {
  await tx.update(invitations).set({ status, respondedAt: at }).where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
}

/**
 * Deletes `userId`'s account if it never set a password, has no single sign-on identity and
 * belongs to no workspace any more (a revoked invitation of a new account: nobody else knows it). Its tokens, notifications and
 * invitations go with it (foreign-key cascades).
 * @returns whether the account was deleted.
 */
export async function deleteUnusedAccount(tx: Database, userId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    delete from ${users} u
    where u.id = ${userId} and u.password_hash is null
      and not exists (select 1 from ${memberships} m where m.user_id = u.id)
      and not exists (select 1 from ${ssoIdentities} i where i.user_id = u.id)
    returning u.id`)
  return rowsOf(result).length > 0
}

/**
 * Consent: invites an existing account (one with a password) to `orgId` instead of adding it (a
 * person joins a workspace only by accepting): a pending invitation holding `sets`, the invitee's notification and the
 * `member.invited` audit entry, all in `tx` (which must hold the org's lock and have checked the
 * sets and that the person is not a member).
 * @returns the invitation as the team page lists it.
 * @throws ApiError 409 when an invitation is already pending.
 */
export async function inviteExistingAccount(
  tx: Database,
  invite: {
    readonly orgId: string
    readonly orgName: string
    readonly userId: string
    readonly email: string
    readonly callerId: string
    readonly sets: ReadonlyArray<{ readonly _id: string; readonly name: string }>
    /** The request's client address for the audit entry (server/audit-trail/actor.ts `auditAddress`). */
    readonly ipAddress: string | null
    readonly at: Date
  },
): Promise<TeamInvitation> {
  const id = await insertInvitation(tx, { orgId: invite.orgId, userId: invite.userId, email: invite.email, invitedBy: invite.callerId, setIds: invite.sets.map((s) => s._id), at: invite.at })
  const callerLabel = personLabel(await findPerson(tx, invite.callerId))
  await notifyInvitee(tx, { id, userId: invite.userId, orgId: invite.orgId, orgName: invite.orgName, inviterLabel: callerLabel })
  await recordAudit(tx, {
    orgId: invite.orgId,
    ...(await auditActor(tx, invite.callerId)),
    kind: 'member.invited',
    targetId: invite.userId,
    targetLabel: invite.email,
    details: { permission_sets: invite.sets.map((s) => s.name), new_account: false, invitation_id: id, pending: true },
    ipAddress: invite.ipAddress,
    at: invite.at,
  })
  const invitation = await findOrgInvitation(tx, invite.orgId, invite.userId)
  if (invitation === undefined) throw new Error('inviteExistingAccount: the new invitation is not readable')
  return invitation
}

/** 404 `not_found` for resend and revoke: the person has no invitation waiting in this org. */
export const noPendingInvitation = () => notFound('This person has no pending invitation to this workspace.')

/** 409 `conflict` for resend and revoke: the person already joined (set their password or accepted). */
export const alreadyJoined = (email: string) =>
  conflict(`${email} has already joined this workspace, so there is no invitation to resend or revoke. Remove them from the team instead.`)

/**
 * Spends every unused set-password token of `userId` at `at`, so only a link issued afterwards
 * works (a resent invitation replaces the earlier links).
 */
export async function spendPasswordTokens(tx: Database, userId: string, at: Date): Promise<void> {
  await tx.update(passwordTokens).set({ usedAt: at }).where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)))
}
