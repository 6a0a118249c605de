import type { Meta } from '@storybook/react-vite'
import { supportAgentSet } from '../machines/roleEditor/roleEditor.fixtures.ts'
import { RolesPage } from '../src/pages/settings/RolesPage.tsx'
import { type Story, withProviders } from './settings-stories.tsx'

/** User Roles (SPEC §2.4): the permissions actor's list of permission sets, one story per state. */
// The node's docs page comes from Access.stories.tsx (one per node).
const meta: Meta = { title: 'Machines/permissions', tags: ['!autodocs'], decorators: [withProviders] }
export default meta

/** The permission-set list has not arrived yet. */
export const RolesLoading: Story = { parameters: { permissions: 'loading', machineState: { machine: 'permissions', state: 'loading' } }, render: () => <RolesPage /> }

/** The list: system sets marked System and read-only, custom sets linking to their editor. */
export const RolesList: Story = { parameters: { machineState: { machine: 'permissions', state: 'ready' } }, render: () => <RolesPage /> }

/** The same list for a member without PERMISSION_SETS create: 'Create role' is disabled with a tooltip. */
export const RolesListWithoutCreatePermission: Story = {
  parameters: { refs: [supportAgentSet._id], machineState: { machine: 'permissions', state: 'ready' } },
  render: () => <RolesPage />,
}

/** The permission-set list could not be loaded; 'Try again' sends `permissions.retry`. */
export const RolesLoadFailed: Story = { parameters: { permissions: 'failed', machineState: { machine: 'permissions', state: 'failed' } }, render: () => <RolesPage /> }
