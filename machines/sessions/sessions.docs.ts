/** What the sessions machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const sessionsDocs: MachineDocs = {
  states: {
    loading: "The Sessions section shows skeletons ('Loading sessions…') while the signed-in sessions are fetched.",
    failed: "The list could not be loaded: 'Could not load your sessions. Please try again.' shows with 'Try again'.",
    ready: "The signed-in browsers and devices are listed, most recently used first, with 'This device' marked and a 'Sign out' on each other row.",
    'ready.idle': "The list waits: a row's 'Sign out' or 'Sign out of all other sessions' can be pressed.",
    'ready.confirmingOthers': "The dialog 'Sign out of all other sessions?' asks for confirmation, with 'Cancel' and 'Sign out others'.",
    'ready.revoking':
      "A session's row has already left the list while it is signed out; on success a 'Signed out of …' toast appears, on refusal the row comes back.",
    'ready.revokingOthers':
      'Only this device is left in the list while the others are signed out; a toast gives the count, or the rows come back if the server refuses.',
  },
  events: {
    'session.revoke': "A person presses 'Sign out' on another session's row: that row leaves the list and the session ends.",
    'sessions.cancel': "A person presses 'Cancel' or closes the confirmation dialog: nothing is signed out.",
    'sessions.confirmRevokeOthers': "A person presses 'Sign out others' in the dialog: every other session leaves the list and is signed out.",
    'sessions.retry': "A person presses 'Try again' after the list failed to load: it loads again.",
    'sessions.revokeOthers': "A person presses 'Sign out of all other sessions': the confirmation dialog opens.",
  },
}
