/**
 * The browser side of the notifications machine's named actors (SPEC.md §4 Notifications,
 * Polling; §7): its HTTP calls over the endpoints, and the window listener for focus and online.
 */
import { fromCallback, fromPromise } from 'xstate'
import { Notification } from '../../contract/notifications.ts'
import { validate } from '../../contract/validate.ts'
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

/** Wait before reopening a closed stream (ms): the token may need its refresh first. */
export const STREAM_RECONNECT_MS = 5_000

export interface StreamOptions {
  /** Absolute API base URL, e.g. `${location.origin}/api`. */
  readonly apiBaseUrl: string
  /** The current access token (the token actor's), or null when there is none. */
  readonly accessToken: () => string | null
  readonly EventSource?: typeof EventSource
}

/**
 * `pushListener`: `GET /api/common-services/notifications/stream` (docs/api.md) as an
 * EventSource; each `notification` event that decodes as a contract `Notification` becomes
 * `notifications.received`. The token and org ride in the query (EventSource sends no headers).
 * When the server closes the stream (token expiry, shutdown) a new one opens after
 * `STREAM_RECONNECT_MS` with the then-current token, and page 1 is refreshed because events are
 * not replayed. Without EventSource (tests, old browsers) it does nothing: polling still runs.
 */
export function notificationsStream(options: StreamOptions) {
  return fromCallback<NotificationsEvent, { orgId: string }>(({ sendBack, input }) => {
    const Source = options.EventSource ?? globalThis.EventSource
    if (!Source || !input.orgId) return
    let source: EventSource | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let opened = 0
    const open = () => {
      const token = options.accessToken()
      if (!token) return
      const query = new URLSearchParams({ access_token: token, org_id: input.orgId })
      const es = new Source(`${options.apiBaseUrl}/common-services/notifications/stream?${query}`)
      source = es
      es.addEventListener('open', () => {
        // A reopened stream missed whatever was created meanwhile.
        if (opened++ > 0) sendBack({ type: 'notifications.refresh' })
      })
      es.addEventListener('notification', (e) => {
        let parsed: unknown
        try {
          parsed = JSON.parse((e as MessageEvent<string>).data)
        } catch {
          return
        }
        const result = validate(Notification, parsed)
        if (result.ok) sendBack({ type: 'notifications.received', notification: result.value })
      })
      es.addEventListener('error', () => {
        // EventSource retries on its own while CONNECTING; CLOSED (e.g. 401 on an expired token) needs a new URL.
        if (es.readyState !== Source.CLOSED) return
        es.close()
        timer = setTimeout(open, STREAM_RECONNECT_MS)
      })
    }
    open()
    return () => {
      clearTimeout(timer)
      source?.close()
    }
  })
}
