/**
 * The `list` region of the notifications machine: the inbox's own pages (SPEC.md §4
 * Notifications, Polling; §9 page 1 of 20, polls of 10), pushes and the cache. Each function
 * gives the context after an answer; the machine's actions assign it.
 *
 * A fetched page replaces its part of `base`, with the changes confirmed while it was in flight
 * (`settledDuringFetch`) applied again, so a poll answered before the server saw a change never
 * undoes it; the pending changes go on top (`rebased`).
 */
import { isCappedCount, type Notification, type NotificationCounts, type NotificationsPage } from '../../contract/notifications.ts'
import { baseOf, onTop, rebased } from './notifications.changes.ts'
import {
  appendUnseen,
  applyChanges,
  asInbox,
  countUnread,
  countUnseen,
  mergeFetched,
  prependUnseen,
  takeWoken,
  withOutside,
} from './notifications.list.ts'
import { FETCH_FAILED_MESSAGE, type NotificationsContext } from './notifications.types.ts'

/** The message stored for a failed fetch (SPEC §8): the error's own, or {@link FETCH_FAILED_MESSAGE}. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FETCH_FAILED_MESSAGE
}

/**
 * Page 1 replaces the inbox (local changes reapplied); the server's unread count sets the tail,
 * a floor when the count is at its cap (`unreadCapped`).
 */
export function firstPage(context: NotificationsContext, page: NotificationsPage): Partial<NotificationsContext> {
  const { base, items } = rebased(applyChanges(withOutside(asInbox(page.notifications), baseOf(context)), context.settledDuringFetch), onTop(context))
  const readAll = context.pending.some((c) => c.kind === 'readAll')
  const beyond = readAll ? 0 : Math.max(0, page.unread_count - countUnread(page.notifications))
  // A server without `unseen_count` (SPEC §7) counts the unread as unseen.
  const unseenBeyond = context.pending.some((c) => c.kind === 'readAll' || c.kind === 'seen')
    ? 0
    : Math.max(0, (page.unseen_count ?? page.unread_count) - countUnseen(page.notifications))
  return {
    items,
    base,
    page: 1,
    hasMore: page.hasMore,
    cursor: page.next_cursor ?? null,
    error: null,
    unreadBeyond: beyond,
    unreadCapped: !readAll && isCappedCount(page.unread_count),
    unseenBeyond,
    hasNew: context.hasNew || beyond + countUnread(items) > 0,
  }
}

/** A poll prepends only notifications this tab has not seen (SPEC §4 Polling). */
export function polled(context: NotificationsContext, page: NotificationsPage): Partial<NotificationsContext> {
  const fresh = applyChanges(asInbox(page.notifications), context.settledDuringFetch)
  const { list, added } = prependUnseen(takeWoken(baseOf(context), fresh), fresh)
  return { ...rebased(list, onTop(context)), error: null, hasNew: context.hasNew || added > 0 }
}

/** What a poll brings that the list does not hold yet (read before the poll is assigned). */
export function arrivedIn(context: NotificationsContext, page: NotificationsPage): ReadonlyArray<Notification> {
  return page.notifications.filter((n) => !baseOf(context).some((m) => m._id === n._id))
}

/** A further page of the inbox, appended (ids already shown are skipped). */
export function nextPage(context: NotificationsContext, page: NotificationsPage): Partial<NotificationsContext> {
  const next = applyChanges(asInbox(page.notifications), context.settledDuringFetch)
  // Only what this tab did not hold yet leaves the count beyond the loaded pages: items shifted
  // down by arrivals, or found earlier by a category tab, were counted when first loaded.
  const known = new Set(baseOf(context).map((n) => n._id))
  const fresh = next.filter((n) => !known.has(n._id))
  return {
    ...rebased(appendUnseen(takeWoken(baseOf(context), next), next), onTop(context)),
    page: context.page + 1,
    hasMore: page.hasMore,
    cursor: page.next_cursor ?? null,
    error: null,
    unreadBeyond: Math.max(0, context.unreadBeyond - countUnread(fresh)),
    unseenBeyond: Math.max(0, (context.unseenBeyond ?? 0) - countUnseen(fresh)),
  }
}

/**
 * The tab counts arrived. While the unread count is only a floor (`unreadCapped`) and the server
 * now counts fewer than its cap, its exact count takes over: the unread beyond the loaded pages
 * are its count less the unread this tab holds as the server's (`base`). Only with no change
 * pending, so the count and `base` say the same moment (a change confirmed while the counts were
 * on their way restarts their fetch).
 */
export function countsArrived(context: NotificationsContext, counts: NotificationCounts): Partial<NotificationsContext> {
  if (context.unreadCapped !== true || isCappedCount(counts.unread) || context.pending.length > 0) return { counts }
  return { counts, unreadCapped: false, unreadBeyond: Math.max(0, counts.unread - countUnread(baseOf(context))) }
}

/** A push of a notification new to this tab: at the top. */
export function received(context: NotificationsContext, notification: Notification): Partial<NotificationsContext> {
  return { ...rebased(prependUnseen(baseOf(context), asInbox([notification])).list, onTop(context)), hasNew: true }
}

/** A snoozed one is back: the server's copy (unread, in the inbox) takes its place. */
export function woken(context: NotificationsContext, notification: Notification): Partial<NotificationsContext> {
  return { ...rebased(mergeFetched(baseOf(context), [notification]).list, onTop(context)), hasNew: true }
}

/** This org's cached items, standing in until page 1 answers. */
export function cached(context: NotificationsContext, items: ReadonlyArray<Notification>): Partial<NotificationsContext> {
  return { ...rebased(items, onTop(context)), hasNew: context.hasNew || countUnread(items) > 0 }
}
