/**
 * Pure operations on the notification list (SPEC.md §4 Notifications, Polling): the optimistic
 * changes and the rebase that keeps changes still in flight (or settled while a fetch was in
 * flight) on top of data the server sent before it knew of them.
 *
 * The machine keeps the server's list as last known (`base`: fetched pages, pushes, confirmed
 * changes) and shows `applyChanges(base, pending)`. A rollback drops the failed change and
 * applies the rest again; a fetch answer replaces its part of `base`. Changes are applied to
 * `base` exactly once each; only confirmed changes are applied again (to a fetch answer that may
 * or may not have them), so those are first made safe to repeat by {@link resolveChange}.
 * No I/O: the machine and the property test share these.
 */
import type { Notification } from '../../contract/notifications.ts'
import { inInbox, isArchived, isRead, isSeen, isSnoozed, type OutsideView } from './notifications.item.ts'

export * from './notifications.item.ts'

/**
 * One optimistic change. `readAll` keeps the ids it flipped and `removeAll` the items it took
 * away, so a failure can restore exactly what the change hid (SPEC §4: mark-all and delete-all
 * restore the previous list).
 */
export type NotificationChange =
  | { readonly kind: 'read'; readonly id: string }
  | { readonly kind: 'remove'; readonly id: string; /** The item as it was, to put back if the call fails. */ readonly item: Notification }
  | {
      readonly kind: 'readAll'
      readonly ids: ReadonlyArray<string>
      /** Unread beyond the loaded pages it zeroed. */
      readonly beyond: number
      /** Whether that count was only a floor (the server's count at its cap); absent: exact. */
      readonly capped?: boolean
      /** Set once confirmed ({@link resolveChange}): the ids `base` held then; only `ids` of them were read by it. */
      readonly known?: ReadonlyArray<string>
    }
  | { readonly kind: 'removeAll'; readonly removed: ReadonlyArray<Notification> }
  /** `PUT …/{id}/unread` (it stays seen). */
  | { readonly kind: 'unread'; readonly id: string }
  /**
   * `PUT …/{id}/archive`. `item` is the notification as it was, so data fetched
   * without it (the inbox after the server archived it) still lists it as archived.
   */
  | { readonly kind: 'archive'; readonly id: string; readonly item: Notification }
  /** `PUT …/{id}/restore`; `item` as it was, so an inbox fetched before it holds it again. */
  | { readonly kind: 'restore'; readonly id: string; readonly item: Notification }
  /** `PUT …/archive-read`; `ids`: the loaded read inbox items it archived. */
  | {
      readonly kind: 'archiveRead'
      readonly ids: ReadonlyArray<string>
      /**
       * Set once confirmed ({@link resolveChange}): the items it archived as they were (so a page of
       * the Archived view fetched before it holds them) and the ids `base` held then.
       */
      readonly items?: ReadonlyArray<Notification>
      readonly known?: ReadonlyArray<string>
    }
  /**
   * `PUT …/{id}/snooze { until }` (ISO 8601): out of the inbox until then, and unread
   * and unseen at once (it comes back that way). `item` as it was, like `archive`.
   */
  | { readonly kind: 'snooze'; readonly id: string; readonly until: string; readonly item: Notification }
  /** `DELETE …/{id}/snooze`: back in the inbox now, unread and unseen. */
  | { readonly kind: 'unsnooze'; readonly id: string; readonly item: Notification }
  /**
   * `PUT …/seen { before }`: every inbox item created at or before `before` (ISO 8601,
   * the newest loaded one's `createdAt`) is seen. `ids` (the loaded ones it flipped) and `beyond`
   * (unseen beyond the loaded pages it zeroed) serve the restore.
   */
  | { readonly kind: 'seen'; readonly before: string; readonly ids: ReadonlyArray<string>; readonly beyond: number }

// Reading also sees it (only a `seen: false` is flipped: without the field, read means seen).
const markRead = (n: Notification): Notification =>
  n.read ? n : n.seen === false ? { ...n, read: true, status: 'read', seen: true } : { ...n, read: true, status: 'read' }
