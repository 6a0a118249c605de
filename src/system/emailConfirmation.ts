/**
 * The emailConfirmation machine's browser side (machines/emailConfirmation): the
 * /confirm-email page's one call, `POST /users/confirm-email`, and, once the
 * address is confirmed, a new verification of a signed-in session (so the profile and the user
 * object say `email_confirmed: true`).
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { ConfirmEmailResponse } from '../../contract/account.ts'
import { selectAuthStatus } from '../../machines/auth/auth.selectors.ts'
import { emailConfirmationMachine } from '../../machines/emailConfirmation/emailConfirmation.machine.ts'
import { useApi } from './api.tsx'
import { useEmitted } from './outcomes.ts'
import { useOptionalAuthActor } from './react.tsx'

/**
 * Calls in flight by token. React's StrictMode starts a view's actor twice in development; the
 * second start shares the first call instead of spending the one-time link again.
 */
const inFlight = new Map<string, Promise<ConfirmEmailResponse>>()

function confirmOnce(token: string, call: () => Promise<ConfirmEmailResponse>): Promise<ConfirmEmailResponse> {
  const pending = inFlight.get(token)
  if (pending) return pending
  const started = call().finally(() => inFlight.delete(token))
  inFlight.set(token, started)
  return started
}

/** An emailConfirmation actor for the /confirm-email page: it posts the link's `token` once, as it starts. */
export function useEmailConfirmationActor(token: string) {
  const api = useApi()
  const auth = useOptionalAuthActor()
  const actor = useActorRef(emailConfirmationMachine.provide({ actors: { confirmEmail: fromPromise(({ input }) => confirmOnce(input.token, () => api.account.confirmEmail(input))) } }), {
    input: { token },
  })
  useEmitted(actor, {
    'email.confirmed': () => {
      if (auth && selectAuthStatus(auth.getSnapshot()) === 'authenticated') auth.send({ type: 'auth.verify', userInitiated: false })
    },
  })
  return actor
}
