/**
 * Requests made with an API key (`Authorization: Bearer eng_…`, docs/api.md "API keys"). Mounted
 * once on the whole API, so every route sees the same answer:
 *
 * - an unknown, revoked or expired key: 401 `unauthorized` before any route runs. Each request
 *   reads the key's row (one indexed query), so a revocation takes effect on every host at once;
 * - a known key: counted against its rate limit (429 past it), `RateLimit-Limit`,
 *   `RateLimit-Remaining`, `RateLimit-Reset` (s) and `RateLimit-Policy` on the answer, and
 *   `apiKey` set for http/auth.ts, http/tenant.ts and members/access.ts, which let it act only
 *   on the endpoints the contract marks `apiKeys` (401 elsewhere), in its own workspace, within
 *   what both the key and its creator hold.
 *
 * Requests with any other Authorization pass untouched.
 */
import { requestHeader } from './node-response.ts'
import { eq } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { looksLikeApiKey } from '../../contract/developers.ts'
import type { Database } from '../db/client.ts'
import { apiKeys } from '../db/schema.ts'
import { bearerToken } from './auth.ts'
import { unauthorized } from './errors.ts'
import { type MeteredLimiter, withRetryAfter } from './rate-limit.ts'
import { type ApiKeyCaller, type ApiKeyRefusal, findApiKey } from '../auth/api-keys.ts'

/** How stale `last_used_at` may get before a request writes it again, ms. */
export const LAST_USED_PRECISION_MS = 60_000

/** What a refused key is told (never which part of the secret was wrong). */
export const API_KEY_REFUSALS: Readonly<Record<ApiKeyRefusal, string>> = {
  unknown: 'The API key is not valid.',
  revoked: 'The API key was revoked.',
  expired: 'The API key has expired.',
}

/** What the middleware puts on the context. */
export type ApiKeyVariables = { apiKey: ApiKeyCaller | undefined }

/**
 * @param now clock, ms since the epoch (expiry, last used).
 * @param logError where a failed `last_used_at` write goes (it never fails the request).
 */
export function authenticateApiKeys(deps: {
  readonly db: Database
  readonly now: () => number
  readonly limiter: MeteredLimiter
  readonly logError: (message: string, error: unknown) => void
}): MiddlewareHandler<{ Variables: ApiKeyVariables }> {
  const { limit } = deps.limiter
  return async (c, next) => {
    const token = bearerToken(requestHeader(c, 'authorization'))
    if (token === undefined || !looksLikeApiKey(token)) return next()
    const nowMs = deps.now()
    const key = await findApiKey(deps.db, token, nowMs)
    if (typeof key === 'string') throw unauthorized(API_KEY_REFUSALS[key])
    c.header('RateLimit-Policy', `${limit.points};w=${limit.durationS}`)
    c.header('RateLimit-Limit', String(limit.points))
    await withRetryAfter(c, async () => {
      try {
        const state = await deps.limiter.consume(key.id)
        c.header('RateLimit-Remaining', String(state.remaining))
        c.header('RateLimit-Reset', String(state.resetS))
      } catch (error) {
        c.header('RateLimit-Remaining', '0')
        const retryAfterS = (error as { retryAfterS?: number }).retryAfterS
        if (retryAfterS !== undefined) c.header('RateLimit-Reset', String(retryAfterS))
        throw error
      }
    })
    if (key.lastUsedAt === null || nowMs - key.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
      // Off the request's path: the list's 'Last used' is a minute-precise hint, not a record.
      deps.db
        .update(apiKeys)
        .set({ lastUsedAt: new Date(nowMs) })
        .where(eq(apiKeys.id, key.id))
        .then(undefined, (error: unknown) => deps.logError('API key: last used time not saved', error))
    }
    c.set('apiKey', key)
    await next()
  }
}
