/**
 * The webhook stories' shared pieces (the webhooks and webhookDeliveries machines): a call that
 * never answers, the stories' clock, and the delivery log's machine whose first page answers at
 * once and whose other calls never do.
 */
import { fromPromise } from 'xstate'
import type { WebhookDelivery, WebhookDeliveryPage } from '../contract/developers.ts'
import { webhookDeliveriesMachine } from '../machines/webhooks/webhookDeliveries.machine.ts'

/** A call that never answers. */
export const pending = <T,>() => new Promise<T>(() => {})

/** 25 Nov 2026, 13:30 UTC, ms since the epoch. */
export const NOW = Date.parse('2026-11-25T13:30:00.000Z')

/** The delivery log's calls: the first page answers at once (so an open log shows it), the rest never. */
export const quietLog = (page: WebhookDeliveryPage | null) =>
  webhookDeliveriesMachine.provide({
    actors: {
      loadDeliveries: fromPromise<WebhookDeliveryPage, { endpointId: string; before: string | null }>(() => (page ? Promise.resolve(page) : pending())),
      resendDelivery: fromPromise<WebhookDelivery, { endpointId: string; deliveryId: string }>(() => pending()),
      sendTestEvent: fromPromise<WebhookDelivery, { id: string }>(() => pending()),
    },
  })
