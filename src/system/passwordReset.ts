/**
 * The passwordReset machine's browser side (machines/passwordReset): the
 * /reset-password page's one call, `POST /users/password-reset/confirm`.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { passwordResetMachine } from '../../machines/passwordReset/passwordReset.machine.ts'
import { useApi } from './api.tsx'

/** A passwordReset actor for the /reset-password page, for the link's `token`. */
export function usePasswordResetActor(token: string) {
  const api = useApi()
  return useActorRef(passwordResetMachine.provide({ actors: { confirmReset: fromPromise(({ input }) => api.account.confirmPasswordReset(input)) } }), {
    input: { token },
  })
}
