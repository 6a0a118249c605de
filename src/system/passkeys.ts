/**
 * The passkeys machines' browser side (machines/passkeys): the Security tab's section
 * (`usePasskeysActor`: the API calls, the browser's prompt, outcome toasts) and /signin's passkey
 * sign-in (`usePasskeySignInActor`: the modal and autofill ceremonies, and the session handed to
 * the auth actor as `auth.sessionStarted`, as single sign-on's callback hands its own).
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { RegisterPasskeyRequest } from '../../contract/passkeys.ts'
import type { SignInResult } from '../../machines/auth/auth.machine.ts'
import { passkeysMachine } from '../../machines/passkeys/passkeys.machine.ts'
import { passkeySignInMachine } from '../../machines/passkeys/passkeySignIn.machine.ts'
import { toStoredTokens } from '../../machines/token/token.policy.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { assertPasskey, cancelPasskeyPrompt, conditionalMediationAvailable, createPasskey, passkeysUsableHere } from '../platform/webauthn.ts'
import { useApi, useOptionalApi } from './api.tsx'
import { useOutcomeToasts } from './outcomes.ts'
import { useAuthActor } from './react.tsx'

/** The passkeys machine with its HTTP actors and the browser's prompt. */
export function browserPasskeys(api: Endpoints) {
  return passkeysMachine.provide({
    actors: {
      loadPasskeys: fromPromise(() => api.passkeys.list()),
      promptForPasskey: fromPromise(async () => {
        const { challenge_id, options } = await api.passkeys.registrationOptions()
        const response = await createPasskey(options)
        return { challengeId: challenge_id, response: response as unknown as RegisterPasskeyRequest['response'] }
      }),
      savePasskey: fromPromise(({ input }) => api.passkeys.register({ challenge_id: input.prompted.challengeId, name: input.name, response: input.prompted.response })),
      renamePasskey: fromPromise(({ input }) => api.passkeys.rename(input.id, input.name)),
      deletePasskey: fromPromise(({ input }) => api.passkeys.remove(input.id)),
    },
  })
}

/** A passkeys actor for the section's lifetime. */
export function usePasskeysActor() {
  const api = useApi()
  const actor = useActorRef(browserPasskeys(api), { input: { supported: passkeysUsableHere() } })
  useOutcomeToasts(actor, {
    'passkeys.added': ['success', (e) => `Passkey “${e.passkey.name}” added`],
    'passkeys.renamed': ['success', (e) => `Passkey renamed to “${e.passkey.name}”`],
    'passkeys.removed': ['success', (e) => `Passkey “${e.passkey.name}” deleted`],
  })
  return actor
}

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

/**
 * The passkey sign-in of /signin, for the page's lifetime: the autofill ceremony runs while it is
 * open (when the browser offers it) and is cancelled when the page goes; a session goes to the
 * auth actor with `redirect`.
 */
export function usePasskeySignInActor(redirect: string | null) {
  // Stories and tests of the sign-in page may run without the API: no autofill then, and the button fails quietly.
  const api = useOptionalApi()
  const auth = useAuthActor()
  const now = Date.now
  const machine = passkeySignInMachine.provide({
    actors: {
      watchAutofill: fromPromise(async ({ signal }) => {
        if (api === null || !(await conditionalMediationAvailable())) return null
        // Leaving `watching` (the button, or the page unmounting) ends the suggestions' prompt.
        signal.addEventListener('abort', () => void cancelPasskeyPrompt())
        return passkeySession(api, now, true)
      }),
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
