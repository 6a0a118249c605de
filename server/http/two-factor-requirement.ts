/**
 * The two-factor requirement on the routes that check membership in their own queries (a
 * workspace may require two-factor authentication of every member): notifications and their
 * stream tickets, web push, credits and uploads. The permission-guarded routes apply it in
 * server/members/access.ts; this middleware covers the rest with the same answer, 403
 * `two_factor_required`, for a member of a requiring workspace who has not turned it on.
 *
 * Cost on the hot path (the notification list): none for a workspace that does not require it.
 * The ids of the workspaces that do are read at most every {@link REQUIRING_ORGS_TTL_MS} and kept
 * in memory; only a request naming one of them costs one indexed query (the person's membership
 * and second factor). So on another host, or another WEB_CONCURRENCY worker, a newly set
 * requirement takes effect within that interval; in the process that saved it at once.
 *
 * A request without a valid bearer token or `x-org-id` passes through untouched: the route refuses
 * it as before. A non-member passes too, and gets the route's own 403, so an outsider learns
 * nothing about the workspace's policy.
 */
import { sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler, Next } from 'hono'
import type { SigningKey } from '../auth/access-token.ts'
import { type Database, rowsOf } from '../db/client.ts'
import { memberships, organizations, users } from '../db/schema.ts'
import { bearerUserId } from './auth.ts'
import { twoFactorRequired } from './errors.ts'
import { tenantOf } from './tenant.ts'

/** How long the set of requiring workspaces is trusted before it is read again, ms. */
export const REQUIRING_ORGS_TTL_MS = 10_000

export interface TwoFactorRequirement {
  /** The middleware for the routes listed in the module comment. */
  readonly middleware: MiddlewareHandler
  /** Forgets the cached set (the workspace route calls it after a change in this process). */
  invalidate(): void
}

/**
 * @param now clock, ms since the epoch (the cache's age).
 */
export function twoFactorRequirement(deps: { readonly db: Database; readonly signingKey: SigningKey; readonly now: () => number }): TwoFactorRequirement {
  let cached: { readonly orgIds: ReadonlySet<string>; readonly readAtMs: number } | undefined
  let loading: Promise<ReadonlySet<string>> | undefined

  const requiringOrgs = async (): Promise<ReadonlySet<string>> => {
    const nowMs = deps.now()
    if (cached !== undefined && nowMs - cached.readAtMs < REQUIRING_ORGS_TTL_MS) return cached.orgIds
    // One read for concurrent requests; a failed read is retried by the next request.
    loading ??= (async () => {
      try {
        const rows = rowsOf<{ id: string }>(await deps.db.execute(sql`select o.id from ${organizations} o where o.require_two_factor`))
        const orgIds = new Set(rows.map((row) => row.id))
        cached = { orgIds, readAtMs: nowMs }
        return orgIds
      } finally {
        loading = undefined
      }
    })()
    return loading
  }

  const middleware: MiddlewareHandler = (c, next) => {
    const orgId = tenantOf(c)
    if (orgId === undefined) return next()
    // With the set fresh in memory and the org not in it, go on at once (no promise of our own).
    if (cached !== undefined && deps.now() - cached.readAtMs < REQUIRING_ORGS_TTL_MS && !cached.orgIds.has(orgId)) return next()
    return check(c, next, orgId)
  }

  /** The rest of {@link middleware}: the set may need reading, and a requiring org a query. */
  const check = async (c: Context, next: Next, orgId: string) => {
    if (!(await requiringOrgs()).has(orgId)) return next()
    const userId = await bearerUserId(c.req.header('authorization'), deps.signingKey, Math.floor(deps.now() / 1000))
    if (userId === undefined) return next()
    if ((await memberStanding(deps.db, userId, orgId)) === 'held') throw twoFactorRequired()
    return next()
  }

  return {
    middleware,
    invalidate: () => {
      cached = undefined
    },
  }
}

/** Where `userId` stands in `orgId`: not a member, a member held by the two-factor requirement, or free to work. */
export type MemberStanding = 'outsider' | 'held' | 'member'

/**
 * Where `userId` stands in `orgId`, in one indexed query. A member is `held` when the workspace
 * requires two-factor authentication and they have not turned it on: refused everywhere in the
 * workspace (403 `two_factor_required`) but their own account's security settings.
 */
export async function memberStanding(db: Database, userId: string, orgId: string): Promise<MemberStanding> {
  const [row] = rowsOf<{ held: boolean | string }>(
    await db.execute(sql`
      select (o.require_two_factor and u.two_factor_enabled_at is null) as held from ${memberships} m
      join ${users} u on u.id = m.user_id
      join ${organizations} o on o.id = m.org_id
      where m.user_id = ${userId} and m.org_id = ${orgId}`),
  )
  if (row === undefined) return 'outsider'
  // PGlite and node-postgres answer a boolean; 't' guards a driver that answers text.
  return row.held === true || row.held === 't' ? 'held' : 'member'
}
