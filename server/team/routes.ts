/**
 * `/api/organizations/members*` (ours: the spec lists the Team Members page, SPEC.md §2.4 and
 * §2.5 `/app/setting/team/invite`, but not its calls). Listing, inviting and removing the members
 * of the current org (`x-org-id`), guarded by the TEAM_MEMBERS permissions (docs/permissions.md).
 *
 * An invitation to someone without a password emails their one-time set-password link
 * (server/mail: SMTP when configured, else the database outbox).
 */
import { type Context, Hono } from 'hono'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { ApiIssue } from '../../contract/api.ts'
import { TEAM_INVITATIONS_PAGE_SIZE, TEAM_MEMBERS_PAGE_SIZE, teamApi as api } from '../../contract/team.ts'
import { validate } from '../../contract/validate.ts'
import type { SigningKey } from '../auth/access-token.ts'
import { PASSWORD_TOKEN_TTL_S, issuePasswordToken } from '../auth/password-token.ts'
import type { Mailer } from '../mail/mailer.ts'
import { invitationMail } from '../mail/templates/account.tsx'
import { linkWithToken } from '../mail/links.ts'
import type { Database } from '../db/client.ts'
import { memberships, ssoIdentities, users } from '../db/schema.ts'
import { requireAccessToken } from '../http/auth.ts'
import { contractRoutes } from '../http/route.ts'
import { assertReverified, requireReverification } from '../http/reverification.ts'
import { conflict, forbidden, forbiddenOrg, invalidRequest } from '../http/errors.ts'
import { accessControl, loadMemberAccess, type AccessVariables } from '../members/access.ts'
import { assertAnotherSuperAdmin, checkSetChange, isSuperAdminSet, lockOrganization, requireUsableSets } from '../members/guards.ts'
import { auditActor, auditAddress, type ClientAddress } from '../audit-trail/actor.ts'
import { recordAudit } from '../audit-trail/record.ts'
import {
  alreadyJoined,
  closeInvitation,
  deleteInvitationNotifications,
  deleteUnusedAccount,
  findOrgInvitation,
  findPerson,
  inviteExistingAccount,
  countPendingInvitations,
  listLinkInvitations,
  listPendingInvitationPage,
  noPendingInvitation,
  personLabel,
  renotifyInvitee,
  spendPasswordTokens,
} from '../members/invitations.ts'
import { decodeMemberCursor, encodeMemberCursor, type MemberCursor } from '../members/cursor.ts'
import { decodeInvitationCursor, encodeInvitationCursor, type InvitationCursor } from '../members/invitation-cursor.ts'
import { countSuperAdmins, findTeamMember, listTeamMemberPage, memberNotFound, removeMember, replaceMemberSets } from '../members/team.ts'
import { memberRemoved } from '../webhook-events/member-events.ts'

/** What the team routes need from the app (see `AppDeps` in app.ts). */
export interface TeamRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** Operator notices: a structured log record, the invitee's text as fields (server/log.ts). */
  readonly logInfo: (message: string, fields?: Readonly<Record<string, unknown>>) => void
  /** Where invitation emails go (the outbox, then SMTP when configured). */
  readonly mailer: Mailer
  /** The public origin links are built from (APP_URL), never the request's Host. */
  readonly publicOrigin: () => string
  /** The client address (RateLimiters.address) for audit entries; absent: stored as null. */
  readonly address?: ClientAddress
  /** How long a factor allows removing a member, ms (REVERIFICATION_WINDOW_S); default 10 minutes. */
  readonly reverificationWindowMs?: number
}

/** The members list's validated query: the search (trimmed; empty is none), where to start, and the page size. */
interface MembersQuery {
  readonly search?: string
  readonly after?: MemberCursor
  readonly limit: number
}

/**
 * Reads `q`, `cursor` and `limit` from the query string with contract `TeamMembersQuery`; other
 * parameters are ignored.
 * @throws ApiError 400 `invalid_request` with an issue per bad parameter (given twice, refused by
 *   the schema, NUL or a lone surrogate, or a `cursor` this server never handed out).
 */
