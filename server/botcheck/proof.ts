/**
 * Bot-check proofs (findings 5 and 6): the human-verification gate bound to the server.
 *
 * A successful `POST /users/verify-turnstile` answers a proof: `p1.<id>.<expiry>.<signature>`,
 * where `id` is 16 random bytes (base64url), `expiry` the second since the epoch after which it
 * is refused ({@link BOT_CHECK_PROOF_TTL_S} after issue), and `signature` the HMAC-SHA-256 of the
 * first three parts under a key derived from the bot check's master key (altcha.ts
 * `loadBotCheckMasterKey`, kept in `server_secrets`). Nothing is stored when a proof is issued.
 *
 * `POST /users/signin` and `POST /users/signup` require one while BOT_CHECK is on:
 * - each request with a proof takes one of its {@link BOT_CHECK_PROOF_MAX_ATTEMPTS} attempt
 *   slots (rows of `bot_check_tokens`, claimed atomically), so a mistyped password can be retried
 *   a few times on one check but a script cannot reuse one proof forever;
 * - a success spends it (its remaining slots are taken with it), at most once;
 * - past the failed sign-in threshold for an email (server/http/rate-limit.ts), a sign-in needs a
 *   fresh proof: one whose first slot is still free, i.e. never used for any attempt.
 * Refusals are 403 `bot_check_required`, and the browser shows the gate again.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { BOT_CHECK_PROOF_TTL_S, BOT_CHECK_REQUIRED_ERROR_CODE } from '../../contract/botcheck.ts'
import type { Database } from '../db/client.ts'
import { ApiError } from '../http/errors.ts'
import { loadBotCheckMasterKey } from './altcha.ts'
import type { BotCheckConfig } from './config.ts'
import { claimFirstFree, markUsed } from './replay.ts'

/** Requests one proof may be presented with (failed sign-ins, a taken sign-up email, the success). */
export const BOT_CHECK_PROOF_MAX_ATTEMPTS = 5

const PROOF_PATTERN = /^p1\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/

/** The proof-signing key (32 bytes), derived from the bot check's master key by its own label. */
export function proofKeyFrom(master: Uint8Array): Buffer {
  if (master.byteLength < 32) throw new Error('The bot-check HMAC key must be at least 32 bytes')
  return createHmac('sha256', master).update('bot-check proof signature').digest()
}

/** The proof-signing key from the persisted master key (generated on first start). */
export async function loadProofKey(db: Database): Promise<Buffer> {
  return proofKeyFrom(await loadBotCheckMasterKey(db))
}

const sign = (key: Uint8Array, payload: string) => createHmac('sha256', key).update(payload).digest('base64url')

/**
 * A new proof, valid `ttlS` seconds from `nowMs`.
 * @param nowMs clock, ms since the epoch.
 * @returns the proof and when it expires.
 */
export function issueProof(key: Uint8Array, nowMs: number, ttlS: number = BOT_CHECK_PROOF_TTL_S): { proof: string; expiresAt: Date } {
  const expiresAtS = Math.floor(nowMs / 1000) + ttlS
  const payload = `p1.${randomBytes(16).toString('base64url')}.${expiresAtS}`
  return { proof: `${payload}.${sign(key, payload)}`, expiresAt: new Date(expiresAtS * 1000) }
}

/** Why a proof is refused. `not_fresh`: it was used before, and the email needs a fresh one. */
export type ProofRefusal = 'missing' | 'forged' | 'expired' | 'used' | 'not_fresh'

export type ProofVerdict =
  | { readonly ok: true; readonly id: string; readonly expiresAt: Date }
  | { readonly ok: false; readonly reason: Extract<ProofRefusal, 'missing' | 'forged' | 'expired'> }

/**
 * Checks a proof's shape, signature (in constant time) and expiry; nothing is looked up. Never
 * throws for bad input.
 * @param nowMs clock, ms since the epoch.
 */
