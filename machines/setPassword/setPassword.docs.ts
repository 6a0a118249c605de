/** What the setPassword machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const setPasswordDocs: MachineDocs = {
  states: {
    editing:
      "An invited person sees 'Choose your password' with 'New password' and 'Confirm password', and any error (too short, not matching, an incomplete link).",
    submitting: "The password is being set: the button reads 'Saving…'.",
    done: "The page reads 'Your password is set' and 'You can now sign in to Engage with your email and new password.' with a 'Sign in' button.",
  },
  events: {
    'password.submit':
      "A person pressed 'Set password': a password of at least 10 characters that matches its confirmation is sent; otherwise the errors show at once.",
  },
}
