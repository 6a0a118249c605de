/**
 * The optimistic changes of the notifications machine (SPEC.md §4 Notifications): the change each
 * event makes, and the context after a change is queued, confirmed, rolled back or mirrored from
 * another tab. The `changes` and `deletingAll` regions and the root's handlers use these; the
 * list operations themselves are in notifications.list.ts.
 *
 * Rebase: `base` is the server's list as this tab knows it and `items` is `base` with `pending`
 * applied. A confirmed change joins `base` (pinned by `resolveChange`, so applying it again to a
 * later fetch is safe); a failed one is dropped and the rest applied again.
 */
import type { Notification } from '../../contract/notifications.ts'
import {
  applyChange,
  applyChanges,
  inInbox,
  isRead,
  type NotificationChange,
  resolveChange,
  shownItems,
  unseenBefore,
} from './notifications.list.ts'
import type { Hold, NotificationsContext, NotificationsEvent } from './notifications.types.ts'

/** The server's list as this tab knows it (`items` in a snapshot built by hand). */
export function baseOf(context: NotificationsContext): ReadonlyArray<Notification> {
  return context.base ?? context.items
}

/** A new `base` and what it shows with the pending changes (then the held ones) on top. */
export function rebased(base: ReadonlyArray<Notification>, pending: ReadonlyArray<NotificationChange>) {
  return { base, items: applyChanges(base, pending) }
}

/** What goes on top of `base`: `pending` (by default the context's), then every hold's changes. */
export function onTop(context: Pick<NotificationsContext, 'pending' | 'holds'>, pending: ReadonlyArray<NotificationChange> = context.pending): ReadonlyArray<NotificationChange> {
  const holds = context.holds ?? []
  return holds.length === 0 ? pending : [...pending, ...holds.flatMap((h) => h.changes)]
}

/** The id a change names (bulk changes name none). */
function idOf(change: NotificationChange): string | null {
  return 'id' in change ? change.id : null
}

/**
 * A hold of `action` on `ids`: the change each applicable id makes, each built on the list
 * as the previous ones left it. Null when no id applies.
 */
export function holdFor(
  context: NotificationsContext,
  event: Extract<NotificationsEvent, { type: 'notifications.applyWithUndo' }>,
  applies: (n: Notification) => boolean,
): Hold | null {
  const changes: NotificationChange[] = []
  let items = context.items
  for (const id of new Set(event.ids)) {
    const n = items.find((m) => m._id === id)
    if (!n || !applies(n)) continue
    const change: NotificationChange =
      event.action === 'snooze' ? { kind: 'snooze', id, until: event.until, item: n } : event.action === 'archive' ? { kind: 'archive', id, item: n } : { kind: 'remove', id, item: n }
    changes.push(change)
    items = applyChange(items, change)
  }
  return changes.length === 0 ? null : { id: `hold-${context.nextHold ?? 1}`, action: event.action, changes }
}

/** A hold joins the list: shown at once, nothing sent. */
export function withHold(context: NotificationsContext, hold: Hold): Partial<NotificationsContext> {
  return {
    // Kept apart from `items` even in a snapshot built by hand, so 'Undo' has what was there.
    base: baseOf(context),
    items: applyChanges(context.items, hold.changes),
    holds: [...(context.holds ?? []), hold],
    nextHold: (context.nextHold ?? 1) + 1,
  }
}

/** 'Undo': the hold is dropped; the list is `base` with what else is pending or held. */
export function withoutHold(context: NotificationsContext, holdId: string): Partial<NotificationsContext> {
  const holds = (context.holds ?? []).filter((h) => h.id !== holdId)
  return { holds, items: applyChanges(baseOf(context), onTop({ pending: context.pending, holds })) }
}

/**
 * The holds a change must not overtake: those naming an item it names (so a restore of an item
 * whose archive is still held goes after that archive). Their changes are sent first.
 */
