/**
 * Two-factor authentication (docs/api.md
 * "Two-factor authentication", docs/decisions.md): TOTP (RFC 6238) with otplib, recovery codes,
 * and the signed challenge that carries a sign-in from the password to the second step.
 *
 * - Secrets are encrypted at rest with AES-256-GCM (`v1.<iv>.<ciphertext>.<tag>`, base64url),
 *   the user id as additional data so a ciphertext copied onto another account does not decrypt.
 * - A code is accepted in the current 30 s step or one step either side (clock drift, typing
 *   time), and only once: the accepted step is stored (`users.two_factor_last_step`) and later
 *   codes must be of a newer step. The update is conditional, so two requests racing with one
 *   code cannot both pass.
 * - Recovery codes (ten, `abcde-23456`, about 49 bits each) are stored as SHA-256; using one
 *   marks it used in the same conditional way.
 * - The sign-in challenge is an HS256 JWT with its own key and audience (never accepted as an
 *   access token), valid {@link TWO_FACTOR_CHALLENGE_TTL_S} seconds, bound to the user and the
 *   workspace the sign-in starts in.
 *
 * Keys: one 32-byte master key generated on first start and kept in `server_secrets` (the
 * pattern of auth/access-token.ts `loadSigningKey`); the encryption and signing keys are derived
 * from it with HKDF-SHA-256, each for one purpose.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt, randomUUID } from 'node:crypto'
import { and, count, eq, isNull, lt, or } from 'drizzle-orm'
import { SignJWT, errors, jwtVerify } from 'jose'
import { generateSecret, generateURI, verify as verifyTotpCode } from 'otplib'
import QRCode from 'qrcode'
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
} from '../../contract/twoFactor.ts'
import type { Database } from '../db/client.ts'
import { serverSecrets, twoFactorRecoveryCodes, users } from '../db/schema.ts'

/** Issuer shown by authenticator apps next to the account's email. */
export const TOTP_ISSUER = 'Engage'
/** How long a sign-in may wait for its second factor, seconds. */
export const TWO_FACTOR_CHALLENGE_TTL_S = 300
/** Steps accepted either side of the current one. */
const TOLERANCE_STEPS = 1

const SECRET_NAME = 'two_factor_master_key'
const CHALLENGE_AUDIENCE = 'engage:two-factor-challenge'
const CIPHER = 'aes-256-gcm'
const FORMAT_VERSION = 'v1'

/** The keys derived from the master key. */
export interface TwoFactorKeys {
  /** AES-256-GCM key (32 bytes) for TOTP secrets at rest. */
  readonly encryption: Buffer
  /** HS256 key for sign-in challenges. */
  readonly challenge: CryptoKey
}

/** Derives the two purpose keys from the master key bytes (at least 32). */
export async function twoFactorKeysFrom(master: Uint8Array): Promise<TwoFactorKeys> {
  if (master.byteLength < 32) throw new Error('The two-factor master key must be at least 32 bytes')
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32))
  const challenge = await crypto.subtle.importKey('raw', new Uint8Array(derive('engage two-factor challenge')), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ])
  return { encryption: derive('engage two-factor secret encryption'), challenge }
}

/**
 * The keys from the persisted master key, generating and storing it on first start. Safe when
 * two servers race on an empty PostgreSQL: the insert ignores conflicts and both read the winner.
 */
export async function loadTwoFactorKeys(db: Database): Promise<TwoFactorKeys> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME))
  if (row === undefined) throw new Error('The two-factor master key could not be stored')
  return twoFactorKeysFrom(Buffer.from(row.value, 'base64url'))
}

// ---------------------------------------------------------------------------------------------
// Secrets at rest

