/**
 * Story helper: a workspaces actor started from a saved state (`resolveState`), its auth
 * listener stubbed and its calls pending, so a story shows exactly one state of the machine.
 * Picks and creations are recorded through `onSwitch` instead of reaching an auth actor.
 */
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { WorkspaceItem } from '../contract/api.ts'
import { type WorkspacesContext, workspacesMachine } from '../machines/workspaces/workspaces.machine.ts'

type ListState = 'idle' | 'fetching' | 'backingOff' | 'failed' | { cached: 'fresh' | 'stale' | 'expired' }

export interface WorkspacesStoryState {
  readonly list: ListState
  readonly dropdown: 'open' | 'closed'
  readonly creation?: 'idle' | 'creating'
}

const pending = <T,>() => new Promise<T>(() => {})

/** The machine state value of a story state (also its `parameters.machineState`). */
export const workspacesValue = (state: WorkspacesStoryState) => ({ active: { list: state.list, dropdown: state.dropdown, creation: state.creation ?? 'idle' } })

export function workspacesActorIn(state: WorkspacesStoryState, context: Partial<WorkspacesContext> = {}, onSwitch: (orgId: string) => void = () => {}) {
  const machine = workspacesMachine.provide({
    actors: {
      watchAuth: fromCallback(() => () => {}),
      loadWorkspaces: fromPromise(() => pending<ReadonlyArray<WorkspaceItem>>()),
      createWorkspace: fromPromise(() => pending<WorkspaceItem>()),
    },
    actions: { switchOrg: (_, params) => onSwitch(params.orgId) },
  })
  const actor = createActor(machine, {
    snapshot: machine.resolveState({
      value: workspacesValue(state),
      context: { userId: 'u-ada', orgId: 'o-acme', workspaces: null, failures: 0, search: '', createError: null, ...context },
    }),
  })
  actor.start()
  return actor
}