export function parseMembersQuery(c: Context): MembersQuery {
  const given = c.req.queries()
  const issues: ApiIssue[] = []
  const input: Record<string, string> = {}
  for (const name of ['q', 'cursor', 'limit'] as const) {
    const values = given[name]
    if (values === undefined || values.length === 0) continue
    if (values.length > 1) issues.push({ path: [name], message: 'Give it once' })
    input[name] = values[0] as string
  }
  const result = validate(api.members.query, input)
  if (!result.ok) issues.push(...result.issues)
  let after: MemberCursor | undefined
  if (result.ok && result.value.cursor !== undefined) {
    after = decodeMemberCursor(result.value.cursor)
    if (after === undefined) issues.push({ path: ['cursor'], message: 'Not a cursor from this list' })
  }
  if (issues.length > 0 || !result.ok) throw invalidRequest('The members query is invalid.', issues)
  const search = result.value.q?.trim() ?? ''
  return {
    ...(search === '' ? {} : { search }),
    ...(after === undefined ? {} : { after }),
    limit: result.value.limit === undefined ? TEAM_MEMBERS_PAGE_SIZE : Number(result.value.limit),
  }
}

/**
 * Reads `cursor` and `limit` of the pending invitations' list from the query string with contract
 * `TeamInvitationsQuery`; other parameters are ignored.
 * @returns where the page starts (none: the newest) and its size (default {@link TEAM_INVITATIONS_PAGE_SIZE}).
 * @throws ApiError 400 `invalid_request` `"The invitations query is invalid."` with an issue per bad
 *   parameter (given twice, refused by the schema, NUL or a lone surrogate, or a `cursor` this
 *   server never handed out).
 */
export function parseInvitationsQuery(c: Context): { readonly after?: InvitationCursor; readonly limit: number } {
  const given = c.req.queries()
  const issues: ApiIssue[] = []
  const input: Record<string, string> = {}
  for (const name of ['cursor', 'limit'] as const) {
    const values = given[name]
    if (values === undefined || values.length === 0) continue
    if (values.length > 1) issues.push({ path: [name], message: 'Give it once' })
    input[name] = values[0] as string
  }
  const result = validate(api.invitations.query, input)
  if (!result.ok) issues.push(...result.issues)
  let after: InvitationCursor | undefined
  if (result.ok && result.value.cursor !== undefined) {
    after = decodeInvitationCursor(result.value.cursor)
    if (after === undefined) issues.push({ path: ['cursor'], message: 'Not a cursor from this list' })
  }
  if (issues.length > 0 || !result.ok) throw invalidRequest('The invitations query is invalid.', issues)
  return { ...(after === undefined ? {} : { after }), limit: result.value.limit === undefined ? TEAM_INVITATIONS_PAGE_SIZE : Number(result.value.limit) }
}

/** The path of the browser page that completes an invite; the token goes in its query. */
export const SET_PASSWORD_PATH = '/set-password'

/**
 * Writes the email with the set-password link of an invitation to the outbox, in `tx`: the
 * transaction that issues the link, so an acknowledged invitation always has its email, even when
 * the process dies right after the commit (the sweep sends it).
 * @returns the outbox id, for {@link sendInvitationMail} after the commit.
 */
async function queueInvitationMail(tx: Database, deps: TeamRoutesDeps, p: { to: string; workspace: string; inviter: string | null; token: string }): Promise<string> {
  const link = linkWithToken(deps.publicOrigin(), SET_PASSWORD_PATH, p.token)
  const mail = await invitationMail({ workspace: p.workspace, inviter: p.inviter, link, validDays: PASSWORD_TOKEN_TTL_S / 86_400 })
  return deps.mailer.queue(tx, { to: p.to, kind: 'invitation', ...mail })
}

/**
 * After the commit: starts delivering the invitation email written by {@link queueInvitationMail}.
 * The log says it was queued, never the link: a log is no place for a credential.
 */
function sendInvitationMail(deps: TeamRoutesDeps, to: string, outboxId: string): void {
  deps.mailer.dispatch([outboxId])
  // Constant message; the invitee's address only as a field, escaped by the logger.
  deps.logInfo('Invitation email queued', { event: 'invitation', email: to, outboxId })
}

