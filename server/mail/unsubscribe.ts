/**
 * One-click unsubscribe tokens (RFC 8058): a signed statement "user U no longer wants
 * emails of preference category C" (or, for a digest that mixes categories, any notification
 * email: scope {@link ALL_EMAIL_SCOPE}). Carried in the `List-Unsubscribe` header URL and in the
 * footer link of every notification email and digest; redeemed by server/mail/unsubscribe-routes.ts.
 *
 * Format: a JWT (jose, HS256), header `typ: "unsubscribe+jwt"`, claims `sub` (user id), `scope`
 * (a preference category id or "all"), `aud` {@link UNSUBSCRIBE_AUDIENCE}, `iat`. No expiry: an
 * old email's link must still work, and all it can do is switch an email channel off. Signed with
 * a key DERIVED from the access-token signing key (HMAC of a fixed label), never the key itself,
 * so an access token can never pass as an unsubscribe token nor the reverse, whatever claims
 * either carries; servers sharing the signing key (JWT_SECRET or `server_secrets`) share this one.
 * A new JWT_SECRET invalidates old unsubscribe links (the page then says the link is not valid and
 * points to the preferences).
 */
import { errors, jwtVerify, SignJWT } from 'jose'
import { ALL_EMAIL_SCOPE, DEFAULT_PREFERENCES } from '../../contract/notifications.ts'
import type { SigningKey } from '../auth/access-token.ts'

/** The `aud` of every unsubscribe token. */
export const UNSUBSCRIBE_AUDIENCE = 'engage:mail-unsubscribe'
/** The JOSE `typ` header of every unsubscribe token. */
export const UNSUBSCRIBE_TYP = 'unsubscribe+jwt'
const DERIVATION_LABEL = 'engage mail unsubscribe token key v1'

/** What a valid token says: whose email, and which preference category (or {@link ALL_EMAIL_SCOPE}.id). */
export interface UnsubscribeClaims {
  readonly userId: string
  readonly scope: string
}

export interface UnsubscribeTokens {
  /** A token for `userId` and `scope` (a preference category id or "all"). */
  sign(userId: string, scope: string): Promise<string>
  /** The claims of a valid token; undefined for a forged, foreign, malformed or unknown-scope one. */
  verify(token: string): Promise<UnsubscribeClaims | undefined>
}

/** Whether `scope` names something an unsubscribe can switch off. */
export const isUnsubscribeScope = (scope: string) => scope === ALL_EMAIL_SCOPE.id || DEFAULT_PREFERENCES.categories.some((c) => c.id === scope)

/** The key: HMAC-SHA256(signing key, label), imported as its own HS256 key. */
async function deriveKey(signingKey: SigningKey): Promise<CryptoKey> {
  const bytes = await crypto.subtle.sign('HMAC', signingKey, new TextEncoder().encode(DERIVATION_LABEL))
  return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
}

/**
 * The token service over the access-token signing key (server/auth/access-token.ts).
 * @param nowS clock in seconds, for `iat`.
 */
export function createUnsubscribeTokens(signingKey: SigningKey, nowS: () => number = () => Math.floor(Date.now() / 1000)): UnsubscribeTokens {
  let key: Promise<CryptoKey> | undefined
  const keyOnce = () => (key ??= deriveKey(signingKey))
  return {
    async sign(userId, scope) {
      return new SignJWT({ scope })
        .setProtectedHeader({ alg: 'HS256', typ: UNSUBSCRIBE_TYP })
        .setSubject(userId)
        .setAudience(UNSUBSCRIBE_AUDIENCE)
        .setIssuedAt(nowS())
        .sign(await keyOnce())
    },
    async verify(token) {
      if (token.length === 0 || token.length > 2048) return undefined
      try {
        const { payload, protectedHeader } = await jwtVerify(token, await keyOnce(), {
          algorithms: ['HS256'],
          audience: UNSUBSCRIBE_AUDIENCE,
          typ: UNSUBSCRIBE_TYP,
          requiredClaims: ['sub', 'aud', 'iat'],
        })
        const scope = payload['scope']
        if (protectedHeader.typ !== UNSUBSCRIBE_TYP || typeof payload.sub !== 'string' || typeof scope !== 'string' || !isUnsubscribeScope(scope))
          return undefined
        return { userId: payload.sub, scope }
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined
        throw error
      }
    },
  }
}

/** The API URL of the `List-Unsubscribe` header (RFC 8058 one-click POST target). */
export const unsubscribeApiUrl = (origin: string, token: string) => `${origin}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`
/** The SPA page a person lands on from the footer link (it asks before switching anything off). */
export const unsubscribePageUrl = (origin: string, token: string) => `${origin}/unsubscribe?token=${encodeURIComponent(token)}`

/** The RFC 2369 / RFC 8058 headers of a message unsubscribable with `token`. */
export function unsubscribeHeaders(origin: string, token: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeApiUrl(origin, token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}
