/**
 * The notifications selectors the shell and the Overview read on their first draw (SPEC.md §4
 * unread count, §2.6 '99+' badge and the new-notification flag): the list shown, its counts and
 * whether its first page is loading. Apart from the panel's and the inbox's selectors
 * (notifications.selectors.ts, which re-exports these), so the first load carries only these.
 */
import type { SnapshotFrom } from 'xstate'
import type { Notification } from '../../contract/notifications.ts'
import { countUnread, isArchived, isRead, isSnoozed, shownItems, viewQuery } from './notifications.item.ts'
import type { NotificationsMachine } from './notifications.machine.ts'
import type { NotificationRow } from './notifications.selectors.ts'

export type NotificationsSnapshot = SnapshotFrom<NotificationsMachine>

/** SPEC §9: the badge shows '99+' above 99. */
export const BADGE_MAX = 99

/**
 * The list as shown under each filter, per `items` array the machine has held (weakly: dropped
 * with the array) and the delete-all held over it.
 */
export interface Views {
  readonly held: ReadonlyArray<Notification> | null
  /** `items` less the held ones. */
  readonly shown: ReadonlyArray<Notification>
  /** The unread part of `shown`, computed when first asked for. */
  unread?: ReadonlyArray<Notification>
  /** The archived items, computed when first asked for. */
  archived?: ReadonlyArray<Notification>
  /** The snoozed items, soonest back first. */
  snoozed?: ReadonlyArray<Notification>
  /** The list under a category tab, per filter and category (`unread message`). */
  byCategory?: Map<string, ReadonlyArray<Notification>>
  /** `groupRows` of each visible list handed out. */
  rows?: WeakMap<ReadonlyArray<Notification>, ReadonlyArray<NotificationRow>>
}
const viewsOf = new WeakMap<ReadonlyArray<Notification>, Views>()
/** The views of `s`'s list, computed once per `items` array and held delete-all (the panel's selectors add theirs). */
export function viewsFor(s: NotificationsSnapshot): Views {
  const { items, held } = s.context
  let views = viewsOf.get(items)
  if (views === undefined || views.held !== held) {
    views = { held, shown: shownItems(items, held) }
    viewsOf.set(items, views)
  }
  return views
}

/** The notifications on screen under the 'all' filter: the list less a delete-all that can still be undone. */
export const selectShown = (s: NotificationsSnapshot): ReadonlyArray<Notification> => viewsFor(s).shown

/**
 * SPEC §4: recomputed from the list shown (plus unread the server counts beyond the loaded pages).
 * While that server count is only a floor (`unreadCapped`: it stopped at 100), at least 100, so
 * every place that shows it says '99+' ({@link badgeText}) and none an exact number
 * ({@link selectUnreadIsFloor} says when).
 */
export const selectUnreadCount = (s: NotificationsSnapshot): number => {
  const count = countUnread(selectShown(s)) + s.context.unreadBeyond
  return s.context.unreadCapped === true ? Math.max(count, BADGE_MAX + 1) : count
}

/** Whether {@link selectUnreadCount} is a floor ("99 or more") rather than the exact number. */
export const selectUnreadIsFloor = (s: NotificationsSnapshot): boolean => s.context.unreadCapped === true

/** The badge text for a count: '' for none, the number up to 99, then '99+' (SPEC §2.6). */
export function badgeText(count: number): string {
  if (count <= 0) return ''
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count)
}

export const selectBadge = (s: NotificationsSnapshot): string => badgeText(selectUnreadCount(s))

/**
 * The list under the current filter (all, or unread only). The same array comes back for as long
 * as the machine's `items` array (and the held delete-all) is the same, so subscribers
 * (`useSelector`, compared with `===`) re-render only when the list changed, not on every
 * snapshot.
 */
export const selectVisible = (s: NotificationsSnapshot): ReadonlyArray<Notification> => {
  const views = viewsFor(s)
  const { filter } = s.context
  if (filter === 'archived') {
    views.archived ??= s.context.items.filter(isArchived)
    return views.archived
  }
  if (filter === 'snoozed') {
    views.snoozed ??= s.context.items.filter(isSnoozed).sort(bySoonestBack)
    return views.snoozed
  }
  views.unread ??= views.shown.filter((n) => !isRead(n))
  const list = filter === 'unread' ? views.unread : views.shown
  const category = s.context.category ?? null
  if (category === null) return list
  views.byCategory ??= new Map()
  const key = `${filter} ${category}`
  let inCategory = views.byCategory.get(key)
  if (inCategory === undefined) views.byCategory.set(key, (inCategory = list.filter((n) => n.category === category)))
  return inCategory
}

/** The Snoozed view's order: the soonest back first (as `view=snoozed` lists them). */
function bySoonestBack(a: Notification, b: Notification): number {
  return Date.parse(a.snoozed_until ?? '') - Date.parse(b.snoozed_until ?? '') || (a._id < b._id ? -1 : 1)
}

/** The first page is loading and nothing is on hand yet (in the Archived or Snoozed view or a category, its page). */
export const selectIsLoading = (s: NotificationsSnapshot): boolean =>
  viewQuery(s.context) !== null
    ? s.matches({ signedIn: { view: 'loading' } }) && selectVisible(s).length === 0
    : s.matches({ signedIn: { list: 'loading' } }) && s.context.page === 0

/** The last fetch's error (the server's words, or SPEC §8's fallback), or null. */
export const selectError = (s: NotificationsSnapshot): string | null => s.context.error

/** SPEC §4: the new-notification flag (unread exist, or new ones arrived). */
export const selectHasNew = (s: NotificationsSnapshot): boolean => s.context.hasNew
/** Whether any notification is unread. */
export const selectHasUnread = (s: NotificationsSnapshot): boolean => selectUnreadCount(s) > 0
