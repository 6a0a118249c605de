/**
 * The workspaceSettings machine's browser side (machines/workspaceSettings; SPEC §2.4, §8): the
 * rename call, and its outcomes: a toast, a re-verification of the session (the header's name
 * comes from verify-token) and a refetch of the workspace list.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { WORKSPACE_RENAMED_MESSAGE, workspaceSettingsMachine } from '../../machines/workspaceSettings/workspaceSettings.machine.ts'
import { useApi } from './api.tsx'
import { useEmitted, useOutcomeToasts } from './outcomes.ts'
import { useAuthActor, useOptionalWorkspacesActor } from './react.tsx'

/** A workspaceSettings actor for the form's lifetime, starting from the workspace's `name`. */
export function useWorkspaceSettingsActor(name: string) {
  const api = useApi()
  const auth = useAuthActor()
  const workspaces = useOptionalWorkspacesActor()
  const actor = useActorRef(
    workspaceSettingsMachine.provide({ actors: { renameWorkspace: fromPromise(({ input }) => api.renameWorkspace(input.org_name)) } }),
    { input: { name } },
  )
  useOutcomeToasts(actor, {
    'workspaceSettings.renamed': ['success', WORKSPACE_RENAMED_MESSAGE],
    'workspaceSettings.failed': ['error', (e) => e.message],
  })
  useEmitted(actor, {
    'workspaceSettings.renamed': () => {
      auth.send({ type: 'auth.verify', userInitiated: false })
      workspaces?.send({ type: 'workspaces.invalidate' })
    },
  })
  return actor
}
