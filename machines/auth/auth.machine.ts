/**
 * The auth machine: SPEC.md §4 Authentication and Sign out, §6 (SSO forces sign-out on a
 * user-initiated verification), §8 (token verify failure, logout failure).
 *
 *   loading ──(stored access token + payload + org id)──▶ verifying ──▶ authenticated
 *      └──(anything missing)──▶ unauthenticated ◀──(verify fails)──┘
 *   unauthenticated ──auth.signIn──▶ signingIn ──▶ verifying (user-initiated)
 *   signingIn ──(two-factor challenge)──▶ twoFactor.entering ──auth.submitTwoFactor──▶ twoFactor.checking ──▶ verifying
 *   twoFactor ──auth.cancelTwoFactor / expired challenge──▶ unauthenticated
 *   unauthenticated ──auth.signUp──▶ signingUp ──▶ verifying (user-initiated)
 *   unauthenticated / twoFactor ──auth.sessionStarted (passkey, single sign-on)──▶ verifying (user-initiated)
 *   (signingIn and signingUp end alike: the session's tokens to the token actor, then verifying)
 *   authenticated ──auth.switchOrg──▶ verifying (user-initiated, then /app)
 *   authenticated ──auth.signOut──▶ signingOut ──▶ signedOut ──(1 s)──▶ unauthenticated
 *
 * Sign-in (`POST /users/signin`) is ours: the spec does not show how tokens are first obtained.
 * HTTP calls, storage and navigation are named actors/actions provided by src/.
 */
import { assertEvent, assign, emit, fromPromise, sendTo, setup } from 'xstate'
import { type CurrentOrg, SignInRequest, type User, type VerifyTokenResponse } from '../../contract/api.ts'
import { localized } from '../../contract/messages.ts'
import { RecoveryCode, TotpCode } from '../../contract/twoFactor-codes.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { SignUpRequest } from '../../contract/workspaces.ts'
import { type AuthError, toAuthError } from '../shared/auth-error.ts'
import { SystemId } from '../shared/system-ids.ts'
import { authNoticeMessages } from './auth-notices.messages.ts'
import type { StoredTokens } from '../token/token.policy.ts'
import {
  type AuthContext,
  type AuthEmitted,
  type AuthEvent,
  type AuthInput,
  type CredentialsInput,
  isTwoFactorPending,
  type SignInResult,
  type TwoFactorInput,
  type TwoFactorMethod,
  type TwoFactorPending,
} from './auth.types.ts'

export * from './auth.types.ts'

/** The field each method's code is checked and reported on (the request's field names). */
const TWO_FACTOR_FIELD: Readonly<Record<TwoFactorMethod, string>> = { totp: 'code', recovery: 'recovery_code' }

/** Message shown when an SSO organisation ends a password session (ours; spec gives none). */
export const SSO_REQUIRED_MESSAGE = localized(authNoticeMessages.ssoRequired)
/** Message shown on the sign-in page after the session could not be refreshed. */
export const SESSION_EXPIRED_MESSAGE = localized(authNoticeMessages.sessionExpired)
/** Message shown on the sign-in page when the session was signed out elsewhere (another device, a password change). */
export const SESSION_REVOKED_MESSAGE = localized(authNoticeMessages.sessionRevoked)

/** SPEC.md §9: delay between clearing the session and following the logout URL (ms). */
export const SIGN_OUT_REDIRECT_MS = 1000

