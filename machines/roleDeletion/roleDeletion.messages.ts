/**
 * The User Roles page's words (SPEC §2.4; src/pages/settings/RolesPage.tsx), the 'Roles' checkboxes
 * of the team's roles dialog and the invite form (RoleCheckboxes.tsx), and the role deletion's
 * toast. Beside the roleDeletion machine: machines import only machines/ and contract/.
 */
import { defineMessages } from '../../contract/messages.ts'

export const rolesMessages = defineMessages('roles', {
  createRole: 'Create role',
  intro: 'A role is a set of permissions. System roles are built in and read-only; create a custom role to grant exactly what a team needs.',
  loadFailed: 'Could not load the roles.',
  loading: 'Loading roles…',
  empty: 'No roles yet',
  listLabel: 'Roles',
  deleteTitle: 'Delete the role "{name}"?',
  deleteBody: 'It is removed for good. A role still given to a member or a pending invitation cannot be deleted.',
  cancel: 'Cancel',
  deleteRole: 'Delete role',
  system: 'System',
  readOnly: 'Read-only',
  resources: '{count, plural, one {# resource} other {# resources}}',
  delete: 'Delete',
  roleName: 'role {name}',
  checkboxesLabel: 'Roles',
  systemMark: ' · System',
  deleted: 'Role "{name}" deleted',
  deleteFailed: 'Could not delete the role. Please try again.',
})
