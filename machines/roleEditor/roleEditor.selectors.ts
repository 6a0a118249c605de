/**
 * Selectors over the role editor snapshot, for the page (`useSelector`) and stories.
 * The grid's rows are the metadata's resources (label and description), its columns the
 * metadata's actions with their labels (SPEC §3: READ shows as View, UPDATE as Edit).
 */
import type { SnapshotFrom } from 'xstate'
import type { PermissionAction, PermissionResource } from '../../contract/api.ts'
import type { RoleEditorMachine } from './roleEditor.machine.ts'

export type RoleEditorSnapshot = SnapshotFrom<RoleEditorMachine>

export type RoleEditorStatus = 'loading' | 'loadFailed' | 'notFound' | 'readOnly' | 'editing' | 'saving' | 'saved'

export function selectRoleEditorStatus(s: RoleEditorSnapshot): RoleEditorStatus {
  for (const status of ['loading', 'loadFailed', 'notFound', 'readOnly', 'saving', 'saved'] as const) if (s.matches(status)) return status
  return 'editing'
}

/** True when the page creates a new role rather than editing or viewing one. */
export const selectIsCreating = (s: RoleEditorSnapshot) => s.context.roleId === null

export const selectName = (s: RoleEditorSnapshot) => s.context.name
export const selectDescription = (s: RoleEditorSnapshot) => s.context.description
export const selectFieldErrors = (s: RoleEditorSnapshot) => s.context.fieldErrors
export const selectFormError = (s: RoleEditorSnapshot) => s.context.formError
export const selectLoadError = (s: RoleEditorSnapshot) => s.context.loadError
/** The name the set had when loaded (the page title while editing). */
export const selectOriginalName = (s: RoleEditorSnapshot) => s.context.original?.name ?? null

/** A tri-state 'All' box: every box of its row or column ticked, some, or none. */
export type TickState = 'all' | 'some' | 'none'

export interface GridColumn {
  readonly action: PermissionAction
  readonly label: string
  /** How many resources hold this action. */
  readonly state: TickState
}

export interface GridRow {
  readonly resource: PermissionResource
  readonly label: string
  readonly description: string
  /** The actions ticked on this resource. */
  readonly checked: ReadonlyArray<PermissionAction>
  /** Whether every, some or no action of the row is ticked. */
  readonly state: TickState
}

export interface PermissionGrid {
  readonly columns: ReadonlyArray<GridColumn>
  readonly rows: ReadonlyArray<GridRow>
}

const EMPTY_GRID: PermissionGrid = { columns: [], rows: [] }
let memo: { key: unknown; grants: unknown; grid: PermissionGrid } | undefined

/** The resource × action grid; the same object while metadata and ticks are unchanged. */
export function selectPermissionGrid(s: RoleEditorSnapshot): PermissionGrid {
  const { metadata, grants } = s.context
  if (metadata === null) return EMPTY_GRID
  if (memo && memo.key === metadata && memo.grants === grants) return memo.grid
  const rows = metadata.resources.map((r) => {
    const checked = grants[r.key] ?? []
    return { resource: r.key, label: r.label, description: r.description, checked, state: tickState(checked.length, metadata.actions.length) }
  })
  const grid: PermissionGrid = {
    columns: metadata.actions.map((a) => ({
      action: a.key,
      label: a.label,
      state: tickState(rows.filter((row) => row.checked.includes(a.key)).length, rows.length),
    })),
    rows,
  }
  memo = { key: metadata, grants, grid }
  return grid
}

function tickState(ticked: number, total: number): TickState {
  return ticked === 0 ? 'none' : ticked === total ? 'all' : 'some'
}
