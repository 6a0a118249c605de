/**
 * Enforcement of permission sets on the API (SPEC.md §6): who the caller is in the current org
 * (`x-org-id`) and what they may do there. The rules themselves are the shared ones of
 * contract/permissions.ts (`resolvePermissions`, `can`), so the server refuses exactly what the
 * browser hides.
 *
 * A request made with an API key (server/apiKeys) is checked as its creator, with the permissions
 * both the key and the creator hold.
 *
 * Order of answers on an authenticated route: 401 (token) and 400 (no `x-org-id`) from
 * `requireAccessToken`, then 403 `forbidden` "You do not have access to this workspace." when the
 * caller is not a member, then 403 `forbidden` naming the missing permission. Both run before the
 * handler, so a refused request has written nothing and its body is never read.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import type { PermissionAction, PermissionResource, PermissionSet } from '../../contract/api.ts'
import { ACTION_LABELS, RESOURCE_METADATA, can, resolvePermissions, type ResolvedPermissions } from '../../contract/permissions.ts'
import type { Database } from '../db/client.ts'
import { memberPermissionSets, memberships, organizations, permissionSets, users } from '../db/schema.ts'
import type { AuthVariables } from '../http/auth.ts'
import { forbidden, forbiddenOrg, twoFactorRequired, unauthorized } from '../http/errors.ts'
import { type ApiKeyCaller, intersectPermissions } from '../auth/api-keys.ts'

/** The caller as a member of the current org. */
export interface MemberAccess {
  /** The caller's effective permissions in the org (SPEC.md §6). */
  readonly permissions: ResolvedPermissions
  /** The sets the caller holds in the org, as stored. */
  readonly sets: ReadonlyArray<PermissionSet>
  /**
   * The org requires two-factor authentication and this person has not turned it on.
   * The guards below refuse such a caller (403 `two_factor_required`).
   */
  readonly twoFactorSetupRequired: boolean
}

/** Context variables on routes behind {@link AccessControl}: `access` next to `userId`/`orgId`. */
export type AccessVariables = AuthVariables & { access: MemberAccess }

/** Whether `userId` is a member of `orgId` (one indexed read; pass a transaction as `db` inside one). */
export async function isMember(db: Database, userId: string, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.orgId, orgId)))
  return row !== undefined
}

/**
 * A member's permission sets in `orgId` and their resolution, in one query (the membership
 * left-joined to the sets it holds); undefined when the user is not a member of the org. Used for
 * the caller by the guards below, and for the member being changed by the team endpoints (pass
 * the transaction as `db` there).
 *
 * Only system sets and the org's own custom sets count, whatever `member_permission_sets` says:
 * the endpoints never assign another org's set, and this keeps it so if a row ever did.
 */
export async function loadMemberAccess(db: Database, userId: string, orgId: string): Promise<MemberAccess | undefined> {
  const rows = await db
    .select({
      set: {
        _id: permissionSets.id,
        permission_set_key: permissionSets.permissionSetKey,
        name: permissionSets.name,
        description: permissionSets.description,
        is_system: permissionSets.isSystem,
        permissions: permissionSets.permissions,
      },
      twoFactorSetupRequired: sql<boolean>`(${organizations.requireTwoFactor} and ${users.twoFactorEnabledAt} is null)`,
    })
    .from(memberships)
    // The org's two-factor requirement and the person's own, in the same round trip.
    .innerJoin(organizations, eq(organizations.id, memberships.orgId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(memberPermissionSets, and(eq(memberPermissionSets.userId, memberships.userId), eq(memberPermissionSets.orgId, memberships.orgId)))
    .leftJoin(
      permissionSets,
      and(eq(permissionSets.id, memberPermissionSets.permissionSetId), or(isNull(permissionSets.orgId), eq(permissionSets.orgId, memberships.orgId))),
    )
    .where(and(eq(memberships.userId, userId), eq(memberships.orgId, orgId)))
  if (rows.length === 0) return undefined
  const sets: PermissionSet[] = rows.flatMap((row) => (row.set === null ? [] : [row.set]))
  // SPEC.md §6: the member's references are system keys and custom `_id`s.
  const refs = sets.map((set) => (set.is_system && set.permission_set_key !== null ? set.permission_set_key : set._id))
  // PGlite and node-postgres both answer a boolean expression as a boolean; 't' is a guard for text.
  const flag = rows[0]?.twoFactorSetupRequired as unknown
  return { permissions: resolvePermissions(refs, sets), sets, twoFactorSetupRequired: flag === true || flag === 't' }
}

/**
 * The refusal for a member who lacks `action` on `resource`, worded with the labels the role
 * editor shows, e.g. "You need the Edit permission on User Roles to do this."
 */
export function missingPermissionMessage(resource: PermissionResource, action: PermissionAction): string {
  return `You need the ${ACTION_LABELS[action]} permission on ${RESOURCE_METADATA[resource].label} to do this.`
}

/** The two guards, bound to a database. Mount after `requireAccessToken` (http/auth.ts). */
export interface AccessControl {
  /**
   * Any member of the current org; sets `access`.
   * @throws ApiError 403 `forbidden` when the caller is not a member (or the org does not exist).
   */
  readonly member: MiddlewareHandler<{ Variables: AccessVariables }>
  // Both guards also answer 403 `two_factor_required`, see accessControl.
  /**
   * A member holding `action` on `resource`; sets `access`.
   * @throws ApiError 403 `forbidden`: not a member (same answer as `member`), or the permission
   *   is missing (the message names it, see {@link missingPermissionMessage}).
   */
  requirePermission(resource: PermissionResource, action: PermissionAction): MiddlewareHandler<{ Variables: AccessVariables }>
}

/**
 * Builds the guards of SPEC.md §6 over `db`. Each guarded request costs one query.
 *
 * A member of an org that requires two-factor authentication who has not turned it on
 * gets 403 `two_factor_required` from every guarded route, after the membership check (so an
 * outsider still learns nothing about the org). What they need to set it up is not guarded here:
 * verify-token, /users/me (two-factor, profile, password), sessions, sign-out, refresh and the
 * workspace list check the token alone.
 */
export function accessControl(db: Database): AccessControl {
  const load = async (userId: string, orgId: string, apiKey: ApiKeyCaller | undefined): Promise<MemberAccess> => {
    const access = await loadMemberAccess(db, userId, orgId)
    if (apiKey !== undefined) {
      // A key acts within its creator's membership as it is now, and never beyond its own set. A
      // workspace's two-factor requirement is about people signing in, not keys.
      if (access === undefined) throw unauthorized('The member who created this API key is no longer in the workspace, so the key no longer works.')
      return { ...access, permissions: intersectPermissions(apiKey.permissions, access.permissions), twoFactorSetupRequired: false }
    }
    if (access === undefined) throw forbiddenOrg()
    if (access.twoFactorSetupRequired) throw twoFactorRequired()
    return access
  }
  return {
    member: async (c, next) => {
      c.set('access', await load(c.get('userId'), c.get('orgId'), c.get('apiKey')))
      await next()
    },
    requirePermission: (resource, action) => async (c, next) => {
      const access = await load(c.get('userId'), c.get('orgId'), c.get('apiKey'))
      if (!can(access.permissions, resource, action)) throw forbidden(missingPermissionMessage(resource, action))
      c.set('access', access)
      await next()
    },
  }
}
