/**
 * The human-verification bot check (SPEC.md §2.6 Human-verification overlay, §4 Human
 * verification, §7 `POST /users/verify-turnstile`, §8 Human verification failure).
 *
 * Two providers sit behind one adapter (server/botcheck/): the embedded default, ALTCHA
 * (proof-of-work, self-hosted, works offline), and Cloudflare Turnstile when the server has its
 * keys. `GET /users/bot-check/config` (ours) tells the browser which one is active, so the
 * browser needs no build-time configuration. Whatever the provider, the browser ends with one
 * opaque token and sends it to `POST /users/verify-turnstile` (the spec's name, kept for both).
 * Tokens are single-use on the server. A passed check yields a short-lived proof that sign-in
 * and sign-up require, so the gate binds the server too, not only the page.
 */
import { Schema } from 'effect'
import { endpoint } from './endpoint.ts'

/** Which check the gate runs: `off` only in local development (BOT_CHECK=off). */
export const BotCheckProviders = ['altcha', 'turnstile', 'off'] as const
export const BotCheckProvider = Schema.Literals(BotCheckProviders)
export type BotCheckProvider = typeof BotCheckProvider.Type

/**
 * `GET /users/bot-check/config` (ours). `turnstileSiteKey` is set exactly when the provider is
 * `turnstile` (a configuration breaking that rule does not decode).
 */
export const BotCheckConfigResponse = Schema.Union([
  Schema.Struct({ provider: Schema.Literals(['altcha', 'off']), turnstileSiteKey: Schema.Null }),
  Schema.Struct({ provider: Schema.Literal('turnstile'), turnstileSiteKey: Schema.String.check(Schema.isMinLength(1)) }),
])
export type BotCheckConfigResponse = typeof BotCheckConfigResponse.Type

/** Longest token accepted (characters): an ALTCHA payload is about 600, a Turnstile token at most 2048. */
export const BOT_CHECK_TOKEN_MAX_LENGTH = 4096

/** `POST /users/verify-turnstile` (SPEC §7): the token the widget produced. */
export const VerifyBotCheckRequest = Schema.Struct({
  token: Schema.String.check(
    Schema.isMinLength(1, { message: 'The verification token is missing' }),
    Schema.isMaxLength(BOT_CHECK_TOKEN_MAX_LENGTH, { message: 'The verification token is too long' }),
  ),
})
export type VerifyBotCheckRequest = typeof VerifyBotCheckRequest.Encoded

/** How long a bot-check proof is accepted after the check passed, seconds. */
export const BOT_CHECK_PROOF_TTL_S = 600

/** Longest proof accepted (characters); the server's are about 90. Longer is a 400 naming the field. */
export const BOT_CHECK_PROOF_MAX_LENGTH = 256

/**
 * The proof a passed check yields: opaque to the browser, signed by the
 * server, valid {@link BOT_CHECK_PROOF_TTL_S} seconds. Sent as `bot_check_proof` with
 * `POST /users/signin` and `POST /users/signup`, which require it while BOT_CHECK is on. A
 * well-formed but forged, expired or used-up proof is a 403 {@link BOT_CHECK_REQUIRED_ERROR_CODE},
 * not a 400: the caller cannot tell one from another by its shape.
 */
export const BotCheckProof = Schema.String.check(
  Schema.isMinLength(1, { message: 'The human-verification proof is empty' }),
  Schema.isMaxLength(BOT_CHECK_PROOF_MAX_LENGTH, { message: 'The human-verification proof is too long' }),
)

/**
 * The 200 answer of `POST /users/verify-turnstile` (the spec shows none): `verified`, and
 * the `proof` for sign-in and sign-up with its lifetime `expires_in` (seconds).
 */
export const VerifyBotCheckResponse = Schema.Struct({
  verified: Schema.Literal(true),
  proof: BotCheckProof,
  expires_in: Schema.Number,
})
export type VerifyBotCheckResponse = typeof VerifyBotCheckResponse.Type

