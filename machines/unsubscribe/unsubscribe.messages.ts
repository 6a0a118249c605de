/** The /unsubscribe page's words (src/pages/mail/UnsubscribePage.tsx) and its machine's own message. */
import { defineMessages } from '../../contract/messages.ts'

export const unsubscribeMessages = defineMessages('unsubscribe', {
  failed: 'We could not reach Engage to change your email settings. Please try again.',
  title: 'Unsubscribe from emails',
  allEmails: 'all notification emails',
  emailsAbout: 'emails about {category}',
  preferences: 'Notification preferences',
  done: "You won't get {emails} any more.",
  already: "You already don't get {emails} at {email}.",
  confirm: "Stop {emails} to {email}? You'll still see these notifications in your Engage inbox.",
  linkInvalid: 'This unsubscribe link is not valid. Change which emails you get in your notification preferences.',
  tryAgain: 'Try again',
  unsubscribing: 'Unsubscribing…',
  unsubscribe: 'Unsubscribe',
  checking: 'Checking your unsubscribe link…',
})
