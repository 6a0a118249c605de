/**
 * The roleEditor machine's browser side (machines/roleEditor; SPEC §2.5 create and update on
 * PERMISSION_SETS, §8 toasts): its HTTP actors on the API, and its outcomes: a saved role →
 * 'Role created' / 'Role saved', the app's own permissions refetched (the edited set may be one
 * the person holds), then `onSaved` (the page goes back to the list); a refused save → an error
 * toast with the server's message.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { roleEditorMachine } from '../../machines/roleEditor/roleEditor.machine.ts'
import { roleEditorMessages } from '../../machines/roleEditor/roleEditor.messages.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useApi } from './api.tsx'
import { useEmitted, useOutcomeToasts } from './outcomes.ts'
import { usePermissionsActor } from './react.tsx'

/** The machine with its HTTP actors. */
export function browserRoleEditor(api: Endpoints) {
  return roleEditorMachine.provide({
    actors: {
      loadMetadata: fromPromise(() => api.permissionMetadata()),
      loadPermissionSets: fromPromise(() => api.permissionSets()),
      savePermissionSet: fromPromise(({ input }) => (input.id === null ? api.createPermissionSet(input.body) : api.updatePermissionSet(input.id, input.body))),
    },
  })
}

/** A roleEditor actor for the page's lifetime: `roleId` null creates a role. */
export function useRoleEditorActor(roleId: string | null, onSaved: () => void) {
  const api = useApi()
  const permissions = usePermissionsActor()
  const actor = useActorRef(browserRoleEditor(api), { input: { roleId } })
  const { t } = useTranslator()
  useOutcomeToasts(actor, {
    'role.saved': ['success', (e) => t(e.created ? roleEditorMessages.created : roleEditorMessages.saved)],
    'role.saveFailed': ['error', (e) => e.message],
  })
  useEmitted(actor, {
    'role.saved': () => {
      permissions.send({ type: 'permissions.refetch' })
      onSaved()
    },
  })
  return actor
}
