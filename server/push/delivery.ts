/**
 * Delivering notifications as Web Push messages (SPEC.md §3 Notification preferences,
 * §4 Push permission, §7).
 *
 * Trigger: {@link PushDelivery.notificationCreated}, called right after a notification is
 * committed by the code path that created it (the internal API today). Not the LISTEN feed: every
 * server sharing a PostgreSQL database hears every NOTIFY, so each would send the same push
 * (docs/decisions.md "Push delivery trigger").
 *
 * A notification is pushed when its recipient's preferences of that moment allow it
 * (contract `channelAllows(preferences, category, 'push')`: `push_enabled`, the preference category
 * the notification's category maps to enabled, and that category's push channel on) and the moment
 * is outside their quiet hours, to each of their subscriptions in that org whose app is not
 * currently in front. Urgent notifications are held during quiet hours too (docs/decisions.md
 * "Push: quiet hours and what is pushed"): a push is not queued for later, the inbox has it. Payload: contract `PushPayload`. TTL and urgency come from the priority
 * ({@link PRIORITY_DELIVERY}). A 404 or 410 from the push service deletes the subscription; a
 * network error, 408, 425, 429 or 5xx is retried up to {@link PUSH_MAX_RETRIES} times after 1 s,
 * 2 s, 4 s (or the service's Retry-After, capped at 30 s); anything else is logged and dropped.
 */
import { channelAllows, DEFAULT_PREFERENCES, type NotificationPriority, safeActionUrl } from '../../contract/notifications.ts'
import type { PushPayload } from '../../contract/push.ts'
import type { Database } from '../db/client.ts'
import { isInQuietHours } from '../preferences/quiet-hours.ts'
import { deleteSubscriptionById, loadDeliveryTarget, type SubscriptionTarget } from './queries.ts'
import type { PushAnswer, PushUrgency, SendPush } from './sender.ts'
import type { VapidKeys } from './vapid.ts'

/** TTL (s) and urgency per priority: an urgent message is worth a day's wait and waking the device; a low one goes stale in an hour. */
export const PRIORITY_DELIVERY: Readonly<Record<NotificationPriority, { readonly ttlS: number; readonly urgency: PushUrgency }>> = {
  urgent: { ttlS: 86_400, urgency: 'high' },
  high: { ttlS: 43_200, urgency: 'high' },
  normal: { ttlS: 14_400, urgency: 'normal' },
  low: { ttlS: 3_600, urgency: 'low' },
}

/** Retries after the first attempt. */
export const PUSH_MAX_RETRIES = 3
/** First retry wait, ms; doubled per retry. */
export const PUSH_RETRY_BASE_MS = 1_000
/** Longest wait between attempts, ms. */
export const PUSH_RETRY_CAP_MS = 30_000
/** Where a notification without a safe action URL leads. */
export const PUSH_DEFAULT_URL = '/app/notifications'
/** Push services accept about 4 kB of ciphertext; the JSON payload is kept under this many bytes. */
export const PUSH_PAYLOAD_MAX_BYTES = 3_000

/** The outcome of sending to one subscription. */
export type SendOutcome = 'sent' | 'gone' | 'failed'

export interface PushDeliveryDeps {
  readonly db: Database
  /** The VAPID keys (loaded once, lazily). */
  readonly vapid: () => Promise<VapidKeys>
  readonly send: SendPush
  /** Clock, ms since the epoch. */
  readonly now: () => number
  /** Waits `ms` (injectable so tests need no real time). */
  readonly sleep?: (ms: number) => Promise<void>
  readonly logError: (message: string, error: unknown) => void
}

export interface PushDelivery {
  /**
   * Pushes notification `id` to its recipient's inactive devices (see the module comment). Never
   * rejects: failures are logged. Tracked until settled, see {@link settled}.
   */
  notificationCreated(id: string): Promise<void>
  /**
   * Sends `payload` to one subscription with the retry policy; deletes it on 404/410.
   * @param retry false for a single attempt (the test notification answers the person at once).
   */
  sendTo(target: SubscriptionTarget, payload: PushPayload, retry?: boolean): Promise<SendOutcome>
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  settled(): Promise<void>
}

