/**
 * The human-verification gate (SPEC.md §2.6 Human-verification overlay, §4 Human verification,
 * §8 Human verification failure): unverified → verifying → verified.
 *
 * - Start: `skip` in the input, or a session that already passed (`remembered`), is verified at
 *   once. Otherwise the gate is unverified and loads the bot-check configuration (which provider,
 *   `GET /users/bot-check/config`); provider `off` (development only) passes at once.
 * - `unverified.ready`: the widget is shown; it sends `botCheck.solved` with its token, which the
 *   server checks (`verifying`, `POST /users/verify-turnstile`). Success → `verified`, and the
 *   session remembers it with the server's proof for sign-in and sign-up (`rememberVerified`).
 * - Any failure (configuration not loaded, widget error, server refusal) is logged only
 *   (`logFailure`), shows no message, and keeps the gate up: after `retryDelay` a fresh widget
 *   (`attempt` + 1) tries again, or the configuration is loaded again.
 *
 * Pure: the configuration and verification calls, the session memory and the log are named in
 * setup and provided in src/ui/botcheck/VerificationGate.tsx.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { BotCheckConfigResponse, VerifyBotCheckResponse } from '../../contract/botcheck.ts'

/** How long a failed check waits before a fresh widget (or configuration load) tries again, ms (ours). */
export const VERIFICATION_RETRY_DELAY_MS = 3000

/** The provider the widget runs, once the configuration is known. */
export type GateProvider = { readonly kind: 'altcha' } | { readonly kind: 'turnstile'; readonly siteKey: string }

export interface VerificationGateContext {
  /** Verified from the start: told to skip, or remembered from earlier in the session. */
  readonly bypass: boolean
  /** The active provider; null until the configuration has loaded. */
  readonly provider: GateProvider | null
  /** Increments for every fresh widget, so the view remounts it (a token is single-use). */
  readonly attempt: number
}

export interface VerificationGateInput {
  /** The gate was told to skip (SPEC §2.6 "unless the gate is told to skip"). */
  readonly skip?: boolean
  /** This session already passed the check (sessionStorage). */
  readonly remembered?: boolean
}

export type VerificationGateEvent =
  /** The widget produced a token (ALTCHA payload or Turnstile response). */
  | { type: 'botCheck.solved'; token: string }
  /** The widget failed (could not fetch or solve its challenge, or Turnstile errored). */
  | { type: 'botCheck.failed'; error: unknown }

/** Where a failure came from, for the log. */
export type GateFailureSource = 'config' | 'widget' | 'verify'

export const verificationGateMachine = setup({
  types: {
    context: {} as VerificationGateContext,
    input: {} as VerificationGateInput,
    events: {} as VerificationGateEvent,
  },
  actors: {
    /** GET /users/bot-check/config. Implemented in src/. */
    loadConfig: fromPromise<BotCheckConfigResponse>(async () => {
      throw new Error('loadConfig is provided by src/')
    }),
    /** POST /users/verify-turnstile {token}; rejects when the server refuses. Implemented in src/. */
    verifyToken: fromPromise<VerifyBotCheckResponse, { token: string }>(async () => {
      throw new Error('verifyToken is provided by src/')
    }),
  },
  guards: {
    isBypassed: ({ context }) => context.bypass,
    isGateOff: (_, params: { config: BotCheckConfigResponse }) => params.config.provider === 'off',
    hasProvider: ({ context }) => context.provider !== null,
  },
  actions: {
    /** Keeps "this session passed" with the server's proof (sessionStorage). Provided in src/. */
    rememberVerified: (_, _params: { proof: string; expiresInS: number }) => {},
    /** SPEC §8: a failure is logged only. Provided in src/ (console.warn). */
    logFailure: (_, _params: { source: GateFailureSource; error: unknown }) => {},
    assignProvider: assign((_, params: { config: BotCheckConfigResponse }) => ({ provider: toProvider(params.config) })),
    assignNextAttempt: assign(({ context }) => ({ attempt: context.attempt + 1 })),
  },
  delays: {
    retryDelay: VERIFICATION_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'verificationGate',
  context: ({ input }) => ({ bypass: input.skip === true || input.remembered === true, provider: null, attempt: 0 }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isBypassed', target: 'verified' },
        { target: 'unverified' },
      ],
    },
    unverified: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadConfig',
            src: 'loadConfig',
            onDone: [
              { guard: { type: 'isGateOff', params: ({ event }) => ({ config: event.output }) }, target: '#verificationGate.verified' },
              { target: 'ready', actions: { type: 'assignProvider', params: ({ event }) => ({ config: event.output }) } },
            ],
            onError: { target: 'waiting', actions: { type: 'logFailure', params: ({ event }) => ({ source: 'config' as const, error: event.error }) } },
          },
        },
        ready: {
          on: {
            'botCheck.solved': { target: '#verificationGate.verifying' },
            'botCheck.failed': { target: 'waiting', actions: { type: 'logFailure', params: ({ event }) => ({ source: 'widget' as const, error: event.error }) } },
          },
        },
        waiting: {
          after: {
            retryDelay: [{ guard: 'hasProvider', target: 'ready', actions: 'assignNextAttempt' }, { target: 'loading' }],
          },
        },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyToken',
        src: 'verifyToken',
        input: ({ event }) => {
          assertEvent(event, 'botCheck.solved')
          return { token: event.token }
        },
        onDone: {
          target: 'verified',
          actions: { type: 'rememberVerified', params: ({ event }) => ({ proof: event.output.proof, expiresInS: event.output.expires_in }) },
        },
        onError: {
          target: 'unverified.waiting',
          actions: { type: 'logFailure', params: ({ event }) => ({ source: 'verify' as const, error: event.error }) },
        },
      },
    },
    verified: { type: 'final' },
  },
})

export type VerificationGateMachine = typeof verificationGateMachine

function toProvider(config: BotCheckConfigResponse): GateProvider | null {
  if (config.provider === 'turnstile') return { kind: 'turnstile', siteKey: config.turnstileSiteKey }
  return config.provider === 'altcha' ? { kind: 'altcha' } : null
}
