/**
 * The role editor's words (SPEC §3 Permission set; src/pages/settings/RoleEditorView.tsx) and its
 * toasts (src/system/roleEditor.ts). Beside the machine: machines import only machines/ and contract/.
 */
import { defineMessages } from '../../contract/messages.ts'

export const roleEditorMessages = defineMessages('roleEditor', {
  createRole: 'Create role',
  notFoundTitle: 'Role not found',
  role: 'Role',
  loading: 'Loading role…',
  loadFailed: 'Could not load the role.',
  notFound: 'There is no such role in this workspace',
  notFoundHelp: 'It may have been deleted, or the address may be mistyped.',
  backToRoles: 'Back to User Roles',
  systemNote: 'This is a system role: it is built in, shared by every workspace, and cannot be changed. To grant a different set of permissions, create a custom role.',
  name: 'Name',
  description: 'Description',
  descriptionHelp: 'Optional: who this role is for.',
  cancel: 'Cancel',
  saveRole: 'Save role',
  permissions: 'Permissions',
  permissionsHelpReadOnly: 'What people with this role may do on each resource.',
  permissionsHelp: 'Tick what people with this role may do on each resource.',
  resource: 'Resource',
  all: 'All',
  columnAll: '{action} on every resource',
  rowAll: 'All permissions for {resource}',
  cell: '{action} {resource}',
  created: 'Role created',
  saved: 'Role saved',
  saveFailed: 'Could not save the role. Please try again.',
  loadFailedRetry: 'Could not load the roles. Please try again.',
})
