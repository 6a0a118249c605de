/** What the passwordReset machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const passwordResetDocs: MachineDocs = {
  states: {
    start: 'The first instant on the reset page: the link is checked for its token and the page moves on at once, so nothing is drawn here.',
    editing: "The 'Choose a new password' form asks for 'New password' and 'Confirm password', warning that every device will be signed out, with any error.",
    submitting: "The new password is being saved: the button reads 'Saving…'.",
    done: "The page reads 'Password changed': 'Your password has been changed. Sign in with the new one.' with 'Sign in'.",
    linkInvalid: "The link has no token, or is unknown, used or expired: 'This link cannot be used' with 'Get a new link' and 'Back to sign in'.",
  },
  events: {
    'password.submit':
      "A person pressed 'Change password': a password of at least 10 characters that matches its confirmation is sent; otherwise the errors show at once.",
  },
}
