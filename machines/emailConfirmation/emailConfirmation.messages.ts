/** The /confirm-email page's words (src/pages/account/ConfirmEmailPage.tsx) and its machine's own message. */
import { defineMessages } from '../../contract/messages.ts'

export const confirmEmailMessages = defineMessages('confirmEmail', {
  failed: 'We could not confirm your email address right now. Please try again.',
  documentTitle: 'Confirm your email address',
  confirmedTitle: 'Email address confirmed',
  confirmed: 'Your email address is confirmed',
  continue: 'Continue to Engage',
  signIn: 'Sign in',
  linkInvalidTitle: 'This link cannot be used',
  linkInvalid: 'This link is not valid or has expired. Ask for a new one.',
  askNewLink: 'You can ask for a new confirmation link from your profile settings.',
  openProfile: 'Open profile settings',
  failedTitle: 'We could not confirm your email address',
  tryAgain: 'Try again',
  confirming: 'Confirming your email address…',
  takesMoment: 'This takes a moment.',
})
