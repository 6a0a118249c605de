/**
 * The session's memory of a passed check (SPEC.md §2.6: once verified, the session remembers
 * it), in sessionStorage, so it lasts as long as the tab and no longer.
 *
 * The gate is bound to the server: a passed check answers a proof that sign-in and sign-up
 * require. The session keeps that proof (`bot_check_proof`: `{ proof, expiresAtMs }` as JSON) and
 * remembers the check only while the proof is unspent and live: a sign-in spends it, so the next
 * sign-in in the same tab passes the gate again (ALTCHA solves itself in about a second).
 * `bot_check_verified` is still written for the pages that only look (the /share pages).
 *
 * Storage errors (private modes, quotas) count as "not remembered".
 */
import { Schema } from 'effect'
import { BOT_CHECK_PROOF_SESSION_KEY, BOT_CHECK_SESSION_KEY } from '../../contract/botcheck.ts'
import { readStored } from './stored.ts'

/** A proof is not offered in its last 30 s: the request could arrive after it expired. */
const PROOF_MARGIN_MS = 30_000

const StoredProof = Schema.Struct({ proof: Schema.String, expiresAtMs: Schema.Number })

/** Whether this session passed the check and still holds a live proof of it. */
export function readVerified(storage: Pick<Storage, 'getItem'> | undefined, nowMs: number = Date.now()): boolean {
  try {
    return storage?.getItem(BOT_CHECK_SESSION_KEY) === 'true' && readProof(storage, nowMs) !== undefined
  } catch {
    return false
  }
}

/**
 * Records that this session passed the check, with the server's proof.
 * @param expiresInS the proof's lifetime as the server answered it, seconds.
 * @param nowMs clock, ms since the epoch.
 */
export function rememberVerified(storage: Pick<Storage, 'setItem'> | undefined, proof: { proof: string; expiresInS: number }, nowMs: number = Date.now()): void {
  try {
    storage?.setItem(BOT_CHECK_SESSION_KEY, 'true')
    storage?.setItem(BOT_CHECK_PROOF_SESSION_KEY, JSON.stringify({ proof: proof.proof, expiresAtMs: nowMs + proof.expiresInS * 1000 }))
  } catch {
    // not remembered: the next gated page asks again
  }
}

/** The session's live proof, or undefined when there is none (never passed, spent, expired, unreadable). */
export function readProof(storage: Pick<Storage, 'getItem'> | undefined, nowMs: number = Date.now()): string | undefined {
  const stored = readStored(storage, BOT_CHECK_PROOF_SESSION_KEY, StoredProof)
  return stored === null || stored.expiresAtMs - PROOF_MARGIN_MS <= nowMs ? undefined : stored.proof
}

/** Forgets the proof and the memory of the check: spent by a sign-in, or refused by the server. */
export function forgetVerified(storage: Pick<Storage, 'removeItem'> | undefined): void {
  try {
    storage?.removeItem(BOT_CHECK_PROOF_SESSION_KEY)
    storage?.removeItem(BOT_CHECK_SESSION_KEY)
  } catch {
    // nothing to forget where storage cannot be reached
  }
}

