/**
 * The notifications machine: SPEC.md §2.6 notifications panel, §3 Notification, §4
 * Notifications and Polling, §8 "Notification fetch failure", §9 page sizes and the 30 s poll.
 *
 *   signedOut ──auth.changed(org)──▶ signedIn ┬ list:        loading ─▶ idle ─(30 s)─▶ polling ─▶ idle
 *       ▲                                     │                          └─loadMore─▶ loadingMore ─▶ idle
 *       │                                     ├ changes:     idle ⇄ sending (one change at a time, in order)
 *       └──────auth.changed(null)─────────────┼ deletingAll: idle ─removeAll─▶ pending ─(5 s)─▶ idle (sent)
 *                                             │                                   └─undoRemoveAll─▶ idle (back)
 *                                             └ archive:     start ─▶ idle ─filter(archived)─▶ loading ─▶ idle
 *
 * - Follows the auth actor (`watchAuth`): signed out → empty; an org switch drops the old org's
 *   list at once and loads the new org's page 1 (20).
 * - Mark read, mark all read, delete and delete all are optimistic: the list changes at once and
 *   the change joins `pending`; the `changes` region sends them one by one. On failure the change
 *   is undone at once and page 1 is re-fetched (SPEC §4: single changes re-fetch, bulk ones
 *   restore; doing both keeps the list right when the re-fetch fails too, and shows any part of a
 *   delete-all the server did apply); `notifications.rolledBack` is emitted.
 * - Delete all can be undone (issue #16): `notifications.removeAll` hides the visible list at
 *   once (`held`; the selectors leave held items out) and emits `notifications.removedAll` (the
 *   toast with 'Undo'). `notifications.undoRemoveAll` within `DELETE_ALL_UNDO_MS` shows the list
 *   again exactly as it is (it never left `items`: same order, read states, pages, `hasMore`,
 *   filter); when the window lapses, the delete-all joins `pending` like any other change and is
 *   sent, rolled back on failure. Held items stay in `items` meanwhile, so polls, pushes, mark all
 *   read and rollbacks keep them right without special cases. Signing out or switching org drops
 *   a held delete-all unsent (nothing is deleted).
 * - Reconcile: every fetched page gets `pending` (and the changes that succeeded while the fetch
 *   was in flight) applied on top, so a poll answered before the server saw a change never
 *   undoes it.
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
  type NotificationsPage,
} from '../../contract/notifications.ts'
import { followAuth } from '../auth/follow-auth.ts'
import {
  appendUnseen,
  applyChange,
  applyChanges,
  countUnread,
  countUnseen,
  isArchived,
  isRead,
  type NotificationChange,
  type NotificationFilter,
  prependUnseen,
  replaceArchived,
  revertChange,
  shownItems,
  unseenBefore,
  withArchived,
} from './notifications.list.ts'

/** SPEC §8: stored when a fetch fails without a message of its own. */
export const FETCH_FAILED_MESSAGE = 'Failed to fetch notifications'

