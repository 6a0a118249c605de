/**
 * Story helper: a notifications actor started from a saved state (`resolveState`), its listeners
 * stubbed and its calls pending, so a story shows exactly one state of the machine.
 */
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { Notification, NotificationsPage } from '../contract/notifications.ts'
import type { NotificationChange, NotificationFilter } from '../machines/notifications/notifications.list.ts'
import { notificationsMachine } from '../machines/notifications/notifications.machine.ts'

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
