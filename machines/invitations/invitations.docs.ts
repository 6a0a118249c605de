/** What the invitations machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const invitationsDocs: MachineDocs = {
  states: {
    loading:
      "The person's invitations to other workspaces are being fetched; the switcher and the selection page show no 'Invitations' section yet, or keep the one they had.",
    failed: "The invitations could not be loaded: no 'Invitations' section shows, and the next opening of the switcher tries again.",
    ready: "The 'Invitations' section lists each invitation, such as 'Globex — invited by Ada Admin', with 'Accept' and 'Decline'; with none, nothing shows.",
    accepting: "The person accepted an invitation: its 'Accept' button is busy; on success 'You joined {workspace}' shows and the workspace joins the list.",
    declining: "The person declined an invitation: it has already left the list; 'Invitation to {workspace} declined' shows, or it comes back with an error.",
  },
  events: {
    'invitations.accept': "A person pressed 'Accept' on an invitation in the switcher or on the selection page: they join that workspace.",
    'invitations.decline': "A person pressed 'Decline' on an invitation: it leaves the list and is declined.",
    'invitations.refresh': 'A person opened the workspace switcher: the invitations are fetched again.',
  },
}
