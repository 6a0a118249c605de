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
import type { InvitationCursor } from './invitation-cursor.ts'

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

/** The id a new person's invitation is listed under: it has no row of its own, the membership is it. */
export const linkInvitationId = (userId: string) => `link-${userId}`

/** A page of the pending invitations: the invitations, and where the next page starts (null on the last). */
export interface PendingInvitationPage {
  readonly invitations: TeamInvitation[]
  readonly next: InvitationCursor | null
}

/** Pending `link` invitations: members of the org who cannot sign in yet (no password, no single sign-on identity). */
const isLinkInvitation = sql`u.password_hash is null and not exists (select 1 from ${ssoIdentities} s where s.user_id = u.id)`

/**
 * A page of `orgId`'s pending invitations of both kinds, newest first: at most `limit` after
 * `after`, ordered by `(created_at desc, kind desc, key desc)` where `key` is the invitation's id
 * (`account`) or the invitee's user id (`link`). One statement: each kind's branch reads at most
 * `limit + 1` rows in its own order (keyset condition and order served by an index on
 * `(org_id, created_at, id)` of its table), the union keeps the first `limit + 1`, and only those rows
 * are then joined to their invitee, sets, inviter and link expiry. Reads `limit + 1` to know
 * whether another page follows. (ours: `GET /organizations/invitations`)
 */
export async function listPendingInvitationPage(db: Database, orgId: string, page: { readonly after?: InvitationCursor; readonly limit: number }): Promise<PendingInvitationPage> {
  const { after, limit } = page
  const n = limit + 1
  // Strictly after the cursor in (created_at desc, kind desc, key desc); 'link' sorts before 'account'.
  const afterAccount =
    after === undefined
      ? sql``
      : after.kind === 'account'
        ? sql`and (i.created_at, i.id) < (${after.createdAt}::timestamptz, ${after.key})`
        : sql`and i.created_at <= ${after.createdAt}::timestamptz`
  const afterLink =
    after === undefined
      ? sql``
      : after.kind === 'link'
        ? sql`and (m.created_at, m.user_id) < (${after.createdAt}::timestamptz, ${after.key})`
        : sql`and m.created_at < ${after.createdAt}::timestamptz`
  const result = await db.execute(sql`
    select p.kind, p.key, p.user_id, u.full_name, u.email, p.created_at,
      to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position,
      case when p.kind = 'account' then i.permission_set_ids
        else coalesce((select jsonb_agg(a.permission_set_id order by a.permission_set_id) from ${memberPermissionSets} a
          where a.org_id = ${orgId} and a.user_id = p.user_id), '[]'::jsonb) end as set_ids,
      case when p.kind = 'account' then (select coalesce(nullif(trim(iu.full_name), ''), iu.email) from ${users} iu where iu.id = i.invited_by)
        else (select coalesce((select nullif(trim(au.full_name), '') from ${users} au where au.id = e.actor_id), e.actor_label) from ${auditEvents} e
          where e.org_id = ${orgId} and e.kind = 'member.invited' and e.target_id = p.user_id order by e.created_at desc nulls last limit 1) end as inviter,
      case when p.kind = 'link' then (select max(t.expires_at) from ${passwordTokens} t where t.user_id = p.user_id and t.purpose = 'invite' and t.used_at is null) end as expires_at
    from (
      (select 'account'::text as kind, i.id as key, i.user_id, i.created_at from ${invitations} i
        where i.org_id = ${orgId} and i.status = 'pending' ${afterAccount}
        order by i.created_at desc nulls last, i.id desc nulls last limit ${n})
      union all
      (select 'link'::text, m.user_id, m.user_id, m.created_at from ${memberships} m join ${users} u on u.id = m.user_id
        where m.org_id = ${orgId} and ${isLinkInvitation} ${afterLink}
        order by m.created_at desc nulls last, m.user_id desc nulls last limit ${n})
      order by created_at desc nulls last, kind desc, key desc
      limit ${n}
    ) p
    join ${users} u on u.id = p.user_id
    left join ${invitations} i on p.kind = 'account' and i.id = p.key
    order by p.created_at desc nulls last, p.kind desc, p.key desc`)
  const rows = rowsOf<PendingRow & { kind: 'account' | 'link'; key: string; position: string }>(result)
  const listed = rows.slice(0, limit)
  const last = listed.at(-1)
  return {
    invitations: listed.map((row) => toTeamInvitation(row.kind, row.kind === 'account' ? row.key : linkInvitationId(row.user_id), row)),
    next: rows.length > limit && last !== undefined ? { createdAt: last.position, kind: last.kind, key: last.key } : null,
  }
}

