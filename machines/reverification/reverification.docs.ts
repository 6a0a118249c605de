/** What the reverification machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const reverificationDocs: MachineDocs = {
  states: {
    idle: 'No dialog: no sensitive change has asked the person to confirm who they are yet.',
    asking:
      "The 'Confirm it's you' dialog is open over the page, because a sensitive change needs a fresh confirmation; 'Cancel' closes it and the change fails.",
    'asking.loading': "The dialog shows 'Loading…' while the ways this person can confirm (password, code, passkey) are fetched.",
    'asking.loadFailed': "The dialog says 'Could not start confirming. Please try again.' with 'Try again' and 'Cancel'.",
    'asking.noFactor':
      "The dialog says 'Your account has no password or code to confirm with here. Sign out and sign in again to continue.' with only 'Cancel'.",
    'asking.editing':
      "The dialog offers a 'Password' tab, a 'Code' tab when two-factor is on, and 'Use a passkey' when possible, with 'Confirm'; a format error shows on the field.",
    'asking.failed':
      'The same form after the server refused: the error shows on the field (such as a wrong password) or above the form; the person can try again.',
    checking: 'The form stays on screen, busy, while the given password, code or passkey is checked.',
    'checking.secret': "The password or code is checked by the server: 'Confirm' reads 'Confirming…'.",
    'checking.passkey': "The browser asks for the passkey: the button reads 'Waiting for your passkey…'.",
    verified: 'The dialog has closed and the change that asked for confirmation goes through; for a while no further confirmation is asked.',
  },
  events: {
    'reverification.cancel': "A person presses 'Cancel' or closes the dialog: it closes and the change that asked fails.",
    'reverification.changeMethod': "A person switches between the 'Password' and 'Code' tabs.",
    'reverification.changeValue': 'A person types a password or a code in the open tab.',
    'reverification.requested':
      "The server refuses a sensitive change until the person confirms who they are: the 'Confirm it's you' dialog opens (or the open one also answers it).",
    'reverification.retry': "A person presses 'Try again' after the dialog could not load: it loads again.",
    'reverification.submit': "A person presses 'Confirm': a well-formed password or code is checked, otherwise the field shows what is wrong.",
    'reverification.usePasskey': "A person presses 'Use a passkey': the browser asks for their passkey.",
  },
}
