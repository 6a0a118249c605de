/**
 * Selectors over the preferences snapshot (SPEC §3 Notification preferences, saved on change,
 * with our channel matrix and quiet hours), for the page and stories: what is shown, and the
 * inline save status of a section.
 */
import type { SnapshotFrom } from 'xstate'
import type { DisplayText } from '../../contract/messages.ts'
import { NOTIFICATION_CATEGORY_LABELS, notificationCategoriesOf, type NotificationCategory, type PreferenceChannels, type QuietHours } from '../../contract/notifications.ts'
import { type PreferencesMachine, type PreferencesSection, channelsOf } from './preferences.machine.ts'
import { type QuietHoursErrors, defaultQuietHours } from './quietHours.ts'

export type PreferencesSnapshot = SnapshotFrom<PreferencesMachine>

/** The inline mark beside a section: nothing, 'Saving…', 'Saved', or the plain-language error. */
export type SaveStatus =
  { readonly kind: 'none' } | { readonly kind: 'saving' } | { readonly kind: 'saved' } | { readonly kind: 'error'; readonly message: DisplayText }

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
  // Quiet hours being fixed are not saved; an earlier 'Saved' beside them would mislead.
  if (section === 'quietHours' && s.context.quietHoursDraft !== null && s.context.error === null) return NONE
  if (s.context.error !== null) return { kind: 'error', message: s.context.error }
  if (s.matches('pending') || s.matches('saving')) return SAVING
  if (s.matches('saved')) return SAVED
  return NONE
}

/** One row of the matrix: a preference category, its channels and what it covers. */
export interface MatrixRow {
  readonly id: string
  readonly name: string
  readonly description: string
  /** The category as a whole (SPEC §3 `enabled`). */
  readonly enabled: boolean
  /** Its push and email choices (both on when the stored copy has none). */
  readonly channels: PreferenceChannels
  /** The notification categories it governs, named in English ("Messages"); empty when it covers none. */
  readonly covers: ReadonlyArray<string>
  /** The same categories, for a view to name in the reader's language. */
  readonly coveredCategories: ReadonlyArray<NotificationCategory>
}

/** The matrix's rows, in the order the server lists the categories. */
export function selectMatrixRows(s: PreferencesSnapshot): ReadonlyArray<MatrixRow> {
  return s.context.preferences.categories.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    enabled: c.enabled,
    channels: channelsOf(c),
    covers: notificationCategoriesOf(c.id).map((n) => NOTIFICATION_CATEGORY_LABELS[n]),
    coveredCategories: notificationCategoriesOf(c.id),
  }))
}

/** What the quiet hours editor shows: the draft being fixed, else the saved value, else the defaults in `fallbackZone`. */
export interface QuietHoursView {
  readonly value: QuietHours
  readonly errors: QuietHoursErrors
}

/** The quiet hours editor's values and field errors; `fallbackZone` is the browser's zone (used when none is saved). */
export function selectQuietHours(s: PreferencesSnapshot, fallbackZone: string): QuietHoursView {
  const { quietHoursDraft, quietHoursErrors, preferences } = s.context
  return { value: quietHoursDraft ?? preferences.quiet_hours ?? defaultQuietHours(fallbackZone), errors: quietHoursErrors }
}
