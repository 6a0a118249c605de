/**
 * Story helper: a permissions actor resolved to `ready` with the given set references and sets,
 * its listeners stubbed, so gated UI renders as a given member would see it.
 */
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { PermissionSet } from '../contract/api.ts'
import { permissionsMachine } from '../machines/permissions/permissions.machine.ts'

/** The system super-admin set and a custom "Support Agent" set (as in the demo seed). */
export const storySets: ReadonlyArray<PermissionSet> = [
  { _id: 'sys-super', permission_set_key: 'SUPER_ADMIN', name: 'Super Admin', description: 'Everything', is_system: true, permissions: [] },
  {
    _id: 'set-agent',
    permission_set_key: null,
    name: 'Support Agent',
    description: 'Contacts and agents, view only',
    is_system: false,
    permissions: [
      { resource: 'CONTACTS', actions: ['READ'], conditions: {} },
      { resource: 'AGENTS', actions: ['READ'], conditions: {} },
    ],
  },
]

export function permissionsActorFor(refs: ReadonlyArray<string>, sets: ReadonlyArray<PermissionSet> = storySets) {
  const machine = permissionsMachine.provide({
    actors: {
      watchAuth: fromCallback(() => () => {}),
      loadPermissionSets: fromPromise(async () => sets),
    },
  })
  const actor = createActor(machine, { snapshot: machine.resolveState({ value: 'ready', context: { orgId: 'o-acme', refs, sets, error: null } }) })
  actor.start()
  return actor
}
