// Long file: the statechart itself, five parallel regions and the undo holds, with each region's
// logic already in its own module (listed below); splitting the chart would hide how the regions meet.
/**
 * The notifications machine: SPEC.md §2.6 notifications panel, §3 Notification, §4
 * Notifications and Polling, §8 "Notification fetch failure", §9 page sizes and the 30 s poll.
 *
 *   signedOut ──auth.changed(org)──▶ signedIn ┬ list:        loading ─▶ idle ─(30 s)─▶ polling ─▶ idle
 *       ▲                                     │                          └─loadMore─▶ loadingMore ─▶ idle
 *       │                                     ├ changes:     idle ⇄ sending (one change at a time, in order)
 *       └──────auth.changed(null)─────────────┼ view:        start ─▶ idle ─filter/category─▶ loading ─▶ idle ─loadMore─▶ loadingMore
 *                                             ├ counts:      waiting ─(300 ms)─▶ loading ─▶ idle ─countsStale─▶ waiting
 *                                             └ deletingAll: idle ─removeAll─▶ pending ─(5 s)─▶ idle (sent)
 *                                                                                  ├─undoRemoveAll─▶ idle (back)
 *                                                                                  └─holdsSent─▶ idle (sent by the page)
 *
 * Each region's logic is in its own module; this file wires their names to the statechart:
 * - `list` (notifications.pages.ts): follows the auth actor (`watchAuth`): signed out → empty; an
 *   org switch drops the old org's list at once and loads the new org's page 1 (20). Every 30 s
 *   in `list.idle` the newest 10 are fetched and unseen ones prepended; the window listener's
 *   `notifications.refresh` (focus, online) reloads page 1; `notifications.received` (a push from
 *   `pushListener`, the SSE stream) prepends its notification when its id is new, and a snoozed
 *   one that comes back (the stream's wake-up) replaces the snoozed copy.
 * - `changes` (notifications.changes.ts): mark read and unread, delete, archive, restore, snooze,
 *   unsnooze, mark all read, archive all read and seen are optimistic: the list changes at once and
 *   the change joins `pending` (one action, `enqueueChange`, for all of them); the region sends
 *   them one by one. On failure the change is undone at once and page 1 is re-fetched (SPEC §4:
 *   single changes re-fetch, bulk ones restore; doing both keeps the list right when the re-fetch
 *   fails too, and shows any part of a delete-all the server did apply); `notifications.rolledBack`
 *   is emitted. `items` is always `base` (the server's list as this tab knows it) with `pending`
 *   applied, so a fetch answered before the server saw a change never undoes it.
 * - `view` (notifications.view.ts): the Archived and Snoozed views (`view=archived|snoozed`) and
 *   the category tabs load their own page 1 when chosen (and on sign-in with one chosen), further
 *   pages on 'Load more'. Archived and snoozed items stay in `items`, flagged, out of the inbox, its
 *   counts and delete-all. The chosen tab comes back from `savedView` on sign-in and is emitted
 *   when it changes.
 * - `counts`: the tab counts (`GET …/counts`), fetched 300 ms after anything that may change them.
 * - `deletingAll`: `notifications.removeAll` hides the visible list at once (`held`; the selectors
 *   leave held items out) and emits `notifications.removedAll` (the toast with 'Undo').
 *   `notifications.undoRemoveAll` within `DELETE_ALL_UNDO_MS` shows the list again exactly as it is
 *   (it never left `items`); when the window lapses, the delete-all joins `pending` like any other
 *   change. Signing out or switching org drops a held delete-all unsent.
 * - Holds (archive, delete, snooze with 'Undo'): `notifications.applyWithUndo` shows the change at
 *   once as a hold (`holds`, applied on top of `pending`) and emits `notifications.held` (the toast
 *   with 'Undo'); nothing is sent. `notifications.undo` drops the hold, so the list is exactly as it
 *   was; after `UNDO_WINDOW_MS` (`notifications.holdLapsed`) its changes join `pending`. A later
 *   change of a held item releases that hold first, so it is never overtaken. When the page is
 *   hidden or closed the browser side sends every hold itself (requests that outlive the page) and
 *   sends `notifications.holdsSent`; the holds then count as the server's.
 * - The unread count is recomputed from the list (selectors), plus `unreadBeyond`: the server's
 *   unread count minus the unread on the loaded pages, so '99+' stays right with 20 loaded. The
 *   server stops counting at 100 (contract `NOTIFICATION_COUNT_CAP`): a count at the cap makes
 *   `unreadBeyond` a floor (`unreadCapped`), shown as '99+' until the tab counts (fetched after
 *   each change) say fewer than 100, or 'Mark all read' zeroes it.
 * - 'Load more' asks for the rows after the last page's `next_cursor` (keyset paging), or for the
 *   next page number when the server sent no cursor.
 *   `notifications.seen` (the panel opened) marks the loaded inbox seen, up to the newest loaded one
 *   (`PUT …/seen { before }`); `unseenBeyond` is the server's `unseen_count` minus the unseen on the
 *   loaded pages.
 */