export interface NotificationsContext {
  /** The org whose notifications are shown, or null when signed out. */
  readonly orgId: string | null
  /** Loaded notifications, newest first, with pending changes applied. */
  readonly items: ReadonlyArray<Notification>
  /** Whether the server has a page after `page`. */
  readonly hasMore: boolean
  /** The last page loaded (pages start at 1; 0 before the first answer). */
  readonly page: number
  readonly filter: NotificationFilter
  /** SPEC §8: the last fetch failure's message, cleared by the next successful fetch. */
  readonly error: string | null
  /** SPEC §4: set when unread exist or new ones arrive; cleared by `notifications.seen`. */
  readonly hasNew: boolean
  /** Unread notifications the server counts beyond the loaded pages (never negative). */
  readonly unreadBeyond: number
  /**
   * Issue #18: unseen inbox notifications the server counts beyond the loaded pages (never
   * negative; from `unseen_count`). Optional so snapshots built by hand before issue #18 stay valid.
   */
  readonly unseenBeyond?: number
  /** Optimistic changes not yet confirmed, oldest first; the first is being sent. */
  readonly pending: ReadonlyArray<NotificationChange>
  /** Changes confirmed since the current fetch started (reapplied to its answer). */
  readonly settledDuringFetch: ReadonlyArray<NotificationChange>
  /**
   * Issue #18: changes confirmed since the current `view=archived` fetch started (reapplied to its
   * answer). Optional so snapshots built by hand before issue #18 (stories, tests) stay valid.
   */
  readonly settledDuringArchiveFetch?: ReadonlyArray<NotificationChange>
  /**
   * Issue #16: the items a delete-all hides while it can still be undone (as they were when
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
  | { type: 'notifications.markRead'; id: string }
  | { type: 'notifications.markAllRead' }
  | { type: 'notifications.remove'; id: string }
  /** Issue #18: a read inbox item becomes unread again (it stays seen). */
  | { type: 'notifications.markUnread'; id: string }
  /** Issue #18: an inbox item leaves the inbox for the Archived view. */
  | { type: 'notifications.archive'; id: string }
  /** Issue #18: an archived item goes back to the inbox, its read state as it was. */
  | { type: 'notifications.restore'; id: string }
  /** Issue #18: every read inbox item is archived ('Archive all read'). */
  | { type: 'notifications.archiveRead' }
  /** Hides the visible list; sent as a delete-all once the undo window lapses (issue #16). */
  | { type: 'notifications.removeAll' }
  /** Within the undo window: the held delete-all is dropped and the list shows again (issue #16). */
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
  /** Issue #16: a delete-all hid `count` notifications; `notifications.undoRemoveAll` within `DELETE_ALL_UNDO_MS` brings them back. */
  | { type: 'notifications.removedAll'; count: number }

/** Issue #18: how many archived notifications the Archived view loads (`view=archived`, page 1). */
export const ARCHIVED_PAGE_SIZE = 50

/** Input of `loadPage` and `loadArchived`: SPEC §5 paging, page ≥ 1. */
export interface LoadPageInput {
  readonly page: number
  readonly limit: number
}

/**
 * Issue #16: how long a delete-all can be undone (ms) before it is sent. The same as the toast
 * lifetime (SPEC §9: 5000 ms), so the 'Undo' toast lasts exactly as long as the window.
 */
export const DELETE_ALL_UNDO_MS = 5000

const EMPTY = { items: [], hasMore: false, page: 0, error: null, hasNew: false, unreadBeyond: 0, unseenBeyond: 0, pending: [], settledDuringFetch: [], settledDuringArchiveFetch: [], held: null } as const

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FETCH_FAILED_MESSAGE
}

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
    /** Issue #18: `GET /common-services/notifications?view=archived&page&limit`. Implemented in src/system. */
    loadArchived: fromPromise<NotificationsPage, LoadPageInput>(async () => {
      throw new Error('loadArchived is provided by src/system')
    }),
    /**
     * Sends one change: `PUT …/{id}/read`, `PUT …/mark-all-read`, `DELETE …/{id}` (delete-all: one
     * per item); issue #18: `PUT …/{id}/unread`, `…/{id}/archive`, `…/{id}/restore`, `…/archive-read`.
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
    /** Issue #18: a read item of the inbox (mark unread). */
    isReadInboxItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id && isRead(n) && !isArchived(n)),
    isInboxItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id && !isArchived(n)),
    isArchivedItem: ({ context }, params: { id: string }) => context.items.some((n) => n._id === params.id && isArchived(n)),
    /** Issue #18: something on screen for 'Archive all read'. */
    hasReadShown: ({ context }) => shownItems(context.items, context.held).some(isRead),
    isArchivedFilter: ({ context }) => context.filter === 'archived',
    /** Issue #18: something loaded to mark seen, and something unseen (loaded or beyond). */
    hasUnseen: ({ context }) => {
      const shown = shownItems(context.items, context.held)
      return shown.length > 0 && ((context.unseenBeyond ?? 0) > 0 || countUnseen(shown) > 0)
    },
    isArchivedFilterEvent: (_, params: { filter: NotificationFilter }) => params.filter === 'archived',
    hasUnread: ({ context }) => context.unreadBeyond > 0 || countUnread(context.items) > 0,
    /** Something is on screen to delete (held items are already gone from view). */
    hasShownItems: ({ context }) => shownItems(context.items, context.held).length > 0,
    isNewNotification: ({ context }, params: { id: string }) => !context.items.some((n) => n._id === params.id),
    hasPending: ({ context }) => context.pending.length > 0,
    /** Nothing loaded yet (the first load failed): the poll then loads page 1 in full. */
    hasNoPage: ({ context }) => context.page === 0,
    /** Cached items only stand in while nothing has been loaded for this org. */
    isStandIn: ({ context }) => context.page === 0 && context.items.length === 0,
  },
  actions: {
    assignOrg: assign((_, params: { orgId: string | null }) => ({ orgId: params.orgId, ...EMPTY })),
    startFetch: assign({ settledDuringFetch: [] }),
    /** Page 1 replaces the list (local changes reapplied); the server's unread count sets the tail. */
    assignFirstPage: assign(({ context }, params: { page: NotificationsPage }) => {
      const items = applyChanges(withArchived(params.page.notifications, context.items), [...context.settledDuringFetch, ...context.pending])
      const beyond = context.pending.some((c) => c.kind === 'readAll') ? 0 : Math.max(0, params.page.unread_count - countUnread(params.page.notifications))
      // Issue #18: a server without `unseen_count` (SPEC §7) counts the unread as unseen.
      const unseenBeyond = context.pending.some((c) => c.kind === 'readAll' || c.kind === 'seen')
        ? 0
        : Math.max(0, (params.page.unseen_count ?? params.page.unread_count) - countUnseen(params.page.notifications))
      return { items, page: 1, hasMore: params.page.hasMore, error: null, unreadBeyond: beyond, unseenBeyond, hasNew: context.hasNew || beyond + countUnread(items) > 0 }
    }),
    /** A poll prepends only notifications this tab has not seen (SPEC §4 Polling). */
    assignPolled: assign(({ context }, params: { page: NotificationsPage }) => {
      const fresh = applyChanges(params.page.notifications, [...context.settledDuringFetch, ...context.pending])
      const { list, added } = prependUnseen(context.items, fresh)
      return { items: list, error: null, hasNew: context.hasNew || added > 0 }
    }),
    /** Runs before `assignPolled`: what the poll brings that the list does not have yet. */
    emitArrived: emit(({ context }, params: { page: NotificationsPage }) => ({
      type: 'notifications.arrived' as const,
      notifications: params.page.notifications.filter((n) => !context.items.some((m) => m._id === n._id)),
    })),
    assignNextPage: assign(({ context }, params: { page: NotificationsPage }) => {
      const next = applyChanges(params.page.notifications, [...context.settledDuringFetch, ...context.pending])
      return {
        items: appendUnseen(context.items, next),
        page: context.page + 1,
        hasMore: params.page.hasMore,
        error: null,
        unreadBeyond: Math.max(0, context.unreadBeyond - countUnread(next)),
        unseenBeyond: Math.max(0, (context.unseenBeyond ?? 0) - countUnseen(next)),
      }
    }),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    assignReceived: assign(({ context }, params: { notification: Notification }) => ({
      items: prependUnseen(context.items, [params.notification]).list,
      hasNew: true,
    })),
    assignCached: assign(({ context }, params: { items: ReadonlyArray<Notification> }) => ({
      items: applyChanges(params.items, context.pending),
      hasNew: context.hasNew || countUnread(params.items) > 0,
    })),
    assignFilter: assign((_, params: { filter: NotificationFilter }) => ({ filter: params.filter })),
    assignSeen: assign({ hasNew: false }),
    /** Optimistic: applied now, sent by the `changes` region in order. */
    enqueue: assign(({ context }, params: { change: NotificationChange }) => ({
      items: applyChange(context.items, params.change),
      pending: [...context.pending, params.change],
      unreadBeyond: params.change.kind === 'readAll' ? 0 : context.unreadBeyond,
      unseenBeyond: zeroesUnseenBeyond(params.change) ? 0 : context.unseenBeyond,
    })),
    emitChanged: emit((_, params: { change: NotificationChange }) => ({ type: 'notifications.changed' as const, change: params.change })),
    /** Another tab's change: shown here, not sent again (that tab sends it and rolls back on failure). */
    assignRemoteChange: assign(({ context }, params: { change: NotificationChange }) => ({
      items: applyChange(context.items, params.change),
      unreadBeyond: params.change.kind === 'readAll' ? 0 : context.unreadBeyond,
      unseenBeyond: zeroesUnseenBeyond(params.change) ? 0 : context.unseenBeyond,
    })),
    dequeueSucceeded: assign(({ context }) => ({
      pending: context.pending.slice(1),
      settledDuringFetch: [...context.settledDuringFetch, ...context.pending.slice(0, 1)],
      settledDuringArchiveFetch: [...(context.settledDuringArchiveFetch ?? []), ...context.pending.slice(0, 1)],
    })),
    /** Kept only while a `view=archived` fetch is in flight (cleared when it starts and ends). */
    clearArchiveSettled: assign({ settledDuringArchiveFetch: [] }),
    /** Issue #18: the archived page replaces the archived items held (local changes reapplied). */
    assignArchived: assign(({ context }, params: { page: NotificationsPage }) => ({
      items: applyChanges(replaceArchived(context.items, params.page.notifications), [...(context.settledDuringArchiveFetch ?? []), ...context.pending]),
      error: null,
    })),
    /** SPEC §4 restore: the failed change is undone, later pending changes stay applied. */
    restoreFailed: assign(({ context }) => {
      const [failed, ...rest] = context.pending
      if (!failed) return {}
      return {
        items: applyChanges(revertChange(context.items, failed), rest),
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
    /** Issue #16: hides what is on screen (adding to a delete-all already held). */
    assignHeld: assign(({ context }) => ({ held: [...(context.held ?? []), ...shownItems(context.items, context.held)] })),
    emitRemovedAll: emit(({ context }) => ({ type: 'notifications.removedAll' as const, count: context.held?.length ?? 0 })),
    clearHeld: assign({ held: null }),
  },
  delays: {
    /** SPEC §9: poll every 30 s (measured from the end of the last fetch). */
    pollInterval: NOTIFICATIONS_POLL_INTERVAL_MS,
    /** Issue #16: a delete-all can be undone for 5 s. */
    undoWindow: DELETE_ALL_UNDO_MS,
  },
}).createMachine({
  id: 'notifications',
  context: { orgId: null, filter: 'all', ...EMPTY },
  invoke: { id: 'watchAuth', src: 'watchAuth' },
  initial: 'signedOut',
  on: {
    'auth.changed': [
      { guard: { type: 'hasNoOrg', params: ({ event }) => event }, target: '.signedOut', actions: { type: 'assignOrg', params: ({ event }) => event } },
      { guard: { type: 'isOtherOrg', params: ({ event }) => event }, target: '.signedIn', reenter: true, actions: { type: 'assignOrg', params: ({ event }) => event } },
    ],
    'notifications.filter': { actions: { type: 'assignFilter', params: ({ event }) => event } },
    'notifications.seen': { actions: 'assignSeen' },
  },
  states: {
    signedOut: {},
    signedIn: {
      type: 'parallel',
      invoke: [
        { id: 'windowListener', src: 'windowListener' },
        { id: 'pushListener', src: 'pushListener', input: ({ context }) => ({ orgId: context.orgId ?? '' }) },
      ],
      on: {
        'notifications.received': {
          guard: { type: 'isNewNotification', params: ({ event }) => ({ id: event.notification._id }) },
          actions: [
            { type: 'assignReceived', params: ({ event }) => event },
            emit(({ event }) => ({ type: 'notifications.arrived' as const, notifications: [event.notification] })),
          ],
        },
        'notifications.remoteChanged': { actions: { type: 'assignRemoteChange', params: ({ event }) => event } },
        // Issue #18: the panel opened; the loaded inbox up to its newest item is seen (the root's handler is not taken here).
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
        'notifications.archiveRead': {
          guard: 'hasReadShown',
          actions: [
            {
              type: 'enqueue',
              params: ({ context }) => ({ change: { kind: 'archiveRead', ids: context.items.filter((n) => isRead(n) && !isArchived(n)).map((n) => n._id) } }),
            },
            { type: 'emitChanged', params: ({ context }) => ({ change: context.pending.at(-1)! }) },
          ],
        },
        'notifications.markAllRead': {
          guard: 'hasUnread',
          actions: [
            {
              type: 'enqueue',
              params: ({ context }) => ({ change: { kind: 'readAll', ids: context.items.filter((n) => !isRead(n)).map((n) => n._id), beyond: context.unreadBeyond } }),
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
                  onDone: { target: 'idle', actions: { type: 'assignFirstPage', params: ({ event }) => ({ page: event.output }) } },
                  onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => event } },
                },
              ],
            },
            idle: {
              // A poll only adds what is new; with nothing loaded yet (a failed first load) page 1 is loaded instead.
              after: { pollInterval: [{ guard: 'hasNoPage', target: 'loading' }, { target: 'polling' }] },
              on: { 'notifications.loadMore': { guard: 'hasMore', target: 'loadingMore' } },
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
                onDone: { target: 'idle', actions: 'dequeueSucceeded' },
                // SPEC §4: single changes re-fetch, bulk ones restore. Both do both here: the restore
                // shows the truth at once even if the re-fetch fails, and the re-fetch shows any part
                // the server did apply (a delete-all is one call per item).
                onError: { target: 'idle', actions: [{ type: 'emitRolledBack', params: ({ event }) => event }, 'restoreFailed', 'raiseRefresh'] },
              },
            },
          },
        },
        archive: {
          initial: 'start',
          // On the region (not on signedIn): a transition of signedIn into one region would exit
          // every region, as `list` notes for its refresh.
          on: {
            'notifications.filter': {
              guard: { type: 'isArchivedFilterEvent', params: ({ event }) => event },
              target: '.loading',
              // The root's `notifications.filter` is not taken when this one is.
              actions: { type: 'assignFilter', params: ({ event }) => event },
            },
          },
          states: {
            /** Signed in with the Archived filter already chosen: load it at once. */
            start: { always: [{ guard: 'isArchivedFilter', target: 'loading' }, { target: 'idle' }] },
            idle: { entry: 'clearArchiveSettled' },
            loading: {
              entry: 'clearArchiveSettled',
              invoke: {
                id: 'loadArchivedPage',
                src: 'loadArchived',
                input: { page: 1, limit: ARCHIVED_PAGE_SIZE },
                onDone: { target: 'idle', actions: { type: 'assignArchived', params: ({ event }) => ({ page: event.output }) } },
                onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => event } },
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

/** Issue #18: changes after which the server has no unseen beyond the loaded pages. */
function zeroesUnseenBeyond(change: NotificationChange): boolean {
  return change.kind === 'readAll' || change.kind === 'seen'
}

/** Issue #18: the `PUT …/seen` for what the opened panel lists: up to its newest inbox item. */
function seenChange(context: NotificationsContext): NotificationChange {
  const shown = shownItems(context.items, context.held)
  const before = shown.reduce((newest, n) => (Date.parse(n.createdAt) > Date.parse(newest) ? n.createdAt : newest), shown[0]!.createdAt)
  return { kind: 'seen', before, ids: unseenBefore(context.items, before).map((n) => n._id), beyond: context.unseenBeyond ?? 0 }
}

/** The delete-all of the held items, each as it is now where still loaded (issue #16). */
function heldRemoval(context: NotificationsContext): NotificationChange {
  const now = new Map(context.items.map((n) => [n._id, n]))
  return { kind: 'removeAll', removed: (context.held ?? []).map((n) => now.get(n._id) ?? n) }
}
