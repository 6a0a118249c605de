/** Narrow selectors over the workspace-settings snapshot, for its page and stories. */
import type { SnapshotFrom } from 'xstate'
import type { Language } from '../../contract/api.ts'
import type { DisplayText } from '../../contract/messages.ts'
import type { WorkspaceSettingsMachine } from './workspaceSettings.machine.ts'

export type WorkspaceSettingsSnapshot = SnapshotFrom<WorkspaceSettingsMachine>

export const selectName = (s: WorkspaceSettingsSnapshot): string => s.context.name
export const selectNameError = (s: WorkspaceSettingsSnapshot): string | undefined => s.context.fieldErrors.org_name
export const selectFormError = (s: WorkspaceSettingsSnapshot): DisplayText | null => s.context.formError
/** The save button's busy state. */
export const selectIsSaving = (s: WorkspaceSettingsSnapshot): boolean => s.matches({ name: 'saving' })

/** What the two-factor switch shows: the value being saved, else the saved one. */
export const selectRequireTwoFactor = (s: WorkspaceSettingsSnapshot): boolean => s.context.requirementRequest ?? s.context.requireTwoFactor
/** The switch is busy (disabled) while a change is in flight. */
export const selectIsSavingRequirement = (s: WorkspaceSettingsSnapshot): boolean => s.matches({ requirement: 'saving' })
/** The server's message beside the switch after a failed change; null otherwise. */
export const selectRequirementError = (s: WorkspaceSettingsSnapshot): DisplayText | null =>
  s.matches({ requirement: 'failed' }) ? s.context.requirementError : null
/** Whether the last change was saved (the confirmation beside the switch). */
export const selectRequirementSaved = (s: WorkspaceSettingsSnapshot): boolean => s.matches({ requirement: 'saved' })

/** What the default-language field shows: the value being saved, else the saved one (null: each person's browser). */
export const selectDefaultLanguage = (s: WorkspaceSettingsSnapshot): Language | null =>
  s.context.languageRequest ? s.context.languageRequest.value : s.context.defaultLanguage
/** The field is busy (disabled) while a change is in flight. */
export const selectIsSavingLanguage = (s: WorkspaceSettingsSnapshot): boolean => s.matches({ language: 'saving' })
/** Why the last change failed, beside the field; null otherwise. */
export const selectLanguageError = (s: WorkspaceSettingsSnapshot): DisplayText | null => (s.matches({ language: 'failed' }) ? s.context.languageError : null)
