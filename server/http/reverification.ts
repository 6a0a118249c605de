/**
 * The guard of sensitive changes (server/auth/reverification.ts): mount after `requireAccessToken`.
 * A caller whose session gave no factor in the last 10 minutes gets 403 `reverification_required`
 * before the handler runs (nothing written, the body unread); the browser then asks 'Confirm it's
 * you' and repeats the request.
 */
import type { MiddlewareHandler } from 'hono'
import { verifyAccessTokenClaims, type SigningKey } from '../auth/access-token.ts'
import { isRecentlyVerified } from '../auth/reverification.ts'
import type { Database } from '../db/client.ts'
import { bearerToken } from './auth.ts'
import { reverificationRequired, unauthorized } from './errors.ts'

/**
 * @param now clock, ms since the epoch.
 * @throws ApiError 401 without a valid token; 403 `reverification_required`.
 */
export function requireReverification(deps: { readonly db: Database; readonly signingKey: SigningKey; readonly now: () => number }): MiddlewareHandler {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    const nowMs = deps.now()
    const claims = token === undefined ? undefined : await verifyAccessTokenClaims(deps.signingKey, token, Math.floor(nowMs / 1000))
    if (claims === undefined) throw unauthorized()
    if (!(await isRecentlyVerified(deps.db, claims.sub, claims.sid, nowMs))) throw reverificationRequired()
    await next()
  }
}