/**
 * The auth statechart (see the module comment). Actors `signIn`, `signUp`, `verifyToken`,
 * `logout` and actions `storeOrgId`, `storePayload`, `clearStoredSession`, `navigate` are
 * stubs here, provided by src/system; the token actor is reached as `system.get(SystemId.token)`.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    input: {} as AuthInput,
    events: {} as AuthEvent,
    emitted: {} as AuthEmitted,
  },
  actions: {
    /** Stores the current org id (SPEC §3 stored values). Implemented in src/. */
    storeOrgId: (_, _params: { orgId: string }) => {},
    /** Stores the payload data: user and current_org with roles (SPEC §3). Implemented in src/. */
    storePayload: (_, _params: { user: User; currentOrg: CurrentOrg }) => {},
    /** Clears tokens, org id and payload from the browser (SPEC §4 Sign out). Implemented in src/. */
    clearStoredSession: () => {},
    /** Client-side navigation to a same-origin path; null means stay. Implemented in src/ with the router. */
    navigate: (_, _params: { to: string | null }) => {},
    /** Hands new tokens to the system's token actor. */
    handOverTokens: sendTo(
      ({ system }) => system.get(SystemId.token),
      (_, params: { tokens: StoredTokens }) => ({ type: 'token.set' as const, tokens: params.tokens }),
    ),
    /** Makes the token actor forget its tokens (sign-out, rejected session). */
    dropTokens: sendTo(({ system }) => system.get(SystemId.token), { type: 'token.clear' as const }),
    assignOrgId: assign((_, params: { orgId: string }) => ({ orgId: params.orgId })),
    assignVerification: assign((_, params: { userInitiated: boolean; redirect: string | null }) => ({
      userInitiated: params.userInitiated,
      redirect: params.redirect,
    })),
    assignSession: assign((_, params: VerifyTokenResponse) => ({
      user: params.user,
      currentOrg: params.currentOrgData,
      error: null,
      hasStoredSession: true,
    })),
    forgetSession: assign({ user: null, currentOrg: null, orgId: null, hasStoredSession: false, redirect: null, userInitiated: false }),
    assignError: assign((_, params: { error: AuthError | null }) => ({ error: params.error })),
    assignTwoFactorToken: assign((_, params: { output: SignInResult | TwoFactorPending }) => ({
      twoFactorToken: isTwoFactorPending(params.output) ? params.output.twoFactorToken : null,
    })),
    forgetTwoFactorToken: assign({ twoFactorToken: null }),
    assignSignOutUrl: assign((_, params: { url: string }) => ({ signOutUrl: params.url })),
    emitAuthenticated: emit((_, params: VerifyTokenResponse) => ({
      type: 'auth.authenticated' as const,
      user: params.user,
      currentOrg: params.currentOrgData,
    })),
    emitSignedOut: emit((_, params: { reason: 'user' | 'expired' | 'sso' }) => ({ type: 'auth.signedOut' as const, reason: params.reason })),
  },
  actors: {
    /**
     * POST /users/signin; rejects with an error carrying `code`, `message` and `issues`. Resolves
     * with the session, or the challenge of an account with two-factor authentication.
     */
    signIn: fromPromise<SignInResult | TwoFactorPending, CredentialsInput['signIn']>(async () => {
      throw new Error('signIn is provided by src/session')
    }),
    /** POST /users/signup (ours); rejects like signIn (409 `conflict` for a taken email). */
    signUp: fromPromise<SignInResult, CredentialsInput['signUp']>(async () => {
      throw new Error('signUp is provided by src/session')
    }),
    /** POST /users/signin/two-factor; resolves with the session, rejects like signIn. */
    signInTwoFactor: fromPromise<SignInResult, TwoFactorInput>(async () => {
      throw new Error('signInTwoFactor is provided by src/session')
    }),
    /** GET /users/verify-token for the stored org id. */
    verifyToken: fromPromise<VerifyTokenResponse, { userInitiated: boolean }>(async () => {
      throw new Error('verifyToken is provided by src/session')
    }),
    /** POST /users/logout; resolves with the URL to go to. */
    logout: fromPromise<{ url: string }, void>(async () => {
      throw new Error('logout is provided by src/session')
    }),
  },
  guards: {
    hasStoredSession: ({ context }) => context.hasStoredSession,
    hasValidCredentials: (_, params: { email: string; password: string }) => validate(SignInRequest, params).ok,
    hasValidSignUp: (_, params: { fullName: string; email: string; password: string; org_name: string }) => validate(SignUpRequest, params).ok,
    /**
     * SPEC §4/§6: an SSO organisation signs out a user-initiated verification, except of a session
     * that single sign-on itself began (`session_method` 'sso').
     */
    isSsoSignOutRequired: ({ context }, params: VerifyTokenResponse) =>
      context.userInitiated && params.currentOrgData.is_sso_enabled && params.session_method !== 'sso',
    isTwoFactorPending: (_, params: { output: SignInResult | TwoFactorPending }) => isTwoFactorPending(params.output),
    hasValidTwoFactorCode: (_, params: { method: TwoFactorMethod; code: string }) => validate(params.method === 'totp' ? TotpCode : RecoveryCode, params.code).ok,
    /** The challenge expired or is not valid any more: only a new sign-in helps. */
    isChallengeGone: (_, params: { error: unknown }) => ['two_factor_expired', 'unauthorized'].includes(toAuthError(params.error).code),
  },
  delays: {
    signOutRedirect: SIGN_OUT_REDIRECT_MS,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    user: input.payload?.user ?? null,
    currentOrg: input.payload?.currentOrg ?? null,
    orgId: input.orgId ?? input.payload?.currentOrg.org_id ?? null,
    hasStoredSession: input.hasStoredSession,
    userInitiated: false,
    redirect: null,
    signOutUrl: '/signin',
    error: null,
    twoFactorToken: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      always: [{ guard: 'hasStoredSession', target: 'verifying' }, { target: 'unauthenticated', actions: 'forgetSession' }],
    },
    verifying: {
      invoke: {
        id: 'verifyToken',
        src: 'verifyToken',
        input: ({ context }) => ({ userInitiated: context.userInitiated }),
        onDone: [
          {
            guard: { type: 'isSsoSignOutRequired', params: ({ event }) => event.output },
            target: 'signingOut',
            actions: [
              { type: 'assignError', params: { error: { code: 'sso_required', message: SSO_REQUIRED_MESSAGE, fields: {} } } },
              { type: 'assignSignOutUrl', params: { url: '/signin' } },
            ],
          },
          {
            target: 'authenticated',
            actions: [
              { type: 'assignSession', params: ({ event }) => event.output },
              { type: 'storePayload', params: ({ event }) => ({ user: event.output.user, currentOrg: event.output.currentOrgData }) },
              { type: 'emitAuthenticated', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: {
          target: 'unauthenticated',
          actions: [
            { type: 'assignError', params: ({ context, event }) => ({ error: verificationError(context.userInitiated, event.error) }) },
            'clearStoredSession',
            'dropTokens',
            'forgetSession',
          ],
        },
      },
    },
    authenticated: {
      // SPEC §4: "an optional redirect follows" a successful verification.
      entry: [
        {
          type: 'navigate',
          params: ({ context }) => ({ to: context.redirect }),
        },
        assign({ redirect: null, userInitiated: false }),
      ],
      on: {
        'auth.verify': {
          target: 'verifying',
          actions: {
            type: 'assignVerification',
            params: ({ event }) => ({ userInitiated: event.userInitiated ?? false, redirect: event.redirect ?? null }),
          },
        },
        // SPEC §4 Switching org: store the new org id, re-verify (user-initiated), go to /app.
        'auth.switchOrg': {
          target: 'verifying',
          actions: [
            { type: 'storeOrgId', params: ({ event }) => ({ orgId: event.orgId }) },
            { type: 'assignOrgId', params: ({ event }) => ({ orgId: event.orgId }) },
            { type: 'assignVerification', params: { userInitiated: true, redirect: '/app' } },
          ],
        },
        'auth.signOut': { target: 'signingOut', actions: { type: 'assignError', params: { error: null } } },
        'session.expired': {
          target: 'unauthenticated',
          actions: [
            'clearStoredSession',
            'forgetSession',
            {
              type: 'assignError',
              params: ({ event }) => ({
                error: event.revoked
                  ? { code: 'session_revoked', message: SESSION_REVOKED_MESSAGE, fields: {} }
                  : { code: 'session_expired', message: SESSION_EXPIRED_MESSAGE, fields: {} },
              }),
            },
            { type: 'emitSignedOut', params: { reason: 'expired' } },
          ],
        },
      },
    },
    signingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: {
          target: 'signedOut',
          actions: [{ type: 'assignSignOutUrl', params: ({ event }) => ({ url: event.output.url }) }, 'clearStoredSession', 'dropTokens'],
        },
        // SPEC §8: a logout failure is logged only; the tokens are cleared all the same.
        onError: {
          target: 'signedOut',
          actions: [{ type: 'assignSignOutUrl', params: { url: '/signin' } }, 'clearStoredSession', 'dropTokens'],
        },
      },
    },
    signedOut: {
      entry: 'forgetSession',
      after: {
        signOutRedirect: {
          target: 'unauthenticated',
          actions: [
            { type: 'navigate', params: ({ context }) => ({ to: context.signOutUrl }) },
            {
              type: 'emitSignedOut',
              params: ({ context }) => ({ reason: context.error?.code === 'sso_required' ? ('sso' as const) : ('user' as const) }),
            },
          ],
        },
      },
    },
    unauthenticated: {
      on: {
        // A session begun by a passkey or single sign-on: its tokens handed over, verified as a sign-in.
        'auth.sessionStarted': {
          target: '#auth.verifying',
          actions: [
            { type: 'assignError', params: { error: null } },
            { type: 'assignVerification', params: ({ event }) => ({ userInitiated: true, redirect: event.redirect ?? null }) },
            { type: 'handOverTokens', params: ({ event }) => ({ tokens: event.result.tokens }) },
            { type: 'storeOrgId', params: ({ event }) => ({ orgId: event.result.orgId }) },
            { type: 'assignOrgId', params: ({ event }) => ({ orgId: event.result.orgId }) },
          ],
        },
        'auth.signUp': [
          {
            guard: { type: 'hasValidSignUp', params: ({ event }) => event },
            target: 'signingUp',
            actions: [
              { type: 'assignError', params: { error: null } },
              { type: 'assignVerification', params: ({ event }) => ({ userInitiated: true, redirect: event.redirect ?? null }) },
            ],
          },
          { actions: { type: 'assignError', params: ({ event }) => ({ error: signUpError(event) }) } },
        ],
        'auth.signIn': [
          {
            guard: { type: 'hasValidCredentials', params: ({ event }) => ({ email: event.email, password: event.password }) },
            target: 'signingIn',
            actions: [
              { type: 'assignError', params: { error: null } },
              { type: 'assignVerification', params: ({ event }) => ({ userInitiated: true, redirect: event.redirect ?? null }) },
            ],
          },
          {
            actions: {
              type: 'assignError',
              params: ({ event }) => ({ error: credentialsError(event.email, event.password) }),
            },
          },
        ],
      },
    },
    // The password was right and the account has two-factor authentication on.
    twoFactor: {
      initial: 'entering',
      exit: 'forgetTwoFactorToken',
      on: {
        // As in `unauthenticated`: a passkey or single sign-on ends the two-factor step.
        'auth.sessionStarted': {
          target: '#auth.verifying',
          actions: [
            { type: 'assignError', params: { error: null } },
            { type: 'assignVerification', params: ({ event }) => ({ userInitiated: true, redirect: event.redirect ?? null }) },
            { type: 'handOverTokens', params: ({ event }) => ({ tokens: event.result.tokens }) },
            { type: 'storeOrgId', params: ({ event }) => ({ orgId: event.result.orgId }) },
            { type: 'assignOrgId', params: ({ event }) => ({ orgId: event.result.orgId }) },
          ],
        },
        'auth.cancelTwoFactor': {
          target: 'unauthenticated',
          actions: [{ type: 'assignError', params: { error: null } }, { type: 'assignVerification', params: { userInitiated: false, redirect: null } }],
        },
      },
      states: {
        entering: {
          on: {
            'auth.submitTwoFactor': [
              {
                guard: { type: 'hasValidTwoFactorCode', params: ({ event }) => event },
                target: 'checking',
                actions: { type: 'assignError', params: { error: null } },
              },
              { actions: { type: 'assignError', params: ({ event }) => ({ error: twoFactorCodeError(event.method, event.code) }) } },
            ],
          },
        },
        checking: {
          invoke: {
            id: 'signInTwoFactor',
            src: 'signInTwoFactor',
            input: ({ context, event }) => {
              assertEvent(event, 'auth.submitTwoFactor')
              return { twoFactorToken: context.twoFactorToken ?? '', method: event.method, code: event.code }
            },
            onDone: {
              target: '#auth.verifying',
              actions: [
                { type: 'handOverTokens', params: ({ event }) => ({ tokens: event.output.tokens }) },
                { type: 'storeOrgId', params: ({ event }) => ({ orgId: event.output.orgId }) },
                { type: 'assignOrgId', params: ({ event }) => ({ orgId: event.output.orgId }) },
              ],
            },
            onError: [
              {
                guard: { type: 'isChallengeGone', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.unauthenticated',
                actions: { type: 'assignError', params: ({ event }) => ({ error: toAuthError(event.error) }) },
              },
              { target: 'entering', actions: { type: 'assignError', params: ({ event }) => ({ error: toAuthError(event.error) }) } },
            ],
          },
        },
      },
    },
    // Waiting for `POST /users/signup` (ours): the session goes to the token actor, then `verifying`
    // (user-initiated, set when the request was accepted); a refusal → `unauthenticated` with the server's words.
    signingUp: {
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ event }) => {
          assertEvent(event, 'auth.signUp')
          return {
            fullName: event.fullName,
            email: event.email,
            password: event.password,
            org_name: event.org_name,
            ...(event.plan === undefined ? {} : { plan: event.plan }),
          }
        },
        onDone: {
          target: 'verifying',
          actions: [
            { type: 'handOverTokens', params: ({ event }) => ({ tokens: session(event.output).tokens }) },
            { type: 'storeOrgId', params: ({ event }) => ({ orgId: session(event.output).orgId }) },
            { type: 'assignOrgId', params: ({ event }) => ({ orgId: session(event.output).orgId }) },
          ],
        },
        onError: { target: 'unauthenticated', actions: { type: 'assignError', params: ({ event }) => ({ error: toAuthError(event.error) }) } },
      },
    },
    // Waiting for `POST /users/signin`: as `signingUp`, or the two-factor step for an account with it on.
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'auth.signIn')
          return { email: event.email, password: event.password }
        },
        onDone: [
          // Only sign-in can answer a challenge; sign-up always starts a session.
          {
            guard: { type: 'isTwoFactorPending', params: ({ event }) => ({ output: event.output }) },
            target: 'twoFactor',
            actions: { type: 'assignTwoFactorToken', params: ({ event }) => ({ output: event.output }) },
          },
          {
            target: 'verifying',
            actions: [
              { type: 'handOverTokens', params: ({ event }) => ({ tokens: session(event.output).tokens }) },
              { type: 'storeOrgId', params: ({ event }) => ({ orgId: session(event.output).orgId }) },
              { type: 'assignOrgId', params: ({ event }) => ({ orgId: session(event.output).orgId }) },
            ],
          },
        ],
        onError: { target: 'unauthenticated', actions: { type: 'assignError', params: ({ event }) => ({ error: toAuthError(event.error) }) } },
      },
    },
  },
})

