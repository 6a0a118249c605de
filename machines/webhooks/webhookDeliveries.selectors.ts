/**
 * Selectors over one endpoint's delivery log (Developers › Webhooks › delivery log, and its
 * stories): the list's status and paging, the actions in flight, and how a delivery and its
 * attempts read. Texts only: the view renders payloads and answers as text, never as HTML.
 */
import type { SnapshotFrom } from 'xstate'
import type { WebhookAttempt, WebhookDelivery } from '../../contract/developers.ts'
import type { DisplayText } from '../../contract/messages.ts'
import type { WebhookDeliveriesMachine } from './webhookDeliveries.machine.ts'

export type WebhookDeliveriesSnapshot = SnapshotFrom<WebhookDeliveriesMachine>

/** What the log area shows: the skeleton, the error with 'Try again', nothing sent yet, or the deliveries. */
export type DeliveriesStatus = 'loading' | 'failed' | 'empty' | 'ready'

export function selectDeliveriesStatus(s: WebhookDeliveriesSnapshot): DeliveriesStatus {
  if (s.matches({ list: 'loading' })) return 'loading'
  if (s.matches({ list: 'failed' })) return 'failed'
  return s.context.items.length === 0 ? 'empty' : 'ready'
}

export const selectDeliveries = (s: WebhookDeliveriesSnapshot): ReadonlyArray<WebhookDelivery> => s.context.items
export const selectDeliveriesLoadError = (s: WebhookDeliveriesSnapshot): DisplayText | null => s.context.loadError
export const selectDeliveriesMoreError = (s: WebhookDeliveriesSnapshot): DisplayText | null => s.context.moreError
export const selectIsLoadingMore = (s: WebhookDeliveriesSnapshot): boolean => s.matches({ list: 'loadingMore' })
/** 'Load more' is offered while a further page exists (also while it loads, as a busy button). */
export const selectHasMore = (s: WebhookDeliveriesSnapshot): boolean =>
  s.context.nextCursor !== null && (s.matches({ list: 'loaded' }) || s.matches({ list: 'loadingMore' }) || s.matches({ list: 'refreshing' }))
export const selectIsRefreshing = (s: WebhookDeliveriesSnapshot): boolean => s.matches({ list: 'refreshing' })
export const selectIsSendingTest = (s: WebhookDeliveriesSnapshot): boolean => s.matches({ action: 'sendingTest' })
/** The delivery being resent; null when none is. */
export const selectResendingId = (s: WebhookDeliveriesSnapshot): string | null => (s.matches({ action: 'resending' }) ? s.context.resendingId : null)
/** An action is in flight: the others wait. */
export const selectIsActing = (s: WebhookDeliveriesSnapshot): boolean => !s.matches({ action: 'idle' })

/** How a delivery's status reads. */
export type DeliveryStatusLabel = 'Delivered' | 'Failed' | 'Retrying' | 'Pending'

/** 'Delivered', 'Failed'; 'Retrying' once an attempt has failed and another is due; else 'Pending'. */
export function deliveryStatusLabel(delivery: WebhookDelivery): DeliveryStatusLabel {
  if (delivery.status === 'succeeded') return 'Delivered'
  if (delivery.status === 'failed') return 'Failed'
  return delivery.attempts.length > 0 ? 'Retrying' : 'Pending'
}

/** The last attempt's HTTP status; null before any attempt or when it got no answer. */
export const lastStatusCode = (delivery: WebhookDelivery): number | null => delivery.attempts.at(-1)?.status_code ?? null

/** "1 attempt", "3 attempts". */
export const attemptCountLabel = (count: number): string => `${count} ${count === 1 ? 'attempt' : 'attempts'}`

/** An attempt's outcome as a line: "HTTP 200", or the error ("Connection refused"), or "No answer". */
export function attemptOutcome(attempt: WebhookAttempt): string {
  if (attempt.status_code !== null) return attempt.error ? `HTTP ${attempt.status_code} · ${attempt.error}` : `HTTP ${attempt.status_code}`
  return attempt.error ?? 'No answer'
}

/** The payload pretty-printed (2 spaces); the text as sent when it is not JSON. */
export function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2)
  } catch {
    return payload
  }
}
