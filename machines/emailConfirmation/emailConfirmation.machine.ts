/**
 * Confirming an email address with the link sent at sign-up (ours;
 * `POST /users/confirm-email`, contract/account.ts): the /confirm-email?token=… page posts the
 * token once, on arrival.
 *
 *   start ──(token)──▶ confirming ──▶ confirmed
 *     │                    ├──(link refused: unknown, expired, used)──▶ invalid
 *     └──(no token)──▶ invalid   └──(server unreachable, 5xx, 429)──▶ failed ──confirm.retry──▶ confirming
 *
 * - A token the contract refuses (empty, over 200 characters) is `invalid` without a call.
 * - `confirmed` emits `email.confirmed`: a signed-in person's session is verified again, so the
 *   profile shows the address as confirmed.
 * - `invalid` shows the server's message (ACCOUNT_MESSAGES.linkInvalid); `failed` keeps the link
 *   usable and offers to try again.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { ACCOUNT_MESSAGES, ConfirmEmailRequest, type ConfirmEmailResponse } from '../../contract/account.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { validate } from '../../contract/validate.ts'
import { toFailure } from '../shared/failure.ts'
import { isLinkRefusal } from '../shared/link-refusal.ts'
import { confirmEmailMessages } from './emailConfirmation.messages.ts'

/** Shown when the server could not be reached or failed without a message of its own (ours). */
export const EMAIL_CONFIRMATION_FAILED_MESSAGE = localized(confirmEmailMessages.failed)

export interface EmailConfirmationContext {
  readonly token: string
  /** The address the server confirmed, once `confirmed`. */
  readonly email: string | null
  /** Why it was not confirmed, in `invalid` and `failed`. */
  readonly error: DisplayText | null
}

export type EmailConfirmationEvent = { type: 'confirm.retry' }
export type EmailConfirmationEmitted = { type: 'email.confirmed'; email: string }

export const emailConfirmationMachine = setup({
  types: {
    context: {} as EmailConfirmationContext,
    input: {} as { token: string },
    events: {} as EmailConfirmationEvent,
    emitted: {} as EmailConfirmationEmitted,
  },
  actors: {
    /** `POST /users/confirm-email` {token} → {email}. Provided by src/. */
    confirmEmail: fromPromise<ConfirmEmailResponse, { token: string }>(async () => {
      throw new Error('confirmEmail is provided by src/')
    }),
  },
  guards: {
    isTokenWellFormed: ({ context }) => validate(ConfirmEmailRequest, { token: context.token }).ok,
    isLinkRefused: (_, params: { error: unknown }) => isLinkRefusal(params.error),
  },
  actions: {
    assignInvalid: assign((_, params: { error: unknown }) => ({ error: toFailure(params.error, [], ACCOUNT_MESSAGES.linkInvalid).message })),
    assignFailed: assign((_, params: { error: unknown }) => ({ error: toFailure(params.error, [], '').message || EMAIL_CONFIRMATION_FAILED_MESSAGE })),
    assignConfirmed: assign((_, params: { email: string }) => ({ email: params.email, error: null })),
    emitConfirmed: emit((_, params: { email: string }) => ({ type: 'email.confirmed' as const, email: params.email })),
  },
}).createMachine({
  id: 'emailConfirmation',
  context: ({ input }) => ({ token: input.token, email: null, error: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isTokenWellFormed', target: 'confirming' }, { target: 'invalid', actions: { type: 'assignInvalid', params: { error: null } } }],
    },
    confirming: {
      invoke: {
        id: 'confirmEmail',
        src: 'confirmEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'confirmed',
          actions: [
            { type: 'assignConfirmed', params: ({ event }) => ({ email: event.output.email }) },
            { type: 'emitConfirmed', params: ({ event }) => ({ email: event.output.email }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isLinkRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
            actions: { type: 'assignInvalid', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'assignFailed', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    confirmed: { type: 'final' },
    invalid: { type: 'final' },
    failed: { on: { 'confirm.retry': 'confirming' } },
  },
})

export type EmailConfirmationMachine = typeof emailConfirmationMachine
