/** What the passwordResetRequest machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const passwordResetRequestDocs: MachineDocs = {
  states: {
    editing: "The 'Reset your password' page asks for the 'Email' to send a link to, with any error (a bad address, or 'Too many attempts…' from the server).",
    requesting: "The link is being asked for: the button reads 'Sending…'.",
    sent: "The page reads 'Check your email' and 'If an account exists for that address, we sent a link', the same whoever has an account, with 'Back to sign in'.",
  },
  events: {
    'email.change': "A person types in 'Email' on the forgot-password page: the address changes.",
    'reset.submit': "A person pressed 'Send link': a well-formed address is sent; a malformed one shows its error at once.",
  },
}
