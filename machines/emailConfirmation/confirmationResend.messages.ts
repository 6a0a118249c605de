/** 'Resend confirmation email' under the email on the Profile tab (machines/emailConfirmation/confirmationResend.machine.ts). */
import { defineMessages } from '../../contract/messages.ts'

export const confirmationResendMessages = defineMessages('confirmationResend', {
  confirmed: 'Confirmed',
  notConfirmed: 'Not confirmed',
  sending: 'Sending…',
  resend: 'Resend confirmation email',
  sent: 'We sent a new confirmation link',
  failed: 'We could not send a new link right now. Please try again.',
})
