/**
 * The workspace switcher (SPEC §2.6, §8). The list's status texts are keyed by the workspaces
 * selectors' statuses (machines/workspaces keeps SPEC §8's English verbatim).
 */
import { defineMessages } from '../../i18n/messages.ts'

export const workspacesMessages = defineMessages('workspaces', {
  workspace: 'Workspace',
  switchWorkspace: 'Switch workspace',
  loading: 'Loading workspaces...',
  error: 'Error loading workspaces',
  empty: 'No organizations found',
  searchWorkspaces: 'Search workspaces',
  workspaces: 'Workspaces',
  newWorkspace: 'New workspace',
  workspaceName: 'Workspace name',
  optional: 'Optional',
  nameHint: 'Leave it empty and we will name it for you.',
  createWorkspace: 'Create workspace',
  creatingWorkspace: 'Creating workspace…',
})
