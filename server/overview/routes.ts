/**
 * `/api/overview` (ours; docs/api.md "Overview"): the facts the Overview page shows
 * beside the shell's credits and notifications: the team's size and the getting-started
 * checklist of contract/overview.ts.
 *
 * Any member of the current org may ask (`member` guard: 401, 400 without x-org-id, 403 for a
 * non-member or a pending two-factor set-up, as everywhere). What the caller may not read comes
 * back as null rather than a 403, so the page makes one call whatever the person's role: the
 * team and "invited a teammate" need TEAM_MEMBERS read or create, "created a role"
 * PERMISSION_SETS read or create. Every count is scoped by the caller's org (and the push and
 * preference facts by the caller too), so nothing of another tenant is ever counted.
 */
import { and, count, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { PermissionResource } from '../../contract/api.ts'
import { overviewApi, type OverviewTeam } from '../../contract/overview.ts'
import { can, type ResolvedPermissions } from '../../contract/permissions.ts'
import type { SigningKey } from '../auth/access-token.ts'
import type { Database } from '../db/client.ts'
import { invitations, memberships, notificationPreferences, permissionSets, pushSubscriptions, users } from '../db/schema.ts'
import { requireAccessToken } from '../http/auth.ts'
import { contractRoutes } from '../http/route.ts'
import { accessControl, type AccessVariables } from '../members/access.ts'

export interface OverviewRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock in ms since the epoch. */
  readonly now: () => number
}

/** May the member read or act on `resource`? (The checklist links to where it is done.) */
const touches = (permissions: ResolvedPermissions, resource: PermissionResource) => can(permissions, resource, 'READ') || can(permissions, resource, 'CREATE')

/** Members of `orgId` and its invitations not yet taken up (contract `OverviewTeam`). */
async function teamOf(db: Database, orgId: string): Promise<OverviewTeam> {
  const [members] = await db
    .select({ all: count(), withPassword: count(users.passwordHash) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.orgId, orgId))
  const [pending] = await db
    .select({ n: count() })
    .from(invitations)
    .where(and(eq(invitations.orgId, orgId), eq(invitations.status, 'pending')))
  const all = members?.all ?? 0
  // count(column) skips nulls: members with a password; the others still have an invite link out.
  const withPassword = members?.withPassword ?? 0
  return { members: all, pending_invites: all - withPassword + (pending?.n ?? 0) }
}

/** Whether `orgId` has a permission set of its own (custom sets have an org; system sets none). */
async function hasCustomSet(db: Database, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: permissionSets.id })
    .from(permissionSets)
    .where(and(eq(permissionSets.orgId, orgId), eq(permissionSets.isSystem, false)))
    .limit(1)
  return row !== undefined
}

/** Whether `userId` has a push subscription in `orgId` (on any device). */
async function hasPushSubscription(db: Database, userId: string, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.orgId, orgId)))
    .limit(1)
  return row !== undefined
}

/** Whether `userId` has saved notification preferences (a row exists only once they have). */
async function hasSavedPreferences(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: notificationPreferences.userId }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1)
  return row !== undefined
}

/** The overview routes, to be mounted at `/api/overview`. */
export function overviewRoutes(deps: OverviewRoutesDeps): Hono<{ Variables: AccessVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AccessVariables }>()
  const authenticated = requireAccessToken(deps.signingKey, deps.now)
  const { member } = accessControl(db)

  /* 200 OverviewResponse; 401 / 400 (no x-org-id) / 403 (not a member). Four small indexed reads after the membership check. */
  contractRoutes(app, '/overview')(overviewApi.overview, [authenticated, member], async (c) => {
    const { userId, orgId } = c.var
    const { permissions } = c.var.access
    const mayTeam = touches(permissions, 'TEAM_MEMBERS')
    const mayRoles = touches(permissions, 'PERMISSION_SETS')
    const [team, customSet, push, preferences] = await Promise.all([
      mayTeam ? teamOf(db, orgId) : null,
      mayRoles ? hasCustomSet(db, orgId) : null,
      hasPushSubscription(db, userId, orgId),
      hasSavedPreferences(db, userId),
    ])
    // Only readers of the team get its numbers; a member who may only invite still gets the tick.
    const canReadTeam = can(permissions, 'TEAM_MEMBERS', 'READ')
    return {
      team: canReadTeam ? team : null,
      checklist: {
        invited_teammate: team === null ? null : team.members > 1 || team.pending_invites > 0,
        created_role: customSet,
        turned_on_push: push,
        saved_preferences: preferences,
      },
    }
  })

  return app
}