export function holdsBefore(context: NotificationsContext, change: NotificationChange): ReadonlyArray<Hold> {
  const id = idOf(change)
  if (id === null) return []
  return (context.holds ?? []).filter((h) => h.changes.some((c) => idOf(c) === id))
}

/**
 * Held changes leave the holds for `pending` (the window lapsed, or a later change of the
 * same item comes after them), in their order, without changing what is shown.
 */
export function released(context: NotificationsContext, holdIds: ReadonlyArray<string>): Partial<NotificationsContext> & { readonly changes: ReadonlyArray<NotificationChange> } {
  const ids = new Set(holdIds)
  const leaving = (context.holds ?? []).filter((h) => ids.has(h.id))
  const changes = leaving.flatMap((h) => h.changes)
  const holds = (context.holds ?? []).filter((h) => !ids.has(h.id))
  const pending = [...context.pending, ...changes]
  return { changes, pending, holds, items: applyChanges(baseOf(context), onTop({ pending, holds })) }
}

/**
 * The page is going away and the browser side sent the holds itself: they join `base` as
 * another tab's changes do, and nothing is held any more.
 */
export function holdsSent(context: NotificationsContext): Partial<NotificationsContext> {
  const sent = (context.holds ?? []).flatMap((h) => h.changes)
  const base = applyChanges(baseOf(context), sent)
  return { holds: [], ...rebased(base, context.pending) }
}

/** The events that each make one optimistic change (their guards have checked it applies). */
export type ChangeEvent = Extract<
  NotificationsEvent,
  {
    type:
      | 'notifications.markRead'
      | 'notifications.markUnread'
      | 'notifications.remove'
      | 'notifications.archive'
      | 'notifications.restore'
      | 'notifications.snooze'
      | 'notifications.unsnooze'
      | 'notifications.archiveRead'
      | 'notifications.markAllRead'
  }
>

/**
 * The change an event makes to the list as it is now. Changes that take an item out of the
 * inbox keep it as it was (`item`), so a rollback or a later fetch can put it back; the bulk ones
 * keep the ids they flipped and, for mark all read, the unread beyond the loaded pages.
 */
export function changeFor(context: NotificationsContext, event: ChangeEvent): NotificationChange {
  const item = (id: string) => context.items.find((n) => n._id === id)!
  switch (event.type) {
    case 'notifications.markRead':
      return { kind: 'read', id: event.id }
    case 'notifications.markUnread':
      return { kind: 'unread', id: event.id }
    case 'notifications.remove':
      return { kind: 'remove', id: event.id, item: item(event.id) }
    case 'notifications.archive':
      return { kind: 'archive', id: event.id, item: item(event.id) }
    case 'notifications.restore':
      return { kind: 'restore', id: event.id, item: item(event.id) }
    case 'notifications.snooze':
      return { kind: 'snooze', id: event.id, until: event.until, item: item(event.id) }
    case 'notifications.unsnooze':
      return { kind: 'unsnooze', id: event.id, item: item(event.id) }
    case 'notifications.archiveRead':
      return { kind: 'archiveRead', ids: context.items.filter((n) => isRead(n) && inInbox(n)).map((n) => n._id) }
    case 'notifications.markAllRead':
      return {
        kind: 'readAll',
        ids: context.items.filter((n) => !isRead(n) && inInbox(n)).map((n) => n._id),
        beyond: context.unreadBeyond,
        ...(context.unreadCapped === true ? { capped: true } : {}),
      }
  }
}

/**
 * The single-item events a `notifications.applyToEach` stands for, in its order: the machine
 * takes each through its own guard, exactly as if they had been sent one by one.
 */
export function eachItemEvent(event: Extract<NotificationsEvent, { type: 'notifications.applyToEach' }>): NotificationsEvent[] {
  return event.ids.map((id): NotificationsEvent => {
    switch (event.action) {
      case 'snooze':
        return { type: 'notifications.snooze', id, until: event.until }
      case 'markRead':
        return { type: 'notifications.markRead', id }
      case 'markUnread':
        return { type: 'notifications.markUnread', id }
      case 'archive':
        return { type: 'notifications.archive', id }
      case 'restore':
        return { type: 'notifications.restore', id }
      case 'remove':
        return { type: 'notifications.remove', id }
      case 'unsnooze':
        return { type: 'notifications.unsnooze', id }
    }
  })
}

