/**
 * The passkeys machine's browser side (machines/passkeys/passkeys.machine.ts): the Security tab's
 * section (`usePasskeysActor`: the API calls, the browser's prompt, outcome toasts). /signin's
 * passkey sign-in is src/system/passkeySignIn.ts, apart so that the sign-in page loads neither
 * this machine nor the passkeys contract it checks names with.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { RegisterPasskeyRequest } from '../../contract/passkeys.ts'
import { passkeysMachine } from '../../machines/passkeys/passkeys.machine.ts'
import { passkeysMessages as m } from '../../machines/passkeys/passkeys.messages.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { createPasskey, passkeysUsableHere } from '../platform/webauthn.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useApi } from './api.tsx'
import { useOutcomeToasts } from './outcomes.ts'

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
  const { t } = useTranslator()
  useOutcomeToasts(actor, {
    'passkeys.added': ['success', (e) => t(m.added, { name: e.passkey.name })],
    'passkeys.renamed': ['success', (e) => t(m.renamed, { name: e.passkey.name })],
    'passkeys.removed': ['success', (e) => t(m.removed, { name: e.passkey.name })],
  })
  return actor
}
