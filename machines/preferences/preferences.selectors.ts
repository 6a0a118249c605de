/**
 * Selectors over the preferences snapshot (SPEC §3 Notification preferences; issue #16 save on
 * change), for the page and stories: what is shown, and the inline save status of a section.
 */
import type { SnapshotFrom } from 'xstate'
import type { PreferencesMachine, PreferencesSection } from './preferences.machine.ts'

export type PreferencesSnapshot = SnapshotFrom<PreferencesMachine>

/** The inline mark beside a section: nothing, 'Saving…', 'Saved', or the plain-language error. */
export type SaveStatus = { readonly kind: 'none' } | { readonly kind: 'saving' } | { readonly kind: 'saved' } | { readonly kind: 'error'; readonly message: string }

const NONE: SaveStatus = { kind: 'none' }
const SAVING: SaveStatus = { kind: 'saving' }
const SAVED: SaveStatus = { kind: 'saved' }

export const selectPreferences = (s: PreferencesSnapshot) => s.context.preferences
export const selectUsingDefaults = (s: PreferencesSnapshot) => s.context.usingDefaults
/** True before the first answer: the page shows skeletons. */
export const selectIsLoading = (s: PreferencesSnapshot) => s.matches('loading')
/** The switches wait (first load, or the reload after a refused save). */
export const selectIsLocked = (s: PreferencesSnapshot) => s.matches('loading') || s.matches('reloading')

/** The mark beside `section`: only the section of the latest change shows one. */
export function selectSaveStatus(s: PreferencesSnapshot, section: PreferencesSection): SaveStatus {
  if (s.context.section !== section) return NONE
  if (s.context.error !== null) return { kind: 'error', message: s.context.error }
  if (s.matches('pending') || s.matches('saving')) return SAVING
  if (s.matches('saved')) return SAVED
  return NONE
}