const markUnread = (n: Notification): Notification => ({ ...n, read: false, status: 'unread' })
/** Snoozing makes it unread and unseen at once and takes it out of the archive (docs/api.md "The inbox"). */
const markSnoozed =
  (until: string) =>
  (n: Notification): Notification => ({ ...n, snoozed_until: until, archived: false, read: false, status: 'unread', seen: false })
/** Back from a snooze (the wake-up, or 'Unsnooze'): in the inbox, unread and unseen. */
const markWoken = (n: Notification): Notification => ({ ...n, snoozed_until: null, read: false, status: 'unread', seen: false })
/** Archiving also sees it (docs/api.md "The inbox"); a snooze is dropped. */
const markArchived = (n: Notification): Notification => (n.archived === true ? n : { ...n, archived: true, seen: true, snoozed_until: null })
const markRestored = (n: Notification): Notification => (n.archived === true ? { ...n, archived: false } : n)

/** Whether `n` is an unseen inbox item created at or before `beforeMs` (ms since the epoch). */
function seenBy(n: Notification, beforeMs: number): boolean {
  return inInbox(n) && !isSeen(n) && Date.parse(n.createdAt) <= beforeMs
}

/** The loaded inbox items a `PUT …/seen { before }` makes seen. */
export function unseenBefore(list: ReadonlyArray<Notification>, before: string): Notification[] {
  const beforeMs = Date.parse(before)
  return list.filter((n) => seenBy(n, beforeMs))
}

/**
 * Items of an inbox page (`view=inbox|unread`): the server lists one whose snooze moment
 * has passed before its wake-up timer clears the field, so the field is cleared here.
 */
export function asInbox(items: ReadonlyArray<Notification>): ReadonlyArray<Notification> {
  return items.some((n) => n.snoozed_until != null) ? items.map((n) => (n.snoozed_until == null ? n : { ...n, snoozed_until: null })) : items
}

/** Sets `id` with `f` where it is in the list, else inserts `f(item)` in its place (newest first). */
function upsert(list: ReadonlyArray<Notification>, id: string, item: Notification, f: (n: Notification) => Notification): Notification[] {
  return list.some((n) => n._id === id) ? list.map((n) => (n._id === id ? f(n) : n)) : [...list, f(item)].sort(byNewest)
}

