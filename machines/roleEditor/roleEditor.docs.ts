/** What the roleEditor machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const roleEditorDocs: MachineDocs = {
  states: {
    loading: "The role editor fetches the permission grid's resources and the workspace's roles: the page reads 'Loading role…'.",
    resolving:
      'A passing step once both answers arrived: it decides at once between a new role, an editable one, a system role or none, so nothing is drawn here.',
    loadFailed: "A fetch failed: the page reads 'Could not load the role.' with 'Try again'.",
    notFound: "The address names no role of this workspace: the page reads 'There is no such role in this workspace' with 'Back to User Roles'.",
    readOnly:
      "A built-in role is shown with its grid greyed out and the note 'This is a system role: it is built in, shared by every workspace, and cannot be changed…'.",
    editing: "The form ('Name', 'Description' and the 'Permissions' grid with its 'All' boxes) can be changed, showing any field errors; 'Save role' saves it.",
    saving: "The role is being saved: 'Save role' shows it is busy and the form cannot be changed.",
    saved: "The role is saved: a 'Role created' or 'Role saved' toast shows and the person is taken back to the User Roles list.",
  },
  events: {
    'role.changeDescription': "A person types in 'Description': the text changes and its error goes away.",
    'role.changeName': "A person types in 'Name': the text changes and its error goes away.",
    'role.retry': "A person pressed 'Try again' after 'Could not load the role.': the page loads again.",
    'role.save': "A person pressed 'Save role': a valid role is saved; an empty name, too long a text or no permission ticked shows errors at once.",
    'role.toggleAction': "A person ticked or cleared one box of the permission grid, such as 'Read' on a resource.",
    'role.toggleColumn': "A person ticked or cleared a column's 'All' box: that action on every resource at once.",
    'role.toggleResource': "A person ticked or cleared a row's 'All' box: every action on that resource at once.",
  },
}
