/**
 * Request authentication (SPEC.md §7: every call carries `Authorization: Bearer <access token>`
 * and `x-org-id`). Order of checks, and so of answers: access token (401 `unauthorized`), then the
 * x-org-id header (400 `invalid_request`), then membership, checked by each endpoint inside its
 * own query (403 `forbidden`).
 */
import type { MiddlewareHandler } from 'hono'
import { NOT_REMEMBERED, rememberedAccessToken, verifyAccessToken, verifyAccessTokenClaims, type SigningKey } from '../auth/access-token.ts'
import { invalidRequest, unauthorized } from './errors.ts'
import { tenantOf } from './tenant.ts'

/** What the middleware puts on the context. */
export type AuthVariables = {
  /** The access token's subject. */
  userId: string
  /** The tenant the call is for, from `tenantOf` (http/tenant.ts; membership not yet checked). */
  orgId: string
  /** The access token's session (`sid`, `sessions.id`); undefined for a token signed before sessions existed. */
  sessionId: string | undefined
}

/** The token of a `Bearer <token>` Authorization header, or undefined when the header is absent or of another scheme. */
export function bearerToken(header: string | undefined): string | undefined {
  return header === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1]
}

/** The user id from a `Bearer` Authorization header, or undefined if absent, invalid or expired. */
export async function bearerUserId(header: string | undefined, key: SigningKey, nowS: number): Promise<string | undefined> {
  const token = bearerToken(header)
  return token === undefined ? undefined : verifyAccessToken(key, token, nowS)
}

/**
 * Requires a valid access token and an `x-org-id` header; sets `userId`, `orgId` and `sessionId`.
 * @param now clock in ms (injectable for tests).
 * @throws ApiError 401 `unauthorized`; 400 `invalid_request` when x-org-id is missing.
 */
export function requireAccessToken(key: SigningKey, now: () => number): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const nowS = Math.floor(now() / 1000)
    const token = bearerToken(c.req.header('authorization'))
    // A token already verified is answered at once (the same answer, without the promises of the full check).
    const remembered = token === undefined ? undefined : rememberedAccessToken(key, token, nowS)
    const claims = remembered !== NOT_REMEMBERED ? remembered : await verifyAccessTokenClaims(key, token as string, nowS)
    if (claims === undefined) throw unauthorized()
    const orgId = tenantOf(c)
    if (!orgId) {
      throw invalidRequest('Send the current workspace in the x-org-id header.', [
        { path: ['x-org-id'], message: 'The x-org-id header is required' },
      ])
    }
    c.set('userId', claims.sub)
    c.set('orgId', orgId)
    c.set('sessionId', claims.sid)
    await next()
  }
}
