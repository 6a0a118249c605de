/**
 * Signing in with a passkey on /signin (docs/api.md "Passkeys"): the 'Sign in with a passkey'
 * button, and the passkeys the browser offers in the email field's autofill (conditional
 * mediation) while the page is open.
 *
 *   watching ──(autofill chose a passkey, verified)──▶ signedIn
 *   watching ──(no autofill in this browser / closed)──▶ idle
 *   watching | idle ──passkey.signIn──▶ signingIn ──▶ signedIn
 *   signingIn ──(closed: NotAllowedError)──▶ idle; ──(refused)──▶ idle with the reason
 *
 * Each ceremony actor asks the server for options, runs the browser's prompt and sends the
 * answer (`POST /users/signin/passkey/options`, `startAuthentication`, `POST /users/signin/passkey`);
 * leaving `watching` stops the autofill ceremony (the actor aborts it), so the button's modal
 * prompt never waits behind it. The session is handed to the auth machine by `startSession`
 * (`auth.sessionStarted`), which verifies it like a password sign-in.
 */
import { assign, fromPromise, setup } from 'xstate'
import type { DisplayText } from '../../contract/messages.ts'
import type { SignInResult } from '../auth/auth.machine.ts'
import { promptFailure } from './passkeys.errors.ts'

export interface PasskeySignInContext {
  /** Why the last sign-in failed, for the page's alert area; null when nothing is wrong. */
  readonly error: DisplayText | null
}

export type PasskeySignInEvent = { type: 'passkey.signIn' }

export const passkeySignInMachine = setup({
  types: {
    context: {} as PasskeySignInContext,
    events: {} as PasskeySignInEvent,
  },
  actors: {
    /**
     * The autofill ceremony: null at once when the browser has no conditional mediation, else
     * the session once the person picks a passkey in the email field's suggestions.
     */
    watchAutofill: fromPromise<SignInResult | null, void>(async () => {
      throw new Error('watchAutofill is provided by the page')
    }),
    /** The modal ceremony of 'Sign in with a passkey'. */
    signIn: fromPromise<SignInResult, void>(async () => {
      throw new Error('signIn is provided by the page')
    }),
  },
  actions: {
    /** Hands the session to the auth machine (`auth.sessionStarted`). Provided by the page. */
    startSession: (_, _params: { result: SignInResult }) => {},
    assignError: assign((_, params: { error: unknown }) => ({ error: promptFailure(params.error).message })),
    clearError: assign({ error: null }),
  },
  guards: {
    isCancelled: (_, params: { error: unknown }) => promptFailure(params.error).kind === 'cancelled',
  },
}).createMachine({
  id: 'passkeySignIn',
  context: { error: null },
  initial: 'watching',
  states: {
    watching: {
      invoke: {
        id: 'watchAutofill',
        src: 'watchAutofill',
        onDone: [
          { guard: ({ event }) => event.output !== null, target: 'signedIn', actions: { type: 'startSession', params: ({ event }) => ({ result: event.output! }) } },
          { target: 'idle' },
        ],
        onError: [
          { guard: { type: 'isCancelled', params: ({ event }) => ({ error: event.error }) }, target: 'idle' },
          { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
      on: { 'passkey.signIn': { target: 'signingIn', actions: 'clearError' } },
    },
    idle: {
      on: { 'passkey.signIn': { target: 'signingIn', actions: 'clearError' } },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        onDone: { target: 'signedIn', actions: { type: 'startSession', params: ({ event }) => ({ result: event.output }) } },
        onError: [
          { guard: { type: 'isCancelled', params: ({ event }) => ({ error: event.error }) }, target: 'idle' },
          { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** The auth machine has the session; the page moves on. */
    signedIn: { type: 'final' },
  },
})

export type PasskeySignInMachine = typeof passkeySignInMachine