/** Applies one change to a list (idempotent: applying it to data that already has it changes nothing). */
export function applyChange(list: ReadonlyArray<Notification>, change: NotificationChange): Notification[] {
  switch (change.kind) {
    case 'read':
      return list.map((n) => (n._id === change.id ? markRead(n) : n))
    case 'remove':
      return list.filter((n) => n._id !== change.id)
    case 'readAll': {
      // The server marks every unread it holds when it handles the call, including ones this tab
      // had not loaded yet, so data fetched around it is read in full. Only the inbox: archived and
      // snoozed ones keep their state. Once confirmed, the items known then keep the state the
      // call left them in, whatever later changes (a restore) did.
      if (change.known === undefined) return list.map((n) => (inInbox(n) ? markRead(n) : n))
      const ids = new Set(change.ids)
      const known = new Set(change.known)
      return list.map((n) => (ids.has(n._id) || (!known.has(n._id) && inInbox(n)) ? markRead(n) : n))
    }
    case 'unread':
      return list.map((n) => (n._id === change.id ? markUnread(n) : n))
    case 'archive':
      return upsert(list, change.id, change.item, markArchived)
    case 'restore':
      return upsert(list, change.id, change.item, markRestored)
    case 'snooze':
      return upsert(list, change.id, change.item, markSnoozed(change.until))
    case 'unsnooze':
      return upsert(list, change.id, change.item, (n) => (isSnoozed(n) ? markWoken(n) : n))
    case 'archiveRead': {
      // Like mark-all-read: the server archives every read inbox item it holds when it handles the call.
      if (change.known === undefined || change.items === undefined) return list.map((n) => (inInbox(n) && isRead(n) ? markArchived(n) : n))
      const known = new Set(change.known)
      const archived = change.items.reduce<Notification[]>((acc, item) => upsert(acc, item._id, item, markArchived), [...list])
      return archived.map((n) => (!known.has(n._id) && inInbox(n) && isRead(n) ? markArchived(n) : n))
    }
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
 * A confirmed change in a form that gives the same result when applied again, in order with the
 * other confirmed ones, to data that already has it (a fetch answered after the server handled
 * it) as to data that does not. Changes naming their items already are; the bulk ones ('Mark all
 * read', 'Archive all read') act on whatever the list holds, so they are pinned to what `base`
 * (the server's list as this tab knows it just before the change) held when it was confirmed.
 */
export function resolveChange(base: ReadonlyArray<Notification>, change: NotificationChange): NotificationChange {
  switch (change.kind) {
    case 'readAll':
      return { ...change, ids: base.filter((n) => inInbox(n) && !isRead(n)).map((n) => n._id), known: base.map((n) => n._id) }
    case 'archiveRead': {
      const items = base.filter((n) => inInbox(n) && isRead(n))
      return { kind: 'archiveRead', ids: items.map((n) => n._id), items, known: base.map((n) => n._id) }
    }
    default:
      return change
  }
}

/**
 * Page 1 of the inbox with this tab's archived and snoozed items kept beside it (the
 * inbox view lists neither; their own views show them). The page wins for an id it holds.
 */
export function withOutside(page: ReadonlyArray<Notification>, local: ReadonlyArray<Notification>): Notification[] {
  const ids = new Set(page.map((n) => n._id))
  const kept = local.filter((n) => !inInbox(n) && !ids.has(n._id))
  return kept.length === 0 ? [...page] : [...page, ...kept].sort(byNewest)
}

/** Whether `n` belongs to an outside view's side of the list. */
const onSide = (view: OutsideView) => (view === 'archived' ? isArchived : isSnoozed)

/**
 * Page 1 of `view=archived` or `view=snoozed` put in place of that side of the list this
 * tab holds; the rest stays as it is (an id in both keeps the list's).
 */
export function replaceOutside(list: ReadonlyArray<Notification>, view: OutsideView, page: ReadonlyArray<Notification>): Notification[] {
  const side = onSide(view)
  const rest = list.filter((n) => !side(n))
  const ids = new Set(rest.map((n) => n._id))
  return [...rest, ...page.filter((n) => !ids.has(n._id))].sort(byNewest)
}

/**
 * Items fetched apart from the inbox's own pages (a category's page, a further page of an
 * outside view) merged in: a known id takes the server's copy, new ones join in order. `added`:
 * the ones that were new.
 */
export function mergeFetched(list: ReadonlyArray<Notification>, incoming: ReadonlyArray<Notification>): { list: Notification[]; added: Notification[] } {
  const byId = new Map(incoming.map((n) => [n._id, n]))
  const merged = list.map((n) => byId.get(n._id) ?? n)
  const known = new Set(list.map((n) => n._id))
  const added = incoming.filter((n) => !known.has(n._id))
  return { list: added.length === 0 ? merged : [...merged, ...added].sort(byNewest), added }
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

/**
 * Items of an inbox page that the list holds as snoozed take the page's copy: the
 * server woke them (the stream's announcement was missed, or came before this answer).
 */
export function takeWoken(list: ReadonlyArray<Notification>, inbox: ReadonlyArray<Notification>): Notification[] {
  const snoozed = new Set(list.filter(isSnoozed).map((n) => n._id))
  if (snoozed.size === 0) return [...list]
  const woken = new Map(inbox.filter((n) => snoozed.has(n._id)).map((n) => [n._id, n]))
  return woken.size === 0 ? [...list] : list.map((n) => woken.get(n._id) ?? n)
}

/** Appends a further page, skipping ids already shown (items shift between pages as new ones arrive). */
export function appendUnseen(list: ReadonlyArray<Notification>, incoming: ReadonlyArray<Notification>): Notification[] {
  const seen = new Set(list.map((n) => n._id))
  return [...list, ...incoming.filter((n) => !seen.has(n._id))]
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