import { assign, emit, enqueueActions, fromCallback, fromPromise, raise, setup } from 'xstate'
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_POLL_INTERVAL_MS,
  NOTIFICATIONS_POLL_SIZE,
  type Notification,
  type NotificationCounts,
  type NotificationsPage,
} from '../../contract/notifications.ts'
import { followAuth } from '../shared/follow-auth.ts'
import {
  baseOf,
  changeFor,
  confirmed,
  eachItemEvent,
  enqueued,
  heldRemoval,
  holdFor,
  holdsBefore,
  holdsSent,
  released,
  remoteApplied,
  rolledBack,
  seenChange,
  withHold,
  withoutHold,
} from './notifications.changes.ts'
import {
  countUnread,
  countUnseen,
  inInbox,
  isArchived,
  isRead,
  isSnoozed,
  type NotificationChange,
  type NotificationFilter,
  shownItems,
  viewQuery,
} from './notifications.list.ts'
import { arrivedIn, cached, countsArrived, firstPage, messageOf, nextPage, polled, received, woken } from './notifications.pages.ts'
import {
  COUNTS_DEBOUNCE_MS,
  DELETE_ALL_UNDO_MS,
  EMPTY_LIST,
  type LoadPageInput,
  type LoadViewInput,
  type NotificationsContext,
  type NotificationsEmitted,
  type NotificationsEvent,
  UNDO_WINDOW_MS,
  VIEW_PAGE_SIZE,
} from './notifications.types.ts'
import { viewPage } from './notifications.view.ts'

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
     * per item), `PUT …/{id}/unread`, `…/{id}/archive`, `…/{id}/restore`, `…/archive-read`,
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
    isUnreadItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id && !isRead(n)),
    isItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id),
    /** A read item of the inbox (mark unread). */
    isReadInboxItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id && isRead(n) && inInbox(n)),
    isInboxItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id && inInbox(n)),
    isSnoozedItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id && isSnoozed(n)),
    isArchivedItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id && isArchived(n)),
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
    /** Something on screen for 'Archive all read'. */
    hasReadShown: ({ context }) => shownItems(context.items, context.held).some(isRead),
    /** Something loaded to mark seen, and something unseen (loaded or beyond). */
    hasUnseen: ({ context }) => {
      const shown = shownItems(context.items, context.held)
      return shown.length > 0 && ((context.unseenBeyond ?? 0) > 0 || countUnseen(shown) > 0)
    },
    hasUnread: ({ context }) => context.unreadBeyond > 0 || context.unreadCapped === true || countUnread(context.items) > 0,
    /** Something is on screen to delete (held items are already gone from view). */
    hasShownItems: ({ context }) => shownItems(context.items, context.held).length > 0,
    isNewNotification: ({ context }, params: { id: string }) => !baseOf(context).some((n) => n._id === params.id),
    hasPending: ({ context }) => context.pending.length > 0,
    /** An archive, delete or snooze with 'Undo' that applies to at least one of its ids. */
    isHoldable: ({ context }, params: { event: Extract<NotificationsEvent, { type: 'notifications.applyWithUndo' }> }) =>
      holdFor(context, params.event, holdable(params.event.action)) !== null,
    hasHold: ({ context }, params: { holdId: string }) => (context.holds ?? []).some((h) => h.id === params.holdId),
    /** Nothing loaded yet (the first load failed): the poll then loads page 1 in full. */
    hasNoPage: ({ context }) => context.page === 0,
    /** Cached items only stand in while nothing has been loaded for this org. */
    isStandIn: ({ context }) => context.page === 0 && context.items.length === 0,
  },
  actions: {
    assignOrg: assign((_, params: { orgId: string | null }) => ({ orgId: params.orgId, ...EMPTY_LIST })),
    // The list region (notifications.pages.ts).
    startFetch: assign({ settledDuringFetch: [] }),
    assignFirstPage: assign(({ context }, params: { page: NotificationsPage }) => firstPage(context, params.page)),
    assignPolled: assign(({ context }, params: { page: NotificationsPage }) => polled(context, params.page)),
    /** Runs before `assignPolled`: what the poll brings that the list does not have yet. */
    emitArrived: emit(({ context }, params: { page: NotificationsPage }) => ({ type: 'notifications.arrived' as const, notifications: arrivedIn(context, params.page) })),
    assignNextPage: assign(({ context }, params: { page: NotificationsPage }) => nextPage(context, params.page)),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    assignReceived: assign(({ context }, params: { notification: Notification }) => received(context, params.notification)),
    assignWoken: assign(({ context }, params: { notification: Notification }) => woken(context, params.notification)),
    /** A push new to this tab or back from a snooze: the system-notification layer may show it. */
    emitReceived: emit((_, params: { notification: Notification }) => ({ type: 'notifications.arrived' as const, notifications: [params.notification] })),
    assignCached: assign(({ context }, params: { items: ReadonlyArray<Notification> }) => cached(context, params.items)),
    assignSeen: assign({ hasNew: false }),
    // The changes region (notifications.changes.ts).
    /** Optimistic: the change shows at once, joins the queue the `changes` region sends in order, and is emitted for the other tabs. */
    enqueueChange: enqueueActions(({ context, enqueue }, change: NotificationChange) => {
      // A held change of the same item goes first (sent before this one, never overtaken).
      const before = holdsBefore(context, change)
      const { changes, ...afterRelease } = released(context, before.map((h) => h.id))
      const ready = before.length === 0 ? context : { ...context, ...afterRelease }
      if (before.length > 0) enqueue.assign(afterRelease)
      for (const c of changes) enqueue.emit({ type: 'notifications.changed', change: c })
      enqueue.assign(enqueued(ready, change))
      enqueue.emit({ type: 'notifications.changed', change })
    }),
    /** Shows an archive, delete or snooze at once, offers 'Undo' and schedules its lapse; nothing is sent. */
    assignHold: enqueueActions(({ context, enqueue }, params: { event: Extract<NotificationsEvent, { type: 'notifications.applyWithUndo' }> }) => {
      const hold = holdFor(context, params.event, holdable(params.event.action))
      if (hold === null) return
      enqueue.assign(withHold(context, hold))
      enqueue.emit({ type: 'notifications.held', holdId: hold.id, action: hold.action, count: hold.changes.length })
      enqueue.raise({ type: 'notifications.holdLapsed', holdId: hold.id }, { id: hold.id, delay: 'holdWindow' })
    }),
    /** The window lapsed: the hold's changes join `pending` and the other tabs are told. */
    releaseHold: enqueueActions(({ context, enqueue }, params: { holdId: string }) => {
      const { changes, ...next } = released(context, [params.holdId])
      enqueue.assign(next)
      for (const change of changes) enqueue.emit({ type: 'notifications.changed', change })
    }),
    undoHold: assign(({ context }, params: { holdId: string }) => withoutHold(context, params.holdId)),
    /** The page sent the holds itself: the other tabs are told, and they join `base`. */
    assignHoldsSent: enqueueActions(({ context, enqueue }) => {
      for (const change of (context.holds ?? []).flatMap((h) => h.changes)) enqueue.emit({ type: 'notifications.changed', change })
      enqueue.assign(holdsSent(context))
    }),
    /** The page sent a held delete-all itself: it joins `base`. */
    assignHeldSent: enqueueActions(({ context, enqueue }) => {
      const change = heldRemoval(context)
      enqueue.emit({ type: 'notifications.changed', change })
      enqueue.assign(remoteApplied(context, change))
    }),
    /** A row action on several notifications: the single-item event for each, in order. */
    raiseEach: enqueueActions(({ enqueue }, params: { events: ReadonlyArray<NotificationsEvent> }) => {
      for (const event of params.events) enqueue.raise(event)
    }),
    assignRemoteChange: assign(({ context }, params: { change: NotificationChange }) => remoteApplied(context, params.change)),
    dequeueSucceeded: assign(({ context }) => confirmed(context)),
    restoreFailed: assign(({ context }) => rolledBack(context)),
    emitRolledBack: emit(({ context }, params: { error: unknown }) => ({
      type: 'notifications.rolledBack' as const,
      change: context.pending[0]!,
      message: messageOf(params.error),
    })),
    raiseRefresh: raise({ type: 'notifications.refresh' }),
    // The view region (notifications.view.ts).
    assignFilter: assign((_, params: { filter: NotificationFilter }) => ({ filter: params.filter })),
    assignCategory: assign((_, params: { category: string | null }) => ({ category: params.category })),
    assignRestoredView: assign((_, params: { filter: NotificationFilter; category: string | null }) => ({ filter: params.filter, category: params.category })),
    emitViewChanged: emit(({ context }) => ({ type: 'notifications.viewChanged' as const, filter: context.filter, category: context.category ?? null })),
    /** A fetch of the `view` region starts: changes confirmed from now on are reapplied to its answer. */
    startViewFetch: assign({ settledDuringViewFetch: [] }),
    endViewFetch: assign({ settledDuringViewFetch: null }),
    assignViewPage: assign(({ context }, params: { page: NotificationsPage; number: number }) => viewPage(context, params.page, params.number)),
    // The counts region.
    assignCounts: assign(({ context }, params: { counts: NotificationCounts }) => countsArrived(context, params.counts)),
    raiseCountsStale: raise({ type: 'notifications.countsStale' }),
    // The deletingAll region.
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
    /** An archive, delete or snooze can be undone for 5 s. */
    holdWindow: UNDO_WINDOW_MS,
    /** The tab counts are fetched this long after the last change (ms). */
    countsDebounce: COUNTS_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'notifications',
  context: { orgId: null, filter: 'all', ...EMPTY_LIST },
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
            actions: [{ type: 'assignReceived', params: ({ event }) => event }, { type: 'emitReceived', params: ({ event }) => event }, 'raiseCountsStale'],
          },
          {
            guard: { type: 'isWakeUp', params: ({ event }) => event },
            actions: [{ type: 'assignWoken', params: ({ event }) => event }, { type: 'emitReceived', params: ({ event }) => event }, 'raiseCountsStale'],
          },
        ],
        'notifications.remoteChanged': { actions: { type: 'assignRemoteChange', params: ({ event }) => event } },
        // The panel opened; the loaded inbox up to its newest item is seen (the root's handler is not taken here).
        'notifications.seen': [
          { guard: 'hasUnseen', actions: ['assignSeen', { type: 'enqueueChange', params: ({ context }) => seenChange(context) }] },
          { actions: 'assignSeen' },
        ],
        // The optimistic changes: each guard checks the change applies, `changeFor` builds it.
        'notifications.markRead': {
          guard: { type: 'isUnreadItem', params: ({ event }) => event },
          actions: { type: 'enqueueChange', params: ({ context, event }) => changeFor(context, event) },
        },
        'notifications.markUnread': {
          guard: { type: 'isReadInboxItem', params: ({ event }) => event },
          actions: { type: 'enqueueChange', params: ({ context, event }) => changeFor(context, event) },
        },
        'notifications.remove': {
          guard: { type: 'isItem', params: ({ event }) => event },
          actions: { type: 'enqueueChange', params: ({ context, event }) => changeFor(context, event) },
        },
        'notifications.archive': {
          guard: { type: 'isInboxItem', params: ({ event }) => event },
          actions: { type: 'enqueueChange', params: ({ context, event }) => changeFor(context, event) },
        },
        'notifications.restore': {
          guard: { type: 'isArchivedItem', params: ({ event }) => event },
          actions: { type: 'enqueueChange', params: ({ context, event }) => changeFor(context, event) },
        },
        'notifications.snooze': {
          guard: { type: 'isInboxItem', params: ({ event }) => event },
          actions: { type: 'enqueueChange', params: ({ context, event }) => changeFor(context, event) },
        },
        'notifications.unsnooze': {
          guard: { type: 'isSnoozedItem', params: ({ event }) => event },
          actions: { type: 'enqueueChange', params: ({ context, event }) => changeFor(context, event) },
        },
        'notifications.archiveRead': { guard: 'hasReadShown', actions: { type: 'enqueueChange', params: ({ context, event }) => changeFor(context, event) } },
        'notifications.markAllRead': { guard: 'hasUnread', actions: { type: 'enqueueChange', params: ({ context, event }) => changeFor(context, event) } },
        'notifications.applyToEach': { actions: { type: 'raiseEach', params: ({ event }) => ({ events: eachItemEvent(event) }) } },
        'notifications.applyWithUndo': {
          guard: { type: 'isHoldable', params: ({ event }) => ({ event }) },
          actions: { type: 'assignHold', params: ({ event }) => ({ event }) },
        },
        'notifications.undo': { guard: { type: 'hasHold', params: ({ event }) => event }, actions: { type: 'undoHold', params: ({ event }) => event } },
        'notifications.holdLapsed': { guard: { type: 'hasHold', params: ({ event }) => event }, actions: { type: 'releaseHold', params: ({ event }) => event } },
      },
      states: {
        list: {
          initial: 'loading',
          // Reloads through `restarting` rather than by re-entering: a re-entering transition inside a
          // parallel state exits the whole state, restarting the changes region too and sending an
          // in-flight change a second time. This one stays in `list`.
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
                // After the last page's cursor when the server gave one (keyset), else by page number (SPEC §7).
                input: ({ context }) => ({ page: context.page + 1, limit: NOTIFICATIONS_PAGE_SIZE, ...(context.cursor == null ? {} : { cursor: context.cursor }) }),
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
          // Choosing a tab: one the `view` region loads (re)starts its page 1, any other leaves it
          // idle; the tab is emitted to be kept. A target inside the region, not `reenter`: a
          // re-entering transition would exit every region of signedIn, as `list` notes for its refresh.
          on: {
            'notifications.filter': [
              {
                guard: { type: 'showsViewAfterFilter', params: ({ event }) => event },
                target: '.loading',
                actions: [{ type: 'assignFilter', params: ({ event }) => event }, 'emitViewChanged'],
              },
              { target: '.idle', actions: [{ type: 'assignFilter', params: ({ event }) => event }, 'emitViewChanged'] },
            ],
            'notifications.category': [
              {
                guard: { type: 'showsViewAfterCategory', params: ({ event }) => event },
                target: '.loading',
                actions: [{ type: 'assignCategory', params: ({ event }) => event }, 'emitViewChanged'],
              },
              { target: '.idle', actions: [{ type: 'assignCategory', params: ({ event }) => event }, 'emitViewChanged'] },
            ],
            'notifications.viewRestored': { target: '.start', actions: { type: 'assignRestoredView', params: ({ event }) => event } },
          },
          states: {
            /** Signed in (or the saved tab restored) with a view chosen: load it at once. */
            start: { always: [{ guard: 'showsView', target: 'loading' }, { target: 'idle' }] },
            idle: {
              entry: 'endViewFetch',
              on: { 'notifications.loadMore': { guard: 'viewHasMore', target: 'loadingMore' } },
            },
            loading: {
              entry: 'startViewFetch',
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
              invoke: {
                id: 'loadViewNextPage',
                src: 'loadView',
                input: ({ context }) => ({
                  ...viewQuery(context)!,
                  page: (context.viewPage ?? 0) + 1,
                  limit: VIEW_PAGE_SIZE,
                  ...(context.viewCursor == null ? {} : { cursor: context.viewCursor }),
                }),
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
            // Anything that may change the counts (re)starts the wait.
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
          // Here rather than on signedIn, so the held delete-all (this region's `pending`) is taken in the same step.
          on: { 'notifications.holdsSent': { actions: 'assignHoldsSent' } },
          states: {
            idle: {
              on: { 'notifications.removeAll': { guard: 'hasShownItems', target: 'pending', actions: ['assignHeld', 'emitRemovedAll'] } },
            },
            /** The list is hidden and 'Undo' offered; nothing is sent yet. */
            pending: {
              // The window lapsed: the held items are deleted like any change, optimistically and in
              // order, and the other tabs told.
              after: { undoWindow: { target: 'idle', actions: [{ type: 'enqueueChange', params: ({ context }) => heldRemoval(context) }, 'clearHeld'] } },
              on: {
                'notifications.undoRemoveAll': { target: 'idle', actions: 'clearHeld' },
                'notifications.holdsSent': { target: 'idle', actions: ['assignHoldsSent', 'assignHeldSent', 'clearHeld'] },
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

/** Which notifications an archive, delete or snooze with 'Undo' applies to: archive and snooze take inbox items, delete any. */
function holdable(action: 'archive' | 'remove' | 'snooze'): (n: Notification) => boolean {
  return action === 'remove' ? () => true : inInbox
}