/** The auth machine's type, for `ActorRefFrom<AuthMachine>` and `provide`. */
export type AuthMachine = typeof authMachine

/**
 * What the sign-in page says after a failed verification: the server's words for one the person
 * started; for a stored session, nothing, unless it was signed out elsewhere (then that).
 */
function verificationError(userInitiated: boolean, error: unknown): AuthError | null {
  const authError = toAuthError(error)
  if (userInitiated) return authError
  return authError.code === 'session_revoked' ? { code: 'session_revoked', message: SESSION_REVOKED_MESSAGE, fields: {} } : null
}

/** A credentials result past the two-factor branch: the session (a challenge there is a wiring bug). */
function session(result: SignInResult | TwoFactorPending): SignInResult {
  if (isTwoFactorPending(result)) throw new Error('a two-factor challenge reached the session branch')
  return result
}

/** Field errors for credentials that fail the contract (shown without a server round trip). */
function credentialsError(email: string, password: string): AuthError {
  const result = validate(SignInRequest, { email, password })
  const fields = result.ok ? {} : fieldErrors(result.issues)
  return { code: 'invalid_request', message: '', fields }
}

/** The field error for a second-step code that fails the contract. */
function twoFactorCodeError(method: TwoFactorMethod, code: string): AuthError {
  const result = validate(method === 'totp' ? TotpCode : RecoveryCode, code)
  const message = result.ok ? '' : (result.issues[0]?.message ?? '')
  return { code: 'invalid_request', message: '', fields: { [TWO_FACTOR_FIELD[method]]: message } }
}

/** Field errors for a sign-up that fails the contract. */
function signUpError(input: { fullName: string; email: string; password: string; org_name: string }): AuthError {
  const result = validate(SignUpRequest, input)
  return { code: 'invalid_request', message: '', fields: result.ok ? {} : fieldErrors(result.issues) }
}
