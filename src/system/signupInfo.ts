/**
 * The signupInfo machine's browser side (machines/signupInfo; SPEC §2.2 /app/sign-up-info): the
 * complete-signup call, and the re-verification that brings the new signup_completed flag.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { signupInfoMachine } from '../../machines/signupInfo/signupInfo.machine.ts'
import { useApi } from './api.tsx'
import { useAuthActor } from './react.tsx'

/** A signupInfo actor for the page's lifetime, its company name prefilled with `companyName`. */
export function useSignupInfoActor(companyName: string) {
  const api = useApi()
  const auth = useAuthActor()
  return useActorRef(
    signupInfoMachine.provide({
      actors: { completeSignup: fromPromise(({ input }) => api.completeSignup(input)) },
      actions: {
        requestVerification: (_, params) => auth.send({ type: 'auth.verify', userInitiated: false, redirect: params.redirect }),
      },
    }),
    { input: { companyName } },
  )
}