/** 403: the check failed (forged, tampered, wrong solution, expired or already used). */
export const BOT_CHECK_FAILED_ERROR_CODE = 'bot_check_failed'
/**
 * 403 on sign-in and sign-up: the request carries no proof, or one that is forged,
 * expired or used up, or (past the failed sign-in threshold for the email) one already used
 * for an attempt. The browser shows the verification gate again.
 */
export const BOT_CHECK_REQUIRED_ERROR_CODE = 'bot_check_required'
/** 502: Turnstile's siteverify could not be reached or answered nonsense; the visitor may retry. */
export const BOT_CHECK_UNAVAILABLE_ERROR_CODE = 'bot_check_unavailable'

/** The Turnstile `action` the widget is rendered with; siteverify must report the same. */
export const TURNSTILE_ACTION = 'verify-human'

/** Key of the session memory (sessionStorage, SPEC §2.6 "once verified, the session remembers it"). */
export const BOT_CHECK_SESSION_KEY = 'bot_check_verified'
/** Key of the session's unspent proof (sessionStorage): `{ proof, expiresAtMs }` as JSON. */
export const BOT_CHECK_PROOF_SESSION_KEY = 'bot_check_proof'

// ---------------------------------------------------------------------------------------------
// ALTCHA (altcha-lib 2 challenge and payload formats)

/** Hex string, lower case (what altcha-lib signs and compares). */
const Hex = Schema.String.check(Schema.isPattern(/^[0-9a-f]+$/, { message: 'Expected lower-case hex' }))

/** The signed parameters of an ALTCHA challenge (altcha-lib `ChallengeParameters`). */
export const AltchaChallengeParameters = Schema.Struct({
  algorithm: Schema.String,
  nonce: Hex,
  salt: Hex,
  cost: Schema.Number,
  keyLength: Schema.Number,
  keyPrefix: Hex,
  keySignature: Schema.optional(Hex),
  memoryCost: Schema.optional(Schema.Number),
  parallelism: Schema.optional(Schema.Number),
  /** Seconds since the epoch. */
  expiresAt: Schema.optional(Schema.Number),
  data: Schema.optional(Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Number, Schema.Boolean, Schema.Null]))),
})

/** `GET /users/bot-check/challenge` (ours): a fresh, signed, expiring challenge for the widget. */
export const AltchaChallenge = Schema.Struct({
  parameters: AltchaChallengeParameters,
  signature: Hex,
})
export type AltchaChallenge = typeof AltchaChallenge.Type

/**
 * What the ALTCHA widget hands over once it solved a challenge: base64 of this JSON. It is the
 * `token` of `POST /users/verify-turnstile` when the provider is ALTCHA. (The widget's test mode
 * produces `{ challenge: null, solution: null, test: true }`, which does not decode: the server
 * accepts no client-made token.)
 */
export const AltchaPayload = Schema.Struct({
  challenge: AltchaChallenge,
  solution: Schema.Struct({
    counter: Schema.Number,
    derivedKey: Hex,
    /** ms the browser took; informative only. */
    time: Schema.optional(Schema.Number),
  }),
})
export type AltchaPayload = typeof AltchaPayload.Type

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts), public. The ALTCHA widget fetches its challenge itself
// (`GET /users/bot-check/challenge`, {@link AltchaChallenge}), outside the browser's API client.

/**
 * - `config` (ours): which check the verification gate runs (SPEC §2.6).
 * - `verify` (SPEC §7 `POST /users/verify-turnstile`): a proof for sign-in and sign-up; 403
 *   `bot_check_failed` for a token refused or replayed, 502 `bot_check_unavailable` when
 *   Turnstile's siteverify cannot be reached.
 */
export const botCheckApi = {
  config: endpoint('GET', '/users/bot-check/config', { response: BotCheckConfigResponse, access: 'public' }),
  verify: endpoint('POST', '/users/verify-turnstile', {
    body: VerifyBotCheckRequest,
    response: VerifyBotCheckResponse,
    access: 'public',
    errors: [BOT_CHECK_FAILED_ERROR_CODE, BOT_CHECK_UNAVAILABLE_ERROR_CODE],
  }),
}
