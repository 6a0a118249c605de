/**
 * The notifications machine: SPEC.md §2.6 notifications panel, §3 Notification, §4
 * Notifications and Polling, §8 "Notification fetch failure", §9 page sizes and the 30 s poll.
 *
 *   signedOut ──auth.changed(org)──▶ signedIn ┬ list:        loading ─▶ idle ─(30 s)─▶ polling ─▶ idle
 *       ▲                                     │                          └─loadMore─▶ loadingMore ─▶ idle
 *       │                                     ├ changes:     idle ⇄ sending (one change at a time, in order)
 *       └──────auth.changed(null)─────────────┼ deletingAll: idle ─removeAll─▶ pending ─(5 s)─▶ idle (sent)
 *                                             │                                   └─undoRemoveAll─▶ idle (back)
 *                                             ├ view:        start ─▶ idle ─filter/category─▶ loading ─▶ idle ─loadMore─▶ loadingMore
 *                                             └ counts:      waiting ─(300 ms)─▶ loading ─▶ idle ─stale─▶ waiting
 *
 * - Follows the auth actor (`watchAuth`): signed out → empty; an org switch drops the old org's
 *   list at once and loads the new org's page 1 (20).
 * - Mark read, mark all read, delete and delete all are optimistic: the list changes at once and
 *   the change joins `pending`; the `changes` region sends them one by one. On failure the change
 *   is undone at once and page 1 is re-fetched (SPEC §4: single changes re-fetch, bulk ones
 *   restore; doing both keeps the list right when the re-fetch fails too, and shows any part of a
 *   delete-all the server did apply); `notifications.rolledBack` is emitted.
 * - Delete all can be undone: `notifications.removeAll` hides the visible list at
 *   once (`held`; the selectors leave held items out) and emits `notifications.removedAll` (the
 *   toast with 'Undo'). `notifications.undoRemoveAll` within `DELETE_ALL_UNDO_MS` shows the list
 *   again exactly as it is (it never left `items`: same order, read states, pages, `hasMore`,
 *   filter); when the window lapses, the delete-all joins `pending` like any other change and is
 *   sent, rolled back on failure. Held items stay in `items` meanwhile, so polls, pushes, mark all
 *   read and rollbacks keep them right without special cases. Signing out or switching org drops
 *   a held delete-all unsent (nothing is deleted).
 * - Rebase: `base` is the server's list as this tab knows it and `items` is `base` with `pending`
 *   applied. A fetched page replaces its part of `base` (with the changes confirmed while it was
 *   in flight applied again, pinned by `resolveChange` so that is safe), so a poll answered before
 *   the server saw a change never undoes it; a confirmed change joins `base`; a failed one is
 *   dropped and the rest applied again.
 * - Every 30 s in `list.idle` the newest 10 are fetched and unseen ones prepended; the window
 *   listener's `notifications.refresh` (focus, online) reloads page 1; `notifications.received`
 *   (a push from `pushListener`, the SSE stream) prepends its notification when its id is new.
 * - The unread count is recomputed from the list (selectors), plus `unreadBeyond`: the server's
 *   unread count minus the unread on the loaded pages, so '99+' stays right with 20 loaded.
 * - Issue #18 (docs/api.md "The inbox"): archive, 'Archive all read', restore and mark unread are
 *   optimistic changes like mark read (same queue, same rollback). Archived items stay in `items`
 *   flagged `archived` (out of the inbox, its counts and delete-all; page 1 keeps them beside the
 *   inbox); the `archive` region loads `view=archived` page 1 whenever the Archived filter is
 *   chosen (and on sign-in with it chosen), replacing the archived items held.
 * - Issue #18 views: the Snoozed view (`view=snoozed`) and category tabs work like the Archived
 *   one: the `view` region loads the chosen view's page 1 (`loadView`), and its further pages on
 *   'Load more'; a category's pages are merged into the inbox. Snooze and unsnooze are optimistic
 *   changes; a snoozed item that comes back (the stream's wake-up) replaces the snoozed copy.
 *   `counts` (`GET …/counts`: the tab counts) are fetched 300 ms after anything that may change
 *   them. The chosen tab comes back from `savedView` on sign-in and is emitted when it changes.
 * - Issue #18 seen: `notifications.seen` (the panel opened) also marks the loaded inbox seen, up
 *   to the newest loaded one (`PUT …/seen { before }`, optimistic like mark all read: restored on
 *   failure); reading one sees it. `unseenBeyond` is the server's `unseen_count` minus the unseen
 *   on the loaded pages.
 */
import { assign, emit, fromCallback, fromPromise, raise, setup } from 'xstate'
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_POLL_INTERVAL_MS,
  NOTIFICATIONS_POLL_SIZE,
  type Notification,
  type NotificationCounts,
  type NotificationsPage,
  type NotificationView,
} from '../../contract/notifications.ts'
import { followAuth } from '../auth/follow-auth.ts'
import {
  appendUnseen,
  applyChange,
  applyChanges,
  asInbox,
  countUnread,
  countUnseen,
  inInbox,
  isArchived,
  isOutsideView,
  viewQuery,
  isRead,
  isSnoozed,
  mergeFetched,
  type NotificationChange,
  type NotificationFilter,
  prependUnseen,
  replaceOutside,
  resolveChange,
  shownItems,
  takeWoken,
  unseenBefore,
  withOutside,
} from './notifications.list.ts'

