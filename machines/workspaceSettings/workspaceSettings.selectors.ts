/** Narrow selectors over the workspace-settings snapshot, for its page and stories. */
import type { SnapshotFrom } from 'xstate'
import type { WorkspaceSettingsMachine } from './workspaceSettings.machine.ts'

export type WorkspaceSettingsSnapshot = SnapshotFrom<WorkspaceSettingsMachine>

export const selectName = (s: WorkspaceSettingsSnapshot): string => s.context.name
export const selectNameError = (s: WorkspaceSettingsSnapshot): string | undefined => s.context.fieldErrors.org_name
export const selectFormError = (s: WorkspaceSettingsSnapshot): string | null => s.context.formError
/** The save button's busy state. */
export const selectIsSaving = (s: WorkspaceSettingsSnapshot): boolean => s.matches('saving')
