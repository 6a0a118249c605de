/**
 * Pure operations on the notification list (SPEC.md §4 Notifications, Polling): the optimistic
 * changes, their rollback, and the reconcile that keeps changes still in flight (or settled
 * while a fetch was in flight) on top of data the server sent before it knew of them.
 * No I/O: the machine and the property test share these.
 */
import type { Notification } from '../../contract/notifications.ts'

/**
 * One optimistic change. `readAll` keeps the ids it flipped and `removeAll` the items it took
 * away, so a failure can restore exactly what the change hid (SPEC §4: mark-all and delete-all
 * restore the previous list).
 */
export type NotificationChange =
  | { readonly kind: 'read'; readonly id: string }
  | { readonly kind: 'remove'; readonly id: string; /** The item as it was, to put back if the call fails. */ readonly item: Notification }
  | { readonly kind: 'readAll'; readonly ids: ReadonlyArray<string>; /** Unread beyond the loaded pages it zeroed. */ readonly beyond: number }
  | { readonly kind: 'removeAll'; readonly removed: ReadonlyArray<Notification> }
  /** Issue #18: `PUT …/{id}/unread` (it stays seen). */
  | { readonly kind: 'unread'; readonly id: string }
  /**
   * Issue #18: `PUT …/{id}/archive`. `item` is the notification as it was, so data fetched
   * without it (the inbox after the server archived it) still lists it as archived.
   */
  | { readonly kind: 'archive'; readonly id: string; readonly item: Notification }
  /** Issue #18: `PUT …/{id}/restore`; `item` as it was, so an inbox fetched before it holds it again. */
  | { readonly kind: 'restore'; readonly id: string; readonly item: Notification }
  /** Issue #18: `PUT …/archive-read`; `ids`: the loaded read inbox items it archived (for the restore). */
  | { readonly kind: 'archiveRead'; readonly ids: ReadonlyArray<string> }
  /**
   * Issue #18: `PUT …/seen { before }`: every inbox item created at or before `before` (ISO 8601,
   * the newest loaded one's `createdAt`) is seen. `ids` (the loaded ones it flipped) and `beyond`
   * (unseen beyond the loaded pages it zeroed) serve the restore.
   */
  | { readonly kind: 'seen'; readonly before: string; readonly ids: ReadonlyArray<string>; readonly beyond: number }

/**
 * What the list shows: the inbox (SPEC §2.6 'all'), its unread ones, or (issue #18) the archived
 * ones (`view=archived`).
 */
export type NotificationFilter = 'all' | 'unread' | 'archived'

// Issue #18: reading also sees it (only a `seen: false` is flipped: without the field, read means seen).
const markRead = (n: Notification): Notification => (n.read ? n : n.seen === false ? { ...n, read: true, status: 'read', seen: true } : { ...n, read: true, status: 'read' })
const markUnread = (n: Notification): Notification => ({ ...n, read: false, status: 'unread' })
/** Issue #18: archiving also sees it (docs/api.md "The inbox"); a snooze is dropped. */
const markArchived = (n: Notification): Notification => (n.archived === true ? n : { ...n, archived: true, seen: true, snoozed_until: null })
const markRestored = (n: Notification): Notification => (n.archived === true ? { ...n, archived: false } : n)

/** Issue #18: whether a notification has been seen (listed in an opened panel, read, or archived). Absent: read ones count as seen. */
export function isSeen(n: Notification): boolean {
  return n.seen ?? isRead(n)
}

/** Issue #18: whether `n` is an unseen inbox item created at or before `beforeMs` (ms since the epoch). */
function seenBy(n: Notification, beforeMs: number): boolean {
  return !isArchived(n) && !isSeen(n) && Date.parse(n.createdAt) <= beforeMs
}

/** Issue #18: the loaded inbox items a `PUT …/seen { before }` makes seen. */
export function unseenBefore(list: ReadonlyArray<Notification>, before: string): Notification[] {
  const beforeMs = Date.parse(before)
  return list.filter((n) => seenBy(n, beforeMs))
}

/** Issue #18: whether a notification is archived (out of the inbox and its counts). Absent: not archived. */
export function isArchived(n: Notification): boolean {
  return n.archived === true
}

