/**
 * The delivery log of one webhook endpoint (Developers › Webhooks; docs/api.md "Webhooks";
 * `GET /organizations/webhooks/{id}/deliveries`, newest first, 20 a page, opaque `next_cursor`),
 * with 'Resend' on a delivery and 'Send test event'. The `webhooks` machine runs it while the log
 * is open (its `log.open` state), so it stops, polling included, when the log closes.
 *
 *   list:   loading ──(page)──▶ loaded ──deliveries.loadMore (more pages)──▶ loadingMore ──▶ loaded (appended)
 *             └──(fails)──▶ failed ──deliveries.retry──▶ loading      └──(fails)──▶ loaded (moreError)
 *           loaded ──deliveries.refresh, or every pollInterval while a delivery is pending or sending──▶ refreshing ──▶ loaded
 *   action: idle ──deliveries.resend──▶ resending ──▶ idle        idle ──deliveries.sendTest──▶ sendingTest ──▶ idle
 *           (the answer's delivery is shown at once, then the log refreshes)
 *
 * A refresh reads the newest page again and lays it over the deliveries already listed (by id);
 * further pages already read stay. A refresh that fails keeps the list as it was: the next poll
 * or action tries again. Outcomes are emitted for the toasts.
 */
import { assign, emit, fromPromise, raise, setup } from 'xstate'
import type { WebhookDelivery, WebhookDeliveryPage } from '../../contract/developers.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { toFailure } from '../shared/failure.ts'
import { deliveriesMessages } from './webhooks.messages.ts'

/** How often the log is read again while a delivery in it is pending or sending, ms. */
export const WEBHOOK_LOG_POLL_MS = 3_000

/** Shown when the log could not be read and the error carries no message (ours). */
export const DELIVERIES_LOAD_FAILED_MESSAGE = localized(deliveriesMessages.loadFailedRetry)
/** Under the list when a further page could not be read and the error carries no message (ours). */
export const DELIVERIES_LOAD_MORE_FAILED_MESSAGE = localized(deliveriesMessages.loadMoreFailed)
/** Toast of a refused resend without a message of its own (ours). */
export const DELIVERY_RESEND_FAILED_MESSAGE = localized(deliveriesMessages.resendFailed)
/** Toast of a test event that could not be sent, without a message of its own (ours). */
export const DELIVERY_TEST_FAILED_MESSAGE = localized(deliveriesMessages.testFailed)

export interface WebhookDeliveriesInput {
  readonly endpointId: string
}

/** What `loadDeliveries` is asked for: the endpoint, and the cursor of the page (null for the newest). */
export interface DeliveriesPageRequest {
  readonly endpointId: string
  readonly before: string | null
}

export interface WebhookDeliveriesContext {
  readonly endpointId: string
  /** The deliveries read so far, newest first. */
  readonly items: ReadonlyArray<WebhookDelivery>
  /** The `before` of the next page; null on the last page (or before the first answer). */
  readonly nextCursor: string | null
  /** Pages read since the first: a refresh of the newest page keeps the cursor of a further one. */
  readonly pagesLoaded: number
  readonly loadError: DisplayText | null
  readonly moreError: DisplayText | null
  /** The delivery being resent. */
  readonly resendingId: string | null
}

export type WebhookDeliveriesEvent =
  | { type: 'deliveries.retry' }
  | { type: 'deliveries.loadMore' }
  | { type: 'deliveries.refresh' }
  | { type: 'deliveries.resend'; id: string }
  | { type: 'deliveries.sendTest' }

export type WebhookDeliveriesEmitted =
  | { type: 'deliveries.resent'; delivery: WebhookDelivery }
  | { type: 'deliveries.testSent'; delivery: WebhookDelivery }
  | { type: 'deliveries.failed'; message: DisplayText }

