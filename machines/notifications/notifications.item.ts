/**
 * What one notification is (read, seen, archived, snoozed, in the inbox) and the counts of a list
 * (SPEC.md §4: the unread count is recomputed from the list), for the shell's first draw and for
 * the list's operations (notifications.list.ts, which re-exports these). No I/O.
 */
import type { Notification, NotificationView } from '../../contract/notifications.ts'

/**
 * What the list shows: the inbox (SPEC §2.6 'all'), its unread ones, or the archived
 * ones (`view=archived`) or the snoozed ones (`view=snoozed`).
 */
export type NotificationFilter = 'all' | 'unread' | 'archived' | 'snoozed'

/** The filters whose items the server lists apart from the inbox (their own pages). */
export type OutsideView = 'archived' | 'snoozed'
export function isOutsideView(filter: string): filter is OutsideView {
  return filter === 'archived' || filter === 'snoozed'
}

/**
 * What the `view` region loads for the tab chosen, or null when the inbox's own pages
 * (the `list` region) are the whole of it: the Archived or Snoozed view, or a category of the
 * inbox (all or unread). Here, not in the machine, so the selectors read it without the machine.
 */
export function viewQuery(context: { readonly filter: NotificationFilter; readonly category?: string | null | undefined }): { readonly view: NotificationView; readonly category?: string } | null {
  if (isOutsideView(context.filter)) return { view: context.filter }
  if (context.category == null) return null
  return { view: context.filter === 'unread' ? 'unread' : 'inbox', category: context.category }
}

/** Whether a notification has been seen (listed in an opened panel, read, or archived). Absent: read ones count as seen. */
export function isSeen(n: Notification): boolean {
  return n.seen ?? isRead(n)
}

/** Whether a notification is archived (out of the inbox and its counts). Absent: not archived. */
export function isArchived(n: Notification): boolean {
  return n.archived === true
}

/**
 * Whether a notification is snoozed (out of the inbox until `snoozed_until`). The server
 * clears the field when it wakes one, and items an inbox page lists are taken as woken
 * (`asInbox` in notifications.list.ts), so no clock is needed here.
 */
export function isSnoozed(n: Notification): boolean {
  return !isArchived(n) && n.snoozed_until != null
}

/** Whether a notification is in the inbox: neither archived nor snoozed. */
export function inInbox(n: Notification): boolean {
  return !isArchived(n) && n.snoozed_until == null
}

/** Whether a notification counts as read (SPEC §3: `read`, or status "read"). */
export function isRead(n: Notification): boolean {
  return n.read || n.status === 'read'
}

/**
 * The items not hidden by a delete-all that can still be undone: what the person
 * sees under the 'all' filter. The same array when nothing is held.
 */
export function shownItems(items: ReadonlyArray<Notification>, held: ReadonlyArray<Notification> | null): ReadonlyArray<Notification> {
  // Archived and snoozed items are out of the inbox.
  const inbox = items.every(inInbox) ? items : items.filter(inInbox)
  if (held === null || held.length === 0) return inbox
  const hidden = new Set(held.map((n) => n._id))
  return inbox.filter((n) => !hidden.has(n._id))
}

/** The number of unread notifications in a list's inbox (archived and snoozed ones are out of every count). */
export function countUnread(list: ReadonlyArray<Notification>): number {
  return list.reduce((k, n) => k + (!isRead(n) && inInbox(n) ? 1 : 0), 0)
}

/** The number of unseen notifications in a list's inbox. */
export function countUnseen(list: ReadonlyArray<Notification>): number {
  return list.reduce((k, n) => k + (!isSeen(n) && inInbox(n) ? 1 : 0), 0)
}
