/**
 * The "Unsubscribe" link of a notification email (RFC 8058 one-click unsubscribe;
 * docs/api.md "Email unsubscribe"): the /unsubscribe?token=… page says what the link turns off and
 * asks before turning it off.
 *
 *   start ──(token)──▶ loading ──▶ ready ──unsubscribe.confirm──▶ submitting ──▶ done
 *     │                  │  └──(already off)──▶ alreadyUnsubscribed        │
 *     └──(no token)──▶ invalid ◀──(400: forged, foreign, unknown user)──────┤
 *                        failed ◀──(server unreachable, 5xx, 429)───────────┘
 *                        failed ──unsubscribe.retry──▶ loading (nothing known yet) | submitting
 *
 * - `loading` is `GET /mail/unsubscribe?token` (contract `UnsubscribeResponse`), which changes
 *   nothing: mail scanners and link previews open links, and the page must not unsubscribe anyone
 *   on arrival. Only `unsubscribe.confirm` (a click) posts.
 * - `submitting` is `POST /mail/unsubscribe?token` → `UnsubscribeResponse` with `unsubscribed: true`.
 * - A token the API refuses (400) is `invalid`; the page then points to the preferences.
 * - `failed` keeps what was loaded; 'Try again' repeats the step that failed.
 */
import { assign, fromPromise, setup } from 'xstate'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { UNSUBSCRIBE_LINK_INVALID, type UnsubscribeResponse } from '../../contract/notifications.ts'
import { toFailure } from '../shared/failure.ts'
import { unsubscribeMessages } from './unsubscribe.messages.ts'

/** The longest token the page sends (the server refuses longer ones: server/mail/unsubscribe.ts). */
export const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 2048


/** Shown when the server could not be reached or failed without a message of its own (ours). */
export const UNSUBSCRIBE_FAILED_MESSAGE = localized(unsubscribeMessages.failed)

export interface UnsubscribeContext {
  readonly token: string
  /** What the link turns off and for which address, once loaded (kept through `failed`). */
  readonly details: UnsubscribeResponse | null
  /** Why the last call failed, in `failed` (the server's words, or ours). */
  readonly error: DisplayText | null
}

export type UnsubscribeEvent = { type: 'unsubscribe.confirm' } | { type: 'unsubscribe.retry' }

/** Whether an API error says the link itself is refused (400 `invalid_request` at `token`), not the server down. */
export function isLinkRefused(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const status = (error as { status?: unknown }).status
  return status === 400 || status === 404 || status === 410
}

export const unsubscribeMachine = setup({
  types: {
    context: {} as UnsubscribeContext,
    input: {} as { token: string },
    events: {} as UnsubscribeEvent,
  },
  actors: {
    /** `GET /mail/unsubscribe?token` → what the link would turn off; changes nothing. Provided by src/. */
    describeUnsubscribe: fromPromise<UnsubscribeResponse, { token: string }>(async () => {
      throw new Error('describeUnsubscribe is provided by src/')
    }),
    /** `POST /mail/unsubscribe?token` → the same, now `unsubscribed: true`. Provided by src/. */
    unsubscribe: fromPromise<UnsubscribeResponse, { token: string }>(async () => {
      throw new Error('unsubscribe is provided by src/')
    }),
  },
  guards: {
    isTokenWellFormed: ({ context }) => context.token.length > 0 && context.token.length <= UNSUBSCRIBE_TOKEN_MAX_LENGTH,
    isAlreadyUnsubscribed: (_, params: { response: UnsubscribeResponse }) => params.response.unsubscribed,
    isLinkRefused: (_, params: { error: unknown }) => isLinkRefused(params.error),
    hasDetails: ({ context }) => context.details !== null,
  },
  actions: {
    assignDetails: assign((_, params: { response: UnsubscribeResponse }) => ({ details: params.response, error: null })),
    assignFailed: assign((_, params: { error: unknown }) => ({ error: toFailure(params.error, [], '').message || UNSUBSCRIBE_FAILED_MESSAGE })),
  },
}).createMachine({
  id: 'unsubscribe',
  context: ({ input }) => ({ token: input.token, details: null, error: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isTokenWellFormed', target: 'loading' }, { target: 'invalid' }],
    },
    loading: {
      invoke: {
        id: 'describeUnsubscribe',
        src: 'describeUnsubscribe',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: { type: 'isAlreadyUnsubscribed', params: ({ event }) => ({ response: event.output }) },
            target: 'alreadyUnsubscribed',
            actions: { type: 'assignDetails', params: ({ event }) => ({ response: event.output }) },
          },
          { target: 'ready', actions: { type: 'assignDetails', params: ({ event }) => ({ response: event.output }) } },
        ],
        onError: [
          { guard: { type: 'isLinkRefused', params: ({ event }) => ({ error: event.error }) }, target: 'invalid' },
          { target: 'failed', actions: { type: 'assignFailed', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    ready: {
      on: { 'unsubscribe.confirm': 'submitting' },
    },
    submitting: {
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'done', actions: { type: 'assignDetails', params: ({ event }) => ({ response: event.output }) } },
        onError: [
          { guard: { type: 'isLinkRefused', params: ({ event }) => ({ error: event.error }) }, target: 'invalid' },
          { target: 'failed', actions: { type: 'assignFailed', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      on: {
        'unsubscribe.retry': [{ guard: 'hasDetails', target: 'submitting' }, { target: 'loading' }],
      },
    },
    done: { type: 'final' },
    alreadyUnsubscribed: { type: 'final' },
    invalid: { type: 'final' },
  },
})

export type UnsubscribeMachine = typeof unsubscribeMachine
