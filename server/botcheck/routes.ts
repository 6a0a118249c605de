/**
 * The bot check's routes, mounted at `/api/users` beside the user routes (SPEC.md §2.6, §4 Human
 * verification, §7 `POST /users/verify-turnstile`; docs/api.md):
 *
 * - `GET /users/bot-check/config` (ours): which provider runs (`altcha` | `turnstile` | `off`)
 *   and the Turnstile site key, so the browser needs no build-time configuration.
 * - `GET /users/bot-check/challenge` (ours): a fresh signed ALTCHA challenge (404 when ALTCHA is
 *   not the provider).
 * - `POST /users/verify-turnstile` {token}: verifies the token with the configured provider.
 *   200 `{ verified: true, proof, expires_in }`, the proof sign-in and sign-up require
 *   (proof.ts); 400 `invalid_request` for a malformed body; 403 `bot_check_failed`
 *   for a forged, tampered, wrongly solved, expired or already used token; 502
 *   `bot_check_unavailable` when Turnstile's siteverify cannot be reached. With BOT_CHECK=off
 *   (development only) any well-formed body is answered 200 (with a proof nothing requires).
 *
 * All of them are public (the gate stands before sign-in). No rate limiting here: it is added
 * across endpoints separately.
 */
import { Hono } from 'hono'
import {
  BOT_CHECK_FAILED_ERROR_CODE,
  BOT_CHECK_UNAVAILABLE_ERROR_CODE,
  botCheckApi,
  type BotCheckConfigResponse,
} from '../../contract/botcheck.ts'
import type { Database } from '../db/client.ts'
import { contractRoutes } from '../http/route.ts'
import { ApiError, notFound } from '../http/errors.ts'
import { type AltchaRefusal, type AltchaSecrets, createAltchaChallenge, loadAltchaSecrets, verifyAltchaToken } from './altcha.ts'
import type { BotCheckConfig } from './config.ts'
import type { BotCheckProofs } from './proof.ts'
import { consumeOnce } from './replay.ts'
import { SiteverifyUnavailable, type TurnstileRefusal, verifyTurnstileToken } from './turnstile.ts'

export interface BotCheckRoutesDeps {
  readonly db: Database
  readonly config: BotCheckConfig
  /** Issues the proof a passed check answers (shared with the sign-in and sign-up routes). */
  readonly proofs: BotCheckProofs
  /** Clock, ms since the epoch. */
  readonly now: () => number
  /** Outbound HTTP for Turnstile's siteverify; defaults to the global `fetch`. */
  readonly fetch?: typeof fetch
  /** Where a siteverify outage is logged. */
  readonly logError: (message: string, error: unknown) => void
}

const REFUSAL_MESSAGES: Record<AltchaRefusal | TurnstileRefusal | 'replayed', string> = {
  malformed: 'The verification token is not one this server issued.',
  invalid_signature: 'The verification token is not one this server issued.',
  invalid_solution: 'The verification token does not solve its challenge.',
  expired: 'The verification token has expired. Please verify again.',
  replayed: 'The verification token was already used. Please verify again.',
  rejected: 'The human-verification check did not pass. Please verify again.',
  hostname_mismatch: 'The verification token was issued for another site.',
  action_mismatch: 'The verification token was issued for another action.',
}

/** 403 `bot_check_failed` with a message saying why (the reason is no secret: the token is the visitor's own). */
const checkFailed = (reason: keyof typeof REFUSAL_MESSAGES) => new ApiError(403, BOT_CHECK_FAILED_ERROR_CODE, REFUSAL_MESSAGES[reason])

/** The bot-check routes, to be mounted at `/api/users`. */
export function botCheckRoutes(deps: BotCheckRoutesDeps): Hono {
  const { config, db } = deps
  const app = new Hono()
  // Loaded on first use (the key lives in the database), then kept; a failed load is retried next time.
  let secrets: Promise<AltchaSecrets> | undefined
  const altchaSecrets = () => {
    secrets ??= loadAltchaSecrets(db).catch((error: unknown) => {
      secrets = undefined
      throw error
    })
    return secrets
  }

  const publicConfig: BotCheckConfigResponse =
    config.provider === 'turnstile' ? { provider: 'turnstile', turnstileSiteKey: config.siteKey } : { provider: config.provider, turnstileSiteKey: null }
  const route = contractRoutes(app, '/users')
  route(botCheckApi.config, [], () => publicConfig)

  app.get('/bot-check/challenge', async (c) => {
    if (config.provider !== 'altcha') throw notFound('This server does not use the ALTCHA check.')
    return c.json(await createAltchaChallenge(await altchaSecrets(), { cost: config.cost, counterMax: config.counterMax, nowMs: deps.now() }))
  })

  route(botCheckApi.verify, [], async (c, { body: { token } }) => {
    const nowMs = deps.now()
    if (config.provider === 'altcha') {
      const verdict = await verifyAltchaToken(await altchaSecrets(), token, nowMs)
      if (!verdict.ok) throw checkFailed(verdict.reason)
      if (!(await consumeOnce(db, verdict.replayKey, verdict.expiresAt, new Date(nowMs)))) throw checkFailed('replayed')
    } else if (config.provider === 'turnstile') {
      let verdict: Awaited<ReturnType<typeof verifyTurnstileToken>>
      try {
        verdict = await verifyTurnstileToken({
          secretKey: config.secretKey,
          token,
          expectedHostname: config.expectedHostname ?? new URL(c.req.url).hostname.toLowerCase(),
          fetch: deps.fetch ?? fetch,
          nowMs,
        })
      } catch (error) {
        if (!(error instanceof SiteverifyUnavailable)) throw error
        deps.logError('Bot check: Turnstile siteverify is unavailable', error)
        throw new ApiError(502, BOT_CHECK_UNAVAILABLE_ERROR_CODE, 'The human-verification service could not be reached. Please try again.')
      }
      if (!verdict.ok) throw checkFailed(verdict.reason)
      if (!(await consumeOnce(db, verdict.replayKey, verdict.expiresAt, new Date(nowMs)))) throw checkFailed('replayed')
    }
    const { proof, expiresInS } = await deps.proofs.issue()
    return { verified: true as const, proof, expires_in: expiresInS }
  })

  return app
}

/** The line main.ts prints at start about the bot check (SPEC §4: with BOT_CHECK=off the server says so). */
export function botCheckStartupLine(config: BotCheckConfig): string {
  switch (config.provider) {
    case 'off':
      return '  bot check OFF (BOT_CHECK=off): the "Verify You\'re Human" gate is disabled, for local development only'
    case 'turnstile':
      return `  bot check: Cloudflare Turnstile (site key ${config.siteKey}, hostname ${config.expectedHostname ?? 'from the Host header'})`
    case 'altcha':
      return `  bot check: ALTCHA proof-of-work (${config.cost} PBKDF2 iterations × counter up to ${config.counterMax})`
  }
}
