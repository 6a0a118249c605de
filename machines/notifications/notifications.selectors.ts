/**
 * Selectors of the notifications snapshot (SPEC.md §2.6 panel, §4 unread count, the delete-all
 * undo and 'Load more'). Views read these and nothing else, so every rule (filtering, the count,
 * '99+', what a held delete-all hides) lives here. The shell's own (the list shown, its counts,
 * the badge) are in notifications.counts.ts, re-exported here.
 */
import { type DisplayText, localized, type MessageDescriptor } from '../../contract/messages.ts'
import type { Notification } from '../../contract/notifications.ts'
import { isNotificationCategory, type NotificationCategory, notificationCategoryLabel } from '../../contract/notification-categories.ts'
import { BADGE_MAX, type NotificationsSnapshot, selectHasUnread, selectShown, selectVisible, viewsFor } from './notifications.counts.ts'
import { countUnseen, isArchived, isOutsideView, isRead, isSnoozed, viewQuery } from './notifications.item.ts'
import { notificationsMessages as m } from './notifications.messages.ts'
import { FETCH_FAILED_MESSAGE } from './notifications.types.ts'

export * from './notifications.counts.ts'

/**
 * A count from the server as shown beside a tab (a category's inbox items): the number up to
 * 99, then '99+' like the badge, so a count the server stopped at 100 (contract
 * `NOTIFICATION_COUNT_CAP`) is never shown as an exact 100.
 */
export function countText(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.max(0, count))
}
/**
 * The unseen inbox notifications (loaded and beyond the loaded pages), counted beside the
 * unread ones.
 */
export const selectUnseenCount = (s: NotificationsSnapshot): number => countUnseen(selectShown(s)) + (s.context.unseenBeyond ?? 0)

export const selectFilter = (s: NotificationsSnapshot) => s.context.filter
/** Whether anything is on screen to delete (the toolbar's 'Delete all'). */
export const selectHasShown = (s: NotificationsSnapshot): boolean => selectShown(s).length > 0

/**
 * One row per group key (the newest of the group leads, at its place; the
 * others follow it when expanded), and one row per notification without a key.
 */
export interface NotificationRow {
  readonly lead: Notification
  /** The group's other notifications, newest first (empty without a group key). */
  readonly rest: ReadonlyArray<Notification>
}

/** `notifications` (newest first) as rows, grouped by `group_key`. */
export function groupRows(notifications: ReadonlyArray<Notification>): ReadonlyArray<NotificationRow> {
  const rows: { lead: Notification; rest: Notification[] }[] = []
  const byKey = new Map<string, { lead: Notification; rest: Notification[] }>()
  for (const n of notifications) {
    const key = n.group_key ?? null
    const group = key === null ? undefined : byKey.get(key)
    if (group) {
      group.rest.push(n)
      continue
    }
    const row = { lead: n, rest: [] as Notification[] }
    if (key !== null) byKey.set(key, row)
    rows.push(row)
  }
  return rows
}

/** A row as shown: a notification, and its group when it leads one or belongs to an open one. */
export interface DisplayRow {
  readonly notification: Notification
  /** Leading a group: its key, how many it holds, whether it is open, and all of its notifications. */
  readonly group?: { readonly key: string; readonly size: number; readonly open: boolean; readonly members: ReadonlyArray<Notification> }
  /** Shown under its open group's lead. */
  readonly member?: boolean
}

/** The rows of the list with the open groups' members (by group key, a choice of the view) after their lead. */
export function displayRows(rows: ReadonlyArray<NotificationRow>, open: ReadonlySet<string>): DisplayRow[] {
  return rows.flatMap((r): DisplayRow[] => {
    const key = r.lead.group_key
    if (r.rest.length === 0 || key == null) return [{ notification: r.lead }]
    const isOpen = open.has(key)
    const lead: DisplayRow = { notification: r.lead, group: { key, size: r.rest.length + 1, open: isOpen, members: [r.lead, ...r.rest] } }
    return isOpen ? [lead, ...r.rest.map((n) => ({ notification: n, member: true }))] : [lead]
  })
}

/**
 * What a row's buttons act on: on a closed group's lead the whole group, else the row's own
 * notification. `kind` says which buttons the row has: an archived row only 'Restore', a snoozed
 * one only 'Unsnooze' (its own notification), an inbox row 'Mark read' (when any is unread) or
 * 'Mark unread', 'Snooze', 'Archive' and 'Delete'.
 */
