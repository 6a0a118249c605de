import type { Meta } from '@storybook/react-vite'
import { createActor, fromPromise } from 'xstate'
import type { PermissionSet } from '../contract/api.ts'
import { acmeSets, metadata, superAdminSet, supportAgentSet } from '../machines/roleEditor/roleEditor.fixtures.ts'
import { type RoleEditorContext, grantsOf, roleEditorMachine } from '../machines/roleEditor/roleEditor.machine.ts'
import { RoleEditorView } from '../src/pages/settings/RoleEditorView.tsx'
import { pending, starter, viewing, withProviders } from './settings-stories.tsx'

/** The role editor (SPEC §2.4 create and edit a permission set), one story per state. */
const meta: Meta = { title: 'Machines/roleEditor', decorators: [withProviders] }
export default meta

const roleDefaults: RoleEditorContext = {
  roleId: null,
  metadata,
  sets: acmeSets,
  original: null,
  name: '',
  description: '',
  grants: {},
  fieldErrors: {},
  formError: null,
  loadError: null,
}

function roleEditorIn(value: string, context: Partial<RoleEditorContext> = {}) {
  return starter(() => {
    const machine = roleEditorMachine.provide({
      actors: {
        loadMetadata: fromPromise(() => pending<typeof metadata>()),
        loadPermissionSets: fromPromise(() => pending<ReadonlyArray<PermissionSet>>()),
        savePermissionSet: fromPromise(() => pending<PermissionSet>()),
      },
    })
    const full = { ...roleDefaults, ...context }
    return createActor(machine, { input: { roleId: full.roleId }, snapshot: machine.resolveState({ value, context: full }) }).start()
  }, { machine: roleEditorMachine.id, state: value })
}

const editingSupportAgent: Partial<RoleEditorContext> = {
  roleId: supportAgentSet._id,
  original: supportAgentSet,
  name: supportAgentSet.name,
  description: supportAgentSet.description,
  grants: grantsOf(supportAgentSet),
}

/** `loading`: metadata and sets on their way. */
export const RoleEditorLoading = viewing(roleEditorIn('loading', { metadata: null, sets: null }), RoleEditorView)

/** `loadFailed`: the server's message and 'Try again'. */
export const RoleEditorLoadFailed = viewing(
  roleEditorIn('loadFailed', { metadata: null, sets: null, loadError: 'Something went wrong on our side. Please try again.' }),
  RoleEditorView,
)

/** `notFound`: an id the workspace does not have. */
export const RoleEditorNotFound = viewing(roleEditorIn('notFound', { roleId: 'ps-nowhere' }), RoleEditorView)

/** `readOnly`: a system set, with the note and no Save. */
export const RoleEditorSystemReadOnly = viewing(
  roleEditorIn('readOnly', {
    roleId: superAdminSet._id,
    original: superAdminSet,
    name: superAdminSet.name,
    description: superAdminSet.description,
    grants: grantsOf(superAdminSet),
  }),
  RoleEditorView,
)

/** `editing` a new role, nothing filled in yet. */
export const RoleEditorCreating = viewing(roleEditorIn('editing'), RoleEditorView)

/** `editing` after saving an empty form: field errors next to Name and the grid. */
export const RoleEditorCreatingWithErrors = viewing(
  roleEditorIn('editing', { fieldErrors: { name: 'Name is required', permissions: 'Choose at least one action' } }),
  RoleEditorView,
)

/** `editing` a custom set, started from its values. */
export const RoleEditorEditingCustom = viewing(roleEditorIn('editing', editingSupportAgent), RoleEditorView)

/** `editing` after a 409: the taken name is marked on the Name field. */
export const RoleEditorNameTaken = viewing(
  roleEditorIn('editing', { ...editingSupportAgent, name: 'Team Member', fieldErrors: { name: 'This name is already taken' } }),
  RoleEditorView,
)

/** `editing` after a 403: the server's message above the form. */
export const RoleEditorRefused = viewing(
  roleEditorIn('editing', { ...editingSupportAgent, formError: 'You can only grant permissions you hold yourself. You do not have: Delete on Billing.' }),
  RoleEditorView,
)

/** `saving`: the form is locked and the button busy until the server answers. */
export const RoleEditorSaving = viewing(roleEditorIn('saving', editingSupportAgent), RoleEditorView)
