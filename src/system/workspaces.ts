/**
 * The workspaces machine's browser side (machines/workspaces; SPEC §2.6 switcher, §4): the list
 * and create calls, and its outcomes as toasts whatever view is on screen (SPEC §8).
 */
import { type ActorRefFrom, fromPromise } from 'xstate'
import type { ToastsMachine } from '../../machines/toasts/toasts.machine.ts'
import { WORKSPACE_CREATED_MESSAGE, type WorkspacesMachine, workspacesMachine } from '../../machines/workspaces/workspaces.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { toastOutcomes } from './outcomes.ts'

/** The workspaces machine with its HTTP actors. */
export function browserWorkspaces(api: Endpoints) {
  return workspacesMachine.provide({
    actors: {
      loadWorkspaces: fromPromise(async () => (await api.myWorkspaces()).workspaces),
      createWorkspace: fromPromise(({ input }) => api.createWorkspace(input)),
    },
  })
}

/**
 * SPEC §8: creating a workspace ends in a toast, success or the server's message. Lives as long
 * as the root system (the create form may be gone by the time the answer arrives).
 */
export function toastWorkspaceOutcomes(workspaces: ActorRefFrom<WorkspacesMachine>, toasts: ActorRefFrom<ToastsMachine>): void {
  toastOutcomes(workspaces, toasts, { 'workspaces.created': ['success', WORKSPACE_CREATED_MESSAGE], 'workspaces.createFailed': ['error', (e) => e.message] })
}
