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

export interface GridColumn {
  readonly action: PermissionAction
  readonly label: string
}

export interface GridRow {
  readonly resource: PermissionResource
  readonly label: string
  readonly description: string
  /** The actions ticked on this resource. */
  readonly checked: ReadonlyArray<PermissionAction>
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
  const grid: PermissionGrid = {
    columns: metadata.actions.map((a) => ({ action: a.key, label: a.label })),
    rows: metadata.resources.map((r) => ({ resource: r.key, label: r.label, description: r.description, checked: grants[r.key] ?? [] })),
  }
  memo = { key: metadata, grants, grid }
  return grid
}