/** Sets `id` with `f` where it is in the list, else inserts `f(item)` in its place (newest first). */
function upsert(list: ReadonlyArray<Notification>, id: string, item: Notification, f: (n: Notification) => Notification): Notification[] {
  return list.some((n) => n._id === id) ? list.map((n) => (n._id === id ? f(n) : n)) : [...list, f(item)].sort(byNewest)
}

/** Whether a notification counts as read (SPEC §3: `read`, or status "read"). */
export function isRead(n: Notification): boolean {
  return n.read || n.status === 'read'
}

/** Applies one change to a list (idempotent: applying it to data that already has it changes nothing). */
export function applyChange(list: ReadonlyArray<Notification>, change: NotificationChange): Notification[] {
  switch (change.kind) {
    case 'read':
      return list.map((n) => (n._id === change.id ? markRead(n) : n))
    case 'remove':
      return list.filter((n) => n._id !== change.id)
    case 'readAll':
      // The server marks every unread it holds when it handles the call, including ones this tab
      // had not loaded yet, so data fetched around it is read in full (`ids` serve the restore).
      // Issue #18: only the inbox (archived ones keep their state).
      return list.map((n) => (isArchived(n) ? n : markRead(n)))
    case 'unread':
      return list.map((n) => (n._id === change.id ? markUnread(n) : n))
    case 'archive':
      return upsert(list, change.id, change.item, markArchived)
    case 'restore':
      return upsert(list, change.id, change.item, markRestored)
    case 'archiveRead':
      // Like mark-all-read: the server archives every read inbox item it holds when it handles the call.
      return list.map((n) => (!isArchived(n) && isRead(n) ? markArchived(n) : n))
    case 'seen': {
      const beforeMs = Date.parse(change.before)
      return list.map((n) => (seenBy(n, beforeMs) ? { ...n, seen: true } : n))
    }
    case 'removeAll': {
      const ids = new Set(change.removed.map((n) => n._id))
      return list.filter((n) => !ids.has(n._id))
    }
  }
}

/** Applies changes in order (the reconcile: local intent over fetched data). */
export function applyChanges(list: ReadonlyArray<Notification>, changes: ReadonlyArray<NotificationChange>): Notification[] {
  return changes.reduce<Notification[]>((acc, c) => applyChange(acc, c), [...list])
}

/** Newest first: by `created_at_timestamp` (s), then id so the order is total. */
export function byNewest(a: Notification, b: Notification): number {
  return b.created_at_timestamp - a.created_at_timestamp || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0)
}

/**
 * Undoes a failed change: flipped items become unread again and removed items come back in
 * their place, without losing what arrived meanwhile (SPEC §4 restore for mark-all and
 * delete-all; for single changes the machine re-fetches as well, see notifications.machine.ts).
 */
export function revertChange(list: ReadonlyArray<Notification>, change: NotificationChange): Notification[] {
  switch (change.kind) {
    case 'readAll': {
      const ids = new Set(change.ids)
      return list.map((n) => (ids.has(n._id) ? markUnread(n) : n))
    }
    case 'removeAll': {
      const present = new Set(list.map((n) => n._id))
      return [...list, ...change.removed.filter((n) => !present.has(n._id))].sort(byNewest)
    }
    case 'read':
      return list.map((n) => (n._id === change.id ? markUnread(n) : n))
    case 'remove':
      return list.some((n) => n._id === change.id) ? [...list] : [...list, change.item].sort(byNewest)
    case 'unread':
      return list.map((n) => (n._id === change.id ? markRead(n) : n))
    case 'archive':
      return list.map((n) => (n._id === change.id ? { ...n, archived: false } : n))
    case 'restore':
      return list.map((n) => (n._id === change.id ? { ...n, archived: true } : n))
    case 'archiveRead': {
      const ids = new Set(change.ids)
      return list.map((n) => (ids.has(n._id) ? { ...n, archived: false } : n))
    }
    case 'seen': {
      const ids = new Set(change.ids)
      return list.map((n) => (ids.has(n._id) ? { ...n, seen: false } : n))
    }
  }
}

/**
 * Issue #18: page 1 of the inbox with this tab's archived items kept beside it (the inbox view
 * never lists them; the Archived view shows them). The page wins for an id it holds.
 */
export function withArchived(page: ReadonlyArray<Notification>, local: ReadonlyArray<Notification>): Notification[] {
  const ids = new Set(page.map((n) => n._id))
  const kept = local.filter((n) => isArchived(n) && !ids.has(n._id))
  return kept.length === 0 ? [...page] : [...page, ...kept].sort(byNewest)
}

