/**
 * Access tokens: short-lived JWTs (HS256) carrying `sub` (user id), `jti`, `iat`, `exp`
 * (SPEC.md §4 Token refresh, §7 bearer header), and `sid`, the session (refresh-token family) it
 * was issued for (how the sessions list knows "This device"; tokens signed before
 * that have none and stay valid until they expire). They are not stored: a token is valid until
 * it expires (ACCESS_TOKEN_TTL_S, 300 s by default), which is why that lifetime is short.
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
 * @param sessionId the session it belongs to (`sessions.id`, the refresh-token family), as `sid`.
 */
export function signAccessToken(key: SigningKey, userId: string, nowS: number, ttlS: number, sessionId?: string): Promise<string> {
  return new SignJWT(sessionId === undefined ? {} : { sid: sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + ttlS)
    .sign(key)
}

/** At most this many verified tokens are remembered per signing key (see {@link verifyAccessToken}). */
export const VERIFIED_TOKENS_MAX = 10_000

/** What a full verification established about a token: its subject, session and time bounds (s). */
interface Verified {
  readonly sub: string
  readonly sid: string | undefined
  readonly exp: number
  readonly nbf: number | undefined
}

/** The claims of a valid access token a route may rely on. */
export interface AccessClaims {
  /** The user id. */
  readonly sub: string
  /** The session id (`sessions.id`); undefined for a token signed before sessions existed. */
  readonly sid: string | undefined
}

const verifiedTokens = new WeakMap<SigningKey, Map<string, Verified>>()

/** What {@link rememberedAccessToken} answers for a token no full check has passed yet. */
export const NOT_REMEMBERED = Symbol('not remembered')

/**
 * The answer {@link verifyAccessTokenClaims} gives for a token it has already verified with `key`,
 * without waiting for anything (the request's authentication then costs no promise):
 * its claims, or undefined once it has expired (`exp` <= nowS, and it is forgotten) or while it is
 * not yet valid (`nbf` > nowS). {@link NOT_REMEMBERED} when the token was never verified (or was
 * forgotten): only the full check can answer then.
 * @param nowS current time in seconds.
 */
export function rememberedAccessToken(key: SigningKey, token: string, nowS: number): AccessClaims | undefined | typeof NOT_REMEMBERED {
  const known = verifiedTokens.get(key)
  const hit = known?.get(token)
  if (hit === undefined) return NOT_REMEMBERED
  if (hit.exp <= nowS) {
    known?.delete(token)
    return undefined
  }
  return hit.nbf !== undefined && hit.nbf > nowS ? undefined : { sub: hit.sub, sid: hit.sid }
}

/**
 * Verifies signature, algorithm and expiry. Returns the user id, or undefined for any invalid,
 * expired or foreign token (the caller answers 401 either way, so the reason is not kept).
 * @param nowS current time in seconds.
 * See {@link verifyAccessTokenClaims}, which this reads the subject of.
 */
export async function verifyAccessToken(key: SigningKey, token: string, nowS: number): Promise<string | undefined> {
  return (await verifyAccessTokenClaims(key, token, nowS))?.sub
}

/**
 * Like {@link verifyAccessToken}, with the session id too (`sid`).
 * @param nowS current time in seconds.
 *
 * A token that passed the full check (jose: HS256 signature, header, required claims) is
 * remembered with its `sub`, `sid`, `exp` and `nbf`, per signing key, so the same token on its next
 * calls skips the HMAC and the JSON decoding (the bench measured that check at about a tenth of
 * the server's CPU per call on the notifications list). The answer is the same as the full
 * check's: signature, header and claim types do not change with time, and `exp` (valid while
 * now < exp) and `nbf` (valid once nbf <= now) are checked again on every call with the caller's
 * clock. Access tokens are not revocable before `exp` (they are not stored; sign-out revokes the
 * refresh token), so there is nothing else to invalidate; a new JWT_SECRET means a new process
 * and a new key. Only tokens that verified are kept, at most {@link VERIFIED_TOKENS_MAX} per
 * key (the oldest dropped first), and an expired one is dropped when seen.
 */
export async function verifyAccessTokenClaims(key: SigningKey, token: string, nowS: number): Promise<AccessClaims | undefined> {
  const remembered = rememberedAccessToken(key, token, nowS)
  if (remembered !== NOT_REMEMBERED) return remembered
  let known = verifiedTokens.get(key)
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      currentDate: new Date(nowS * 1000),
      requiredClaims: ['sub', 'jti', 'iat', 'exp'],
    })
    if (typeof payload.sub !== 'string') return undefined
    const sid = typeof payload['sid'] === 'string' ? payload['sid'] : undefined
    if (typeof payload.exp === 'number') {
      if (known === undefined) verifiedTokens.set(key, (known = new Map()))
      if (known.size >= VERIFIED_TOKENS_MAX) {
        for (const [t, v] of known) if (v.exp <= nowS) known.delete(t)
        if (known.size >= VERIFIED_TOKENS_MAX) known.delete(known.keys().next().value as string)
      }
      known.set(token, { sub: payload.sub, sid, exp: payload.exp, nbf: typeof payload.nbf === 'number' ? payload.nbf : undefined })
    }
    return { sub: payload.sub, sid }
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined
    throw error
  }
}
