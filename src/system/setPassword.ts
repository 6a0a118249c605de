/** The setPassword machine's browser side (machines/setPassword): the invitation link's one call. */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { setPasswordMachine } from '../../machines/setPassword/setPassword.machine.ts'
import { useApi } from './api.tsx'

/** A setPassword actor for the /set-password page, for the link's `token`. */
export function useSetPasswordActor(token: string) {
  const api = useApi()
  return useActorRef(setPasswordMachine.provide({ actors: { setPassword: fromPromise(({ input }) => api.setPassword(input)) } }), { input: { token } })
}
