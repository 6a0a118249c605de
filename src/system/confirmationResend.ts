/**
 * The confirmationResend machine's browser side (machines/emailConfirmation): the
 * Profile tab's 'Resend confirmation email', `POST /users/me/confirm-email/resend`.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { confirmationResendMachine } from '../../machines/emailConfirmation/confirmationResend.machine.ts'
import { useApi } from './api.tsx'

/** A confirmationResend actor for the Profile tab's lifetime. */
export function useConfirmationResendActor() {
  const api = useApi()
  return useActorRef(confirmationResendMachine.provide({ actors: { resendConfirmation: fromPromise<unknown, void>(() => api.account.resendEmailConfirmation()) } }))
}
