/** What the roleDeletion machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const roleDeletionDocs: MachineDocs = {
  states: {
    idle: "The User Roles list is on screen with no deletion under way; each custom role has its 'Delete' button.",
    confirming:
      "The dialog asks 'Delete the role \"{name}\"?' with 'Delete role' and 'Cancel', and after a refusal the server's reason, such as who still holds the role.",
    deleting: "The role is being deleted: 'Delete role' is busy. On success the dialog closes, 'Role \"{name}\" deleted' shows and the list loses it.",
  },
  events: {
    'roleDeletion.cancel': "A person pressed 'Cancel' (or Escape) in the delete dialog: it closes and the role stays.",
    'roleDeletion.confirm': "A person pressed 'Delete role' in the dialog: the role is deleted, unless the server refuses.",
    'roleDeletion.request': "A person pressed 'Delete' on a custom role of the User Roles list: the confirmation dialog opens.",
  },
}
