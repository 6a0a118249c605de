/**
 * The passkey sign-in machine's browser side (machines/passkeys/passkeySignIn.machine.ts), for
 * /signin (`usePasskeySignInActor`): the modal and autofill ceremonies, and the session handed to
 * the auth actor as `auth.sessionStarted`, as single sign-on's callback hands its own. Apart from
 * the Security tab's passkeys list (src/system/passkeys.ts) so that /signin loads only what
 * signing in needs: neither the list's machine nor the passkeys contract's Schemas (the endpoints
 * load theirs when a ceremony calls them).
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { SignInResult } from '../../machines/auth/auth.machine.ts'
import { passkeySignInMachine } from '../../machines/passkeys/passkeySignIn.machine.ts'
import { toStoredTokens } from '../../machines/token/token.policy.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { whenIdle } from '../navigation/idle.ts'
import { assertPasskey, cancelPasskeyPrompt, conditionalMediationAvailable } from '../platform/webauthn.ts'
import { useOptionalApi } from './api.tsx'
import { useAuthActor } from './react.tsx'

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

/**
 * The passkey sign-in of /signin, for the page's lifetime: the autofill ceremony runs while it is
 * open (when the browser offers it, from when the page is interactive) and is cancelled when the
 * page goes; a session goes to the auth actor with `redirect`. 'Sign in with a passkey' works at
 * once: it loads SimpleWebAuthn when pressed.
 */
export function usePasskeySignInActor(redirect: string | null) {
  // Stories and tests of the sign-in page may run without the API: no autofill then, and the button fails quietly.
  const api = useOptionalApi()
  const auth = useAuthActor()
  const now = Date.now
  const machine = passkeySignInMachine.provide({
    actors: {
      watchAutofill: fromPromise(async ({ signal }) => (api === null ? null : watchAutofillWhenIdle(api, now, signal))),
      signIn: fromPromise(async () => {
        if (api === null) throw new Error('The API is not available here')
        return passkeySession(api, now, false)
      }),
    },
    actions: {
      startSession: (_, params) => auth.send({ type: 'auth.sessionStarted', result: params.result, redirect }),
    },
  })
  return useActorRef(machine)
}
