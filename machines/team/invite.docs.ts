/** What the invite machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const inviteDocs: MachineDocs = {
  states: {
    loading: "The 'Invite member' page fetches the workspace's roles to choose from: it reads 'Loading roles…'.",
    loadFailed: "The roles could not be loaded: the page reads 'Could not load the roles.' with 'Try again'.",
    editing:
      "The form asks for 'Email', 'Name (optional)' and at least one role, with any field errors (such as already a member); 'Send invitation' sends it.",
    sending: "The invitation is being sent: 'Send invitation' is busy and the form cannot be changed.",
    sent: "The invitation is sent: a toast such as 'Invitation sent' shows and the person is taken back to the Team Members page.",
  },
  events: {
    'invite.changeEmail': "A person types in 'Email': the text changes and its error goes away.",
    'invite.changeName': "A person types in 'Name (optional)': the text changes and its error goes away.",
    'invite.retry': "A person pressed 'Try again' after 'Could not load the roles.': the roles load again.",
    'invite.submit': "A person pressed 'Send invitation': a valid form is sent; a bad email or no role ticked shows errors at once.",
    'invite.toggleSet': "A person ticked or cleared a role in the form: its 'Choose at least one.' error goes away.",
  },
}
