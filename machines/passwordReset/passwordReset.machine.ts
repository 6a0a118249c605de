/**
 * Setting a new password with a reset link (`POST
 * /users/password-reset/confirm`, contract/account.ts): the /reset-password?token=… page.
 *
 *   start ──(token)──▶ editing ──password.submit (valid)──▶ submitting ──▶ done
 *     │                  └─(invalid: field errors)              ├──(link refused)──▶ linkInvalid
 *     └──(no token)──▶ linkInvalid                               └──(other failure)──▶ editing
 *
 * - The new password follows the set-password rules (contract `PasswordResetConfirmRequest`, at
 *   least 10 characters) and must match its confirmation ({@link PASSWORDS_DIFFER}).
 * - The link is one-time and lasts 30 minutes (PASSWORD_RESET_TTL_S): a 400/404/410 that is not
 *   about the password (unknown, expired or used token) ends in `linkInvalid`, which shows the
 *   server's message (ACCOUNT_MESSAGES.linkInvalid) and offers a new link; a 400 on `password`, a
 *   429 or an unreachable server goes back to `editing` with the message on the field or the form.
 * - `done`: the server signed out every session of that person; the page sends them to sign in.
 */
import { assign, fromPromise, setup } from 'xstate'
import { ACCOUNT_MESSAGES, PasswordResetConfirmRequest } from '../../contract/account.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { toFailure } from '../shared/failure.ts'
import { isLinkRefusal } from '../shared/link-refusal.ts'
import { PASSWORDS_DIFFER } from '../shared/passwords.ts'
import { passwordResetMessages } from './passwordReset.messages.ts'

/** Shown when the new password could not be saved and the server said nothing people can read (ours). */
export const PASSWORD_RESET_CONFIRM_FAILED_MESSAGE = localized(passwordResetMessages.confirmFailed)

export interface PasswordResetContext {
  readonly token: string
  readonly fields: Readonly<Record<string, string>>
  readonly formError: DisplayText | null
  /** Why the link cannot be used (the server's message), once in `linkInvalid`. */
  readonly linkError: string | null
}

export type PasswordResetEvent = { type: 'password.submit'; password: string; confirmation: string }

/** Field errors of the form (contract rules, then the confirmation); empty when it may be sent. */
export function resetPasswordErrors(token: string, password: string, confirmation: string): Record<string, string> {
  const result = validate(PasswordResetConfirmRequest, { token, password })
  const fields: Record<string, string> = result.ok ? {} : fieldErrors(result.issues)
  delete fields.token // the token is the link's, not a field: an empty one never reaches `editing`
  if (!fields.password && password !== confirmation) fields.confirmation = PASSWORDS_DIFFER
  return fields
}

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    input: {} as { token: string },
    events: {} as PasswordResetEvent,
  },
  actors: {
    /** `POST /users/password-reset/confirm` {token, password} → {ok: true}. Provided by src/. */
    confirmReset: fromPromise<unknown, { token: string; password: string }>(async () => {
      throw new Error('confirmReset is provided by src/')
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token.trim() !== '',
    isValid: ({ context }, params: { password: string; confirmation: string }) =>
      Object.keys(resetPasswordErrors(context.token, params.password, params.confirmation)).length === 0,
    isLinkRefused: (_, params: { error: unknown }) => isLinkRefusal(params.error),
  },
  actions: {
    assignLinkError: assign((_, params: { error: unknown }) => ({
      linkError: toFailure(params.error, [], ACCOUNT_MESSAGES.linkInvalid).message,
      fields: {},
      formError: null,
    })),
    assignFailure: assign((_, params: { error: unknown }) => {
      // '' stands for "the server said nothing people can read": our own message then.
      const failure = toFailure(params.error, ['password'], '')
      return { fields: failure.fieldErrors, formError: failure.formError === '' ? PASSWORD_RESET_CONFIRM_FAILED_MESSAGE : failure.formError }
    }),
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({ token: input.token, fields: {}, formError: null, linkError: null }),
  initial: 'start',
  states: {
    // A link without a token (cut when copied) is refused without a call.
    start: {
      always: [{ guard: 'hasToken', target: 'editing' }, { target: 'linkInvalid', actions: { type: 'assignLinkError', params: { error: null } } }],
    },
    editing: {
      on: {
        'password.submit': [
          { guard: { type: 'isValid', params: ({ event }) => event }, target: 'submitting', actions: assign({ fields: {}, formError: null }) },
          { actions: assign(({ context, event }) => ({ fields: resetPasswordErrors(context.token, event.password, event.confirmation), formError: null })) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'confirmReset',
        src: 'confirmReset',
        input: ({ context, event }) => ({ token: context.token, password: (event as PasswordResetEvent).password }),
        onDone: 'done',
        onError: [
          {
            guard: { type: 'isLinkRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'linkInvalid',
            actions: { type: 'assignLinkError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'editing', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    done: { type: 'final' },
    // The page offers a new link (/forgot-password).
    linkInvalid: { type: 'final' },
  },
})

export type PasswordResetMachine = typeof passwordResetMachine