export function verifyProof(key: Uint8Array, proof: string | undefined, nowMs: number): ProofVerdict {
  if (proof === undefined) return { ok: false, reason: 'missing' }
  const match = PROOF_PATTERN.exec(proof)
  if (match === null) return { ok: false, reason: 'forged' }
  const [, id, expiry, signature] = match as unknown as [string, string, string, string]
  const expected = Buffer.from(sign(key, `p1.${id}.${expiry}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' }
  const expiresAtMs = Number(expiry) * 1000
  if (expiresAtMs <= nowMs) return { ok: false, reason: 'expired' }
  return { ok: true, id, expiresAt: new Date(expiresAtMs) }
}

const REFUSAL_MESSAGES: Record<ProofRefusal, string> = {
  missing: 'Confirm you are human first: this request needs the proof the human-verification check gives.',
  forged: 'The human-verification proof is not valid. Please verify again.',
  expired: 'The human-verification proof has expired. Please verify again.',
  used: 'The human-verification proof was already used. Please verify again.',
  not_fresh: 'There were many failed sign-ins for this email, so each attempt needs a new human verification. Please verify again.',
}

/** 403 `bot_check_required`, saying why (the proof is the caller's own: no secret in the reason). */
export const botCheckRequired = (reason: ProofRefusal) => new ApiError(403, BOT_CHECK_REQUIRED_ERROR_CODE, REFUSAL_MESSAGES[reason])

/** An admitted request's hold on its proof. */
export interface ProofTicket {
  /**
   * Spends the proof once the request succeeded: no further request may present it. Pass the
   * transaction doing the work, so a rolled-back request leaves the proof unspent.
   * @throws ApiError 403 `bot_check_required` when another request spent it first.
   */
  spend(db?: Database): Promise<void>
}

/** The proofs of one app. */
export interface BotCheckProofs {
  /** Whether sign-in and sign-up require a proof (BOT_CHECK on: ALTCHA or Turnstile). */
  readonly required: boolean
  /** A new proof for a passed check, with its lifetime in seconds. */
  issue(): Promise<{ readonly proof: string; readonly expiresInS: number }>
  /**
   * Admits one sign-in or sign-up request: checks `proof` and takes one of its attempt slots
   * (the first slot only when `fresh`). Always admits when no proof is required.
   * @throws ApiError 403 `bot_check_required` for a missing, forged, expired or used-up proof,
   *   or a used one when `fresh`.
   */
  admit(proof: string | undefined, options: { readonly fresh: boolean }): Promise<ProofTicket>
}

const NO_PROOF_NEEDED: ProofTicket = { spend: async () => {} }

/** The proofs of one app: the key is loaded from the database on first use, then kept. */
export function botCheckProofs(deps: { readonly db: Database; readonly config: BotCheckConfig; readonly now: () => number }): BotCheckProofs {
  const { db } = deps
  let key: Promise<Buffer> | undefined
  // A failed load (database down) is retried on the next request.
  const proofKey = () => {
    key ??= loadProofKey(db).catch((error: unknown) => {
      key = undefined
      throw error
    })
    return key
  }
  // Row keys are hashes, like the other single-use tokens of the table.
  const rowKey = (id: string, what: string) => createHash('sha256').update(`bot-check-proof:${id}:${what}`).digest('hex')
  const slotKeys = (id: string) => Array.from({ length: BOT_CHECK_PROOF_MAX_ATTEMPTS }, (_, i) => rowKey(id, `attempt:${i + 1}`))
  const required = deps.config.provider !== 'off'

  return {
    required,
    async issue() {
      const { proof } = issueProof(await proofKey(), deps.now())
      return { proof, expiresInS: BOT_CHECK_PROOF_TTL_S }
    },
    async admit(proof, { fresh }) {
      if (!required) return NO_PROOF_NEEDED
      const nowMs = deps.now()
      const verdict = verifyProof(await proofKey(), proof, nowMs)
      if (!verdict.ok) throw botCheckRequired(verdict.reason)
      const { id, expiresAt } = verdict
      const slots = slotKeys(id)
      const claimed = await claimFirstFree(db, fresh ? slots.slice(0, 1) : slots, expiresAt, new Date(nowMs))
      if (claimed === -1) throw botCheckRequired(fresh ? 'not_fresh' : 'used')
      return {
        async spend(tx = db) {
          const spentKey = rowKey(id, 'spent')
          const taken = await markUsed(tx, [spentKey, ...slots], expiresAt)
          if (!taken.has(spentKey)) throw botCheckRequired('used')
        },
      }
    },
  }
}
