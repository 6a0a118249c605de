/** What the unsubscribe machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const unsubscribeDocs: MachineDocs = {
  states: {
    start: "The first instant on the unsubscribe page: the link's token is checked and the page moves on at once, so nothing is drawn here.",
    loading: "The page reads 'Checking your unsubscribe link…' while it asks what the link turns off; nothing is changed by opening it.",
    ready: "The page asks 'Stop {emails} to {email}? You'll still see these notifications in your Engage inbox.' with 'Unsubscribe'.",
    submitting: "The emails are being turned off: the button reads 'Unsubscribing…'.",
    failed: "Engage could not be reached: 'We could not reach Engage to change your email settings. Please try again.' with 'Try again'.",
    done: "The page reads 'You won't get {emails} any more.' with a link to 'Notification preferences'.",
    alreadyUnsubscribed: "The emails were already off: the page reads 'You already don't get {emails} at {email}.'.",
    invalid: "The link is missing or refused: 'This unsubscribe link is not valid. Change which emails you get in your notification preferences.'.",
  },
  events: {
    'unsubscribe.confirm': "A person pressed 'Unsubscribe' on the page: the emails are turned off.",
    'unsubscribe.retry': "A person pressed 'Try again' after a failure: the step that failed (the check or the unsubscribe) runs again.",
  },
}
