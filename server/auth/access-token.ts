/**
 * Access tokens: short-lived JWTs (HS256) carrying `sub` (user id), `jti`, `iat`, `exp`
 * (SPEC.md §4 Token refresh, §7 bearer header). They are not stored: a token is valid until it
 * expires (ACCESS_TOKEN_TTL_S, 300 s by default), which is why that lifetime is short.
 *
 * The signing secret is JWT_SECRET when set; otherwise 32 random bytes generated on first start
 * and kept in `server_secrets`, so tokens survive a restart without a secret in the repository.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { SignJWT, errors, jwtVerify } from 'jose'
import type { Database } from '../db/client.ts'
import { serverSecrets } from '../db/schema.ts'

const SECRET_NAME = 'access_token_signing_key'
const ALGORITHM = 'HS256'

/** An imported HMAC key, ready for signing and verifying. */
export type SigningKey = CryptoKey

/** Imports raw secret bytes (at least 32) as an HS256 key. */
export function importSigningKey(secret: Uint8Array): Promise<SigningKey> {
  if (secret.byteLength < 32) throw new Error('The access-token signing secret must be at least 32 bytes')
  return crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
}

/**
 * The signing key: from `jwtSecret` (UTF-8 bytes) if given, else the persisted one, generating
 * and storing it on first start. Safe when two servers race on an empty PostgreSQL: the insert
 * ignores conflicts and both read back the winner.
 */
export async function loadSigningKey(db: Database, jwtSecret: string | undefined): Promise<SigningKey> {
  if (jwtSecret !== undefined) return importSigningKey(new TextEncoder().encode(jwtSecret))
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME))
  if (row === undefined) throw new Error('The access-token signing key could not be stored')
  return importSigningKey(Buffer.from(row.value, 'base64url'))
}

/**
 * Signs an access token for `userId`.
 * @param nowS current time in seconds (injectable for tests).
 * @param ttlS lifetime in seconds.
 */
export function signAccessToken(key: SigningKey, userId: string, nowS: number, ttlS: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + ttlS)
    .sign(key)
}

/** At most this many verified tokens are remembered per signing key (see {@link verifyAccessToken}). */
export const VERIFIED_TOKENS_MAX = 10_000

/** What a full verification established about a token: its subject and its time bounds (s). */
interface Verified {
  readonly sub: string
  readonly exp: number
  readonly nbf: number | undefined
}

const verifiedTokens = new WeakMap<SigningKey, Map<string, Verified>>()

/**
 * Verifies signature, algorithm and expiry. Returns the user id, or undefined for any invalid,
 * expired or foreign token (the caller answers 401 either way, so the reason is not kept).
 * @param nowS current time in seconds.
 *
 * A token that passed the full check (jose: HS256 signature, header, required claims) is
 * remembered with its `sub`, `exp` and `nbf`, per signing key, so the same token on its next
 * calls skips the HMAC and the JSON decoding (the bench measured that check at about a tenth of
 * the server's CPU per call on the notifications list). The answer is the same as the full
 * check's: signature, header and claim types do not change with time, and `exp` (valid while
 * now < exp) and `nbf` (valid once nbf <= now) are checked again on every call with the caller's
 * clock. Access tokens are not revocable before `exp` (they are not stored; sign-out revokes the
 * refresh token), so there is nothing else to invalidate; a new JWT_SECRET means a new process
 * and a new key. Only tokens that verified are kept, at most {@link VERIFIED_TOKENS_MAX} per
 * key (the oldest dropped first), and an expired one is dropped when seen.
 */
export async function verifyAccessToken(key: SigningKey, token: string, nowS: number): Promise<string | undefined> {
  let known = verifiedTokens.get(key)
  const hit = known?.get(token)
  if (hit !== undefined) {
    if (hit.exp <= nowS) {
      known?.delete(token)
      return undefined
    }
    return hit.nbf !== undefined && hit.nbf > nowS ? undefined : hit.sub
  }
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      currentDate: new Date(nowS * 1000),
      requiredClaims: ['sub', 'jti', 'iat', 'exp'],
    })
    if (typeof payload.sub === 'string' && typeof payload.exp === 'number') {
      if (known === undefined) verifiedTokens.set(key, (known = new Map()))
      if (known.size >= VERIFIED_TOKENS_MAX) {
        for (const [t, v] of known) if (v.exp <= nowS) known.delete(t)
        if (known.size >= VERIFIED_TOKENS_MAX) known.delete(known.keys().next().value as string)
      }
      known.set(token, { sub: payload.sub, exp: payload.exp, nbf: typeof payload.nbf === 'number' ? payload.nbf : undefined })
    }
    return payload.sub
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined
    throw error
  }
}