export interface RowTargets {
  readonly kind: 'archived' | 'snoozed' | 'inbox'
  /** 'Mark read' is offered rather than 'Mark unread'. */
  readonly anyUnread: boolean
  /** The unread ones ('Mark read'). */
  readonly unread: ReadonlyArray<string>
  /** The read ones ('Mark unread'). */
  readonly read: ReadonlyArray<string>
  /** The archived ones ('Restore'). */
  readonly archived: ReadonlyArray<string>
  /** Every one ('Snooze', 'Archive', 'Delete'). */
  readonly all: ReadonlyArray<string>
}

export function rowTargets(row: Pick<DisplayRow, 'notification' | 'group'>): RowTargets {
  const n = row.notification
  const targets = row.group && !row.group.open ? row.group.members : [n]
  const ids = (pick: (m: Notification) => boolean) => targets.filter(pick).map((m) => m._id)
  const unread = ids((m) => !isRead(m))
  return {
    kind: isArchived(n) ? 'archived' : isSnoozed(n) ? 'snoozed' : 'inbox',
    anyUnread: unread.length > 0,
    unread,
    read: ids(isRead),
    archived: ids(isArchived),
    all: targets.map((m) => m._id),
  }
}

/** The action text the notification carries (`actionText`, else `metadata.action_text`), or null. */
function ownActionText(n: Notification): string | null {
  return n.actionText ?? (typeof n.metadata['action_text'] === 'string' ? n.metadata['action_text'] : null)
}

/** SPEC §3: a notification's action text, from `actionText` or `metadata.action_text`, else 'View Details' (English). */
export function actionTextOf(n: Notification): string {
  return ownActionText(n) ?? 'View Details'
}

/** {@link actionTextOf} for the screen: the notification's own text as it is, else 'View Details' in the reader's language. */
export function actionLabelOf(n: Notification): DisplayText {
  return ownActionText(n) ?? localized(m.viewDetails)
}

/** The visible list as rows ({@link groupRows}); the same array while the visible list is the same. */
export const selectRows = (s: NotificationsSnapshot): ReadonlyArray<NotificationRow> => {
  const visible = selectVisible(s)
  const views = viewsFor(s)
  views.rows ??= new WeakMap()
  let rows = views.rows.get(visible)
  if (rows === undefined) views.rows.set(visible, (rows = groupRows(visible)))
  return rows
}

/** The chosen category tab, or null for every category. */
export const selectCategory = (s: NotificationsSnapshot): string | null => s.context.category ?? null

/** One tab per category that has inbox items. */
export interface CategoryTab {
  readonly category: string
  /** "Messages", "Alerts" (contract `notificationCategoryLabel`). */
  readonly label: string
  /** Inbox notifications of the category (the server's count; the loaded ones before it answers). */
  readonly count: number
}

/**
 * The category tabs, in the label's alphabetical order: each SPEC §3 category the server counts
 * inbox items for (or, before its counts arrive, each loaded one), plus the chosen one (its tab
 * stays while it empties). Recomputed per snapshot: a handful of categories.
 */
export function selectCategoryTabs(s: NotificationsSnapshot): ReadonlyArray<CategoryTab> {
  const counts = s.context.counts?.categories
  const tally = new Map<string, number>()
  if (counts)
    for (const [category, count] of Object.entries(counts))
      if (count > 0) tally.set(category, count)
      else for (const n of selectShown(s)) tally.set(n.category, (tally.get(n.category) ?? 0) + 1)
  const chosen = s.context.category ?? null
  if (chosen !== null && !tally.has(chosen)) tally.set(chosen, 0)
  // Only SPEC §3's categories: the server narrows the list to those alone.
  return [...tally]
    .filter(([category]) => isNotificationCategory(category))
    .map(([category, count]) => ({ category, label: notificationCategoryLabel(category), count }))
    .sort((a, b) => a.label.localeCompare(b.label))
}

/** The number of archived and snoozed notifications (the server's counts; null before they arrive). */
export const selectOutsideCounts = (s: NotificationsSnapshot): { readonly archived: number; readonly snoozed: number } | null =>
  s.context.counts ? { archived: s.context.counts.archived, snoozed: s.context.counts.snoozed } : null

