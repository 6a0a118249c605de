import type { Meta } from '@storybook/react-vite'
import { useState } from 'react'
import { createActor, fromPromise } from 'xstate'
import { type RoleDeletionContext, roleDeletionMachine } from '../machines/roleDeletion/roleDeletion.machine.ts'
import { supportAgentSet } from '../machines/roleEditor/roleEditor.fixtures.ts'
import { RolesView } from '../src/pages/settings/RolesPage.tsx'
import { type Starter, type Story, pending, starter, withProviders } from './settings-stories.tsx'

/** Deleting a custom role from User Roles (SPEC §2.4): the roleDeletion actor over the roles list, one story per state. */
const meta: Meta = { title: 'Machines/roleDeletion', decorators: [withProviders] }
export default meta

function roleDeletionIn(value: string, context: Partial<RoleDeletionContext> = {}) {
  return starter(() => {
    const machine = roleDeletionMachine.provide({ actors: { deletePermissionSet: fromPromise(() => pending<void>()) } })
    return createActor(machine, { snapshot: machine.resolveState({ value, context: { target: null, error: null, ...context } }) }).start()
  }, { machine: roleDeletionMachine.id, state: value })
}

/** A story of the roles list with a `roleDeletion` actor in a saved state. */
function rolesWithDeletion(create: Starter<ReturnType<ReturnType<typeof roleDeletionIn>>>): Story {
  return {
    parameters: { machineState: [{ machine: 'permissions', state: 'ready' }, create.shows] },
    render: function Render() {
      const [actor] = useState(create)
      return <RolesView deletion={actor} />
    },
  }
}

/** `roleDeletion.idle`: custom roles have 'Delete'; system roles do not. */
export const RolesDeletionIdle = rolesWithDeletion(roleDeletionIn('idle'))

/** `roleDeletion.confirming`: the confirmation names the role. */
export const RolesDeletionConfirming = rolesWithDeletion(roleDeletionIn('confirming', { target: supportAgentSet }))

/** `roleDeletion.confirming` after a 409: the dialog names who still holds the role. */
export const RolesDeletionRefused = rolesWithDeletion(
  roleDeletionIn('confirming', { target: supportAgentSet, error: 'Assigned to Ada Admin and Sam Agent: remove it from them first.' }),
)

/** `roleDeletion.deleting`: the dialog waits for the server. */
export const RolesDeletionDeleting = rolesWithDeletion(roleDeletionIn('deleting', { target: supportAgentSet }))
