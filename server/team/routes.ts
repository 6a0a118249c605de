/**
 * `/api/organizations/members*` (ours: the spec lists the Team Members page, SPEC.md §2.4 and
 * §2.5 `/app/setting/team/invite`, but not its calls). Listing, inviting and removing the members
 * of the current org (`x-org-id`), guarded by the TEAM_MEMBERS permissions (docs/permissions.md).
 *
 * There is no email server: an invitation to someone without a password prints their one-time
 * set-password link to the server log (`logInfo`).
 */
import { Hono } from 'hono'
import { eq } from 'drizzle-orm'
import { InviteMemberRequest, type TeamMember, type TeamMemberList } from '../../contract/permissions.ts'
import type { SigningKey } from '../auth/access-token.ts'
import { PASSWORD_TOKEN_TTL_S, issuePasswordToken } from '../auth/password-token.ts'
import type { Database } from '../db/client.ts'
import { memberships, users } from '../db/schema.ts'
import { requireAccessToken } from '../http/auth.ts'
import { readBody } from '../http/body.ts'
import { conflict, forbidden, forbiddenOrg } from '../http/errors.ts'
import { accessControl, loadMemberAccess, type AccessVariables } from '../permissions/access.ts'
import { assertAnotherSuperAdmin, checkSetChange, isSuperAdminSet, lockOrganization, requireUsableSets } from '../permissions/guards.ts'
import { findTeamMember, listTeamMembers, memberNotFound, removeMember, replaceMemberSets } from './queries.ts'

/** What the team routes need from the app (see `AppDeps` in app.ts). */
export interface TeamRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** Where invite links go (the server log); one line per message. */
  readonly logInfo: (message: string) => void
  /** The public origin links are built from (APP_URL), never the request's Host. */
  readonly publicOrigin: () => string
}

/** The path of the browser page that completes an invite; the token goes in its query. */
export const SET_PASSWORD_PATH = '/set-password'

/** The team routes, to be mounted at `/api/organizations`. */
export function teamRoutes(deps: TeamRoutesDeps): Hono<{ Variables: AccessVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AccessVariables }>()
  const authenticated = requireAccessToken(deps.signingKey, deps.now)
  const { requirePermission } = accessControl(db)

  app.get('/members', authenticated, requirePermission('TEAM_MEMBERS', 'READ'), async (c) => {
    return c.json({ members: await listTeamMembers(db, c.var.orgId) } satisfies TeamMemberList)
  })

  /*
   * Adds a person to this org with the chosen sets. A new email creates an account without a
   * password plus a one-time set-password link (logged, valid 7 days); an existing account is
   * simply added (and, if it never set a password, gets a fresh link). The checks run in the
   * transaction holding the org's lock: usable set ids (400), the caller may grant them (403),
   * not already a member (409). The link is logged only after the commit.
   */
  app.post('/members/invite', authenticated, requirePermission('TEAM_MEMBERS', 'CREATE'), async (c) => {
    const body = await readBody(c, InviteMemberRequest)
    const { orgId } = c.var
    const caller = c.var.access.permissions
    const now = new Date(deps.now())
    const { member, link } = await db.transaction(async (tx) => {
      const org = await lockOrganization(tx, orgId)
      if (org === undefined) throw forbiddenOrg()
      const sets = await requireUsableSets(tx, orgId, body.permission_set_ids, 'permission_set_ids')
      checkSetChange(caller, [], sets)

      const [existing] = await tx.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, body.email))
      let userId: string
      if (existing === undefined) {
        const [created] = await tx
          .insert(users)
          .values({ email: body.email, fullName: body.fullName || defaultName(body.email), passwordHash: null, defaultOrgId: orgId })
          .returning({ id: users.id })
        if (created === undefined) throw new Error('invite: the user insert returned no row')
        userId = created.id
      } else {
        if ((await loadMemberAccess(tx, existing.id, orgId)) !== undefined) {
          throw conflict(`${body.email} is already a member of this workspace.`, [{ path: ['email'], message: 'Already a member' }])
        }
        userId = existing.id
      }
      await tx.insert(memberships).values({ userId, orgId, createdAt: now })
      await replaceMemberSets(tx, orgId, userId, sets)
      const needsPassword = existing === undefined || existing.passwordHash === null
      const token = needsPassword ? await issuePasswordToken(tx, userId, now) : undefined
      const invited = await findTeamMember(tx, orgId, userId)
      if (invited === undefined) throw new Error('invite: the new member is not readable')
      return { member: invited, link: token === undefined ? undefined : { token, orgName: org.name } }
    })
    if (link !== undefined) {
      const url = new URL(SET_PASSWORD_PATH, deps.publicOrigin())
      url.searchParams.set('token', link.token)
      deps.logInfo(
        `Invitation: ${body.email} was added to "${link.orgName}". Set a password at ${url.href} (single use, valid ${PASSWORD_TOKEN_TTL_S / 86400} days).`,
      )
    }
    return c.json(member satisfies TeamMember, 201)
  })

  /*
   * Removes a member from this org. A super admin can only be removed by a super admin (403),
   * and never the last one (409); both are checked under the org's lock.
   */
  app.delete('/members/:userId', authenticated, requirePermission('TEAM_MEMBERS', 'DELETE'), async (c) => {
    const { orgId } = c.var
    const userId = c.req.param('userId')
    const caller = c.var.access.permissions
    await db.transaction(async (tx) => {
      if ((await lockOrganization(tx, orgId)) === undefined) throw forbiddenOrg()
      const target = await loadMemberAccess(tx, userId, orgId)
      if (target === undefined) throw memberNotFound()
      if (target.sets.some(isSuperAdminSet)) {
        if (!caller.superAdmin) throw forbidden('Only a super admin can remove a super admin.')
        await assertAnotherSuperAdmin(tx, orgId, userId)
      }
      if (!(await removeMember(tx, orgId, userId))) throw memberNotFound()
    })
    return c.body(null, 204)
  })

  return app
}

/** The name shown for an invitee who was given none: the part of the email before the @. */
function defaultName(email: string): string {
  return email.slice(0, email.indexOf('@')) || email
}
