/**
 * Cloudflare Turnstile, the optional bot-check provider (SPEC.md §2.6, §4 Human verification,
 * §7 `POST /users/verify-turnstile`): the browser's token is checked with Cloudflare's
 * siteverify API, and the answer must say success, for our hostname and our action.
 *
 * siteverify refuses a token it has seen before (`timeout-or-duplicate`) and one older than
 * 300 s; the route keeps its own single-use record as well (botcheck/replay.ts).
 */
import { createHash } from 'node:crypto'
import { Schema } from 'effect'
import { TURNSTILE_ACTION } from '../../contract/botcheck.ts'
import { validate } from '../../contract/validate.ts'

export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'

/** How long a Turnstile token is valid, seconds (Cloudflare's rule). */
export const TURNSTILE_TOKEN_TTL_S = 300

/** How long siteverify may take before the check counts as unavailable, ms. */
export const SITEVERIFY_TIMEOUT_MS = 10_000

/** The fields of the siteverify answer this server reads. */
const SiteverifyResponse = Schema.Struct({
  success: Schema.Boolean,
  hostname: Schema.optional(Schema.String),
  action: Schema.optional(Schema.String),
  'error-codes': Schema.optional(Schema.Array(Schema.String)),
})

/** Thrown when siteverify cannot be reached or answers something that is not its JSON. */
export class SiteverifyUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SiteverifyUnavailable'
  }
}

export type TurnstileRefusal = 'rejected' | 'hostname_mismatch' | 'action_mismatch'

export type TurnstileVerdict =
  | { readonly ok: true; readonly replayKey: string; readonly expiresAt: Date }
  | { readonly ok: false; readonly reason: TurnstileRefusal; readonly errorCodes: ReadonlyArray<string> }

export interface TurnstileCheck {
  readonly secretKey: string
  readonly token: string
  /** Lower-case hostname siteverify must report. */
  readonly expectedHostname: string
  /** Outbound HTTP; tests pass a fake siteverify. */
  readonly fetch: typeof fetch
  /** Clock, ms since the epoch. */
  readonly nowMs: number
}

/**
 * Asks siteverify about `token`.
 * @throws SiteverifyUnavailable on a network error, a timeout ({@link SITEVERIFY_TIMEOUT_MS}),
 *   a non-2xx status or a body that is not siteverify's JSON.
 */
export async function verifyTurnstileToken(check: TurnstileCheck): Promise<TurnstileVerdict> {
  let response: Response
  try {
    response = await check.fetch(SITEVERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: check.secretKey, response: check.token }).toString(),
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    })
  } catch (error) {
    throw new SiteverifyUnavailable('Turnstile siteverify could not be reached', { cause: error })
  }
  if (!response.ok) throw new SiteverifyUnavailable(`Turnstile siteverify answered ${response.status}`)
  let json: unknown
  try {
    json = await response.json()
  } catch (error) {
    throw new SiteverifyUnavailable('Turnstile siteverify answered something that is not JSON', { cause: error })
  }
  const decoded = validate(SiteverifyResponse, json)
  if (!decoded.ok) throw new SiteverifyUnavailable('Turnstile siteverify answered an unexpected shape')
  const answer = decoded.value
  const errorCodes = answer['error-codes'] ?? []
  if (!answer.success) return { ok: false, reason: 'rejected', errorCodes }
  if (answer.hostname?.toLowerCase() !== check.expectedHostname) return { ok: false, reason: 'hostname_mismatch', errorCodes }
  if (answer.action !== TURNSTILE_ACTION) return { ok: false, reason: 'action_mismatch', errorCodes }
  return {
    ok: true,
    replayKey: createHash('sha256').update(`turnstile:${check.token}`).digest('hex'),
    expiresAt: new Date(check.nowMs + TURNSTILE_TOKEN_TTL_S * 1000),
  }
}
