/**
 * The forgot-password request (`POST /users/password-reset`,
 * contract/account.ts): the /forgot-password form.
 *
 *   editing ──reset.submit (valid)──▶ requesting ──▶ sent
 *      └─(invalid: field error)            └──(refused or unreachable: field / form error)──▶ editing
 *
 * - The address is checked with the contract's `PasswordResetRequest` before anything is sent,
 *   and sent as the contract decodes it (trimmed, lower-case); a 400's issues land on the field.
 * - `sent` shows the server's answer (202, {@link PASSWORD_RESET_SENT}): the same whether or not an
 *   account has the address, so the page never tells who has an account. A 429 (rate limited like
 *   sign-in) goes back to `editing` with the server's message ("Too many attempts. Try again in …").
 */
import { assign, fromPromise, setup } from 'xstate'
import { PASSWORD_RESET_SENT, PasswordResetRequest, type PasswordResetResponse } from '../../contract/account.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { toFailure } from '../shared/failure.ts'
import { passwordResetMessages } from './passwordReset.messages.ts'

/** Shown when the request failed without a message of the server's (ours). */
export const PASSWORD_RESET_FAILED_MESSAGE = localized(passwordResetMessages.requestFailed)

export interface PasswordResetRequestInput {
  /** The address to start from (the sign-in form's, when the person came from there); '' for none. */
  readonly email?: string
}

export interface PasswordResetRequestContext {
  readonly email: string
  readonly fields: Readonly<Record<string, string>>
  readonly formError: DisplayText | null
  /** The server's answer once `sent`; null before. */
  readonly message: string | null
}

export type PasswordResetRequestEvent = { type: 'email.change'; value: string } | { type: 'reset.submit' }

/** Field errors of the form by the contract's rules; empty when it may be sent. */
export function requestErrors(email: string): Record<string, string> {
  const result = validate(PasswordResetRequest, { email })
  return result.ok ? {} : fieldErrors(result.issues)
}

/** The body to send: the address as the contract decodes it (trimmed, lower-case). Call only when valid. */
export function toResetRequest(email: string): { email: string } {
  const result = validate(PasswordResetRequest, { email })
  return { email: result.ok ? result.value.email : email.trim() }
}

export const passwordResetRequestMachine = setup({
  types: {
    context: {} as PasswordResetRequestContext,
    input: {} as PasswordResetRequestInput,
    events: {} as PasswordResetRequestEvent,
  },
  actors: {
    /** `POST /users/password-reset` (202 {message}). Provided by src/. */
    requestReset: fromPromise<PasswordResetResponse, { email: string }>(async () => {
      throw new Error('requestReset is provided by src/')
    }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(requestErrors(context.email)).length === 0,
  },
  actions: {
    assignEmail: assign((_, params: { value: string }) => ({ email: params.value, fields: {}, formError: null })),
    assignErrors: assign(({ context }) => ({ fields: requestErrors(context.email), formError: null })),
    clearErrors: assign({ fields: {}, formError: null }),
    assignFailure: assign((_, params: { error: unknown }) => {
      // '' stands for "the server said nothing people can read": our own message then.
      const failure = toFailure(params.error, ['email'], '')
      return { fields: failure.fieldErrors, formError: failure.formError === '' ? PASSWORD_RESET_FAILED_MESSAGE : failure.formError }
    }),
    // The server's words when it gave some, else the contract's (they are the same today).
    assignSent: assign((_, params: { message: string }) => ({ message: params.message.trim() || PASSWORD_RESET_SENT })),
  },
}).createMachine({
  id: 'passwordResetRequest',
  context: ({ input }) => ({ email: input.email ?? '', fields: {}, formError: null, message: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'email.change': { actions: { type: 'assignEmail', params: ({ event }) => event } },
        'reset.submit': [{ guard: 'isValid', target: 'requesting', actions: 'clearErrors' }, { actions: 'assignErrors' }],
      },
    },
    requesting: {
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => toResetRequest(context.email),
        onDone: { target: 'sent', actions: { type: 'assignSent', params: ({ event }) => ({ message: event.output.message }) } },
        onError: { target: 'editing', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The one answer (no account enumeration); the page offers the way back to sign in.
    sent: { type: 'final' },
  },
})

export type PasswordResetRequestMachine = typeof passwordResetRequestMachine