/** SPEC §8: stored when a fetch fails without a message of its own. */
export const FETCH_FAILED_MESSAGE = 'Failed to fetch notifications'

export interface NotificationsContext {
  /** The org whose notifications are shown, or null when signed out. */
  readonly orgId: string | null
  /** Loaded notifications, newest first, with pending changes applied: what the person sees (`applyChanges(base, pending)`). */
  readonly items: ReadonlyArray<Notification>
  /**
   * The server's list as this tab knows it (fetched pages, pushes, confirmed changes), newest
   * first; `items` is this with `pending` applied. Absent in snapshots built by hand (stories,
   * view tests): `items` then stands for it.
   */
  readonly base?: ReadonlyArray<Notification>
  /** Whether the server has a page after `page`. */
  readonly hasMore: boolean
  /** The last page loaded (pages start at 1; 0 before the first answer). */
  readonly page: number
  readonly filter: NotificationFilter
  /**
   * The category tab chosen over the inbox (SPEC §3 category, e.g. `message`), or null
   * for every category. Ignored by the Archived and Snoozed views. Optional so snapshots built by
   * hand stay valid.
   */
  readonly category?: string | null
  /** The last page loaded of the view the `view` region shows (0 before its first answer). */
  readonly viewPage?: number
  /** Whether that view has a page after `viewPage`. */
  readonly viewHasMore?: boolean
  /** The tab counts (`GET …/counts`), or null before the first answer. */
  readonly counts?: NotificationCounts | null
  /** SPEC §8: the last fetch failure's message, cleared by the next successful fetch. */
  readonly error: string | null
  /** SPEC §4: set when unread exist or new ones arrive; cleared by `notifications.seen`. */
  readonly hasNew: boolean
  /** Unread notifications the server counts beyond the loaded pages (never negative). */
  readonly unreadBeyond: number
  /**
   * Unseen inbox notifications the server counts beyond the loaded pages (never
   * negative; from `unseen_count`). Optional so snapshots built by hand before issue #18 stay valid.
   */
  readonly unseenBeyond?: number
  /** Optimistic changes not yet confirmed, oldest first; the first is being sent. */
  readonly pending: ReadonlyArray<NotificationChange>
  /** Changes confirmed since the current fetch started (reapplied to its answer). */
  readonly settledDuringFetch: ReadonlyArray<NotificationChange>
  /**
   * Changes confirmed since the current fetch of the `view` region started (reapplied
   * to its answer); null while none is in flight. Optional so snapshots built by hand stay valid.
   */
  readonly settledDuringViewFetch?: ReadonlyArray<NotificationChange> | null
  /**
   * The items a delete-all hides while it can still be undone (as they were when
   * hidden), or null. They stay in `items`; the selectors leave them out.
   */
  readonly held: ReadonlyArray<Notification> | null
}

export type NotificationsEvent =
  | { type: 'auth.changed'; orgId: string | null }
  /** From the window listener: focus or online (SPEC §4 Polling): reload page 1. */
  | { type: 'notifications.refresh' }
  /** A push delivered in-app (SSE, service worker, another tab). */
  | { type: 'notifications.received'; notification: Notification }
  | { type: 'notifications.loadMore' }
  | { type: 'notifications.filter'; filter: NotificationFilter }
  /** A category tab over the inbox (null: every category). */
  | { type: 'notifications.category'; category: string | null }
  /** From `savedView` on sign-in: the tab this person chose last time. */
  | { type: 'notifications.viewRestored'; filter: NotificationFilter; category: string | null }
  /** Out of the inbox until `until` (ISO 8601, ahead of now), unread when it comes back. */
  | { type: 'notifications.snooze'; id: string; until: string }
  /** A snoozed one back in the inbox now. */
  | { type: 'notifications.unsnooze'; id: string }
  /** The tab counts may have changed (raised by the machine; fetched after a short wait). */
  | { type: 'notifications.countsStale' }
  | { type: 'notifications.markRead'; id: string }
  | { type: 'notifications.markAllRead' }
  | { type: 'notifications.remove'; id: string }
  /** A read inbox item becomes unread again (it stays seen). */
  | { type: 'notifications.markUnread'; id: string }
  /** An inbox item leaves the inbox for the Archived view. */
  | { type: 'notifications.archive'; id: string }
  /** An archived item goes back to the inbox, its read state as it was. */
  | { type: 'notifications.restore'; id: string }
  /** Every read inbox item is archived ('Archive all read'). */
  | { type: 'notifications.archiveRead' }
  /** Hides the visible list; sent as a delete-all once the undo window lapses. */
  | { type: 'notifications.removeAll' }
  /** Within the undo window: the held delete-all is dropped and the list shows again. */
  | { type: 'notifications.undoRemoveAll' }
  /** The person has looked at the panel: the new-notification flag goes down. */
  | { type: 'notifications.seen' }
  /** From another tab of this org (BroadcastChannel): a change it made and sends itself; applied here only. */
  | { type: 'notifications.remoteChanged'; change: NotificationChange }
  /** From `cacheReader`: this org's cached items, still fresh (shown until page 1 answers). */
  | { type: 'notifications.cached'; items: ReadonlyArray<Notification> }

