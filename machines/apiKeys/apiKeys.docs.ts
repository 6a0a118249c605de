/** What the API keys machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const apiKeysDocs: MachineDocs = {
  states: {
    loading: "The API keys tab shows skeleton rows ('Loading API keys…') while the workspace's keys are fetched.",
    failed: "The keys could not be loaded: 'Could not load the API keys. Please try again.' shows with 'Try again'.",
    ready:
      "The keys are listed (name, the key's first characters, permission set, created by, created, last used, expires), or 'No API keys yet'; 'Create API key' and 'Revoke' show to those allowed.",
    'ready.idle': "The list waits: 'Create API key' or a row's 'Revoke' can be pressed; a refused revocation's reason shows above the list.",
    'ready.creating': "The 'Create API key' dialog is open: first the form, then the new key's secret once.",
    'ready.creating.editing':
      "The dialog asks for 'Name', 'Permission set' (only sets whose every permission the person holds) and 'Expiry', with 'Cancel' and 'Create'; errors show under the fields.",
    'ready.creating.submitting': "The key is being created: 'Create' reads 'Creating…' and the dialog cannot be closed.",
    'ready.creating.showingSecret':
      "'API key created' shows the secret with 'Copy this key now. You won't be able to see it again.' and 'Done'; the new key already heads the list.",
    'ready.confirmingRevoke': "The dialog 'Revoke “{name}”?' says anything using it stops working at once, with 'Cancel' and 'Revoke key'.",
    'ready.revoking': 'The key has already left the list while it is revoked; a toast confirms it, or the key comes back in its place with the reason.',
  },
  events: {
    'apiKey.cancel': "A person presses 'Cancel' or closes the create form or the revoke dialog: nothing changes.",
    'apiKey.confirmRevoke': "A person presses 'Revoke key' in the dialog: the key leaves the list and stops working.",
    'apiKey.create': "A person presses 'Create API key': the create dialog opens with an empty form.",
    'apiKey.done': "A person presses 'Done' or closes the dialog showing the secret: the secret is forgotten for good.",
    'apiKey.expiryChanged': "A person picks an 'Expiry': 30 days, 90 days, 1 year or no expiry.",
    'apiKey.nameChanged': "A person types the key's 'Name'.",
    'apiKey.permissionSetChanged': "A person picks the key's 'Permission set'.",
    'apiKey.revoke': "A person presses 'Revoke' on a key's row: the confirmation dialog opens.",
    'apiKey.submit': "A person presses 'Create': a valid form creates the key, otherwise the fields say what is missing.",
    'apiKeys.accessChanged':
      "The person's permissions in the workspace change (loaded, or a role changed): 'Create API key' and 'Revoke' show or hide to match.",
    'apiKeys.retry': "A person presses 'Try again' after the keys failed to load: they load again.",
  },
}