/** Encrypts a Base32 TOTP secret for `userId`'s row. */
export function encryptSecret(key: Buffer, userId: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv(CIPHER, key, iv)
  cipher.setAAD(Buffer.from(userId, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [FORMAT_VERSION, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.')
}

/**
 * Decrypts what {@link encryptSecret} stored for `userId`.
 * @throws Error when the value is malformed, was encrypted for another user or with another key
 *   (the caller's 500: that is corruption or a lost key, not a client mistake).
 */
export function decryptSecret(key: Buffer, userId: string, stored: string): string {
  const [version, iv, ciphertext, tag] = stored.split('.')
  if (version !== FORMAT_VERSION || iv === undefined || ciphertext === undefined || tag === undefined) {
    throw new Error('A stored two-factor secret has an unknown format')
  }
  const decipher = createDecipheriv(CIPHER, key, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(userId, 'utf8'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
}

// ---------------------------------------------------------------------------------------------
// TOTP

/** A new TOTP secret: 20 random bytes (160 bits, RFC 4226's recommendation), Base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 })
}

/** The `otpauth://totp/Engage:<email>?secret=...&issuer=Engage` URI an authenticator app scans. */
export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_S })
}

/** The QR code of `text` as an SVG `data:` URL, for an `<img>`: it can carry no script. */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`
}

/** The time step of `nowMs` (RFC 6238 T with T0 = 0). */
export function timeStepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_S)
}

/**
 * Checks a 6-digit `code` against `secret` at `nowMs`, one step either side, refusing steps at or
 * before `lastStep` (a code works once).
 * @returns the matched time step, or undefined when the code is wrong or already used.
 */
export async function matchTotp(secret: string, code: string, nowMs: number, lastStep: number | null): Promise<number | undefined> {
  const epoch = Math.floor(nowMs / 1000)
  // otplib refuses an afterTimeStep beyond the window (a clock moved back); every step up to the
  // window's end is refused anyway then.
  const newestInWindow = timeStepAt(nowMs) + TOLERANCE_STEPS
  const afterTimeStep = lastStep === null ? undefined : Math.min(lastStep, newestInWindow)
  const result = await verifyTotpCode({
    secret,
    token: code,
    epoch,
    epochTolerance: TOLERANCE_STEPS * TOTP_PERIOD_S,
    period: TOTP_PERIOD_S,
    digits: TOTP_DIGITS,
    ...(afterTimeStep === undefined ? {} : { afterTimeStep }),
  })
  // The functional API's result type covers HOTP too; a TOTP match carries its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined
}

// ---------------------------------------------------------------------------------------------
// Recovery codes

/** SHA-256 (hex) of a normalised recovery code (lower case, no hyphen): what is stored. */
export function hashRecoveryCode(normalised: string): string {
  return createHash('sha256').update(normalised).digest('hex')
}

/** {@link RECOVERY_CODE_COUNT} new, distinct recovery codes, as shown: `abcde-23456`. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>()
  while (codes.size < RECOVERY_CODE_COUNT) {
    let raw = ''
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) raw += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]
    codes.add(`${raw.slice(0, RECOVERY_CODE_LENGTH / 2)}-${raw.slice(RECOVERY_CODE_LENGTH / 2)}`)
  }
  return [...codes]
}

/** Normalises a shown recovery code for hashing (the contract's `RecoveryCode` does the same). */
export const normaliseRecoveryCode = (code: string): string => code.replace(/[\s-]+/g, '').toLowerCase()

/**
 * Replaces `userId`'s recovery codes with `codes` (as shown) inside the caller's transaction.
 * Only the hashes are stored.
 */
export async function replaceRecoveryCodes(tx: Database, userId: string, codes: ReadonlyArray<string>, now: Date): Promise<void> {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
  await tx.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(normaliseRecoveryCode(code)), createdAt: now })))
}

/** How many of `userId`'s recovery codes are unused. */
export async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)))
  return row?.n ?? 0
}

// ---------------------------------------------------------------------------------------------
// Checking a second factor

/** A second factor as a request carries it, already normalised by the contract. */
export type SecondFactor = { readonly code: string } | { readonly recoveryCode: string }

/**
 * Checks and consumes `factor` for `userId`, whose two-factor authentication must be on: a TOTP
 * code of a step newer than the last accepted one (the step is then stored), or an unused
 * recovery code (then marked used). Conditional updates make each usable once, also under races.
 * Run it in the transaction of the change it authorises, so a refused change leaves it unused.
 * @returns false for a wrong, replayed or used code, or when 2FA is off.
 */
export async function consumeSecondFactor(tx: Database, keys: TwoFactorKeys, userId: string, factor: SecondFactor, nowMs: number): Promise<boolean> {
  const now = new Date(nowMs)
  if ('recoveryCode' in factor) {
    const used = await tx
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(factor.recoveryCode)),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id })
    return used.length === 1
  }
  const [user] = await tx.select({ secret: users.twoFactorSecret, lastStep: users.twoFactorLastStep }).from(users).where(eq(users.id, userId))
  if (user?.secret == null) return false
  const step = await matchTotp(decryptSecret(keys.encryption, userId, user.secret), factor.code, nowMs, user.lastStep)
  if (step === undefined) return false
  const advanced = await tx
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id })
  return advanced.length === 1
}

// ---------------------------------------------------------------------------------------------
// The sign-in challenge

/** What a valid challenge establishes. */
export interface Challenge {
  readonly userId: string
  /** The workspace the sign-in starts in (as the password step found it). */
  readonly orgId: string
  /** The challenge's own id (`jti`): a challenge completes one sign-in only. */
  readonly id: string
  /** When it stops being accepted (its `exp`). */
  readonly expiresAt: Date
}

/** Signs a challenge for `userId` starting in `orgId`, valid {@link TWO_FACTOR_CHALLENGE_TTL_S} s from `nowS`. */
export function signChallenge(keys: TwoFactorKeys, challenge: Pick<Challenge, 'userId' | 'orgId'>, nowS: number): Promise<string> {
  return new SignJWT({ org: challenge.orgId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(challenge.userId)
    .setAudience(CHALLENGE_AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + TWO_FACTOR_CHALLENGE_TTL_S)
    .sign(keys.challenge)
}

/** The challenge in `token`, or undefined when it is forged, expired or not a challenge. */
export async function verifyChallenge(keys: TwoFactorKeys, token: string, nowS: number): Promise<Challenge | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.challenge, {
      algorithms: ['HS256'],
      audience: CHALLENGE_AUDIENCE,
      currentDate: new Date(nowS * 1000),
      requiredClaims: ['sub', 'jti', 'iat', 'exp'],
    })
    if (typeof payload.sub !== 'string' || typeof payload.org !== 'string' || typeof payload.jti !== 'string') return undefined
    return { userId: payload.sub, orgId: payload.org, id: payload.jti, expiresAt: new Date((payload.exp ?? nowS) * 1000) }
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined
    throw error
  }
}

// ---------------------------------------------------------------------------------------------
// The service the routes share

/** Two-factor state the sign-in and the routes need, over one database and lazily loaded keys. */
export interface TwoFactorService {
  /** The keys, loaded from `server_secrets` on first use (a failed load is retried next time). */
  keys(): Promise<TwoFactorKeys>
  /** Whether `userId` has two-factor authentication on. */
  isEnabled(userId: string): Promise<boolean>
}

/** Builds the service; touches the database only on first use (createApp stays synchronous). */
export function createTwoFactorService(db: Database): TwoFactorService {
  let loading: Promise<TwoFactorKeys> | undefined
  return {
    keys() {
      loading ??= loadTwoFactorKeys(db).catch((error: unknown) => {
        loading = undefined
        throw error
      })
      return loading
    },
    async isEnabled(userId) {
      const [row] = await db.select({ enabledAt: users.twoFactorEnabledAt }).from(users).where(eq(users.id, userId))
      return row?.enabledAt != null
    },
  }
}
