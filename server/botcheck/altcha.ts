/**
 * ALTCHA, the embedded bot-check provider (SPEC.md §2.6, §4 Human verification): proof-of-work
 * challenges signed by this server, solved in the browser by the `altcha` widget, verified here
 * with altcha-lib 2. Nothing leaves the machine, so it works offline.
 *
 * Challenges use altcha-lib's deterministic mode: the server draws a secret counter in
 * [ceil(counterMax/2), counterMax], derives the key for it (PBKDF2/SHA-256, `cost` iterations)
 * and publishes its first half as the prefix to find; the browser tries counters from 0 until it
 * finds that key, so the work is about `cost × counter` iterations. The derived key is signed
 * (`keySignature`), so verifying is two HMACs, whatever the cost.
 *
 * Two HMAC secrets are derived from one random key generated on first start and kept in
 * `server_secrets` (the pattern of auth/access-token.ts `loadSigningKey`).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { createChallenge, randomInt, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { type AltchaChallenge, AltchaPayload } from '../../contract/botcheck.ts'
import { validate } from '../../contract/validate.ts'
import type { Database } from '../db/client.ts'
import { serverSecrets } from '../db/schema.ts'

/** The only algorithm this server issues and accepts (bundled in the widget, native in Node). */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256'

/** How long a challenge may be solved and submitted, seconds. */
export const ALTCHA_CHALLENGE_TTL_S = 300

const SECRET_NAME = 'bot_check_hmac_key'

/** The two HMAC secrets altcha-lib signs with (hex strings). */
export interface AltchaSecrets {
  /** Signs the challenge parameters. */
  readonly signature: string
  /** Signs the derived key (deterministic mode). */
  readonly keySignature: string
}

/** Derives the two secrets from the master key bytes (at least 32). */
export function altchaSecretsFrom(master: Uint8Array): AltchaSecrets {
  if (master.byteLength < 32) throw new Error('The bot-check HMAC key must be at least 32 bytes')
  const derive = (label: string) => createHmac('sha256', master).update(label).digest('hex')
  return { signature: derive('altcha challenge signature'), keySignature: derive('altcha derived-key signature') }
}

/**
 * The bot check's persisted master key (32 random bytes), generating and storing it on first
 * start. Safe when two servers race on an empty PostgreSQL: the insert ignores conflicts and
 * both read back the winner. Every bot-check secret is derived from it by label (ALTCHA's two
 * here, the proof key in proof.ts).
 */
export async function loadBotCheckMasterKey(db: Database): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME))
  if (row === undefined) throw new Error('The bot-check HMAC key could not be stored')
  return Buffer.from(row.value, 'base64url')
}

/** The ALTCHA secrets from the persisted master key ({@link loadBotCheckMasterKey}). */
export async function loadAltchaSecrets(db: Database): Promise<AltchaSecrets> {
  return altchaSecretsFrom(await loadBotCheckMasterKey(db))
}

export interface ChallengeOptions {
  /** PBKDF2 iterations per attempt. */
  readonly cost: number
  /** Largest secret counter (≥ 2). */
  readonly counterMax: number
  /** Clock, ms since the epoch. */
  readonly nowMs: number
}

/** A fresh signed challenge that expires {@link ALTCHA_CHALLENGE_TTL_S} seconds after `nowMs`. */
export async function createAltchaChallenge(secrets: AltchaSecrets, options: ChallengeOptions): Promise<AltchaChallenge> {
  const challenge = await createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: options.cost,
    counter: randomInt(options.counterMax, Math.ceil(options.counterMax / 2)),
    deriveKey,
    expiresAt: Math.floor(options.nowMs / 1000) + ALTCHA_CHALLENGE_TTL_S,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  })
  return { parameters: challenge.parameters as AltchaChallenge['parameters'], signature: challenge.signature ?? '' }
}

/** Why a token was refused. */
export type AltchaRefusal = 'malformed' | 'expired' | 'invalid_signature' | 'invalid_solution'

/**
 * The verdict on one token. `replayKey` names the challenge (a hash of its signature, which is
 * canonical: any re-encoding of the same payload has the same one) for the single-use store;
 * `expiresAt` is when the challenge stops being acceptable anyway.
 */
export type AltchaVerdict =
  | { readonly ok: true; readonly replayKey: string; readonly expiresAt: Date }
  | { readonly ok: false; readonly reason: AltchaRefusal }

/**
 * Checks an ALTCHA payload (base64 JSON from the widget): shape, algorithm, expiry by our clock
 * (and altcha-lib's own), signature of the parameters, and the solution. Never throws for bad
 * input.
 * @param nowMs clock, ms since the epoch.
 */
export async function verifyAltchaToken(secrets: AltchaSecrets, token: string, nowMs: number): Promise<AltchaVerdict> {
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(token, 'base64').toString('utf8'))
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  const decoded = validate(AltchaPayload, json)
  if (!decoded.ok) return { ok: false, reason: 'malformed' }
  const { challenge, solution } = decoded.value
  if (challenge.parameters.algorithm !== ALTCHA_ALGORITHM) return { ok: false, reason: 'invalid_signature' }
  const expiresAtS = challenge.parameters.expiresAt
  if (expiresAtS === undefined) return { ok: false, reason: 'invalid_signature' }
  if (expiresAtS * 1000 <= nowMs) return { ok: false, reason: 'expired' }
  let result: Awaited<ReturnType<typeof verifySolution>>
  try {
    result = await verifySolution({
      challenge: { parameters: { ...challenge.parameters }, signature: challenge.signature },
      solution: { ...solution },
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.keySignature,
    })
  } catch {
    // altcha-lib throws for parameters it cannot work with (e.g. an absurd key length).
    return { ok: false, reason: 'malformed' }
  }
  if (result.expired) return { ok: false, reason: 'expired' }
  if (result.invalidSignature) return { ok: false, reason: 'invalid_signature' }
  if (!result.verified) return { ok: false, reason: 'invalid_solution' }
  return {
    ok: true,
    replayKey: createHash('sha256').update(`altcha:${challenge.signature}`).digest('hex'),
    expiresAt: new Date(expiresAtS * 1000),
  }
}
