/**
 * Story helper: a notifications actor started from a saved state (`resolveState`), its listeners
 * stubbed and its calls pending, so a story shows exactly one state of the machine.
 */
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { Notification, NotificationCounts, NotificationsPage } from '../contract/notifications.ts'
import { makeNotification } from '../machines/notifications/notifications.fixtures.ts'
import type { NotificationChange, NotificationFilter } from '../machines/notifications/notifications.list.ts'
import { notificationsMachine } from '../machines/notifications/notifications.machine.ts'
import type { LoadViewInput } from '../machines/notifications/notifications.types.ts'

export interface NotificationsStoryState {
  readonly list: 'loading' | 'idle' | 'loadingMore'
  readonly items?: ReadonlyArray<Notification>
  readonly filter?: NotificationFilter
  readonly error?: string | null
  readonly hasMore?: boolean
  /** Unread the server counts beyond the loaded page (for the '99+' badge). */
  readonly unreadBeyond?: number
  /** The server's unread count stopped at its cap (100 or more): `unreadBeyond` is a floor. */
  readonly unreadCapped?: boolean
  /** `pending` when a delete-all of every item is held with 'Undo' offered. */
  readonly deletingAll?: 'idle' | 'pending'
}

export function notificationsActorIn(state: NotificationsStoryState) {
  const machine = notificationsMachine.provide({
    actors: {
      watchAuth: fromCallback(() => () => {}),
      windowListener: fromCallback(() => () => {}),
      loadPage: fromPromise<NotificationsPage, { page: number; limit: number }>(() => new Promise(() => {})),
      // Changes succeed at once, so the story's buttons show the optimistic result.
      sendChange: fromPromise<void, NotificationChange>(async () => {}),
    },
  })
  const items = state.items ?? []
  const actor = createActor(machine, {
    snapshot: machine.resolveState({
      value: { signedIn: { list: state.list, changes: 'idle', deletingAll: state.deletingAll ?? 'idle' } },
      context: {
        orgId: 'o-acme',
        items,
        hasMore: state.hasMore ?? false,
        // No page yet while the first is on its way, or when it failed with nothing on hand.
        page: state.list === 'loading' || (state.error != null && items.length === 0) ? 0 : 1,
        filter: state.filter ?? 'all',
        error: state.error ?? null,
        hasNew: items.some((n) => !n.read),
        unreadBeyond: state.unreadBeyond ?? 0,
        unreadCapped: state.unreadCapped ?? false,
        pending: [],
        settledDuringFetch: [],
        held: state.deletingAll === 'pending' ? items : null,
      },
    }),
  })
  actor.start()
  return actor
}

const nowS = Math.floor(Date.now() / 1000)
/** A notification created `ageS` seconds ago (the stories show relative times against now). */
export const at = (id: string, ageS: number, overrides: Partial<Notification> = {}) =>
  makeNotification(id, { created_at_timestamp: nowS - ageS, createdAt: new Date((nowS - ageS) * 1000).toISOString(), ...overrides })

/** Four notifications, two unread, of four categories; the last one's action URL is `javascript:` (rendered as no link). */
export const sample: ReadonlyArray<Notification> = [
  at('n1', 120, {
    title: 'New reply from Grace Hopper',
    body: 'Thanks, the call summary looks right. Can we schedule a follow-up next week?',
    category: 'message',
    actionUrl: '/app/contacts',
    actionText: 'Open contact',
  }),
  at('n2', 3_600, { title: 'Invoice paid', body: 'Your invoice for November was paid.', category: 'transaction', actionUrl: '/app/billing' }),
  at('n3', 7_200, {
    title: 'Credits running low',
    body: 'You have used 90% of this month’s credits. Top up or upgrade to keep your agents running without interruption across every channel.',
    category: 'alert',
    read: true,
  }),
  at('n4', 86_400 * 2, {
    title: 'Weekly report ready',
    body: 'Your analytics report for last week is ready.',
    category: 'update',
    read: true,
    actionUrl: 'javascript:alert(1)',
  }),
]

/**
 * A notifications actor in a state of the inbox's `view` region (the shared story
 * helper knows the list and delete-all regions only): its loads never answer, its changes succeed
 * at once.
 */
export function inboxActorIn(state: {
  view: 'idle' | 'loading' | 'loadingMore'
  filter: NotificationFilter
  category?: string | null
  counts?: NotificationCounts | null
  items: ReadonlyArray<Notification>
}) {
  const machine = notificationsMachine.provide({
    actors: {
      watchAuth: fromCallback(() => () => {}),
      windowListener: fromCallback(() => () => {}),
      loadPage: fromPromise<NotificationsPage, { page: number; limit: number }>(() => new Promise(() => {})),
      loadView: fromPromise<NotificationsPage, LoadViewInput>(() => new Promise(() => {})),
      loadCounts: fromPromise<NotificationCounts>(() => new Promise(() => {})),
      sendChange: fromPromise<void, NotificationChange>(async () => {}),
    },
  })
  return createActor(machine, {
    snapshot: machine.resolveState({
      value: { signedIn: { list: 'idle', changes: 'idle', view: state.view, counts: 'idle', deletingAll: 'idle' } },
      context: {
        orgId: 'o-acme',
        items: state.items,
        hasMore: false,
        page: 1,
        filter: state.filter,
        category: state.category ?? null,
        counts: state.counts ?? null,
        viewPage: 1,
        viewHasMore: state.view === 'loadingMore',
        error: null,
        hasNew: false,
        unreadBeyond: 0,
        pending: [],
        settledDuringFetch: [],
        held: null,
      },
    }),
  }).start()
}