export type NotificationsEmitted =
  /** A change failed and was rolled back (restored, or the list re-fetched). */
  | { type: 'notifications.rolledBack'; change: NotificationChange; message: string }
  /** An optimistic change this tab made (for other tabs to mirror). */
  | { type: 'notifications.changed'; change: NotificationChange }
  /** Notifications new to this tab (poll or push): the system-notification layer may show urgent ones. */
  | { type: 'notifications.arrived'; notifications: ReadonlyArray<Notification> }
  /** A delete-all hid `count` notifications; `notifications.undoRemoveAll` within `DELETE_ALL_UNDO_MS` brings them back. */
  | { type: 'notifications.removedAll'; count: number }
  /** The person chose another tab (kept for them by src/system). */
  | { type: 'notifications.viewChanged'; filter: NotificationFilter; category: string | null }

/** The page size of the Archived and Snoozed views and of a category tab. */
export const VIEW_PAGE_SIZE = 20

/** How long after a change the tab counts are fetched (ms): a burst of changes costs one fetch. */
export const COUNTS_DEBOUNCE_MS = 300

/** Input of `loadPage`: SPEC §5 paging, page ≥ 1. */
export interface LoadPageInput {
  readonly page: number
  readonly limit: number
}

/** Input of `loadView`: a server view (and category) and its page. */
export interface LoadViewInput extends LoadPageInput {
  readonly view: NotificationView
  readonly category?: string
}

/**
 * How long a delete-all can be undone (ms) before it is sent. The same as the toast
 * lifetime (SPEC §9: 5000 ms), so the 'Undo' toast lasts exactly as long as the window.
 */
export const DELETE_ALL_UNDO_MS = 5000

const EMPTY = {
  items: [],
  base: [],
  hasMore: false,
  page: 0,
  error: null,
  hasNew: false,
  unreadBeyond: 0,
  unseenBeyond: 0,
  pending: [],
  settledDuringFetch: [],
  settledDuringViewFetch: null,
  held: null,
  viewPage: 0,
  viewHasMore: false,
  counts: null,
} as const

/** The server's list as this tab knows it (`items` in a snapshot built by hand). */
function baseOf(context: NotificationsContext): ReadonlyArray<Notification> {
  return context.base ?? context.items
}

/** A new `base` and what it shows with the pending changes on top. */
function rebased(base: ReadonlyArray<Notification>, pending: ReadonlyArray<NotificationChange>) {
  return { base, items: applyChanges(base, pending) }
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FETCH_FAILED_MESSAGE
}

/**
 * Choosing a tab, on each state of the `view` region: a tab the `view` region loads
 * (re)starts its page 1, any other leaves it idle; the tab is emitted to be kept.
 */