/** True while the server may still change `delivery`: it waits for an attempt or is being sent. */
export const isUnsettled = (delivery: WebhookDelivery): boolean => delivery.status === 'pending' || delivery.status === 'sending'

/** `newest` first, then the deliveries of `listed` it does not hold (by id), in their order. */
export function layOver(newest: ReadonlyArray<WebhookDelivery>, listed: ReadonlyArray<WebhookDelivery>): WebhookDelivery[] {
  const fresh = new Set(newest.map((d) => d.id))
  return [...newest, ...listed.filter((d) => !fresh.has(d.id))]
}

export const webhookDeliveriesMachine = setup({
  types: {
    context: {} as WebhookDeliveriesContext,
    input: {} as WebhookDeliveriesInput,
    events: {} as WebhookDeliveriesEvent,
    emitted: {} as WebhookDeliveriesEmitted,
  },
  actors: {
    /** `GET /organizations/webhooks/{id}/deliveries?before=`. Provided by src/system/webhooks.ts. */
    loadDeliveries: fromPromise<WebhookDeliveryPage, DeliveriesPageRequest>(async () => {
      throw new Error('loadDeliveries is provided by the page')
    }),
    /** `POST /organizations/webhooks/{id}/deliveries/{deliveryId}/resend`: the delivery, queued again. */
    resendDelivery: fromPromise<WebhookDelivery, { endpointId: string; deliveryId: string }>(async () => {
      throw new Error('resendDelivery is provided by the page')
    }),
    /** `POST /organizations/webhooks/{id}/test`: the queued delivery of a `webhook.test` event. */
    sendTestEvent: fromPromise<WebhookDelivery, { id: string }>(async () => {
      throw new Error('sendTestEvent is provided by the page')
    }),
  },
  delays: {
    pollInterval: WEBHOOK_LOG_POLL_MS,
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    hasUnsettled: ({ context }) => context.items.some(isUnsettled),
    isListed: ({ context }, params: { id: string }) => context.items.some((d) => d.id === params.id),
  },
  actions: {
    assignFirstPage: assign((_, params: { page: WebhookDeliveryPage }) => ({
      items: params.page.items,
      nextCursor: params.page.next_cursor,
      pagesLoaded: 1,
      loadError: null,
      moreError: null,
    })),
    /** Appends a further page; a delivery already listed (a page boundary that moved) is not listed twice. */
    appendPage: assign(({ context }, params: { page: WebhookDeliveryPage }) => {
      const seen = new Set(context.items.map((d) => d.id))
      return {
        items: [...context.items, ...params.page.items.filter((d) => !seen.has(d.id))],
        nextCursor: params.page.next_cursor,
        pagesLoaded: context.pagesLoaded + 1,
        moreError: null,
      }
    }),
    /** The newest page laid over the list; with only that page read, its cursor is the list's. */
    assignRefreshed: assign(({ context }, params: { page: WebhookDeliveryPage }) => ({
      items: layOver(params.page.items, context.items),
      nextCursor: context.pagesLoaded <= 1 ? params.page.next_cursor : context.nextCursor,
      pagesLoaded: Math.max(1, context.pagesLoaded),
    })),
    /** A delivery the server just answered: replaced where it is listed, else first. */
    upsertDelivery: assign(({ context }, params: { delivery: WebhookDelivery }) => ({
      items: context.items.some((d) => d.id === params.delivery.id)
        ? context.items.map((d) => (d.id === params.delivery.id ? params.delivery : d))
        : [params.delivery, ...context.items],
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFailure(params.error, [], DELIVERIES_LOAD_FAILED_MESSAGE).message })),
    assignMoreError: assign((_, params: { error: unknown }) => ({ moreError: toFailure(params.error, [], DELIVERIES_LOAD_MORE_FAILED_MESSAGE).message })),
    clearMoreError: assign({ moreError: null }),
    resetList: assign({ items: [], nextCursor: null, pagesLoaded: 0, loadError: null, moreError: null }),
    assignResending: assign((_, params: { id: string }) => ({ resendingId: params.id })),
    clearResending: assign({ resendingId: null }),
    raiseRefresh: raise({ type: 'deliveries.refresh' }),
    emitResent: emit((_, params: { delivery: WebhookDelivery }) => ({ type: 'deliveries.resent' as const, delivery: params.delivery })),
    emitTestSent: emit((_, params: { delivery: WebhookDelivery }) => ({ type: 'deliveries.testSent' as const, delivery: params.delivery })),
    emitFailed: emit((_, params: { error: unknown; fallback: DisplayText }) => ({
      type: 'deliveries.failed' as const,
      message: toFailure(params.error, [], params.fallback).message,
    })),
  },
}).createMachine({
  id: 'webhookDeliveries',
  context: ({ input }) => ({
    endpointId: input.endpointId,
    items: [],
    nextCursor: null,
    pagesLoaded: 0,
    loadError: null,
    moreError: null,
    resendingId: null,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadDeliveries',
            src: 'loadDeliveries',
            input: ({ context }) => ({ endpointId: context.endpointId, before: null }),
            onDone: { target: 'loaded', actions: { type: 'assignFirstPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          on: {
            'deliveries.retry': { target: 'loading', actions: 'resetList' },
            'deliveries.refresh': { target: 'loading', actions: 'resetList' },
          },
        },
        loaded: {
          // Entered again after every answer, so the wait starts over each time.
          after: { pollInterval: { guard: 'hasUnsettled', target: 'refreshing' } },
          on: {
            'deliveries.loadMore': { guard: 'hasMore', target: 'loadingMore', actions: 'clearMoreError' },
            'deliveries.refresh': 'refreshing',
          },
        },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'loadDeliveries',
            input: ({ context }) => ({ endpointId: context.endpointId, before: context.nextCursor }),
            onDone: { target: 'loaded', actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'loaded', actions: { type: 'assignMoreError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshDeliveries',
            src: 'loadDeliveries',
            input: ({ context }) => ({ endpointId: context.endpointId, before: null }),
            onDone: { target: 'loaded', actions: { type: 'assignRefreshed', params: ({ event }) => ({ page: event.output }) } },
            onError: 'loaded',
          },
          on: {
            // A read started before the change may miss it: start over.
            'deliveries.refresh': { target: 'refreshing', reenter: true },
          },
        },
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'deliveries.resend': {
              guard: { type: 'isListed', params: ({ event }) => event },
              target: 'resending',
              actions: { type: 'assignResending', params: ({ event }) => event },
            },
            'deliveries.sendTest': 'sendingTest',
          },
        },
        resending: {
          invoke: {
            id: 'resendDelivery',
            src: 'resendDelivery',
            input: ({ context }) => ({ endpointId: context.endpointId, deliveryId: context.resendingId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'upsertDelivery', params: ({ event }) => ({ delivery: event.output }) },
                { type: 'emitResent', params: ({ event }) => ({ delivery: event.output }) },
                'clearResending',
                'raiseRefresh',
              ],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'emitFailed', params: ({ event }) => ({ error: event.error, fallback: DELIVERY_RESEND_FAILED_MESSAGE }) }, 'clearResending'],
            },
          },
        },
        sendingTest: {
          invoke: {
            id: 'sendTestEvent',
            src: 'sendTestEvent',
            input: ({ context }) => ({ id: context.endpointId }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'upsertDelivery', params: ({ event }) => ({ delivery: event.output }) },
                { type: 'emitTestSent', params: ({ event }) => ({ delivery: event.output }) },
                'raiseRefresh',
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'emitFailed', params: ({ event }) => ({ error: event.error, fallback: DELIVERY_TEST_FAILED_MESSAGE }) },
            },
          },
        },
      },
    },
  },
})

export type WebhookDeliveriesMachine = typeof webhookDeliveriesMachine
