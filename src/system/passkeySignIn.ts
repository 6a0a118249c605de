/**
 * The passkey sign-in machine's browser side (machines/passkeys/passkeySignIn.machine.ts), for
 * /signin (`startPasskeySignIn`): the modal and autofill ceremonies, and the session handed to
 * the auth actor as `auth.sessionStarted`, as single sign-on's callback hands its own. A chunk of
 * its own, apart from the Security tab's passkeys list (src/system/passkeys.ts): /signin's first
 * load carries neither machine nor the passkeys contract (the endpoints load its Schemas when a
 * ceremony calls them); the page loads this once it is interactive, or on the button's press.
 */
import { type Actor, type ActorRefFrom, createActor, fromPromise } from 'xstate'
import type { AuthMachine, SignInResult } from '../../machines/auth/auth.machine.ts'
import { passkeySignInMachine, type PasskeySignInMachine } from '../../machines/passkeys/passkeySignIn.machine.ts'
import { toStoredTokens } from '../../machines/token/token.policy.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { whenIdle } from '../navigation/idle.ts'
import { assertPasskey, cancelPasskeyPrompt, conditionalMediationAvailable } from '../platform/webauthn.ts'

type AuthActor = ActorRefFrom<AuthMachine>

/**
 * One sign-in ceremony: options, the browser's prompt (modal, or in the autofill suggestions),
 * and the server's answer as the auth machine's session (the same conversion as a password
 * sign-in's, src/system/auth.ts).
 */
async function passkeySession(api: Endpoints, now: () => number, autofill: boolean): Promise<SignInResult> {
  const { challenge_id, options } = await api.passkeys.signInOptions()
  const response = await assertPasskey(options, autofill)
  const answer = await api.passkeys.signIn({ challenge_id, response: response as never })
  return { tokens: toStoredTokens(answer, now()), orgId: answer.org_id }
}

/** Resolves once the main thread is idle (src/navigation/idle.ts: at most 2 s later). */
const idle = () => new Promise<void>((resolve) => whenIdle(resolve))

/**
 * The autofill ceremony, once the page is interactive: its options call loads the passkeys
 * contract and its prompt SimpleWebAuthn, which the page's first load does without. Null when the
 * browser offers no passkeys in autofill, or when `signal` ended it first (the button was pressed,
 * the page left).
 */
export async function watchAutofillWhenIdle(api: Endpoints, now: () => number, signal: AbortSignal, waitForIdle: () => Promise<void> = idle): Promise<SignInResult | null> {
  await waitForIdle()
  if (signal.aborted || !(await conditionalMediationAvailable()) || signal.aborted) return null
  // Leaving `watching` (the button, or the page unmounting) ends the suggestions' prompt.
  signal.addEventListener('abort', () => void cancelPasskeyPrompt())
  return passkeySession(api, now, true)
}

/** What the passkey sign-in of /signin works with. */
export interface PasskeySignInWiring {
  /** The API, or null (stories and tests of the sign-in page: no autofill then, and the button fails quietly). */
  readonly api: Endpoints | null
  /** The auth actor, which takes the session (`auth.sessionStarted`). */
  readonly auth: Pick<AuthActor, 'send'>
  /** Where the session lands (a same-origin /app path, or null for /app), read when it starts. */
  readonly redirect: () => string | null
  readonly now?: () => number
}

/**
 * Starts the passkey sign-in of /signin (src/ui/PasskeySignIn.tsx starts it once the page is
 * interactive, or when 'Sign in with a passkey' is pressed first, and stops it when the page
 * goes): the autofill ceremony runs while it is open, when the browser offers it; a session goes
 * to the auth actor with the redirect of that moment.
 */
export function startPasskeySignIn(wiring: PasskeySignInWiring): Actor<PasskeySignInMachine> {
  const { api, auth } = wiring
  const now = wiring.now ?? Date.now
  const machine = passkeySignInMachine.provide({
    actors: {
      watchAutofill: fromPromise(async ({ signal }) => (api === null ? null : watchAutofillWhenIdle(api, now, signal))),
      signIn: fromPromise(async () => {
        if (api === null) throw new Error('The API is not available here')
        return passkeySession(api, now, false)
      }),
    },
    actions: {
      startSession: (_, params) => auth.send({ type: 'auth.sessionStarted', result: params.result, redirect: wiring.redirect() }),
    },
  })
  return createActor(machine).start()
}
