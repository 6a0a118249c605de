/**
 * The roleDeletion machine's browser side (machines/roleDeletion; SPEC §8
 * toasts): the delete call, and its outcomes: 'Role deleted' and the list
 * refetched (it is the permissions actor's), or the server's refusal in an error toast (it also
 * stays in the open dialog).
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { roleDeletionMachine } from '../../machines/roleDeletion/roleDeletion.machine.ts'
import { rolesMessages } from '../../machines/roleDeletion/roleDeletion.messages.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useApi } from './api.tsx'
import { useEmitted, useOutcomeToasts } from './outcomes.ts'
import { usePermissionsActor } from './react.tsx'

/** The machine with its HTTP actor. */
export function browserRoleDeletion(api: Endpoints) {
  return roleDeletionMachine.provide({ actors: { deletePermissionSet: fromPromise(({ input }) => api.deletePermissionSet(input.id)) } })
}

/** A roleDeletion actor for the User Roles page's lifetime. */
export function useRoleDeletionActor() {
  const api = useApi()
  const permissions = usePermissionsActor()
  const actor = useActorRef(browserRoleDeletion(api))
  const { t } = useTranslator()
  useOutcomeToasts(actor, {
    'roleDeletion.deleted': ['success', (e) => t(rolesMessages.deleted, { name: e.set.name })],
    'roleDeletion.failed': ['error', (e) => e.message],
  })
  useEmitted(actor, { 'roleDeletion.deleted': () => permissions.send({ type: 'permissions.refetch' }) })
  return actor
}
