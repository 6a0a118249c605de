/**
 * Signing in through a workspace's single sign-on (OpenID Connect; docs/api.md "Single sign-on";
 * SPEC.md §2.5 /sso/callback): both pages of the round trip, one actor per page load (the browser
 * leaves for the identity provider in between).
 *
 *   /signin/sso   entering ──submit (a valid email)──▶ starting ──▶ redirecting (to the provider)
 *                     ▲                                  │
 *                     └── unknown domain, provider down, invalid email (field) ┘
 *
 *   /sso/callback checking (the return against this tab's attempt) ──▶ exchanging ──▶ signedIn
 *                     │                                                   ├──▶ linking ─▶ signedIn
 *                     └──────────────────────▶ failed ◀────────────────────┘      │
 *                 (opened bare: nothingToComplete)                    failed ◀──────┘ (link expired)
 *
 *   linking: editing ──sso.link──▶ proving.password (its password, then its two-factor code when asked)
 *            editing ──sso.usePasskey──▶ proving.passkey (one of the account's own passkeys)
 *            proving ──(refused)──▶ editing with the reason; ──(the wait expired)──▶ failed
 *
 * - `signedIn` hands the session to the auth machine (`startSession`: `auth.sessionStarted`),
 *   which verifies it like a password sign-in and navigates.
 * - `failed` sends the browser back to /signin with a fixed reason (`goToSignIn`:
 *   `?sso_error=<reason>`); /signin shows the reason's message, never text from the address.
 * - The rules are pure helpers (ssoSignIn.return.ts): an http(s) provider URL with a state, the
 *   return's state equal to this tab's, a provider's error as a fixed reason.
 * - Typed secrets are forgotten when the link form is left.
 *
 * Pure: the calls, the stored attempt, the passkey prompt and navigation are named actors and
 * actions provided by src/system/ssoSignIn.ts.
 */
import { assign, fromPromise, setup } from 'xstate'
import { Email, type SignInResponse } from '../../contract/api.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { SSO_ERROR_MESSAGES, type SsoCallbackResponse, type SsoErrorReason, type SsoStartResponse } from '../../contract/sso.ts'
import { validate } from '../../contract/validate.ts'
import { promptFailure } from '../passkeys/passkeys.errors.ts'
import { toFailure } from '../shared/failure.ts'
import { callbackFailure, isBareReturn, isProviderUrl, type ProviderAnswer, readProviderReturn, stateOf } from './ssoSignIn.return.ts'
import { ssoSignInErrorMessages } from './ssoSignIn.messages.ts'

export type { ProviderAnswer } from './ssoSignIn.return.ts'

/** Which page the actor runs: the email step, or the provider's return. */
export type SsoSignInInput =
  | { readonly page: 'start'; readonly redirect: string | null }
  /** `query`: the callback's search string as it arrived; `passkeySupported`: this browser can prompt for a passkey. */
  | { readonly page: 'callback'; readonly query: string; readonly passkeySupported?: boolean }

/** The waiting link: its token (`POST /users/sso/link*`) and the account's email. */
export interface PendingLink {
  readonly token: string
  readonly email: string
}

export interface SsoSignInContext {
  readonly page: 'start' | 'callback'
  /** Where a session lands (a same-origin /app path), or null for /app. */
  readonly redirect: string | null
  readonly email: string
  readonly emailError: string | null
  /** An error no field carries (the start's or the link form's). */
  readonly formError: DisplayText | null
  readonly query: string
  readonly passkeySupported: boolean
  /** The provider's answer, once read against this tab's attempt. */
  readonly answer: ProviderAnswer | null
  readonly link: PendingLink | null
  readonly password: string
  readonly code: string
  /** The account has two-factor on: the link form asks for its code too. */
  readonly askCode: boolean
  readonly passwordError: string | null
  readonly codeError: string | null
  /** Why the round trip failed, for /signin. */
  readonly reason: SsoErrorReason | null
}

export type SsoSignInEvent =
  | { type: 'sso.changeEmail'; value: string }
  | { type: 'sso.submit' }
  | { type: 'sso.changePassword'; value: string }
  | { type: 'sso.changeCode'; value: string }
  | { type: 'sso.link' }
  | { type: 'sso.usePasskey' }

