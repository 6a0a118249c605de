/**
 * The unsubscribe machine's browser side (machines/unsubscribe, one-click unsubscribe):
 * the /unsubscribe page's two calls, `GET` and `POST /mail/unsubscribe?token` (src/api/endpoints.ts
 * `mail`). No session: the link's token is the whole authority.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { unsubscribeMachine } from '../../machines/unsubscribe/unsubscribe.machine.ts'
import { useApi } from './api.tsx'

/** An unsubscribe actor for the /unsubscribe page and the link's `token` ('' when missing: invalid without a call). */
export function useUnsubscribeActor(token: string) {
  const api = useApi()
  return useActorRef(
    unsubscribeMachine.provide({
      actors: {
        describeUnsubscribe: fromPromise(({ input }) => api.mail.describeUnsubscribe(input.token)),
        unsubscribe: fromPromise(({ input }) => api.mail.unsubscribe(input.token)),
      },
    }),
    { input: { token } },
  )
}