const VIEW_TAB_HANDLERS = {
  'notifications.filter': [
    {
      guard: { type: 'showsViewAfterFilter', params: ({ event }: { event: { filter: NotificationFilter } }) => event },
      target: 'loading',
      reenter: true,
      actions: [{ type: 'assignFilter', params: ({ event }: { event: { filter: NotificationFilter } }) => event }, 'emitViewChanged'],
    },
    { target: 'idle', actions: [{ type: 'assignFilter', params: ({ event }: { event: { filter: NotificationFilter } }) => event }, 'emitViewChanged'] },
  ],
  'notifications.category': [
    {
      guard: { type: 'showsViewAfterCategory', params: ({ event }: { event: { category: string | null } }) => event },
      target: 'loading',
      reenter: true,
      actions: [{ type: 'assignCategory', params: ({ event }: { event: { category: string | null } }) => event }, 'emitViewChanged'],
    },
    { target: 'idle', actions: [{ type: 'assignCategory', params: ({ event }: { event: { category: string | null } }) => event }, 'emitViewChanged'] },
  ],
  'notifications.viewRestored': {
    target: 'start',
    actions: { type: 'assignRestoredView', params: ({ event }: { event: { filter: NotificationFilter; category: string | null } }) => event },
  },
} as const

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    emitted: {} as NotificationsEmitted,
  },
  actors: {
    /** `GET /common-services/notifications?page&limit` for the current org. Implemented in src/system. */
    loadPage: fromPromise<NotificationsPage, LoadPageInput>(async () => {
      throw new Error('loadPage is provided by src/system')
    }),
    /** `GET /common-services/notifications?view&category&page&limit`. Implemented in src/system. */
    loadView: fromPromise<NotificationsPage, LoadViewInput>(async () => {
      throw new Error('loadView is provided by src/system')
    }),
    /** `GET /common-services/notifications/counts`. Implemented in src/system. */
    loadCounts: fromPromise<NotificationCounts>(async () => {
      throw new Error('loadCounts is provided by src/system')
    }),
    /** Sends `notifications.viewRestored` with the tab this person chose last, if any. The browser's reads localStorage; none by default. */
    savedView: fromCallback<NotificationsEvent>(() => {}),
    /**
     * Sends one change: `PUT …/{id}/read`, `PUT …/mark-all-read`, `DELETE …/{id}` (delete-all: one
     * per item); issue #18: `PUT …/{id}/unread`, `…/{id}/archive`, `…/{id}/restore`, `…/archive-read`,
     * `PUT` / `DELETE …/{id}/snooze`, `PUT …/seen`.
     */
    sendChange: fromPromise<void, NotificationChange>(async () => {
      throw new Error('sendChange is provided by src/system')
    }),
    /** Sends `auth.changed` with the signed-in current org (null when signed out or switching). */
    watchAuth: followAuth((s) => {
      if (s.value === 'authenticated') return { orgId: s.context.currentOrg?.org_id ?? null }
      // Re-verifying the same org (waitlist checks) keeps the list.
      if (s.value === 'verifying' && s.context.currentOrg !== null && s.context.orgId === s.context.currentOrg.org_id) return undefined
      return { orgId: null }
    }),
    /** Sends `notifications.refresh` on window focus and `online`. The browser's is in src/system; none by default. */
    windowListener: fromCallback(() => {}),
    /**
     * Live pushes of the org (`{ orgId }`): sends `notifications.received` per notification, and
     * `notifications.refresh` after a reconnect (missed events are not replayed). The browser's
     * (Server-Sent Events) is in src/system; none by default.
     */
    pushListener: fromCallback<NotificationsEvent, { orgId: string }>(() => {}),
    /** Sends `notifications.cached` with the org's fresh cached items (SPEC §9, ≤ 5 min old), if any. The browser's reads localStorage; none by default. */
    cacheReader: fromCallback<NotificationsEvent, { orgId: string }>(() => {}),
  },
  guards: {
    hasNoOrg: (_, params: { orgId: string | null }) => params.orgId === null,
    isOtherOrg: ({ context }, params: { orgId: string | null }) => params.orgId !== context.orgId,
    hasMore: ({ context }) => context.hasMore,
    isUnreadItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id && !isRead(n)),
    isItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id),
    /** A read item of the inbox (mark unread). */
    isReadInboxItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id && isRead(n) && inInbox(n)),
    isInboxItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id && inInbox(n)),
    isSnoozedItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id && isSnoozed(n)),
    /** A push of a notification this tab holds as snoozed: it is back (the wake-up). */
    isWakeUp: ({ context }, params: { notification: Notification }) =>
      params.notification.snoozed_until == null && baseOf(context).some((n) => n._id === params.notification._id && isSnoozed(n)),
    /** The tab chosen needs the `view` region (the Archived or Snoozed view, a category). */
    showsView: ({ context }) => viewQuery(context) !== null,
    /** 'Load more' is for the inbox's own pages. */
    listHasMore: ({ context }) => context.hasMore && viewQuery(context) === null,
    viewHasMore: ({ context }) => context.viewHasMore === true && viewQuery(context) !== null,
    showsViewAfterFilter: ({ context }, params: { filter: NotificationFilter }) => viewQuery({ ...context, filter: params.filter }) !== null,
    showsViewAfterCategory: ({ context }, params: { category: string | null }) => viewQuery({ ...context, category: params.category }) !== null,
    isArchivedItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id && isArchived(n)),
    /** Something on screen for 'Archive all read'. */
    hasReadShown: ({ context }) => shownItems(context.items, context.held).some(isRead),
    /** Something loaded to mark seen, and something unseen (loaded or beyond). */
    hasUnseen: ({ context }) => {
      const shown = shownItems(context.items, context.held)
      return shown.length > 0 && ((context.unseenBeyond ?? 0) > 0 || countUnseen(shown) > 0)
    },
    hasUnread: ({ context }) => context.unreadBeyond > 0 || countUnread(context.items) > 0,
    /** Something is on screen to delete (held items are already gone from view). */
    hasShownItems: ({ context }) => shownItems(context.items, context.held).length > 0,
    isNewNotification: ({ context }, params: { id: string }) => !baseOf(context).some((n) => n._id === params.id),
    hasPending: ({ context }) => context.pending.length > 0,
    /** Nothing loaded yet (the first load failed): the poll then loads page 1 in full. */
    hasNoPage: ({ context }) => context.page === 0,
    /** Cached items only stand in while nothing has been loaded for this org. */
    isStandIn: ({ context }) => context.page === 0 && context.items.length === 0,
  },
  actions: {
    assignOrg: assign((_, params: { orgId: string | null }) => ({ orgId: params.orgId, ...EMPTY })),
    startFetch: assign({ settledDuringFetch: [] }),
    /** Page 1 replaces the inbox (local changes reapplied); the server's unread count sets the tail. */
    assignFirstPage: assign(({ context }, params: { page: NotificationsPage }) => {
      const { base, items } = rebased(
        applyChanges(withOutside(asInbox(params.page.notifications), baseOf(context)), context.settledDuringFetch),
        context.pending,
      )
      const beyond = context.pending.some((c) => c.kind === 'readAll') ? 0 : Math.max(0, params.page.unread_count - countUnread(params.page.notifications))
      // A server without `unseen_count` (SPEC §7) counts the unread as unseen.
      const unseenBeyond = context.pending.some((c) => c.kind === 'readAll' || c.kind === 'seen')
        ? 0
        : Math.max(0, (params.page.unseen_count ?? params.page.unread_count) - countUnseen(params.page.notifications))
      return {
        items,
        base,
        page: 1,
        hasMore: params.page.hasMore,
        error: null,
        unreadBeyond: beyond,
        unseenBeyond,
        hasNew: context.hasNew || beyond + countUnread(items) > 0,
      }
    }),
    /** A poll prepends only notifications this tab has not seen (SPEC §4 Polling). */
    assignPolled: assign(({ context }, params: { page: NotificationsPage }) => {
      const fresh = applyChanges(asInbox(params.page.notifications), context.settledDuringFetch)
      const { list, added } = prependUnseen(takeWoken(baseOf(context), fresh), fresh)
      return { ...rebased(list, context.pending), error: null, hasNew: context.hasNew || added > 0 }
    }),
    /** Runs before `assignPolled`: what the poll brings that the list does not have yet. */
    emitArrived: emit(({ context }, params: { page: NotificationsPage }) => ({
      type: 'notifications.arrived' as const,
      notifications: params.page.notifications.filter((n) => !baseOf(context).some((m) => m._id === n._id)),
    })),
    assignNextPage: assign(({ context }, params: { page: NotificationsPage }) => {
      const next = applyChanges(asInbox(params.page.notifications), context.settledDuringFetch)
      // Only what this tab did not hold yet leaves the count beyond the loaded pages: items shifted
      // down by arrivals, or found earlier by a category tab, were counted when first loaded.
      const known = new Set(baseOf(context).map((n) => n._id))
      const fresh = next.filter((n) => !known.has(n._id))
      return {
        ...rebased(appendUnseen(takeWoken(baseOf(context), next), next), context.pending),
        page: context.page + 1,
        hasMore: params.page.hasMore,
        error: null,
        unreadBeyond: Math.max(0, context.unreadBeyond - countUnread(fresh)),
        unseenBeyond: Math.max(0, (context.unseenBeyond ?? 0) - countUnseen(fresh)),
      }
    }),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    assignReceived: assign(({ context }, params: { notification: Notification }) => ({
      ...rebased(prependUnseen(baseOf(context), asInbox([params.notification])).list, context.pending),
      hasNew: true,
    })),
    /** A snoozed one is back: the server's copy (unread, in the inbox) takes its place. */
    assignWoken: assign(({ context }, params: { notification: Notification }) => ({
      ...rebased(mergeFetched(baseOf(context), [params.notification]).list, context.pending),
      hasNew: true,
    })),
    assignCached: assign(({ context }, params: { items: ReadonlyArray<Notification> }) => ({
      ...rebased(params.items, context.pending),
      hasNew: context.hasNew || countUnread(params.items) > 0,
    })),
    assignFilter: assign((_, params: { filter: NotificationFilter }) => ({ filter: params.filter })),
    assignCategory: assign((_, params: { category: string | null }) => ({ category: params.category })),
    assignRestoredView: assign((_, params: { filter: NotificationFilter; category: string | null }) => ({ filter: params.filter, category: params.category })),
    emitViewChanged: emit(({ context }) => ({ type: 'notifications.viewChanged' as const, filter: context.filter, category: context.category ?? null })),
    assignCounts: assign((_, params: { counts: NotificationCounts }) => ({ counts: params.counts })),
    raiseCountsStale: raise({ type: 'notifications.countsStale' }),
    assignSeen: assign({ hasNew: false }),
    /** Optimistic: applied now, sent by the `changes` region in order. */
    enqueue: assign(({ context }, params: { change: NotificationChange }) => ({
      items: applyChange(context.items, params.change),
      pending: [...context.pending, params.change],
      unreadBeyond: params.change.kind === 'readAll' ? 0 : context.unreadBeyond,
      unseenBeyond: zeroesUnseenBeyond(params.change) ? 0 : context.unseenBeyond,
    })),
    emitChanged: emit((_, params: { change: NotificationChange }) => ({ type: 'notifications.changed' as const, change: params.change })),
    /**
     * Another tab's change: taken as the server's (that tab sends it and rolls back on failure;
     * this tab's next fetch shows the outcome), with this tab's pending changes on top.
     */
    assignRemoteChange: assign(({ context }, params: { change: NotificationChange }) => ({
      ...rebased(applyChange(baseOf(context), params.change), context.pending),
      unreadBeyond: params.change.kind === 'readAll' ? 0 : context.unreadBeyond,
      unseenBeyond: zeroesUnseenBeyond(params.change) ? 0 : context.unseenBeyond,
    })),
    /** The first pending change is confirmed: it joins `base`, pinned to what `base` held ({@link resolveChange}). */
    dequeueSucceeded: assign(({ context }) => {
      const [done, ...rest] = context.pending
      if (!done) return {}
      const base = baseOf(context)
      const settled = resolveChange(base, done)
      const viewFetch = context.settledDuringViewFetch
      return {
        ...rebased(applyChange(base, settled), rest),
        pending: rest,
        settledDuringFetch: [...context.settledDuringFetch, settled],
        settledDuringViewFetch: viewFetch == null ? null : [...viewFetch, settled],
      }
    }),
    /** A fetch of the `view` region starts: changes confirmed from now on are reapplied to its answer. */
    startViewFetch: assign({ settledDuringViewFetch: [] }),
    endViewFetch: assign({ settledDuringViewFetch: null }),
    /**
     * A page of the view the `view` region shows. Page 1 of the Archived or Snoozed view
     * replaces that side of the list; a further page, or a category's page, is merged in (inbox
     * items found this way are no longer counted beyond the loaded pages). Local changes reapplied.
     */
    assignViewPage: assign(({ context }, params: { page: NotificationsPage; number: number }) => {
      const query = viewQuery(context)
      const base = baseOf(context)
      const settled = context.settledDuringViewFetch ?? []
      if (query !== null && isOutsideView(query.view) && params.number === 1) {
        return {
          ...rebased(applyChanges(replaceOutside(base, query.view, params.page.notifications), settled), context.pending),
          viewPage: 1,
          viewHasMore: params.page.hasMore,
          error: null,
        }
      }
      const incoming = query !== null && isOutsideView(query.view) ? params.page.notifications : asInbox(params.page.notifications)
      const { list, added } = mergeFetched(base, incoming)
      return {
        ...rebased(applyChanges(list, settled), context.pending),
        viewPage: params.number,
        viewHasMore: params.page.hasMore,
        unreadBeyond: Math.max(0, context.unreadBeyond - countUnread(added)),
        unseenBeyond: Math.max(0, (context.unseenBeyond ?? 0) - countUnseen(added)),
        error: null,
      }
    }),
    /** SPEC §4 restore: the failed change is dropped; the list is `base` with the other pending changes. */
    restoreFailed: assign(({ context }) => {
      const [failed, ...rest] = context.pending
      if (!failed) return {}
      return {
        ...rebased(baseOf(context), rest),
        pending: rest,
        unreadBeyond: failed.kind === 'readAll' ? failed.beyond : context.unreadBeyond,
        unseenBeyond: failed.kind === 'seen' ? failed.beyond : context.unseenBeyond,
      }
    }),
    emitRolledBack: emit(({ context }, params: { error: unknown }) => ({
      type: 'notifications.rolledBack' as const,
      change: context.pending[0]!,
      message: messageOf(params.error),
    })),
    raiseRefresh: raise({ type: 'notifications.refresh' }),
    /** Hides what is on screen (adding to a delete-all already held). */
    assignHeld: assign(({ context }) => ({ held: [...(context.held ?? []), ...shownItems(context.items, context.held)] })),
    emitRemovedAll: emit(({ context }) => ({ type: 'notifications.removedAll' as const, count: context.held?.length ?? 0 })),
    clearHeld: assign({ held: null }),
  },
  delays: {
    /** SPEC §9: poll every 30 s (measured from the end of the last fetch). */
    pollInterval: NOTIFICATIONS_POLL_INTERVAL_MS,
    /** A delete-all can be undone for 5 s. */
    undoWindow: DELETE_ALL_UNDO_MS,
    /** The tab counts are fetched this long after the last change (ms). */
    countsDebounce: COUNTS_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'notifications',
  context: { orgId: null, filter: 'all', ...EMPTY },
  invoke: { id: 'watchAuth', src: 'watchAuth' },
  initial: 'signedOut',
  on: {
    'auth.changed': [
      { guard: { type: 'hasNoOrg', params: ({ event }) => event }, target: '.signedOut', actions: { type: 'assignOrg', params: ({ event }) => event } },
      {
        guard: { type: 'isOtherOrg', params: ({ event }) => event },
        target: '.signedIn',
        reenter: true,
        actions: { type: 'assignOrg', params: ({ event }) => event },
      },
    ],
    'notifications.filter': { actions: { type: 'assignFilter', params: ({ event }) => event } },
    'notifications.category': { actions: { type: 'assignCategory', params: ({ event }) => event } },
    'notifications.seen': { actions: 'assignSeen' },
  },
  states: {
    signedOut: {},
    signedIn: {
      type: 'parallel',
      invoke: [
        { id: 'windowListener', src: 'windowListener' },
        { id: 'pushListener', src: 'pushListener', input: ({ context }) => ({ orgId: context.orgId ?? '' }) },
        { id: 'savedView', src: 'savedView' },
      ],
      on: {
        'notifications.received': [
          {
            guard: { type: 'isNewNotification', params: ({ event }) => ({ id: event.notification._id }) },
            actions: [
              { type: 'assignReceived', params: ({ event }) => event },
              emit(({ event }) => ({ type: 'notifications.arrived' as const, notifications: [event.notification] })),
              'raiseCountsStale',
            ],
          },
          {
            guard: { type: 'isWakeUp', params: ({ event }) => event },
            actions: [
              { type: 'assignWoken', params: ({ event }) => event },
              emit(({ event }) => ({ type: 'notifications.arrived' as const, notifications: [event.notification] })),
              'raiseCountsStale',
            ],
          },
        ],
        'notifications.remoteChanged': { actions: { type: 'assignRemoteChange', params: ({ event }) => event } },
        // The panel opened; the loaded inbox up to its newest item is seen (the root's handler is not taken here).
        'notifications.seen': [
          {
            guard: 'hasUnseen',
            actions: [
              'assignSeen',
              { type: 'enqueue', params: ({ context }) => ({ change: seenChange(context) }) },
              { type: 'emitChanged', params: ({ context }) => ({ change: context.pending.at(-1)! }) },
            ],
          },
          { actions: 'assignSeen' },
        ],
        'notifications.markRead': {
          guard: { type: 'isUnreadItem', params: ({ event }) => event },
          actions: [
            { type: 'enqueue', params: ({ event }) => ({ change: { kind: 'read', id: event.id } }) },
            { type: 'emitChanged', params: ({ event }) => ({ change: { kind: 'read', id: event.id } }) },
          ],
        },
        'notifications.remove': {
          guard: { type: 'isItem', params: ({ event }) => event },
          actions: [
            {
              type: 'enqueue',
              params: ({ context, event }) => ({ change: { kind: 'remove', id: event.id, item: context.items.find((n) => n._id === event.id)! } }),
            },
            // Runs after `enqueue`: the queued change is the last one.
            { type: 'emitChanged', params: ({ context }) => ({ change: context.pending.at(-1)! }) },
          ],
        },
        'notifications.markUnread': {
          guard: { type: 'isReadInboxItem', params: ({ event }) => event },
          actions: [
            { type: 'enqueue', params: ({ event }) => ({ change: { kind: 'unread', id: event.id } }) },
            { type: 'emitChanged', params: ({ event }) => ({ change: { kind: 'unread', id: event.id } }) },
          ],
        },
        'notifications.archive': {
          guard: { type: 'isInboxItem', params: ({ event }) => event },
          actions: [
            {
              type: 'enqueue',
              params: ({ context, event }) => ({ change: { kind: 'archive', id: event.id, item: context.items.find((n) => n._id === event.id)! } }),
            },
            { type: 'emitChanged', params: ({ context }) => ({ change: context.pending.at(-1)! }) },
          ],
        },
        'notifications.restore': {
          guard: { type: 'isArchivedItem', params: ({ event }) => event },
          actions: [
            {
              type: 'enqueue',
              params: ({ context, event }) => ({ change: { kind: 'restore', id: event.id, item: context.items.find((n) => n._id === event.id)! } }),
            },
            { type: 'emitChanged', params: ({ context }) => ({ change: context.pending.at(-1)! }) },
          ],
        },
        'notifications.snooze': {
          guard: { type: 'isInboxItem', params: ({ event }) => event },
          actions: [
            {
              type: 'enqueue',
              params: ({ context, event }) => ({
                change: { kind: 'snooze', id: event.id, until: event.until, item: context.items.find((n) => n._id === event.id)! },
              }),
            },
            { type: 'emitChanged', params: ({ context }) => ({ change: context.pending.at(-1)! }) },
          ],
        },
        'notifications.unsnooze': {
          guard: { type: 'isSnoozedItem', params: ({ event }) => event },
          actions: [
            {
              type: 'enqueue',
              params: ({ context, event }) => ({ change: { kind: 'unsnooze', id: event.id, item: context.items.find((n) => n._id === event.id)! } }),
            },
            { type: 'emitChanged', params: ({ context }) => ({ change: context.pending.at(-1)! }) },
          ],
        },
        'notifications.archiveRead': {
          guard: 'hasReadShown',
          actions: [
            {
              type: 'enqueue',
              params: ({ context }) => ({ change: { kind: 'archiveRead', ids: context.items.filter((n) => isRead(n) && inInbox(n)).map((n) => n._id) } }),
            },
            { type: 'emitChanged', params: ({ context }) => ({ change: context.pending.at(-1)! }) },
          ],
        },
        'notifications.markAllRead': {
          guard: 'hasUnread',
          actions: [
            {
              type: 'enqueue',
              params: ({ context }) => ({
                change: { kind: 'readAll', ids: context.items.filter((n) => !isRead(n) && inInbox(n)).map((n) => n._id), beyond: context.unreadBeyond },
              }),
            },
            { type: 'emitChanged', params: ({ context }) => ({ change: context.pending.at(-1)! }) },
          ],
        },
      },
      states: {
        list: {
          initial: 'loading',
          // Reloads through `restarting` rather than by re-entering: a re-entering transition inside a
          // parallel state exits the whole state, restarting the changes region too and sending an
          // in-flight change a second time (found by the property test). This one stays in `list`.
          on: { 'notifications.refresh': { target: '.restarting' } },
          states: {
            restarting: { always: { target: 'loading' } },
            loading: {
              entry: 'startFetch',
              on: { 'notifications.cached': { guard: 'isStandIn', actions: { type: 'assignCached', params: ({ event }) => event } } },
              invoke: [
                { id: 'cacheReader', src: 'cacheReader', input: ({ context }) => ({ orgId: context.orgId ?? '' }) },
                {
                  id: 'loadFirstPage',
                  src: 'loadPage',
                  input: { page: 1, limit: NOTIFICATIONS_PAGE_SIZE },
                  onDone: { target: 'idle', actions: [{ type: 'assignFirstPage', params: ({ event }) => ({ page: event.output }) }, 'raiseCountsStale'] },
                  onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => event } },
                },
              ],
            },
            idle: {
              // A poll only adds what is new; with nothing loaded yet (a failed first load) page 1 is loaded instead.
              after: { pollInterval: [{ guard: 'hasNoPage', target: 'loading' }, { target: 'polling' }] },
              on: { 'notifications.loadMore': { guard: 'listHasMore', target: 'loadingMore' } },
            },
            polling: {
              entry: 'startFetch',
              invoke: {
                id: 'pollNewest',
                src: 'loadPage',
                input: { page: 1, limit: NOTIFICATIONS_POLL_SIZE },
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'emitArrived', params: ({ event }) => ({ page: event.output }) },
                    { type: 'assignPolled', params: ({ event }) => ({ page: event.output }) },
                  ],
                },
                onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => event } },
              },
            },
            loadingMore: {
              entry: 'startFetch',
              invoke: {
                id: 'loadNextPage',
                src: 'loadPage',
                input: ({ context }) => ({ page: context.page + 1, limit: NOTIFICATIONS_PAGE_SIZE }),
                onDone: { target: 'idle', actions: { type: 'assignNextPage', params: ({ event }) => ({ page: event.output }) } },
                onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => event } },
              },
            },
          },
        },
        changes: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasPending', target: 'sending' } },
            sending: {
              invoke: {
                id: 'sendChange',
                src: 'sendChange',
                input: ({ context }) => context.pending[0]!,
                onDone: { target: 'idle', actions: ['dequeueSucceeded', 'raiseCountsStale'] },
                // SPEC §4: single changes re-fetch, bulk ones restore. Both do both here: the restore
                // shows the truth at once even if the re-fetch fails, and the re-fetch shows any part
                // the server did apply (a delete-all is one call per item).
                onError: { target: 'idle', actions: [{ type: 'emitRolledBack', params: ({ event }) => event }, 'restoreFailed', 'raiseRefresh'] },
              },
            },
          },
        },
        view: {
          initial: 'start',
          // The handlers sit on each child (see VIEW_TAB_HANDLERS): a re-entering transition on the
          // region itself would exit every region of signedIn, as `list` notes for its refresh.
          states: {
            /** Signed in (or the saved tab restored) with a view chosen: load it at once. */
            start: { always: [{ guard: 'showsView', target: 'loading' }, { target: 'idle' }] },
            idle: {
              entry: 'endViewFetch',
              on: { ...VIEW_TAB_HANDLERS, 'notifications.loadMore': { guard: 'viewHasMore', target: 'loadingMore' } },
            },
            loading: {
              entry: 'startViewFetch',
              on: VIEW_TAB_HANDLERS,
              invoke: {
                id: 'loadViewPage',
                src: 'loadView',
                input: ({ context }) => ({ ...viewQuery(context)!, page: 1, limit: VIEW_PAGE_SIZE }),
                onDone: { target: 'idle', actions: { type: 'assignViewPage', params: ({ event }) => ({ page: event.output, number: 1 }) } },
                onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => event } },
              },
            },
            loadingMore: {
              entry: 'startViewFetch',
              on: VIEW_TAB_HANDLERS,
              invoke: {
                id: 'loadViewNextPage',
                src: 'loadView',
                input: ({ context }) => ({ ...viewQuery(context)!, page: (context.viewPage ?? 0) + 1, limit: VIEW_PAGE_SIZE }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'assignViewPage', params: ({ context, event }) => ({ page: event.output, number: (context.viewPage ?? 0) + 1 }) },
                },
                onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => event } },
              },
            },
          },
        },
        counts: {
          initial: 'waiting',
          states: {
            // On each child, not the region (see `view`).
            idle: { on: { 'notifications.countsStale': 'waiting' } },
            /** A short wait, so a burst of changes (a bulk archive) costs one fetch. */
            waiting: { after: { countsDebounce: 'loading' }, on: { 'notifications.countsStale': { target: 'waiting', reenter: true } } },
            loading: {
              on: { 'notifications.countsStale': 'waiting' },
              invoke: {
                id: 'loadCounts',
                src: 'loadCounts',
                onDone: { target: 'idle', actions: { type: 'assignCounts', params: ({ event }) => ({ counts: event.output }) } },
                // The tabs keep the counts they had; the next change fetches them again.
                onError: { target: 'idle' },
              },
            },
          },
        },
        deletingAll: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'notifications.removeAll': { guard: 'hasShownItems', target: 'pending', actions: ['assignHeld', 'emitRemovedAll'] } },
            },
            /** The list is hidden and 'Undo' offered; nothing is sent yet. */
            pending: {
              // The window lapsed: the held items are deleted like any change, optimistically and in
              // order, and the other tabs told.
              after: {
                undoWindow: {
                  target: 'idle',
                  actions: [
                    { type: 'enqueue', params: ({ context }) => ({ change: heldRemoval(context) }) },
                    { type: 'emitChanged', params: ({ context }) => ({ change: context.pending.at(-1)! }) },
                    'clearHeld',
                  ],
                },
              },
              on: {
                'notifications.undoRemoveAll': { target: 'idle', actions: 'clearHeld' },
                // What arrived meanwhile is deleted too, with a fresh window for all of it.
                'notifications.removeAll': { guard: 'hasShownItems', target: 'pending', reenter: true, actions: ['assignHeld', 'emitRemovedAll'] },
              },
            },
          },
        },
      },
    },
  },
})

export type NotificationsMachine = typeof notificationsMachine

/** Changes after which the server has no unseen beyond the loaded pages. */
function zeroesUnseenBeyond(change: NotificationChange): boolean {
  return change.kind === 'readAll' || change.kind === 'seen'
}

/** The `PUT …/seen` for what the opened panel lists: up to its newest inbox item. */
function seenChange(context: NotificationsContext): NotificationChange {
  const shown = shownItems(context.items, context.held)
  const before = shown.reduce((newest, n) => (Date.parse(n.createdAt) > Date.parse(newest) ? n.createdAt : newest), shown[0]!.createdAt)
  return { kind: 'seen', before, ids: unseenBefore(context.items, before).map((n) => n._id), beyond: context.unseenBeyond ?? 0 }
}

/** The delete-all of the held items, each as it is now where still loaded. */
function heldRemoval(context: NotificationsContext): NotificationChange {
  const now = new Map(context.items.map((n) => [n._id, n]))
  return { kind: 'removeAll', removed: (context.held ?? []).map((n) => now.get(n._id) ?? n) }
}
