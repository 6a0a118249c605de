/**
 * The passwordResetRequest machine's browser side (machines/passwordReset): the
 * /forgot-password form's one call, `POST /users/password-reset`.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { passwordResetRequestMachine } from '../../machines/passwordReset/passwordResetRequest.machine.ts'
import { useApi } from './api.tsx'

/** A passwordResetRequest actor for the page's lifetime, starting from `email` (the sign-in form's, or ''). */
export function usePasswordResetRequestActor(email: string) {
  const api = useApi()
  return useActorRef(passwordResetRequestMachine.provide({ actors: { requestReset: fromPromise(({ input }) => api.account.passwordReset(input)) } }), {
    input: { email },
  })
}
