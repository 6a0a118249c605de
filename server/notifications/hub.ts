/**
 * The in-process fan-out of new notifications (SPEC.md §4 Notifications: a push arriving as an
 * in-app event). One LISTEN on the `notifications` channel per server process, whatever the
 * number of open streams: PostgreSQL's LISTEN belongs to a session, and each PGlite query is
 * serialised, so a LISTEN per browser tab would not scale. Each payload
 * (`{id, user_id, org_id}`, written by `pg_notify` in `createNotification`, and by a snoozed
 * notification's wake-up with `woken`; server/db/channels.ts) is handed to the subscribers of that
 * user and org.
 */
import type { ListenFn } from '../db/client.ts'
import { errorLogger, log } from '../log.ts'
import { NOTIFICATIONS_CHANNEL } from '../db/channels.ts'

/** What a NOTIFY on the channel carries. */
export interface NotificationEvent {
  readonly id: string
  readonly user_id: string
  readonly org_id: string
  /**
   * Present when the notification is back from a snooze (server/notifications/
   * snooze.ts): the snooze moment, ms since the epoch. It tells this announcement from an earlier
   * one of the same id (the streams share what they load per announcement).
   */
  readonly woken?: number
}

export interface NotificationHub {
  /**
   * Calls `onEvent` for every new notification of `userId` in `orgId`. Starts the process's
   * LISTEN on first use.
   * @returns a function that unsubscribes.
   * @throws Error when the database cannot LISTEN (the stream answers 503).
   */
  subscribe(userId: string, orgId: string, onEvent: (event: NotificationEvent) => void, onClose?: () => void): Promise<() => void>
  /**
   * Server shutdown: calls every subscriber's `onClose` (their streams end at once instead of
   * holding the HTTP server open through its grace period) and refuses new subscriptions.
   */
  close(): void
  /** How many subscribers are attached (tests, diagnostics). */
  readonly size: number
}

const keyOf = (userId: string, orgId: string) => `${userId}\u0000${orgId}`

function parseEvent(payload: string): NotificationEvent | undefined {
  try {
    const value = JSON.parse(payload) as Partial<NotificationEvent>
    if (typeof value.id !== 'string' || typeof value.user_id !== 'string' || typeof value.org_id !== 'string') return undefined
    return typeof value.woken === 'number'
      ? { id: value.id, user_id: value.user_id, org_id: value.org_id, woken: value.woken }
      : { id: value.id, user_id: value.user_id, org_id: value.org_id }
  } catch {
    return undefined
  }
}

/**
 * A hub on `listen` (DatabaseHandle.listen); undefined `listen` makes every subscribe fail.
 * @param logError where a failing subscriber's error goes (it must not stop the others); defaults to the process's log.
 */
export function createNotificationHub(listen: ListenFn | undefined, logError: (message: string, error: unknown) => void = errorLogger(log())): NotificationHub {
  const subscribers = new Map<string, Set<(event: NotificationEvent) => void>>()
  const closers = new Set<() => void>()
  let started: Promise<unknown> | undefined
  let size = 0
  let closed = false

  const dispatch = (payload: string) => {
    const event = parseEvent(payload)
    if (event === undefined) return
    for (const callback of subscribers.get(keyOf(event.user_id, event.org_id)) ?? []) {
      try {
        callback(event)
      } catch (error) {
        logError('A notification subscriber failed', error)
      }
    }
  }

  return {
    get size() {
      return size
    },
    close() {
      closed = true
      for (const onClose of [...closers]) onClose()
      closers.clear()
    },
    async subscribe(userId, orgId, onEvent, onClose) {
      if (listen === undefined) throw new Error('This database cannot LISTEN')
      if (closed) throw new Error('The server is shutting down')
      // Retried on the next subscribe if it failed, rather than remembering the failure forever.
      started ??= listen(NOTIFICATIONS_CHANNEL, dispatch).catch((error: unknown) => {
        started = undefined
        throw error
      })
      await started
      const key = keyOf(userId, orgId)
      let set = subscribers.get(key)
      if (set === undefined) {
        set = new Set()
        subscribers.set(key, set)
      }
      // A wrapper, so subscribing the same function twice gives two independent subscriptions.
      const callback = (event: NotificationEvent) => onEvent(event)
      set.add(callback)
      const closer = () => onClose?.()
      closers.add(closer)
      size++
      let done = false
      return () => {
        if (done) return
        done = true
        closers.delete(closer)
        size--
        set.delete(callback)
        if (set.size === 0) subscribers.delete(key)
      }
    },
  }
}
