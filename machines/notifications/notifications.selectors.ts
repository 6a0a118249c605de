/**
 * Selectors of the notifications snapshot (SPEC.md §2.6 panel, §4 unread count; issue #16 undo
 * and 'Load more'). Views read these and nothing else, so every rule (filtering, the count,
 * '99+', what a held delete-all hides) lives here.
 */
import type { SnapshotFrom } from 'xstate'
import type { Notification } from '../../contract/notifications.ts'
import { countUnread, countUnseen, isArchived, isRead, shownItems } from './notifications.list.ts'
import type { NotificationsMachine } from './notifications.machine.ts'

export type NotificationsSnapshot = SnapshotFrom<NotificationsMachine>

/** SPEC §9: the badge shows '99+' above 99. */
export const BADGE_MAX = 99

/**
 * The list as shown under each filter, per `items` array the machine has held (weakly: dropped
 * with the array) and the delete-all held over it (issue #16).
 */
interface Views {
  readonly held: ReadonlyArray<Notification> | null
  /** `items` less the held ones. */
  readonly shown: ReadonlyArray<Notification>
  /** The unread part of `shown`, computed when first asked for. */
  unread?: ReadonlyArray<Notification>
  /** Issue #18: the archived items, computed when first asked for. */
  archived?: ReadonlyArray<Notification>
}
const viewsOf = new WeakMap<ReadonlyArray<Notification>, Views>()
function viewsFor(s: NotificationsSnapshot): Views {
  const { items, held } = s.context
  let views = viewsOf.get(items)
  if (views === undefined || views.held !== held) {
    views = { held, shown: shownItems(items, held) }
    viewsOf.set(items, views)
  }
  return views
}

/** The notifications on screen under the 'all' filter: the list less a delete-all that can still be undone (issue #16). */
export const selectShown = (s: NotificationsSnapshot): ReadonlyArray<Notification> => viewsFor(s).shown

/** SPEC §4: recomputed from the list shown (plus unread the server counts beyond the loaded pages). */
export const selectUnreadCount = (s: NotificationsSnapshot): number => countUnread(selectShown(s)) + s.context.unreadBeyond

/** The badge text for a count: '' for none, the number up to 99, then '99+' (SPEC §2.6). */
export function badgeText(count: number): string {
  if (count <= 0) return ''
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count)
}
export const selectBadge = (s: NotificationsSnapshot): string => badgeText(selectUnreadCount(s))
/**
 * Issue #18: the unseen inbox notifications (loaded and beyond the loaded pages): what the badge
 * is to count once it moves from unread to unseen (see the report on issue #18's first slice).
 */
export const selectUnseenCount = (s: NotificationsSnapshot): number => countUnseen(selectShown(s)) + (s.context.unseenBeyond ?? 0)

export const selectFilter = (s: NotificationsSnapshot) => s.context.filter
/** Whether anything is on screen to delete (the toolbar's 'Delete all'). */
export const selectHasShown = (s: NotificationsSnapshot): boolean => selectShown(s).length > 0

/**
 * The list under the current filter (all, or unread only). The same array comes back for as long
 * as the machine's `items` array (and the held delete-all) is the same, so subscribers
 * (`useSelector`, compared with `===`) re-render only when the list changed, not on every
 * snapshot (issue #8 interactions).
 */
export const selectVisible = (s: NotificationsSnapshot): ReadonlyArray<Notification> => {
  const views = viewsFor(s)
  if (s.context.filter === 'archived') {
    views.archived ??= s.context.items.filter(isArchived)
    return views.archived
  }
  if (s.context.filter !== 'unread') return views.shown
  views.unread ??= views.shown.filter((n) => !isRead(n))
  return views.unread
}
/** Issue #18: the Archived view's empty text. */
export const ARCHIVED_EMPTY_TEXT = 'No archived notifications'
/** SPEC §2.6 empty texts, per filter (issue #18: and the Archived view's). */
export const selectEmptyText = (s: NotificationsSnapshot): string =>
  s.context.filter === 'unread' ? 'No unread notifications' : s.context.filter === 'archived' ? ARCHIVED_EMPTY_TEXT : 'No notifications yet'
/** Issue #18: whether the inbox on screen has read items ('Archive all read'). */
export const selectHasReadShown = (s: NotificationsSnapshot): boolean => selectShown(s).some(isRead)
/** Issue #16: a delete-all can still be undone. */
export const selectIsDeleteAllPending = (s: NotificationsSnapshot): boolean => s.matches({ signedIn: { deletingAll: 'pending' } })
/** The first page is loading and nothing is on hand yet (issue #18: in the Archived view, its page). */
export const selectIsLoading = (s: NotificationsSnapshot): boolean =>
  s.context.filter === 'archived'
    ? s.matches({ signedIn: { archive: 'loading' } }) && !s.context.items.some(isArchived)
    : s.matches({ signedIn: { list: 'loading' } }) && s.context.page === 0
export const selectIsLoadingMore = (s: NotificationsSnapshot): boolean => s.matches({ signedIn: { list: 'loadingMore' } })
/**
 * 'Load more' is offered while the server has a further page and the list is idle, except (issue
 * #16) when it could not add anything the filter shows: under 'unread' with no unread beyond the
 * loaded pages, or while a delete-all can still be undone; and (issue #18) not in the Archived
 * view, which shows its first `ARCHIVED_PAGE_SIZE` only.
 */
export const selectCanLoadMore = (s: NotificationsSnapshot): boolean =>
  s.context.hasMore &&
  s.context.held === null &&
  s.context.filter !== 'archived' &&
  (s.context.filter !== 'unread' || s.context.unreadBeyond > 0) &&
  s.matches({ signedIn: { list: 'idle' } })
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