/** The team routes, to be mounted at `/api/organizations`. */
export function teamRoutes(deps: TeamRoutesDeps): Hono<{ Variables: AccessVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AccessVariables }>()
  const authenticated = requireAccessToken(deps.signingKey, deps.now)
  // Removing a member needs a factor given in the last 10 minutes ('Confirm it's you').
  const reverification = { db, signingKey: deps.signingKey, now: deps.now, windowMs: deps.reverificationWindowMs }
  const reverified = requireReverification(reverification)
  const { requirePermission } = accessControl(db)
  const route = contractRoutes(app, '/organizations')

  /* A page of members by name, searched by name or email; `super_admins` counts the whole workspace. */
  route(api.members, [authenticated, requirePermission('TEAM_MEMBERS', 'READ')], async (c) => {
    const query = parseMembersQuery(c)
    const [page, superAdmins] = await Promise.all([listTeamMemberPage(db, c.var.orgId, query), countSuperAdmins(db, c.var.orgId)])
    return { members: page.members, next_cursor: page.next === null ? null : encodeMemberCursor(page.next), super_admins: superAdmins }
  })

  /* One member (the public API); 404 for anyone who is not a member here. */
  route(api.member, [authenticated, requirePermission('TEAM_MEMBERS', 'READ')], async (c, { params }) => {
    const member = await findTeamMember(db, c.var.orgId, params.userId)
    if (member === undefined) throw memberNotFound()
    return member
  })

  /*
   * Adds a person to this org with the chosen sets. A new email creates an account without a
   * password plus a one-time set-password link (logged, valid 7 days); an account that never set
   * a password is added too and gets a fresh link (setting the password is its consent). An
   * account with a password is not added: it gets a pending invitation to accept (its consent;
   * ./invitations.ts), answered as a `TeamInvitation`. The checks run in the transaction holding
   * the org's lock: usable set ids (400), the caller may grant them (403), not already a member
   * nor already invited (409). The link's email is written to the outbox in the same transaction.
   */
  route(api.invite, [authenticated, requirePermission('TEAM_MEMBERS', 'CREATE')], async (c, { body }) => {
    const { orgId } = c.var
    const caller = c.var.access.permissions
    const now = new Date(deps.now())
    const { member, outboxId } = await db.transaction(async (tx) => {
      const org = await lockOrganization(tx, orgId)
      if (org === undefined) throw forbiddenOrg()
      const sets = await requireUsableSets(tx, orgId, body.permission_set_ids, 'permission_set_ids')
      checkSetChange(caller, [], sets)
      // Granting Super Admin, to a new member as to an existing one, needs a recent factor.
      if (sets.some(isSuperAdminSet)) await assertReverified({ ...reverification, db: tx as unknown as Database }, c)

      // Someone who signs in (a password, or single sign-on) is asked; an account that never did is added.
      const [existing] = await tx
        .select({
          id: users.id,
          signsIn: sql<boolean>`(${users.passwordHash} is not null or exists (select 1 from ${ssoIdentities} where ${ssoIdentities.userId} = ${users.id}))`,
        })
        .from(users)
        .where(eq(users.email, body.email))
      let userId: string
      if (existing === undefined) {
        const [created] = await tx
          .insert(users)
          // A person new to Engage starts in the workspace's default language (null: their browser's).
          .values({ email: body.email, fullName: body.fullName || defaultName(body.email), passwordHash: null, defaultOrgId: orgId, language: org.defaultLanguage })
          .returning({ id: users.id })
        if (created === undefined) throw new Error('invite: the user insert returned no row')
        userId = created.id
      } else {
        if ((await loadMemberAccess(tx, existing.id, orgId)) !== undefined) {
          throw conflict(`${body.email} is already a member of this workspace.`, [{ path: ['email'], message: 'Already a member' }])
        }
        // Consent: someone who signs in joins only by accepting the invitation.
        if (existing.signsIn) {
          const invitation = await inviteExistingAccount(tx, {
            orgId,
            orgName: org.name,
            userId: existing.id,
            email: body.email,
            callerId: c.var.userId,
            sets,
            ipAddress: auditAddress(deps.address, c),
            at: now,
          })
          return { member: invitation, outboxId: undefined }
        }
        userId = existing.id
      }
      await tx.insert(memberships).values({ userId, orgId, createdAt: now })
      await replaceMemberSets(tx, orgId, userId, sets)
      const needsPassword = existing === undefined || !existing.signsIn
      const token = needsPassword ? await issuePasswordToken(tx, userId, now) : undefined
      const invited = await findTeamMember(tx, orgId, userId)
      if (invited === undefined) throw new Error('invite: the new member is not readable')
      await recordAudit(tx, {
        orgId,
        ...(await auditActor(tx, c.var.userId)),
        kind: 'member.invited',
        targetId: userId,
        targetLabel: invited.email,
        details: { permission_sets: sets.map((s) => s.name), new_account: existing === undefined },
        ipAddress: auditAddress(deps.address, c),
        at: now,
      })
      if (token === undefined) return { member: invited, outboxId: undefined }
      const inviter = personLabel(await findPerson(tx, c.var.userId))
      return { member: invited, outboxId: await queueInvitationMail(tx, deps, { to: body.email, workspace: org.name, inviter, token }) }
    })
    if (outboxId !== undefined) sendInvitationMail(deps, body.email, outboxId)
    return member
  })

  /*
   * Removes a member from this org. A super admin can only be removed by a super admin (403),
   * and never the last one (409); both are checked under the org's lock.
   */
  route(api.removeMember, [authenticated, requirePermission('TEAM_MEMBERS', 'DELETE'), reverified], async (c, { params }) => {
    const { orgId } = c.var
    const userId = params.userId
    const caller = c.var.access.permissions
    await db.transaction(async (tx) => {
      if ((await lockOrganization(tx, orgId)) === undefined) throw forbiddenOrg()
      const target = await loadMemberAccess(tx, userId, orgId)
      if (target === undefined) throw memberNotFound()
      if (target.sets.some(isSuperAdminSet)) {
        if (!caller.superAdmin) throw forbidden('Only a super admin can remove a super admin.')
        await assertAnotherSuperAdmin(tx, orgId, userId)
      }
      // Read before the removal: the entry names the member by their email and their roles.
      const removed = await findTeamMember(tx, orgId, userId)
      await memberRemoved(tx, orgId, userId, new Date(deps.now()))
      if (!(await removeMember(tx, orgId, userId))) throw memberNotFound()
      await recordAudit(tx, {
        orgId,
        ...(await auditActor(tx, c.var.userId)),
        kind: 'member.removed',
        targetId: userId,
        targetLabel: removed?.email ?? '',
        details: { permission_sets: target.sets.map((s) => s.name) },
        ipAddress: auditAddress(deps.address, c),
        at: new Date(deps.now()),
      })
    })
    return c.body(null, 204)
  })

  /*
   * Everyone invited here who has not joined yet, both kinds in one list, a page at a time newest
   * first. `total` counts them all on the first page only: the count reads every member of the
   * workspace (whether they can sign in is on their account), the pages after it do not need it.
   */
  route(api.invitations, [authenticated, requirePermission('TEAM_MEMBERS', 'READ')], async (c) => {
    const query = parseInvitationsQuery(c)
    const [page, total] = await Promise.all([
      listPendingInvitationPage(db, c.var.orgId, query),
      query.after === undefined ? countPendingInvitations(db, c.var.orgId) : null,
    ])
    return { invitations: page.invitations, next_cursor: page.next === null ? null : encodeInvitationCursor(page.next), total }
  })

  /*
   * A fresh set-password link of a new person's invitation, to hand over another way (copied by
   * the admin); earlier links keep working until one is used (using one spends the others). 409
   * for an existing account's invitation: it has no link, they accept from their workspace
   * switcher. Audited; the link itself is never logged.
   */
  route(api.invitationLink, [authenticated, requirePermission('TEAM_MEMBERS', 'CREATE')], async (c, { params }) => {
    const { orgId } = c.var
    const userId = params.userId
    const now = new Date(deps.now())
    const { token, invitation } = await db.transaction(async (tx) => {
      if ((await lockOrganization(tx, orgId)) === undefined) throw forbiddenOrg()
      if ((await findOrgInvitation(tx, orgId, userId)) !== undefined) {
        throw conflict('This person already has an account: they accept the invitation from their workspace switcher, so there is no link to copy. Resend it instead.')
      }
      const member = await findTeamMember(tx, orgId, userId)
      if (member === undefined) throw noPendingInvitation()
      if (member.status !== 'invited') throw alreadyJoined(member.email)
      // Whoever holds the link sets the account's password. An account another workspace invited
      // too would open that workspace to this one's admin: only its email may carry the link then.
      const [elsewhere] = await tx
        .select({ orgId: memberships.orgId })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), ne(memberships.orgId, orgId)))
        .limit(1)
      if (elsewhere !== undefined) {
        throw conflict('Another workspace has invited this person too, so their link goes only to their email. Resend the invitation instead.')
      }
      const token = await issuePasswordToken(tx, userId, now)
      await recordAudit(tx, {
        orgId,
        ...(await auditActor(tx, c.var.userId)),
        kind: 'invitation.link_copied',
        targetId: userId,
        targetLabel: member.email,
        details: {},
        ipAddress: auditAddress(deps.address, c),
        at: now,
      })
      const [invitation] = await listLinkInvitations(tx, orgId, userId)
      if (invitation === undefined) throw new Error('invitationLink: the invitation is not readable')
      return { token, invitation }
    })
    return { link: linkWithToken(deps.publicOrigin(), SET_PASSWORD_PATH, token), invitation }
  })

  /*
   * Sends a pending invitation again, answered with it as listed now. An existing account's
   * invitation brings the invitee's notification about it back to the top of their bell as new
   * (one item, however often it is resent); a new account still without a password gets a fresh set-password
   * link (its email written in the same transaction) and every earlier unused link of it is spent. 404 when the
   * person has no invitation waiting here, 409 when they already joined.
   */
  route(api.resendInvitation, [authenticated, requirePermission('TEAM_MEMBERS', 'CREATE')], async (c, { params }) => {
    const { orgId } = c.var
    const userId = params.userId
    const now = new Date(deps.now())
    const { invitation, mail } = await db.transaction(async (tx) => {
      const org = await lockOrganization(tx, orgId)
      if (org === undefined) throw forbiddenOrg()
      const callerLabel = personLabel(await findPerson(tx, c.var.userId))
      const actor = await auditActor(tx, c.var.userId)
      const audit = (targetLabel: string, details: Record<string, unknown>) =>
        recordAudit(tx, { orgId, ...actor, kind: 'invitation.resent', targetId: userId, targetLabel, details, ipAddress: auditAddress(deps.address, c), at: now })
      const pending = await findOrgInvitation(tx, orgId, userId)
      if (pending !== undefined) {
        await renotifyInvitee(tx, { id: pending.id, userId, orgId, orgName: org.name, inviterLabel: callerLabel }, now)
        await audit(pending.email, { invitation_id: pending.id })
        return { invitation: pending, mail: undefined }
      }
      const member = await findTeamMember(tx, orgId, userId)
      if (member === undefined) throw noPendingInvitation()
      if (member.status !== 'invited') throw alreadyJoined(member.email)
      await spendPasswordTokens(tx, userId, now)
      const token = await issuePasswordToken(tx, userId, now)
      await audit(member.email, { set_password_link: true })
      const outboxId = await queueInvitationMail(tx, deps, { to: member.email, workspace: org.name, inviter: callerLabel, token })
      const [listed] = await listLinkInvitations(tx, orgId, userId)
      if (listed === undefined) throw new Error('resendInvitation: the invitation is not readable')
      return { invitation: listed, mail: { to: member.email, outboxId } }
    })
    if (mail !== undefined) sendInvitationMail(deps, mail.to, mail.outboxId)
    return invitation
  })

  /*
   * Takes back a pending invitation, 204. An existing account's invitation becomes
   * `revoked` (and its notification goes). A new account still without a password leaves this
   * org, and the account itself is deleted when no other workspace has it; the super-admin
   * rules of removal apply (403/409). 404 when there is no invitation waiting here, 409 when
   * the person already joined.
   */
  route(api.revokeInvitation, [authenticated, requirePermission('TEAM_MEMBERS', 'DELETE')], async (c, { params }) => {
    const { orgId } = c.var
    const userId = params.userId
    const caller = c.var.access.permissions
    const now = new Date(deps.now())
    await db.transaction(async (tx) => {
      if ((await lockOrganization(tx, orgId)) === undefined) throw forbiddenOrg()
      const actor = await auditActor(tx, c.var.userId)
      const audit = (targetLabel: string, details: Record<string, unknown>) =>
        recordAudit(tx, { orgId, ...actor, kind: 'invitation.revoked', targetId: userId, targetLabel, details, ipAddress: auditAddress(deps.address, c), at: now })
      const pending = await findOrgInvitation(tx, orgId, userId)
      if (pending !== undefined) {
        await closeInvitation(tx, pending.id, 'revoked', now)
        await deleteInvitationNotifications(tx, userId, pending.id)
        await audit(pending.email, { invitation_id: pending.id })
        return
      }
      const target = await loadMemberAccess(tx, userId, orgId)
      const member = target === undefined ? undefined : await findTeamMember(tx, orgId, userId)
      if (target === undefined || member === undefined) throw noPendingInvitation()
      if (member.status !== 'invited') throw alreadyJoined(member.email)
      if (target.sets.some(isSuperAdminSet)) {
        if (!caller.superAdmin) throw forbidden('Only a super admin can remove a super admin.')
        await assertAnotherSuperAdmin(tx, orgId, userId)
      }
      if (!(await removeMember(tx, orgId, userId))) throw noPendingInvitation()
      const accountDeleted = await deleteUnusedAccount(tx, userId)
      await audit(member.email, { account_deleted: accountDeleted })
    })
    return c.body(null, 204)
  })

  return app
}

/** The name shown for an invitee who was given none: the part of the email before the @. */
function defaultName(email: string): string {
  return email.slice(0, email.indexOf('@')) || email
}
