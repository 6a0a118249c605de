/** What the confirmationResend machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const confirmationResendDocs: MachineDocs = {
  states: {
    idle: "The Profile tab shows the address as 'Not confirmed' with 'Resend confirmation email', and the reason when the last try failed.",
    sending: "A new confirmation link is being asked for: the button reads 'Sending…'.",
    sent: "The profile says 'We sent a new confirmation link'; the person may ask again (the server limits how often).",
    alreadyConfirmed:
      "The address was confirmed meanwhile (in another tab or device): the badge turns 'Confirmed' with 'Your email address is already confirmed'.",
  },
  events: {
    resend: "A person pressed 'Resend confirmation email' on the Profile tab: a new link is emailed.",
  },
}
