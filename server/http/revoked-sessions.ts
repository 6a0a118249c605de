/**
 * Refuses every request whose bearer access token belongs to a signed-out session: 401
 * `session_revoked` (server/auth/revocations.ts), before any route runs. Mounted once on the whole
 * API, so no route can forget it. A request without a bearer token, or with one that does not
 * verify, passes untouched (its route answers as before); a token without a session (`sid`) too.
 *
 * Cost: for a token already verified in this process (every call but a token's first) a Map
 * lookup for its claims and one for the set, with no promise of our own; `npm run bench` measures it.
 */
import { requestHeader } from './node-response.ts'
import type { MiddlewareHandler } from 'hono'
import { looksLikeApiKey } from '../../contract/developers.ts'
import { NOT_REMEMBERED, rememberedAccessToken, verifyAccessTokenClaims, type SigningKey } from '../auth/access-token.ts'
import type { SessionRevocations } from '../auth/revocations.ts'
import { bearerToken } from './auth.ts'
import { sessionRevoked } from './errors.ts'

/** @param now clock, ms since the epoch. */
export function refuseRevokedSessions(deps: {
  readonly signingKey: SigningKey
  readonly revocations: SessionRevocations
  readonly now: () => number
}): MiddlewareHandler {
  const { revocations } = deps
  const judge = (sid: string | undefined, next: () => Promise<void>): Promise<void> | undefined => {
    if (sid === undefined) return undefined
    const revoked = revocations.isRevoked(sid)
    if (revoked === true) throw sessionRevoked()
    if (revoked === undefined) return revocations.ready().then(() => (revocations.isRevoked(sid) ? Promise.reject(sessionRevoked()) : next()))
    return undefined
  }
  return (c, next) => {
    const token = bearerToken(requestHeader(c, 'authorization'))
    // An API key is no session: server/http/api-keys.ts judges it.
    if (token === undefined || looksLikeApiKey(token)) return next()
    const nowS = Math.floor(deps.now() / 1000)
    const remembered = rememberedAccessToken(deps.signingKey, token, nowS)
    if (remembered !== NOT_REMEMBERED) return judge(remembered?.sid, next) ?? next()
    return verifyAccessTokenClaims(deps.signingKey, token, nowS).then((claims) => judge(claims?.sid, next) ?? next())
  }
}
