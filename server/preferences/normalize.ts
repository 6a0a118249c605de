/**
 * Notification preferences as the server answers and applies them ("The preference
 * matrix"; SPEC.md §3 Notification preferences; docs/api.md "Preference channels").
 *
 * A stored document may be older than the channel matrix (no `channels`), may miss categories
 * added since, or carry names and descriptions the product has since reworded. Every answer goes
 * through {@link normalizePreferences}: the known categories in `DEFAULT_PREFERENCES` order, each
 * with `channels` filled, names and descriptions from the server, the person's `enabled` and
 * channel choices kept. Unknown category ids are dropped: no notification maps onto them.
 */
import {
  DEFAULT_PREFERENCES,
  type NotificationPreferences,
  type PreferenceCategory,
  type PreferenceChannels,
  QUIET_HOURS_SAME_TIMES,
} from '../../contract/notifications.ts'
import type { ApiIssue } from '../../contract/api.ts'

/** Both channels on: what an absent `channels` means. */
const ALL_CHANNELS: PreferenceChannels = { push: true, email: true }

/**
 * `preferences` in the server's canonical shape (see the module comment).
 * @param previous the saved document a PUT replaces: a category the PUT sends without `channels`
 *   keeps its saved channels (an older client that does not know the matrix must not switch back
 *   on what the person, or an unsubscribe link, turned off). Absent: both channels on.
 */
export function normalizePreferences(
  preferences: NotificationPreferences | null | undefined,
  previous?: NotificationPreferences | null,
): NotificationPreferences {
  const source = preferences ?? DEFAULT_PREFERENCES
  const categories: PreferenceCategory[] = DEFAULT_PREFERENCES.categories.map((known) => {
    const chosen = source.categories.find((c) => c.id === known.id)
    const before = previous?.categories.find((c) => c.id === known.id)
    const channels = chosen?.channels ?? before?.channels ?? known.channels ?? ALL_CHANNELS
    return {
      id: known.id,
      name: known.name,
      description: known.description,
      enabled: chosen?.enabled ?? known.enabled,
      channels: { push: channels.push, email: channels.email },
    }
  })
  return {
    push_enabled: source.push_enabled,
    email_enabled: source.email_enabled,
    categories,
    quiet_hours: source.quiet_hours ?? null,
  }
}

/**
 * The server's rules beyond the contract schema for a PUT: quiet hours whose start
 * equals end are refused, on or off, so what is stored is always a usable window (an empty window
 * and a whole day are both plausible readings of it). Issue at `["quiet_hours", "end"]`.
 */
export function preferenceIssues(preferences: NotificationPreferences): ApiIssue[] {
  const quiet = preferences.quiet_hours
  if (quiet != null && quiet.start === quiet.end) return [{ path: ['quiet_hours', 'end'], message: QUIET_HOURS_SAME_TIMES }]
  return []
}

/** The name of preference category `id` ("Payments & Billing"), or the id itself when unknown. */
export function preferenceCategoryName(id: string): string {
  return DEFAULT_PREFERENCES.categories.find((c) => c.id === id)?.name ?? id
}
