/**
 * /app/setting/roles/create-role (no `roleId`) and /app/setting/roles/{id} (SPEC §2.5: create
 * and update on PERMISSION_SETS; §3 Permission set; §8 toasts).
 *
 * Runs a `roleEditor` actor whose HTTP actors are the API endpoints, and turns what it emits
 * into effects: a saved role → toast 'Role created' / 'Role saved', the app's own permissions
 * refetched (`permissions.refetch`: the edited set may be one the user holds), and back to
 * /app/setting/roles; a refused save → an error toast with the server's message.
 */
import { useActorRef } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import { roleEditorMachine } from '../../../machines/roleEditor/roleEditor.machine.ts'
import { useApi } from '../../system/api.tsx'
import { usePermissionsActor } from '../../system/react.tsx'
import { useToasts } from '../../system/toasts.tsx'
import { ROLES_PATH } from './crumbs.ts'
import { useGoTo } from './navigation.ts'
import { RoleEditorView } from './RoleEditorView.tsx'

export function RoleEditorPage({ roleId }: { roleId?: string }) {
  // A new actor per address: moving from one role to another must not keep the first one's form.
  return <RoleEditorScreen key={roleId ?? ''} roleId={roleId ?? null} />
}

function RoleEditorScreen({ roleId }: { roleId: string | null }) {
  const api = useApi()
  const toasts = useToasts()
  const permissions = usePermissionsActor()
  const goTo = useGoTo()
  const actor = useActorRef(
    roleEditorMachine.provide({
      actors: {
        loadMetadata: fromPromise(() => api.permissionMetadata()),
        loadPermissionSets: fromPromise(() => api.permissionSets()),
        savePermissionSet: fromPromise(({ input }) => (input.id === null ? api.createPermissionSet(input.body) : api.updatePermissionSet(input.id, input.body))),
      },
    }),
    { input: { roleId } },
  )

  useEffect(() => {
    const subscriptions = [
      actor.on('role.saved', (e) => {
        toasts.show('success', e.created ? 'Role created' : 'Role saved')
        permissions.send({ type: 'permissions.refetch' })
        goTo(ROLES_PATH)
      }),
      actor.on('role.saveFailed', (e) => toasts.show('error', e.message)),
    ]
    return () => subscriptions.forEach((s) => s.unsubscribe())
  }, [actor, toasts, permissions, goTo])

  return <RoleEditorView actor={actor} />
}
