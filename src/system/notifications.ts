/**
 * The browser side of the notifications machine's named actors (SPEC.md §4 Notifications,
 * Polling; §7): its HTTP calls over the endpoints, and the window listener for focus and online.
 */
import { fromCallback, fromPromise } from 'xstate'
import type { NotificationChange } from '../../machines/notifications/notifications.list.ts'
import type { LoadPageInput, NotificationsEvent } from '../../machines/notifications/notifications.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'

/** `loadPage`: one page of the list (`{ page, limit }`, pages from 1). */
export function loadNotificationsPage(api: Endpoints) {
  return fromPromise(({ input }: { input: LoadPageInput }) => api.notifications.list(input.page, input.limit))
}

/**
 * `sendChange`: one optimistic change to the server. Delete-all is one DELETE per notification
 * (SPEC §7), all sent together; it fails if any of them fails, so the machine restores the list
 * and the next fetch shows what the server actually removed.
 */
export function sendNotificationChange(api: Endpoints) {
  return fromPromise(async ({ input }: { input: NotificationChange }) => {
    switch (input.kind) {
      case 'read':
        return api.notifications.markRead(input.id)
      case 'readAll':
        return api.notifications.markAllRead()
      case 'remove':
        return api.notifications.remove(input.id)
      case 'removeAll': {
        const results = await Promise.allSettled(input.removed.map((n) => api.notifications.remove(n._id)))
        const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
        if (failed) throw failed.reason
      }
    }
  })
}

/** `windowListener`: `notifications.refresh` on window `focus` and on `online` (SPEC §4 Polling). */
export function notificationsWindowListener(win: Pick<Window, 'addEventListener' | 'removeEventListener'>) {
  return fromCallback(({ sendBack }) => {
    const refresh = () => sendBack({ type: 'notifications.refresh' } satisfies NotificationsEvent)
    win.addEventListener('focus', refresh)
    win.addEventListener('online', refresh)
    return () => {
      win.removeEventListener('focus', refresh)
      win.removeEventListener('online', refresh)
    }
  })
}
