/**
 * The verificationGate machine's browser side (machines/verificationGate; SPEC §2.6, §4 Human
 * verification, §8): the bot-check config and verify calls, the session memory
 * (sessionStorage, src/platform/verified-session.ts) and the console log (failures show no message).
 */
import { useActorRef } from '@xstate/react'
import { useState } from 'react'
import { fromPromise } from 'xstate'
import { verificationGateMachine } from '../../machines/verificationGate/verificationGate.machine.ts'
import { readVerified, rememberVerified } from '../platform/verified-session.ts'
import { browserSessionStorage } from '../platform/stored.ts'
import { useApi } from './api.tsx'

/** A verificationGate actor for the gated page's lifetime; `skip` lets the page through at once. */
export function useVerificationGateActor(skip: boolean) {
  const api = useApi()
  // Read once: the actor is created on the first render only.
  const [remembered] = useState(() => readVerified(browserSessionStorage()))
  return useActorRef(
    verificationGateMachine.provide({
      actors: {
        loadConfig: fromPromise(() => api.botCheckConfig()),
        verifyToken: fromPromise(({ input }: { input: { token: string } }) => api.verifyBotCheck(input.token)),
      },
      actions: {
        rememberVerified: (_, params) => rememberVerified(browserSessionStorage(), params),
        logFailure: (_, params) => console.warn(`Human verification failed (${params.source}):`, params.error),
      },
    }),
    { input: { skip, remembered } },
  )
}