/**
 * How many invitations to `orgId` are pending, both kinds (the page's 'Show more' counts the rest).
 * `account`: the pending rows of its unique partial index; `link`: members who cannot sign in yet.
 */
export async function countPendingInvitations(db: Database, orgId: string): Promise<number> {
  const result = await db.execute(sql`
    select (select count(*) from ${invitations} i where i.org_id = ${orgId} and i.status = 'pending')
      + (select count(*) from ${memberships} m join ${users} u on u.id = m.user_id where m.org_id = ${orgId} and ${isLinkInvitation}) as total`)
  return Number(rowsOf<{ total: string | number }>(result)[0]?.total ?? 0)
}

/** An invitation as read: its invitee, sets, inviter, when, and (`link`) its link's expiry. */
interface PendingRow {
  readonly user_id: string
  readonly full_name: string
  readonly email: string
  readonly created_at: unknown
  readonly set_ids: ReadonlyArray<string>
  readonly expires_at: unknown
  readonly inviter: string | null
}

const isoOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date).toISOString())

/** A row read by this module as the contract's `TeamInvitation`. */
function toTeamInvitation(kind: 'account' | 'link', id: string, row: PendingRow): TeamInvitation {
  return {
    id,
    kind,
    user_id: row.user_id,
    fullName: row.full_name,
    email: row.email,
    permission_set_ids: [...row.set_ids],
    status: 'pending' as const,
    invited_by: { label: row.inviter ?? '' },
    created_at: isoOf(row.created_at) ?? '',
    expires_at: kind === 'link' ? isoOf(row.expires_at) : null,
  }
}

/**
 * The pending `link` invitation of `userId` to `orgId` (a new person, a member who cannot sign in
 * yet: no password, no single sign-on identity), or none. `expires_at` is their newest unused
 * set-password link's (null when they have none); who invited them is read from the
 * `member.invited` audit entry ('' when there is none).
 */
export async function listLinkInvitations(db: Database, orgId: string, userId: string): Promise<TeamInvitation[]> {
  const result = await db.execute(sql`
    select u.id as user_id, u.full_name, u.email, m.created_at,
      coalesce((select array_agg(a.permission_set_id order by a.permission_set_id) from ${memberPermissionSets} a
        where a.org_id = m.org_id and a.user_id = m.user_id), '{}') as set_ids,
      (select max(t.expires_at) from ${passwordTokens} t where t.user_id = u.id and t.purpose = 'invite' and t.used_at is null) as expires_at,
      (select coalesce((select nullif(trim(i.full_name), '') from ${users} i where i.id = e.actor_id), e.actor_label) from ${auditEvents} e
        where e.org_id = m.org_id and e.kind = 'member.invited' and e.target_id = u.id order by e.created_at desc nulls last limit 1) as inviter
    from ${memberships} m join ${users} u on u.id = m.user_id
    where m.org_id = ${orgId} and u.id = ${userId} and ${isLinkInvitation}`)
  return rowsOf<PendingRow>(result).map((row) => toTeamInvitation('link', linkInvitationId(row.user_id), row))
}

/**
 * The pending invitation of `userId`, an existing account, to `orgId` as a contract `TeamInvitation`
 * (`account`), or none (at most one is pending per person and org).
 */
export async function listOrgInvitations(db: Database, orgId: string, userId: string): Promise<TeamInvitation[]> {
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
    .where(and(eq(invitations.orgId, orgId), eq(invitations.status, 'pending'), eq(invitations.userId, userId)))
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
