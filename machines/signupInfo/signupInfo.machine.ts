/**
 * The sign-up-info form (SPEC.md §2.2: an approved workspace whose signup_completed is false is
 * held at /app/sign-up-info; the form and its call are ours, `POST /organizations/complete-signup`,
 * docs/api.md).
 *
 *   editing ──signupInfo.submit (valid)──▶ submitting ──▶ completed (re-verify, then /app/dashboard)
 *      ▲  └──signupInfo.submit (invalid): field errors     │
 *      └────────────── field or form errors ◀──────────────┘
 *
 * Company name, team size (one of `TeamSizes`) and use case: the contract's
 * `CompleteSignupRequest` decides, in the browser first and again on the server, whose 400
 * issues land on the same fields. Once the server has marked the sign-up complete, the session
 * is verified again (`requestVerification`, not user-initiated): the new signup_completed flag
 * arrives with it, and the route guard then lets the dashboard open.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { WorkspaceItem } from '../../contract/api.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { CompleteSignupRequest, TeamSizes } from '../../contract/workspaces.ts'
import { toFailure } from '../shared/failure.ts'
import { signUpInfoMessages } from './signupInfo.messages.ts'

/** The form's fields, as the contract names them (`fieldErrors` keys). */
export const SIGNUP_INFO_FIELDS = ['company_name', 'team_size', 'use_case'] as const
export type SignupInfoField = (typeof SIGNUP_INFO_FIELDS)[number]

export type TeamSize = (typeof TeamSizes)[number]

export interface SignupInfoContext {
  readonly company_name: string
  /** One of `TeamSizes`, or '' while none is chosen. */
  readonly team_size: TeamSize | ''
  readonly use_case: string
  readonly fieldErrors: Readonly<Partial<Record<SignupInfoField, string>>>
  /** A problem no field can carry (the server is unreachable, the workspace is gone...). */
  readonly formError: DisplayText | null
}

export interface SignupInfoInput {
  /** Prefills the company name (the workspace's name is usually the company's). */
  readonly companyName?: string
}

export type SignupInfoEvent =
  | { type: 'signupInfo.change'; field: 'company_name' | 'use_case'; value: string }
  | { type: 'signupInfo.chooseTeamSize'; value: TeamSize }
  | { type: 'signupInfo.submit' }

export type SignupInfoEmitted = { type: 'signupInfo.completed' } | { type: 'signupInfo.failed'; message: DisplayText }

/** Where the app goes once the sign-up is complete (the Overview). */
export const SIGNUP_COMPLETE_REDIRECT = '/app/dashboard'
/**
 * The contract only says which sizes are allowed; this says what to do (ours). A field error is
 * text, so the page shows it in the reader's language by comparing with this (`signUpInfo.teamSizeRequired`).
 */
export const TEAM_SIZE_REQUIRED = 'Choose your team size'
/** Form error for a failure that carries no message of its own (ours). */
export const SIGNUP_INFO_FAILED_MESSAGE = localized(signUpInfoMessages.failed)

export const signupInfoMachine = setup({
  types: {
    context: {} as SignupInfoContext,
    input: {} as SignupInfoInput,
    events: {} as SignupInfoEvent,
    emitted: {} as SignupInfoEmitted,
  },
  actors: {
    /** `POST /organizations/complete-signup`; resolves with the workspace. Provided by the page. */
    completeSignup: fromPromise<WorkspaceItem, CompleteSignupRequest>(async () => {
      throw new Error('completeSignup is provided by the page')
    }),
  },
  guards: {
    isValidSignupInfo: ({ context }) => Object.keys(signupInfoErrors(context)).length === 0,
  },
  actions: {
    /** Sends `auth.verify` to the session's auth actor so the new signup_completed arrives. Provided by the page. */
    requestVerification: (_, _params: { redirect: string }) => {},
    assignField: assign((_, params: { field: 'company_name' | 'use_case'; value: string }) =>
      params.field === 'company_name' ? { company_name: params.value } : { use_case: params.value },
    ),
    assignTeamSize: assign((_, params: { value: TeamSize }) => ({ team_size: params.value })),
    /** Editing a field takes its error away; the others stay until the next submit. */
    clearFieldError: assign(({ context }, params: { field: SignupInfoField }) => {
      if (!(params.field in context.fieldErrors)) return {}
      const { [params.field]: _, ...rest } = context.fieldErrors
      return { fieldErrors: rest }
    }),
    assignValidationErrors: assign(({ context }) => ({ fieldErrors: signupInfoErrors(context), formError: null })),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    assignFailure: assign((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, SIGNUP_INFO_FIELDS, SIGNUP_INFO_FAILED_MESSAGE)
      return { fieldErrors: failure.fieldErrors, formError: failure.formError }
    }),
    emitCompleted: emit({ type: 'signupInfo.completed' as const }),
    emitFailed: emit((_, params: { error: unknown }) => ({
      type: 'signupInfo.failed' as const,
      message: toFailure(params.error, SIGNUP_INFO_FIELDS, SIGNUP_INFO_FAILED_MESSAGE).message,
    })),
  },
}).createMachine({
  id: 'signupInfo',
  context: ({ input }) => ({ company_name: input.companyName ?? '', team_size: '', use_case: '', fieldErrors: {}, formError: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'signupInfo.change': {
          actions: [{ type: 'assignField', params: ({ event }) => event }, { type: 'clearFieldError', params: ({ event }) => ({ field: event.field }) }],
        },
        'signupInfo.chooseTeamSize': {
          actions: [{ type: 'assignTeamSize', params: ({ event }) => event }, { type: 'clearFieldError', params: { field: 'team_size' } }],
        },
        'signupInfo.submit': [{ guard: 'isValidSignupInfo', target: 'submitting', actions: 'clearErrors' }, { actions: 'assignValidationErrors' }],
      },
    },
    submitting: {
      invoke: {
        id: 'completeSignup',
        src: 'completeSignup',
        input: ({ context }) => toSignupInfoRequest(context),
        onDone: {
          target: 'completed',
          actions: [{ type: 'requestVerification', params: { redirect: SIGNUP_COMPLETE_REDIRECT } }, 'emitCompleted'],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'emitFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    // The auth actor now verifies the session again; the route guard moves on when it is done.
    completed: { type: 'final' },
  },
})

export type SignupInfoMachine = typeof signupInfoMachine

/** The request body from the form (the contract trims the texts). */
export function toSignupInfoRequest(context: Pick<SignupInfoContext, 'company_name' | 'team_size' | 'use_case'>): CompleteSignupRequest {
  return { company_name: context.company_name, team_size: context.team_size as TeamSize, use_case: context.use_case }
}

/** Field errors of the form by the contract's rules (team size in words a person would use); empty when it may be sent. */
export function signupInfoErrors(context: Pick<SignupInfoContext, 'company_name' | 'team_size' | 'use_case'>): Partial<Record<SignupInfoField, string>> {
  const result = validate(CompleteSignupRequest, toSignupInfoRequest(context))
  if (result.ok) return {}
  const fields: Partial<Record<SignupInfoField, string>> = fieldErrors(result.issues)
  if (fields.team_size) fields.team_size = TEAM_SIZE_REQUIRED
  return fields
}
