/**
 * Selectors of the notifications snapshot (SPEC.md §2.6 panel, §4 unread count). Views read
 * these and nothing else, so every rule (filtering, the count, '99+') lives here.
 */
import type { SnapshotFrom } from 'xstate'
import type { Notification } from '../../contract/notifications.ts'
import { countUnread, isRead } from './notifications.list.ts'
import type { NotificationsMachine } from './notifications.machine.ts'

export type NotificationsSnapshot = SnapshotFrom<NotificationsMachine>

/** SPEC §9: the badge shows '99+' above 99. */
export const BADGE_MAX = 99

/** SPEC §4: recomputed from the list (plus unread the server counts beyond the loaded pages). */
export const selectUnreadCount = (s: NotificationsSnapshot): number => countUnread(s.context.items) + s.context.unreadBeyond

/** The badge text for a count: '' for none, the number up to 99, then '99+' (SPEC §2.6). */
export function badgeText(count: number): string {
  if (count <= 0) return ''
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count)
}
export const selectBadge = (s: NotificationsSnapshot): string => badgeText(selectUnreadCount(s))

export const selectFilter = (s: NotificationsSnapshot) => s.context.filter
export const selectItems = (s: NotificationsSnapshot): ReadonlyArray<Notification> => s.context.items

/** The unread part of each items array the machine has held (weakly: dropped with the array). */
const unreadOf = new WeakMap<ReadonlyArray<Notification>, ReadonlyArray<Notification>>()

/**
 * The list under the current filter (all, or unread only). The same array comes back for as long
 * as the machine's `items` array is the same one, so subscribers (`useSelector`, compared with
 * `===`) re-render only when the list changed, not on every snapshot (issue #8 interactions).
 */
export const selectVisible = (s: NotificationsSnapshot): ReadonlyArray<Notification> => {
  const items = s.context.items
  if (s.context.filter !== 'unread') return items
  let unread = unreadOf.get(items)
  if (unread === undefined) {
    unread = items.filter((n) => !isRead(n))
    unreadOf.set(items, unread)
  }
  return unread
}
/** SPEC §2.6 empty texts, per filter. */
export const selectEmptyText = (s: NotificationsSnapshot): string => (s.context.filter === 'unread' ? 'No unread notifications' : 'No notifications yet')
/** The first page is loading and nothing is on hand yet. */
export const selectIsLoading = (s: NotificationsSnapshot): boolean => s.matches({ signedIn: { list: 'loading' } }) && s.context.page === 0
export const selectIsLoadingMore = (s: NotificationsSnapshot): boolean => s.matches({ signedIn: { list: 'loadingMore' } })
export const selectCanLoadMore = (s: NotificationsSnapshot): boolean => s.context.hasMore && s.matches({ signedIn: { list: 'idle' } })
export const selectError = (s: NotificationsSnapshot): string | null => s.context.error
export const selectHasNew = (s: NotificationsSnapshot): boolean => s.context.hasNew
export const selectHasUnread = (s: NotificationsSnapshot): boolean => selectUnreadCount(s) > 0

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
]

/** One formatter per locale ('' for the browser's default): building one costs far more than formatting. */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()
function relativeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  const key = locale ?? ''
  let format = relativeFormats.get(key)
  if (format === undefined) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
    relativeFormats.set(key, format)
  }
  return format
}

/**
 * "5 minutes ago", "yesterday"... for a creation time in seconds (SPEC §3
 * `created_at_timestamp`) seen at `nowMs` (ms), via Intl.RelativeTimeFormat (one cached
 * formatter per locale); under a minute it says "now".
 */
export function relativeTime(createdAtS: number, nowMs: number, locale?: string): string {
  const format = relativeFormat(locale)
  const deltaS = Math.round(createdAtS - nowMs / 1000)
  for (const [unit, size] of UNITS) {
    if (Math.abs(deltaS) >= size) return format.format(Math.trunc(deltaS / size), unit)
  }
  return format.format(0, 'second')
}
