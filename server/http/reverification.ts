/**
 * The guard of sensitive changes (server/auth/reverification.ts): mount after `requireAccessToken`
 * and the workspace's permission check, so a caller learns of a missing permission first. A caller
 * whose session gave no factor within the window gets 403 `reverification_required` before the
 * handler runs (nothing written, the body unread); the browser then asks 'Confirm it's you'
 * (`POST /users/me/reverification`) and repeats the request.
 *
 * A change that needs a factor only for some bodies (granting Super Admin) calls
 * {@link assertReverified} in its handler once it knows.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { verifyAccessTokenClaims, type SigningKey } from '../auth/access-token.ts'
import { isRecentlyVerified } from '../auth/reverification.ts'
import type { Database } from '../db/client.ts'
import { bearerToken } from './auth.ts'
import { reverificationRequired, unauthorized } from './errors.ts'

/** What the guard needs. */
export interface ReverificationDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock, ms since the epoch. */
  readonly now: () => number
  /** How long a factor counts, ms (REVERIFICATION_WINDOW_S); default 10 minutes. */
  readonly windowMs?: number
}

/**
 * Refuses the request unless its session (the access token's `sid`) gave a factor within the window.
 * @throws ApiError 401 without a valid token; 403 `reverification_required`.
 */
export async function assertReverified(deps: ReverificationDeps, c: Context): Promise<void> {
  const token = bearerToken(c.req.header('authorization'))
  const nowMs = deps.now()
  const claims = token === undefined ? undefined : await verifyAccessTokenClaims(deps.signingKey, token, Math.floor(nowMs / 1000))
  if (claims === undefined) throw unauthorized()
  if (!(await isRecentlyVerified(deps.db, claims.sub, claims.sid, nowMs, deps.windowMs))) throw reverificationRequired()
}

/**
 * The guard as route middleware.
 * @throws ApiError 401 without a valid token; 403 `reverification_required`.
 */
export function requireReverification(deps: ReverificationDeps): MiddlewareHandler {
  return async (c, next) => {
    await assertReverified(deps, c)
    await next()
  }
}
