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

export type NotificationFilter = 'all' | 'unread'

const markRead = (n: Notification): Notification => (n.read ? n : { ...n, read: true, status: 'read' })
const markUnread = (n: Notification): Notification => ({ ...n, read: false, status: 'unread' })

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
      return list.map(markRead)
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
  }
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
  if (held === null || held.length === 0) return items
  const hidden = new Set(held.map((n) => n._id))
  return items.filter((n) => !hidden.has(n._id))
}

/** The number of unread notifications in a list. */
export function countUnread(list: ReadonlyArray<Notification>): number {
  return list.reduce((k, n) => k + (isRead(n) ? 0 : 1), 0)
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
