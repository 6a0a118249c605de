/**
 * Request authentication (SPEC.md §7: every call carries `Authorization: Bearer <access token>`
 * and `x-org-id`). Order of checks, and so of answers: access token (401 `unauthorized`), then the
 * x-org-id header (400 `invalid_request`), then membership, checked by each endpoint inside its
 * own query (403 `forbidden`).
 */
import { requestHeader } from './node-response.ts'
import type { MiddlewareHandler } from 'hono'
import { looksLikeApiKey } from '../../contract/developers.ts'
import type { ApiKeyCaller } from '../auth/api-keys.ts'
import { NOT_REMEMBERED, rememberedAccessToken, verifyAccessToken, verifyAccessTokenClaims, type SigningKey } from '../auth/access-token.ts'
import { invalidRequest, unauthorized } from './errors.ts'
import { tenantOf } from './tenant.ts'

/** The 401 of an endpoint that acts for a person, called with an API key. */
export const API_KEY_NOT_ACCEPTED = "API keys cannot call this endpoint: it acts for a signed-in person. See /api/openapi.json for the operations tagged 'public-api'."

/** What the middleware puts on the context. */
export type AuthVariables = {
  /** The access token's subject; with an API key, the member who created it. */
  userId: string
  /** The tenant the call is for, from `tenantOf` (http/tenant.ts; membership not yet checked). */
  orgId: string
  /** The access token's session (`sid`, `sessions.id`); undefined for a token signed before sessions existed. */
  sessionId: string | undefined
  /** The API key the request presented (server/http/api-keys.ts); undefined for a person's access token. */
  apiKey: ApiKeyCaller | undefined
  /** Set by the route registrar (http/route.ts) on endpoints the contract marks `apiKeys`. */
  apiKeysAccepted: boolean | undefined
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
 * On an endpoint marked `apiKeys`, an API key found by server/http/api-keys.ts does instead:
 * its creator is `userId`, its workspace `orgId` (http/tenant.ts), no session.
 * @param now clock in ms (injectable for tests).
 * @throws ApiError 401 `unauthorized` (also for an API key on any other endpoint, or one whose
 *   creator's account is gone); 400 `invalid_request` when x-org-id is missing.
 */
export function requireAccessToken(key: SigningKey, now: () => number): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const nowS = Math.floor(now() / 1000)
    const token = bearerToken(requestHeader(c, 'authorization'))
    if (token !== undefined && looksLikeApiKey(token)) {
      const apiKey = c.get('apiKey')
      if (c.get('apiKeysAccepted') !== true || apiKey === undefined) throw unauthorized(API_KEY_NOT_ACCEPTED)
      if (apiKey.createdBy === null) throw unauthorized('The account that created this API key was deleted, so the key no longer works. Create a new one.')
      c.set('userId', apiKey.createdBy)
      c.set('orgId', tenantOf(c) as string)
      c.set('sessionId', undefined)
      return next()
    }
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