/** What the password proof sends: `POST /users/sso/link`. */
export interface PasswordProof {
  readonly linkToken: string
  readonly password: string
  readonly code?: string
}

/** Shown under 'Password' when nothing is typed (ours). */
export const SSO_ENTER_PASSWORD_MESSAGE = 'Enter your password'
/** A refused link whose error carries no message (ours). */
export const SSO_LINK_FAILED_MESSAGE = localized(ssoSignInErrorMessages.linkFailed)

/** The fields of the link form the server's issues may name (`link_token`: the wait expired). */
const LINK_FIELDS = ['password', 'code', 'link_token'] as const

/** Whether a refused link says the wait is gone (400 naming `link_token`). */
const isExpiredLink = (error: unknown) => toFailure(error, LINK_FIELDS, '').fieldErrors['link_token'] !== undefined

export const ssoSignInMachine = setup({
  types: {
    context: {} as SsoSignInContext,
    input: {} as SsoSignInInput,
    events: {} as SsoSignInEvent,
  },
  actors: {
    /** `POST /users/sso/start`: the provider's authorization URL. */
    startSso: fromPromise<SsoStartResponse, { email: string; redirect: string | null }>(async () => {
      throw new Error('startSso is provided by src/system/ssoSignIn.ts')
    }),
    /** This tab's attempt (its `state`), forgotten as it is read; null when none. */
    takeAttempt: fromPromise<string | null, void>(async () => {
      throw new Error('takeAttempt is provided by src/system/ssoSignIn.ts')
    }),
    /** `POST /users/sso/callback`. */
    exchangeCode: fromPromise<SsoCallbackResponse, ProviderAnswer>(async () => {
      throw new Error('exchangeCode is provided by src/system/ssoSignIn.ts')
    }),
    /** `POST /users/sso/link`. */
    linkWithPassword: fromPromise<SignInResponse, PasswordProof>(async () => {
      throw new Error('linkWithPassword is provided by src/system/ssoSignIn.ts')
    }),
    /** `POST /users/sso/link/passkey/options`, the browser's prompt, `POST /users/sso/link/passkey`. */
    linkWithPasskey: fromPromise<SignInResponse, { linkToken: string }>(async () => {
      throw new Error('linkWithPasskey is provided by src/system/ssoSignIn.ts')
    }),
  },
  guards: {
    isCallbackPage: ({ context }) => context.page === 'callback',
    /** /sso/callback without a provider's answer. */
    isBareCallback: ({ context }) => context.page === 'callback' && isBareReturn(new URLSearchParams(context.query)),
    isEmailValid: ({ context }) => validate(Email, context.email).ok,
    /** An http(s) URL with a state: anything else is not sent to. */
    isProviderUrl: (_, params: { url: string }) => isProviderUrl(params.url) && stateOf(params.url) !== null,
    /** The return's state is this tab's, and it carries a code. */
    isExchangeable: ({ context }, params: { expected: string | null }) => readProviderReturn(new URLSearchParams(context.query), params.expected).kind === 'exchange',
    isSignedIn: (_, params: { response: SsoCallbackResponse }) => params.response.outcome === 'signed_in',
    hasPassword: ({ context }) => context.password.length > 0,
    offersPasskey: ({ context }) => context.passkeySupported,
    isExpiredLink: (_, params: { error: unknown }) => isExpiredLink(params.error),
  },
  actions: {
    /** Remembers the attempt's state in this tab, then sends the browser to the provider. Provided by src/system. */
    goToProvider: (_, _params: { url: string; state: string }) => {},
    /** Hands the session to the auth machine (`auth.sessionStarted`). Provided by src/system. */
    startSession: (_, _params: { response: SignInResponse; redirect: string | null }) => {},
    /** Back to /signin with the reason (`?sso_error=`), replacing this address. Provided by src/system. */
    goToSignIn: (_, _params: { reason: SsoErrorReason }) => {},
    assignEmail: assign(({ event }) => (event.type === 'sso.changeEmail' ? { email: event.value, emailError: null, formError: null } : {})),
    assignEmailFormatError: assign(({ context }) => {
      const checked = validate(Email, context.email)
      return { emailError: checked.ok ? null : (checked.issues[0]?.message ?? 'Enter a valid email address'), formError: null }
    }),
    clearErrors: assign({ emailError: null, formError: null, passwordError: null, codeError: null }),
    /** The start refused: the email's issue on its field; the server's sentence (unknown domain, provider down) above the form. */
    assignStartError: assign((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, ['email'], SSO_ERROR_MESSAGES.provider_unavailable)
      const emailError = failure.fieldErrors['email'] ?? null
      if (emailError !== null) return { emailError, formError: null }
      const serverSaid = failure.status !== 0 && (failure.status < 500 || failure.status === 502)
      return { emailError: null, formError: serverSaid ? failure.message : SSO_ERROR_MESSAGES.provider_unavailable }
    }),
    assignNotProvider: assign({ formError: SSO_ERROR_MESSAGES.provider_unavailable }),
    assignAnswer: assign(({ context }, params: { expected: string | null }) => {
      const read = readProviderReturn(new URLSearchParams(context.query), params.expected)
      return read.kind === 'exchange' ? { answer: read.body } : { reason: read.reason }
    }),
    assignCallbackFailure: assign((_, params: { error: unknown }) => ({ reason: callbackFailure(params.error) })),
    assignLink: assign((_, params: { response: SsoCallbackResponse }) =>
      params.response.outcome === 'link_required' ? { link: { token: params.response.link_token, email: params.response.email } } : {},
    ),
    assignPassword: assign(({ event }) => (event.type === 'sso.changePassword' ? { password: event.value, passwordError: null, formError: null } : {})),
    assignCode: assign(({ event }) => (event.type === 'sso.changeCode' ? { code: event.value, codeError: null, formError: null } : {})),
    assignPasswordRequired: assign({ passwordError: SSO_ENTER_PASSWORD_MESSAGE, formError: null }),
    /** A refused password proof: under the field it names (a code asked for opens that field), else above the form. */
    assignLinkFailure: assign((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, LINK_FIELDS, SSO_LINK_FAILED_MESSAGE)
      const codeError = failure.fieldErrors['code'] ?? null
      return {
        passwordError: failure.fieldErrors['password'] ?? null,
        codeError,
        formError: failure.formError,
        ...(codeError === null ? {} : { askCode: true }),
      }
    }),
    /** A refused passkey proof: the reason above the form (a closed prompt says nothing). */
    assignPasskeyFailure: assign((_, params: { error: unknown }) => {
      const failure = promptFailure(params.error)
      return { formError: failure.kind === 'cancelled' ? null : failure.message }
    }),
    assignExpired: assign({ reason: 'expired' as const }),
    /** Typed secrets are forgotten as soon as they are no longer needed. */
    clearSecrets: assign({ password: '', code: '' }),
  },
}).createMachine({
  id: 'ssoSignIn',
  context: ({ input }) => ({
    page: input.page,
    redirect: input.page === 'start' ? input.redirect : null,
    email: '',
    emailError: null,
    formError: null,
    query: input.page === 'callback' ? input.query : '',
    passkeySupported: input.page === 'callback' && input.passkeySupported === true,
    answer: null,
    link: null,
    password: '',
    code: '',
    askCode: false,
    passwordError: null,
    codeError: null,
    reason: null,
  }),
  initial: 'opening',
  states: {
    /** Which page: decided at once from the input. */
    opening: {
      always: [{ guard: 'isBareCallback', target: 'nothingToComplete' }, { guard: 'isCallbackPage', target: 'checking' }, { target: 'entering' }],
    },

    // /signin/sso ---------------------------------------------------------------------------

    /** 'Email' and 'Continue'. */
    entering: {
      on: {
        'sso.changeEmail': { actions: 'assignEmail' },
        'sso.submit': [{ guard: 'isEmailValid', target: 'starting', actions: 'clearErrors' }, { actions: 'assignEmailFormatError' }],
      },
    },
    /** The server finds the workspace by the email's domain and asks its provider (discovery). */
    starting: {
      invoke: {
        id: 'startSso',
        src: 'startSso',
        input: ({ context }) => ({ email: context.email.trim(), redirect: context.redirect }),
        onDone: [
          {
            guard: { type: 'isProviderUrl', params: ({ event }) => ({ url: event.output.url }) },
            target: 'redirecting',
            actions: { type: 'goToProvider', params: ({ event }) => ({ url: event.output.url, state: stateOf(event.output.url) ?? '' }) },
          },
          { target: 'entering', actions: 'assignNotProvider' },
        ],
        onError: { target: 'entering', actions: { type: 'assignStartError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The browser is leaving for the provider: the form stays busy. */
    redirecting: { type: 'final' },

    // /sso/callback -------------------------------------------------------------------------

    /** Opened without a provider's answer (a bookmark, a typed address): a way back to /signin. */
    nothingToComplete: { type: 'final' },
    /** The provider's return: its state against this tab's attempt, before anything is sent. */
    checking: {
      invoke: {
        id: 'takeAttempt',
        src: 'takeAttempt',
        onDone: [
          {
            guard: { type: 'isExchangeable', params: ({ event }) => ({ expected: event.output }) },
            target: 'exchanging',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ expected: event.output }) },
          },
          { target: 'failed', actions: { type: 'assignAnswer', params: ({ event }) => ({ expected: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignAnswer', params: () => ({ expected: null }) } },
      },
    },
    /** The server exchanges the code with the provider and checks the ID token. */
    exchanging: {
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: ({ context }) => context.answer!,
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => ({ response: event.output }) },
            target: 'signedIn',
            actions: {
              type: 'startSession',
              params: ({ event }) => ({ response: event.output as SignInResponse, redirect: event.output.outcome === 'signed_in' ? (event.output.redirect ?? null) : null }),
            },
          },
          { target: 'linking', actions: { type: 'assignLink', params: ({ event }) => ({ response: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignCallbackFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** 'Link your account': an account with the email exists; its owner proves it first. */
    linking: {
      initial: 'editing',
      exit: 'clearSecrets',
      states: {
        editing: {
          on: {
            'sso.changePassword': { actions: 'assignPassword' },
            'sso.changeCode': { actions: 'assignCode' },
            'sso.link': [{ guard: 'hasPassword', target: 'proving.password', actions: 'clearErrors' }, { actions: 'assignPasswordRequired' }],
            'sso.usePasskey': { guard: 'offersPasskey', target: 'proving.passkey', actions: 'clearErrors' },
          },
        },
        proving: {
          initial: 'password',
          states: {
            password: {
              invoke: {
                id: 'linkWithPassword',
                src: 'linkWithPassword',
                input: ({ context }): PasswordProof => ({ linkToken: context.link!.token, password: context.password, ...(context.askCode ? { code: context.code } : {}) }),
                onDone: { target: '#ssoSignIn.signedIn', actions: { type: 'startSession', params: ({ event }) => ({ response: event.output, redirect: null }) } },
                onError: [
                  { guard: { type: 'isExpiredLink', params: ({ event }) => ({ error: event.error }) }, target: '#ssoSignIn.failed', actions: 'assignExpired' },
                  { target: '#ssoSignIn.linking.editing', actions: { type: 'assignLinkFailure', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            passkey: {
              invoke: {
                id: 'linkWithPasskey',
                src: 'linkWithPasskey',
                input: ({ context }) => ({ linkToken: context.link!.token }),
                onDone: { target: '#ssoSignIn.signedIn', actions: { type: 'startSession', params: ({ event }) => ({ response: event.output, redirect: null }) } },
                onError: [
                  { guard: { type: 'isExpiredLink', params: ({ event }) => ({ error: event.error }) }, target: '#ssoSignIn.failed', actions: 'assignExpired' },
                  { target: '#ssoSignIn.linking.editing', actions: { type: 'assignPasskeyFailure', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
          },
        },
      },
    },
    /** The auth machine has the session and navigates; the page says it is signing in. */
    signedIn: { type: 'final' },
    /** Back to /signin with the reason. */
    failed: {
      type: 'final',
      entry: { type: 'goToSignIn', params: ({ context }) => ({ reason: context.reason ?? 'provider_error' }) },
    },
  },
})

export type SsoSignInMachine = typeof ssoSignInMachine
