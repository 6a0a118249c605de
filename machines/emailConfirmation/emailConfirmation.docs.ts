/** What the emailConfirmation machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const emailConfirmationDocs: MachineDocs = {
  states: {
    start: "The first instant on the confirm-email page: the link's token is checked and the page moves on at once, so nothing is drawn here.",
    confirming: "The address is being confirmed: the page reads 'Confirming your email address…' and 'This takes a moment.'.",
    confirmed: "The page reads 'Your email address is confirmed', with 'Continue to Engage' when signed in, or 'Sign in'.",
    invalid: "The link is missing, unknown, used or expired: 'This link cannot be used', with a pointer to ask for a new link from the profile settings.",
    failed: "The server could not be reached: 'We could not confirm your email address' with 'Try again'; the link still works.",
  },
  events: {
    'confirm.retry': "A person pressed 'Try again' after a failed confirmation: the link is sent again.",
  },
}
