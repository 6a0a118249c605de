/**
 * `/api/users/invitations*` (ours; docs/api.md): the signed-in
 * person's pending invitations to other workspaces, and their answer. An existing account invited
 * by an admin (server/team/routes.ts) joins only when it accepts here.
 *
 * These are the person's own, not a tenant's: a valid access token is enough. `x-org-id` is not
 * needed and, when sent, not checked: the invitations are to workspaces the caller is not in yet,
 * and someone removed from every workspace can still answer one. Only the invitee reaches an
 * invitation: another person's id, an answered one and an unknown one are the same 404.
 */
import { and, eq } from 'drizzle-orm'
import type { WorkspaceItem } from '../../contract/api.ts'
import { Hono, type MiddlewareHandler } from 'hono'
import { workspacesApi } from '../../contract/workspaces.ts'
import { auditActor, auditAddress, type ClientAddress } from '../audit-trail/actor.ts'
import { recordAudit } from '../audit-trail/record.ts'
import type { SigningKey } from '../auth/access-token.ts'
import type { Database } from '../db/client.ts'
import { invitations, memberships } from '../db/schema.ts'
import { bearerUserId } from '../http/auth.ts'
import { unauthorized } from '../http/errors.ts'
import { contractRoutes } from '../http/route.ts'
import { lockOrganization } from '../members/guards.ts'
import { findPermissionSets } from '../members/permission-sets.ts'
import {
  closeInvitation,
  findPerson,
  invitationNotFound,
  listUserInvitations,
  lockInviteeInvitation,
  readInvitationNotifications,
} from '../members/invitations.ts'
import { replaceMemberSets } from '../members/team.ts'
import { invitationAccepted } from '../webhook-events/member-events.ts'
import { findWorkspace, toWorkspaceItem } from '../members/workspaces.ts'

/** What the invitation routes need from the app (see `AppDeps` in app.ts). */
export interface InvitationRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** The client address (RateLimiters.address) for audit entries; absent: stored as null. */
  readonly address?: ClientAddress
}

type Variables = { userId: string }

/** The invitee's routes, to be mounted at `/api/users`. */
export function invitationRoutes(deps: InvitationRoutesDeps): Hono<{ Variables: Variables }> {
  const { db } = deps
  const app = new Hono<{ Variables: Variables }>()
  // A bearer token and nothing else (see the file's comment for why x-org-id is not required).
  const bearer: MiddlewareHandler<{ Variables: Variables }> = async (c, next) => {
    const userId = await bearerUserId(c.req.header('authorization'), deps.signingKey, Math.floor(deps.now() / 1000))
    if (userId === undefined) throw unauthorized()
    c.set('userId', userId)
    await next()
  }

  const route = contractRoutes(app, '/users')

  route(workspacesApi.myInvitations, [bearer], async (c) => {
    return { invitations: await listUserInvitations(db, c.var.userId) }
  })

  /*
   * Accepts: in one transaction (the org's lock first, as every membership change takes it, then
   * the invitation's row), the membership with the invited sets, the invitation `accepted`, its
   * notification read and the `invitation.accepted` audit entry. 200 the workspace as the list
   * shows it. Sets deleted meanwhile are left out (deleting a set an invitation holds is refused,
   * so this is only a guard).
   */
  route(workspacesApi.acceptInvitation, [bearer], async (c, { params }) => {
    const { userId } = c.var
    const id = params.id
    const now = new Date(deps.now())
    const workspace = await db.transaction(async (tx) => {
      const orgId = await pendingOrgOf(tx, userId, id)
      if ((await lockOrganization(tx, orgId)) === undefined) throw invitationNotFound()
      const invitation = await lockInviteeInvitation(tx, userId, id)
      const [member] = await tx
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.orgId, orgId)))
      const sets = await findPermissionSets(tx, orgId, invitation.setIds)
      // Already a member (added some other way meanwhile): accepting changes nothing else.
      if (member === undefined) {
        await tx.insert(memberships).values({ userId, orgId, createdAt: now })
        await replaceMemberSets(tx, orgId, userId, sets)
      }
      await closeInvitation(tx, id, 'accepted', now)
      await readInvitationNotifications(tx, userId, id, now)
      await invitationAccepted(tx, orgId, userId, id, member === undefined, now)
      const person = await findPerson(tx, userId)
      await recordAudit(tx, {
        orgId,
        ...(await auditActor(tx, userId)),
        kind: 'invitation.accepted',
        targetId: userId,
        targetLabel: person?.email ?? '',
        details: { invitation_id: id, permission_sets: sets.map((s) => s.name) },
        ipAddress: auditAddress(deps.address, c),
        at: now,
      })
      const joined = await findWorkspace(tx, userId, orgId)
      if (joined === undefined) throw new Error('accept invitation: the new membership is not readable')
      return toWorkspaceItem(joined)
    })
    return workspace
  })

  /* Declines: the invitation becomes `declined`, its notification read, audited in that org. 204. */
  route(workspacesApi.declineInvitation, [bearer], async (c, { params }) => {
    const { userId } = c.var
    const id = params.id
    const now = new Date(deps.now())
    await db.transaction(async (tx) => {
      const invitation = await lockInviteeInvitation(tx, userId, id)
      await closeInvitation(tx, id, 'declined', now)
      await readInvitationNotifications(tx, userId, id, now)
      const person = await findPerson(tx, userId)
      await recordAudit(tx, {
        orgId: invitation.orgId,
        ...(await auditActor(tx, userId)),
        kind: 'invitation.declined',
        targetId: userId,
        targetLabel: person?.email ?? '',
        details: { invitation_id: id },
        ipAddress: auditAddress(deps.address, c),
        at: now,
      })
    })
    return c.body(null, 204)
  })

  return app
}

/**
 * The org of `userId`'s pending invitation `id`, read without a lock (to take the org's lock
 * first, in the order every membership change takes them).
 * @throws ApiError 404 when there is no such pending invitation of theirs.
 */
async function pendingOrgOf(tx: Database, userId: string, id: string): Promise<string> {
  const [row] = await tx
    .select({ orgId: invitations.orgId })
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.userId, userId), eq(invitations.status, 'pending')))
  if (row === undefined) throw invitationNotFound()
  return row.orgId
}
