/**
 * 'Resend confirmation email' on the Profile tab (the profile
 * shows whether the address is confirmed, with 'Resend'; `POST /users/me/confirm-email/resend`,
 * contract/account.ts). Shown only while the user object says `email_confirmed === false`.
 *
 *   idle ──resend──▶ sending ──▶ sent ──resend──▶ sending
 *                       ├──(409: already confirmed)──▶ alreadyConfirmed
 *                       └──(429, unreachable...)──▶ idle (with the server's message)
 *
 * - `sent` shows ACCOUNT_MESSAGES.confirmationSent; another link may be asked for (the server
 *   rate-limits it: its 429 message is shown).
 * - `alreadyConfirmed` (the address was confirmed in another tab or device) shows the server's
 *   message (ACCOUNT_MESSAGES.alreadyConfirmed) and the page shows the address as confirmed.
 */
import { assign, fromPromise, setup } from 'xstate'
import { ACCOUNT_MESSAGES } from '../../contract/account.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { toFailure } from '../shared/failure.ts'
import { confirmationResendMessages } from './confirmationResend.messages.ts'

/** Shown when the link could not be sent and the server said nothing people can read (ours). */
export const CONFIRMATION_RESEND_FAILED_MESSAGE = localized(confirmationResendMessages.failed)

export interface ConfirmationResendContext {
  /** What the last attempt says: the confirmation, the 409's or the failure's message; null before any. */
  readonly message: DisplayText | null
}

export type ConfirmationResendEvent = { type: 'resend' }

export const confirmationResendMachine = setup({
  types: {
    context: {} as ConfirmationResendContext,
    events: {} as ConfirmationResendEvent,
  },
  actors: {
    /** `POST /users/me/confirm-email/resend` (signed in) → 202 {ok: true}. Provided by src/. */
    resendConfirmation: fromPromise<unknown, void>(async () => {
      throw new Error('resendConfirmation is provided by src/')
    }),
  },
  guards: {
    isAlreadyConfirmed: (_, params: { error: unknown }) => toFailure(params.error, [], '').status === 409,
  },
  actions: {
    assignMessage: assign((_, params: { error: unknown; fallback: DisplayText }) => ({ message: toFailure(params.error, [], params.fallback).message })),
  },
}).createMachine({
  id: 'confirmationResend',
  context: { message: null },
  initial: 'idle',
  states: {
    idle: { on: { resend: 'sending' } },
    sending: {
      entry: assign({ message: null }),
      invoke: {
        id: 'resendConfirmation',
        src: 'resendConfirmation',
        onDone: { target: 'sent', actions: assign({ message: ACCOUNT_MESSAGES.confirmationSent }) },
        onError: [
          {
            guard: { type: 'isAlreadyConfirmed', params: ({ event }) => ({ error: event.error }) },
            target: 'alreadyConfirmed',
            actions: { type: 'assignMessage', params: ({ event }) => ({ error: event.error, fallback: ACCOUNT_MESSAGES.alreadyConfirmed }) },
          },
          { target: 'idle', actions: { type: 'assignMessage', params: ({ event }) => ({ error: event.error, fallback: CONFIRMATION_RESEND_FAILED_MESSAGE }) } },
        ],
      },
    },
    sent: { on: { resend: 'sending' } },
    alreadyConfirmed: { type: 'final' },
  },
})

export type ConfirmationResendMachine = typeof confirmationResendMachine
