/** What the passkeys machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const passkeysDocs: MachineDocs = {
  states: {
    loading: "The Passkeys section shows a skeleton ('Loading passkeys…') while the person's passkeys are fetched.",
    failed: "The list could not be loaded: 'Could not load your passkeys. Please try again.' shows with 'Try again'.",
    ready:
      "The passkeys are listed (synced or this device only, created, last used) with 'Rename' and 'Delete', or 'No passkeys yet.'; a browser without passkeys says so.",
    'ready.idle': "The list waits: 'Add a passkey', 'Rename' or 'Delete' can be pressed; a failed deletion's reason shows.",
    'ready.naming':
      "The add form asks for a 'Passkey name' with 'Continue' and 'Cancel'; after a closed prompt, 'No passkey was added. You can try again whenever you like.' shows above it.",
    'ready.prompting': "The browser's own passkey prompt is open: 'Continue' reads 'Waiting for your device…'.",
    'ready.saving': "The new passkey is being saved with its name: the button reads 'Saving…'; a toast confirms it was added.",
    'ready.renaming': "A passkey's row shows a 'Passkey name' field with 'Save' and 'Cancel'.",
    'ready.savingName': "The new name is being saved: 'Save' reads 'Saving…'.",
    'ready.confirmingDelete': "The dialog 'Delete this passkey?' says it will no longer sign the person in, with 'Cancel' and 'Delete passkey'.",
    'ready.deleting': "The passkey is being deleted: 'Delete passkey' is busy; a toast confirms it and the row leaves the list.",
  },
  events: {
    'passkey.add': "A person presses 'Add a passkey': the form asking for its name opens.",
    'passkey.cancel': "A person presses 'Cancel' in the name form or the delete dialog: it closes and nothing changes.",
    'passkey.confirmDelete': "A person presses 'Delete passkey' in the dialog: the passkey is deleted.",
    'passkey.delete': "A person presses 'Delete' on a passkey's row: the confirmation dialog opens.",
    'passkey.nameChanged': "A person types in 'Passkey name'.",
    'passkey.rename': "A person presses 'Rename' on a passkey's row: its name becomes editable.",
    'passkey.submitName':
      "A person presses 'Continue' (adding) or 'Save' (renaming): a valid name goes on to the browser's prompt or is saved, otherwise the field says why.",
    'passkeys.retry': "A person presses 'Try again' after the list failed to load: it loads again.",
  },
}