/**
 * Issue #18: a page of `view=archived` put in place of the archived items this tab holds; the
 * inbox items stay as they are (an id in both keeps the inbox's).
 */
export function replaceArchived(list: ReadonlyArray<Notification>, archived: ReadonlyArray<Notification>): Notification[] {
  const inbox = list.filter((n) => !isArchived(n))
  const ids = new Set(inbox.map((n) => n._id))
  return [...inbox, ...archived.filter((n) => !ids.has(n._id))].sort(byNewest)
}

/**
 * Adds the notifications whose id is not in the list yet (SPEC §4 Polling, push events): new ones
 * land at the top; the list stays newest first even when an older one comes in (e.g. the poll
 * after a failed first load).
 */
export function prependUnseen(list: ReadonlyArray<Notification>, incoming: ReadonlyArray<Notification>): { list: Notification[]; added: number } {
  const seen = new Set(list.map((n) => n._id))
  const fresh = incoming.filter((n) => !seen.has(n._id) && (seen.add(n._id), true))
  return { list: fresh.length === 0 ? [...list] : [...fresh, ...list].sort(byNewest), added: fresh.length }
}

/** Appends a further page, skipping ids already shown (items shift between pages as new ones arrive). */
export function appendUnseen(list: ReadonlyArray<Notification>, incoming: ReadonlyArray<Notification>): Notification[] {
  const seen = new Set(list.map((n) => n._id))
  return [...list, ...incoming.filter((n) => !seen.has(n._id))]
}

/**
 * The items not hidden by a delete-all that can still be undone (issue #16): what the person
 * sees under the 'all' filter. The same array when nothing is held.
 */
export function shownItems(items: ReadonlyArray<Notification>, held: ReadonlyArray<Notification> | null): ReadonlyArray<Notification> {
  // Issue #18: archived items are out of the inbox.
  const inbox = items.some(isArchived) ? items.filter((n) => !isArchived(n)) : items
  if (held === null || held.length === 0) return inbox
  const hidden = new Set(held.map((n) => n._id))
  return inbox.filter((n) => !hidden.has(n._id))
}

/** The number of unread notifications in a list's inbox (issue #18: archived ones are out of every count). */
export function countUnread(list: ReadonlyArray<Notification>): number {
  return list.reduce((k, n) => k + (isRead(n) || isArchived(n) ? 0 : 1), 0)
}

/** Issue #18: the number of unseen notifications in a list's inbox (what the badge is to count). */
export function countUnseen(list: ReadonlyArray<Notification>): number {
  return list.reduce((k, n) => k + (isSeen(n) || isArchived(n) ? 0 : 1), 0)
}

/** What `notifications_cache` holds (SPEC §3 stored values, §9): one org's newest items and when they were saved (ms). */
export interface NotificationsCacheEntry {
  readonly orgId: string
  readonly savedAt: number
  readonly items: ReadonlyArray<Notification>
}

/**
 * The entry to store for a list: at most `max` newest items (SPEC §9: 50).
 */
export function toCacheEntry(orgId: string, items: ReadonlyArray<Notification>, nowMs: number, max: number): NotificationsCacheEntry {
  return { orgId, savedAt: nowMs, items: items.slice(0, max) }
}

/**
 * The cached items usable for `orgId` at `nowMs`, or null: another org's, unreadable, or older than
 * `ttlMs` (SPEC §5/§9: cached notifications older than 5 minutes, 300000 ms, are ignored).
 */
export function readCacheEntry(raw: unknown, orgId: string, nowMs: number, ttlMs: number): ReadonlyArray<Notification> | null {
  if (typeof raw !== 'object' || raw === null) return null
  const entry = raw as Partial<NotificationsCacheEntry>
  if (entry.orgId !== orgId || typeof entry.savedAt !== 'number' || !Array.isArray(entry.items)) return null
  if (nowMs - entry.savedAt > ttlMs || entry.savedAt > nowMs) return null
  return entry.items
}

/** SPEC §4: a system notification only for an urgent one, while the page is hidden, with permission granted. */
export function wantsSystemNotification(n: Notification, page: { hidden: boolean; permission: string }): boolean {
  return n.priority === 'urgent' && page.hidden && page.permission === 'granted'
}
