/**
 * The set-password machine (ours: completes an invitation, docs/api.md `POST /users/set-password`).
 * editing → submitting → done, or back to editing with field or form errors. The password must
 * pass the contract (at least 10 characters) and match its confirmation.
 */
import { assign, fromPromise, setup } from 'xstate'
import type { DisplayText } from '../../contract/messages.ts'
import { SetPasswordRequest } from '../../contract/team.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { toAuthError } from '../shared/auth-error.ts'
import { PASSWORDS_DIFFER } from '../shared/passwords.ts'

export interface SetPasswordContext {
  readonly token: string
  readonly fields: Readonly<Record<string, string>>
  readonly formError: DisplayText | null
}

export type SetPasswordEvent = { type: 'password.submit'; password: string; confirmation: string }

function problems(token: string, password: string, confirmation: string): Record<string, string> {
  const result = validate(SetPasswordRequest, { token, password })
  const fields: Record<string, string> = result.ok ? {} : fieldErrors(result.issues)
  if (!fields.password && password !== confirmation) fields.confirmation = PASSWORDS_DIFFER
  return fields
}

export const setPasswordMachine = setup({
  types: {
    context: {} as SetPasswordContext,
    input: {} as { token: string },
    events: {} as SetPasswordEvent,
  },
  actors: {
    /** POST /users/set-password. Implemented in src/. */
    setPassword: fromPromise<unknown, { token: string; password: string }>(async () => {
      throw new Error('setPassword is provided by src/')
    }),
  },
  guards: {
    isValid: ({ context }, params: { password: string; confirmation: string }) =>
      Object.keys(problems(context.token, params.password, params.confirmation)).length === 0,
  },
}).createMachine({
  id: 'setPassword',
  context: ({ input }) => ({ token: input.token, fields: {}, formError: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'password.submit': [
          {
            guard: { type: 'isValid', params: ({ event }) => event },
            target: 'submitting',
            actions: assign({ fields: {}, formError: null }),
          },
          {
            actions: assign(({ context, event }) => ({
              fields: problems(context.token, event.password, event.confirmation),
              formError: context.token ? null : 'This link is incomplete. Open the link from your invitation again.',
            })),
          },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'setPassword',
        src: 'setPassword',
        input: ({ context, event }) => ({ token: context.token, password: (event as SetPasswordEvent).password }),
        onDone: 'done',
        onError: {
          target: 'editing',
          actions: assign(({ event }) => {
            const error = toAuthError(event.error)
            // A refusal the field already shows (a common password) is not repeated above the form.
            return { fields: error.fields, formError: typeof error.message === 'string' && Object.values(error.fields).includes(error.message) ? null : error.message }
          }),
        },
      },
    },
    done: { type: 'final' },
  },
})

export type SetPasswordMachine = typeof setPasswordMachine