/** SPEC §3 categories' names in the reader's language (the contract's `NOTIFICATION_CATEGORY_LABELS` are the English). */
export const CATEGORY_MESSAGES: Readonly<Record<NotificationCategory, MessageDescriptor>> = {
  message: m.categoryMessage,
  system: m.categorySystem,
  update: m.categoryUpdate,
  reminder: m.categoryReminder,
  transaction: m.categoryTransaction,
  alert: m.categoryAlert,
  marketing: m.categoryMarketing,
}

/** A category's name for the screen: a SPEC §3 one translated, any other as it is. */
export function categoryText(category: string): DisplayText {
  return isNotificationCategory(category) ? localized(CATEGORY_MESSAGES[category]) : category
}

/** The Archived view's empty text. */
export const ARCHIVED_EMPTY_TEXT = 'No archived notifications'
/** The Snoozed view's empty text. */
export const SNOOZED_EMPTY_TEXT = 'Nothing snoozed'
/** SPEC §2.6 empty texts, per filter (and the Archived and Snoozed views'). */
export const selectEmptyText = (s: NotificationsSnapshot): string =>
  s.context.filter === 'unread'
    ? 'No unread notifications'
    : s.context.filter === 'archived'
      ? ARCHIVED_EMPTY_TEXT
      : s.context.filter === 'snoozed'
        ? SNOOZED_EMPTY_TEXT
        : 'No notifications yet'
/** {@link selectEmptyText} in the reader's language. */
export const selectEmptyMessage = (s: NotificationsSnapshot): MessageDescriptor =>
  s.context.filter === 'unread' ? m.emptyUnread : s.context.filter === 'archived' ? m.emptyArchived : s.context.filter === 'snoozed' ? m.emptySnoozed : m.emptyAll
/** Whether the inbox on screen has read items ('Archive all read'). */
export const selectHasReadShown = (s: NotificationsSnapshot): boolean => selectShown(s).some(isRead)
/** The actions of the '⋯' menu, each named after its event (`notifications.<action>`). */
export type BulkAction = 'markAllRead' | 'archiveRead' | 'removeAll'

/**
 * The '⋯' menu's actions that cannot act now, space-separated (a string, so a subscriber compares
 * it with `===`): each acts on the inbox, so none while the Snoozed or Archived view is on screen.
 */
export const selectDisabledBulkActions = (s: NotificationsSnapshot): string => {
  const outside = isOutsideView(s.context.filter)
  const disabled: BulkAction[] = [
    ...(selectHasUnread(s) && !outside ? [] : ['markAllRead' as const]),
    ...(selectHasReadShown(s) && !outside ? [] : ['archiveRead' as const]),
    ...(selectHasShown(s) && !outside ? [] : ['removeAll' as const]),
  ]
  return disabled.join(' ')
}
/** A delete-all can still be undone. */
export const selectIsDeleteAllPending = (s: NotificationsSnapshot): boolean => s.matches({ signedIn: { deletingAll: 'pending' } })
export const selectIsLoadingMore = (s: NotificationsSnapshot): boolean =>
  s.matches({ signedIn: { list: 'loadingMore' } }) || s.matches({ signedIn: { view: 'loadingMore' } })
/**
 * 'Load more' is offered while the server has a further page and the list is idle, except when
 * it could not add anything the filter shows: under 'unread' with no unread beyond the loaded
 * pages, or while a delete-all can still be undone. In the Archived or Snoozed view or a
 * category, while that view has a further page.
 */
export const selectCanLoadMore = (s: NotificationsSnapshot): boolean => {
  if (s.context.held !== null) return false
  if (viewQuery(s.context) !== null) return s.context.viewHasMore === true && s.matches({ signedIn: { view: 'idle' } })
  return (
    s.context.hasMore &&
    (s.context.filter !== 'unread' || s.context.unreadBeyond > 0 || s.context.unreadCapped === true) &&
    s.matches({ signedIn: { list: 'idle' } })
  )
}

/** A fetch's error for the screen: the server's own words as they are, SPEC §8's fallback in the reader's language. */
export function errorText(error: string): DisplayText {
  return error === FETCH_FAILED_MESSAGE ? localized(m.fetchFailed) : error
}