const retryable = (status: number) => status === 408 || status === 425 || status === 429 || status >= 500

/** The endpoint's origin, for logs: the path is a capability and stays out of them. */
const originOf = (endpoint: string) => {
  try {
    return new URL(endpoint).origin
  } catch {
    return '(invalid endpoint)'
  }
}

/** `payload` as JSON of at most {@link PUSH_PAYLOAD_MAX_BYTES} bytes, shortening the body (then the title) if needed. */
export function encodePayload(payload: PushPayload): string {
  let current = payload
  let json = JSON.stringify(current)
  while (Buffer.byteLength(json) > PUSH_PAYLOAD_MAX_BYTES) {
    if (current.body.length > 0) current = { ...current, body: `${current.body.slice(0, Math.floor(current.body.length * 0.75))}` }
    else current = { ...current, title: current.title.slice(0, Math.floor(current.title.length * 0.75)) }
    json = JSON.stringify(current)
  }
  return json
}

/** Builds the delivery service. */
export function createPushDelivery(deps: PushDeliveryDeps): PushDelivery {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const inFlight = new Set<Promise<void>>()

  const sendTo: PushDelivery['sendTo'] = async (target, payload, retry = true) => {
    const vapid = await deps.vapid()
    const { ttlS, urgency } = PRIORITY_DELIVERY[payload.priority]
    const message = { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth }, payload: encodePayload(payload), ttlS, urgency }
    const attempts = retry ? PUSH_MAX_RETRIES + 1 : 1
    for (let attempt = 1; ; attempt++) {
      let answer: PushAnswer | undefined
      let failure: unknown
      try {
        answer = await deps.send(message, vapid)
      } catch (error) {
        failure = error
      }
      if (answer !== undefined && answer.statusCode >= 200 && answer.statusCode < 300) return 'sent'
      if (answer !== undefined && (answer.statusCode === 404 || answer.statusCode === 410)) {
        await deleteSubscriptionById(deps.db, target.id)
        return 'gone'
      }
      const refused = (failure as { code?: unknown } | undefined)?.code === 'EPUSHADDRESS'
      const again = !refused && (answer === undefined || retryable(answer.statusCode)) && attempt < attempts
      if (!again) {
        deps.logError(
          `Push to ${originOf(target.endpoint)} failed after ${attempt} attempt(s)${answer ? ` (HTTP ${answer.statusCode})` : ''}`,
          failure ?? new Error(`HTTP ${answer?.statusCode}`),
        )
        return 'failed'
      }
      const backoff = Math.min(PUSH_RETRY_BASE_MS * 2 ** (attempt - 1), PUSH_RETRY_CAP_MS)
      await sleep(answer?.retryAfterS !== undefined ? Math.min(answer.retryAfterS * 1000, PUSH_RETRY_CAP_MS) : backoff)
    }
  }

  const deliver = async (id: string) => {
    const target = await loadDeliveryTarget(deps.db, id)
    if (target === undefined || target.subscriptions.length === 0) return
    const preferences = target.preferences ?? DEFAULT_PREFERENCES
    const n = target.notification
    if (!channelAllows(preferences, n.category, 'push') || isInQuietHours(preferences.quiet_hours, deps.now())) return
    const payload: PushPayload = {
      id: n.id,
      title: n.title,
      body: n.body,
      url: safeActionUrl(n.action_url) ?? PUSH_DEFAULT_URL,
      priority: n.priority as NotificationPriority,
      category: n.category,
      createdAt: Number(n.created_ms),
    }
    await Promise.all(target.subscriptions.map((s) => sendTo(s, payload)))
  }

  return {
    sendTo,
    notificationCreated(id) {
      const run = deliver(id).catch((error: unknown) => deps.logError(`Push delivery of notification ${id} failed`, error))
      inFlight.add(run)
      void run.finally(() => inFlight.delete(run))
      return run
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
  }
}
