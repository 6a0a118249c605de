/**
 * One-click unsubscribe tokens (RFC 8058): a signed statement "user U no longer wants
 * emails of preference category C" (or, for a digest that mixes categories, any notification
 * email: scope {@link ALL_EMAIL_SCOPE}). Carried in the `List-Unsubscribe` header URL and in the
 * footer link of every notification email and digest; redeemed by server/mail/unsubscribe-routes.ts.
 *
 * Format: a JWT (jose, HS256), header `typ: "unsubscribe+jwt"`, claims `sub` (user id), `scope`
 * (a preference category id or "all"), `aud` {@link UNSUBSCRIBE_AUDIENCE}, `iat`. No expiry: an
 * old email's link must still work, and all it can do is switch an email channel off. Signed with
 * the unsubscribe key: 32 random bytes of its own, generated on first use and kept in
 * `server_secrets` (`mail_unsubscribe_key`), so every server on one database agrees and a new
 * JWT_SECRET (rotating the access-token key) leaves the links in people's mailboxes working. An
 * access token can never pass as an unsubscribe token nor the reverse: different keys, `typ` and `aud`.
 *
 * Links mailed before the key existed were signed with a key derived from the access-token signing
 * key (HMAC of a fixed label); they are still accepted while that signing key is the same.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { errors, jwtVerify, SignJWT } from 'jose'
import { ALL_EMAIL_SCOPE, DEFAULT_PREFERENCES } from '../../contract/notifications.ts'
import type { SigningKey } from '../auth/access-token.ts'
import type { Database } from '../db/client.ts'
import { serverSecrets } from '../db/schema.ts'

/** The `aud` of every unsubscribe token. */
export const UNSUBSCRIBE_AUDIENCE = 'engage:mail-unsubscribe'
/** The JOSE `typ` header of every unsubscribe token. */
export const UNSUBSCRIBE_TYP = 'unsubscribe+jwt'
const DERIVATION_LABEL = 'engage mail unsubscribe token key v1'
const SECRET_NAME = 'mail_unsubscribe_key'

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

const importHmacKey = (bytes: BufferSource) => crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])

/** The key of links mailed before the unsubscribe key existed: HMAC-SHA256(signing key, label). */
async function legacyKey(signingKey: SigningKey): Promise<CryptoKey> {
  return importHmacKey(await crypto.subtle.sign('HMAC', signingKey, new TextEncoder().encode(DERIVATION_LABEL)))
}

/** The persisted unsubscribe key, generated on first use. Safe when two servers race on an empty database. */
async function loadUnsubscribeKey(db: Database): Promise<CryptoKey> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME))
  if (row === undefined) throw new Error('The unsubscribe key could not be stored')
  return importHmacKey(new Uint8Array(Buffer.from(row.value, 'base64url')))
}

/**
 * The token service over the unsubscribe key kept in `db` (loaded on first use; a failed load is
 * tried again next time).
 * @param legacySigningKey the access-token signing key: links signed with the key derived from it
 *   (before the unsubscribe key existed) are still accepted; undefined: not.
 * @param nowS clock in seconds, for `iat`.
 */
export function createUnsubscribeTokens(
  db: Database,
  legacySigningKey: SigningKey | undefined,
  nowS: () => number = () => Math.floor(Date.now() / 1000),
): UnsubscribeTokens {
  let key: Promise<CryptoKey> | undefined
  const keyOnce = () => {
    if (key === undefined) {
      key = loadUnsubscribeKey(db)
      key.catch(() => (key = undefined))
    }
    return key
  }
  let legacy: Promise<CryptoKey> | undefined
  const legacyOnce = () => (legacySigningKey === undefined ? undefined : (legacy ??= legacyKey(legacySigningKey)))
  /** The payload signed by `signer`, or undefined when its signature, `typ` or `aud` is not ours. */
  const verifiedWith = async (token: string, signer: CryptoKey) => {
    try {
      return await jwtVerify(token, signer, {
        algorithms: ['HS256'],
        audience: UNSUBSCRIBE_AUDIENCE,
        typ: UNSUBSCRIBE_TYP,
        requiredClaims: ['sub', 'aud', 'iat'],
      })
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined
      throw error
    }
  }
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
      const older = legacyOnce()
      const verified = (await verifiedWith(token, await keyOnce())) ?? (older === undefined ? undefined : await verifiedWith(token, await older))
      if (verified === undefined) return undefined
      const { payload, protectedHeader } = verified
      const scope = payload['scope']
      if (protectedHeader.typ !== UNSUBSCRIBE_TYP || typeof payload.sub !== 'string' || typeof scope !== 'string' || !isUnsubscribeScope(scope)) return undefined
      return { userId: payload.sub, scope }
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