/** The `PUT …/seen` for what the opened panel lists: up to its newest inbox item. */
export function seenChange(context: NotificationsContext): NotificationChange {
  const shown = shownItems(context.items, context.held)
  const before = shown.reduce((newest, n) => (Date.parse(n.createdAt) > Date.parse(newest) ? n.createdAt : newest), shown[0]!.createdAt)
  return { kind: 'seen', before, ids: unseenBefore(context.items, before).map((n) => n._id), beyond: context.unseenBeyond ?? 0 }
}

/** The delete-all of the held items, each as it is now where still loaded. */
export function heldRemoval(context: NotificationsContext): NotificationChange {
  const now = new Map(context.items.map((n) => [n._id, n]))
  return { kind: 'removeAll', removed: (context.held ?? []).map((n) => now.get(n._id) ?? n) }
}

/** Changes after which the server has no unseen beyond the loaded pages. */
function zeroesUnseenBeyond(change: NotificationChange): boolean {
  return change.kind === 'readAll' || change.kind === 'seen'
}

/**
 * The counts beyond the loaded pages once `change` is made: mark all read zeroes the unread (an
 * exact zero, no longer a floor), it and seen the unseen.
 */
function beyondAfter(context: NotificationsContext, change: NotificationChange) {
  return {
    unreadBeyond: change.kind === 'readAll' ? 0 : context.unreadBeyond,
    unreadCapped: change.kind === 'readAll' ? false : context.unreadCapped === true,
    unseenBeyond: zeroesUnseenBeyond(change) ? 0 : context.unseenBeyond,
  }
}

/** Optimistic: the change shows at once and joins the queue the `changes` region sends in order. */
export function enqueued(context: NotificationsContext, change: NotificationChange): Partial<NotificationsContext> {
  return { items: applyChange(context.items, change), pending: [...context.pending, change], ...beyondAfter(context, change) }
}

/**
 * Another tab's change: taken as the server's (that tab sends it and rolls back on failure;
 * this tab's next fetch shows the outcome), with this tab's pending changes on top.
 */
export function remoteApplied(context: NotificationsContext, change: NotificationChange): Partial<NotificationsContext> {
  return { ...rebased(applyChange(baseOf(context), change), onTop(context)), ...beyondAfter(context, change) }
}

/** The first pending change is confirmed: it joins `base`, pinned to what `base` held ({@link resolveChange}). */
export function confirmed(context: NotificationsContext): Partial<NotificationsContext> {
  const [done, ...rest] = context.pending
  if (!done) return {}
  const base = baseOf(context)
  const settled = resolveChange(base, done)
  const viewFetch = context.settledDuringViewFetch
  return {
    ...rebased(applyChange(base, settled), onTop(context, rest)),
    pending: rest,
    settledDuringFetch: [...context.settledDuringFetch, settled],
    settledDuringViewFetch: viewFetch == null ? null : [...viewFetch, settled],
  }
}

/** SPEC §4 restore: the failed change is dropped; the list is `base` with the other pending changes. */
export function rolledBack(context: NotificationsContext): Partial<NotificationsContext> {
  const [failed, ...rest] = context.pending
  if (!failed) return {}
  return {
    ...rebased(baseOf(context), onTop(context, rest)),
    pending: rest,
    unreadBeyond: failed.kind === 'readAll' ? failed.beyond : context.unreadBeyond,
    unreadCapped: failed.kind === 'readAll' ? failed.capped === true : context.unreadCapped === true,
    unseenBeyond: failed.kind === 'seen' ? failed.beyond : context.unseenBeyond,
  }
}
