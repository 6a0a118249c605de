/**
 * Narrow selectors over the workspaces snapshot, for the switcher, the selection page and
 * stories (`useSelector`). The rules of what to show live here, not in the views.
 */
import type { SnapshotFrom } from 'xstate'
import type { DisplayText } from '../../contract/messages.ts'
import { type NamedWorkspace, filterWorkspaces } from './search.ts'
import { WORKSPACES_EMPTY_MESSAGE, WORKSPACES_ERROR_MESSAGE, WORKSPACES_LOADING_MESSAGE, type WorkspacesMachine } from './workspaces.machine.ts'

export type WorkspacesSnapshot = SnapshotFrom<WorkspacesMachine>

/**
 * What the list area shows (SPEC §8 workspace list states):
 * - `loading`: no list on hand and one is being fetched (retries included);
 * - `error`: the load failed after its retries;
 * - `empty`: the list, filtered by the search, has nothing to show;
 * - `ready`: at least one workspace to show;
 * - `signedOut`: nobody to list workspaces for.
 */
export type WorkspaceListStatus = 'signedOut' | 'loading' | 'error' | 'empty' | 'ready'

export function selectListStatus(s: WorkspacesSnapshot): WorkspaceListStatus {
  if (s.matches('signedOut')) return 'signedOut'
  if (s.matches({ active: { list: 'failed' } })) return 'error'
  // `idle` (dropped, about to load on open) reads as loading too: there is nothing to show yet.
  if (s.context.workspaces === null) return 'loading'
  return selectFilteredWorkspaces(s).length === 0 ? 'empty' : 'ready'
}

/** The SPEC §8 text for a status without a list, verbatim; null when a list is shown. */
export function listStatusMessage(status: WorkspaceListStatus): string | null {
  switch (status) {
    case 'loading':
      return WORKSPACES_LOADING_MESSAGE
    case 'error':
      return WORKSPACES_ERROR_MESSAGE
    case 'empty':
      return WORKSPACES_EMPTY_MESSAGE
    default:
      return null
  }
}

let memo: { list: WorkspacesSnapshot['context']['workspaces']; search: string; value: ReadonlyArray<NamedWorkspace> } | undefined

/** The workspaces matching the search (SPEC §5); the same array while list and search are unchanged. */
export function selectFilteredWorkspaces(s: WorkspacesSnapshot): ReadonlyArray<NamedWorkspace> {
  const { workspaces, search } = s.context
  if (memo && memo.list === workspaces && memo.search === search) return memo.value
  const value = filterWorkspaces(workspaces ?? [], search)
  memo = { list: workspaces, search, value }
  return value
}

/** Whether a list is on hand and being refetched in the background (stale, invalidated). */
export const selectIsRefreshing = (s: WorkspacesSnapshot): boolean =>
  s.context.workspaces !== null && (s.matches({ active: { list: 'fetching' } }) || s.matches({ active: { list: 'backingOff' } }))

export const selectIsOpen = (s: WorkspacesSnapshot): boolean => s.matches({ active: { dropdown: 'open' } })
export const selectSearch = (s: WorkspacesSnapshot): string => s.context.search
/** SPEC §2.6: the create action's busy state. */
export const selectIsCreating = (s: WorkspacesSnapshot): boolean => s.matches({ active: { creation: 'creating' } })
export const selectCreateError = (s: WorkspacesSnapshot): DisplayText | null => s.context.createError
/** The workspace marked current: this tab's org. */
export const selectCurrentOrgId = (s: WorkspacesSnapshot): string | null => s.context.orgId
