import { type SnapshotFrom, SimulatedClock, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { WebhookDelivery, WebhookDeliveryPage } from '../../contract/developers.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { WEBHOOK_LOG_POLL_MS, type DeliveriesPageRequest, type WebhookDeliveriesEvent, isUnsettled, webhookDeliveriesMachine } from './webhookDeliveries.machine.ts'
import { selectDeliveriesStatus } from './webhookDeliveries.selectors.ts'
import { failedDelivery, firstPage, ordersEndpoint, retryingDelivery, secondPage, settledPage, testDelivery } from './webhooks.fixtures.ts'

const refused = { status: 500, code: 'internal_error', message: 'Something went wrong on our side.', issues: [] }
const POLL = 'xstate.after.pollInterval.webhookDeliveries.list.loaded'

type ModelEvent = WebhookDeliveriesEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e }) as const

/** Offered events. Bounded: two pages, a newest page with a delivery retrying or all settled, one resend and one test. */
function events(s: SnapshotFrom<typeof webhookDeliveriesMachine>): ModelEvent[] {
  const tested = s.context.items.some((d) => d.id === testDelivery.id)
  return [
    done('loadDeliveries', firstPage),
    done('loadDeliveries', settledPage),
    error('loadDeliveries', new Error('offline')),
    { type: 'deliveries.retry' },
    { type: 'deliveries.loadMore' },
    { type: 'deliveries.refresh' },
    done('loadMore', secondPage),
    error('loadMore', refused),
    done('refreshDeliveries', firstPage),
    done('refreshDeliveries', settledPage),
    error('refreshDeliveries', refused),
    { type: POLL },
    { type: 'deliveries.resend', id: failedDelivery.id },
    done('resendDelivery', { ...failedDelivery, status: 'pending' }),
    error('resendDelivery', refused),
    ...(tested ? [] : [{ type: 'deliveries.sendTest' } as const, done('sendTestEvent', testDelivery)]),
    error('sendTestEvent', refused),
  ]
}

describe('webhookDeliveries (model)', () => {
  it('walks every transition: pages append, the log is read again while a delivery is unsettled and after every resend or test', async () => {
    const result = await walkEveryTransition({
      machine: webhookDeliveriesMachine,
      input: { endpointId: ordersEndpoint.id },
      events: events as never,
      serializeState: (s) =>
        JSON.stringify([s.value, s.context.items.map((d) => `${d.id}:${d.status}`), s.context.nextCursor, s.context.pagesLoaded, s.context.resendingId]),
      start: (inspect) => {
        const load = controllable<WebhookDeliveryPage, DeliveriesPageRequest>()
        const resendDelivery = controllable<WebhookDelivery, { endpointId: string; deliveryId: string }>()
        const sendTestEvent = controllable<WebhookDelivery, { id: string }>()
        const stubs = { loadDeliveries: load, loadMore: load, refreshDeliveries: load, resendDelivery, sendTestEvent }
        const clock = new SimulatedClock()
        const machine = webhookDeliveriesMachine.provide({
          actors: { loadDeliveries: load.logic, resendDelivery: resendDelivery.logic, sendTestEvent: sendTestEvent.logic },
        })
        const actor = createActor(machine, { input: { endpointId: ordersEndpoint.id }, inspect, clock })
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const e = event as ModelEvent
            if (e.type === POLL) return clock.increment(WEBHOOK_LOG_POLL_MS)
            if (await settleActorEvent(e, stubs)) return
            actor.send(e as WebhookDeliveriesEvent)
          },
          check: (s) => {
            const c = s.context
            const status = selectDeliveriesStatus(s)
            if (status === 'loading' || status === 'failed') expect(s.matches({ list: status })).toBe(true)
            else expect(status).toBe(c.items.length === 0 ? 'empty' : 'ready')
            // Every call is about this endpoint; a further page asks for the cursor the last one gave.
            for (const call of load.calls) expect(call.endpointId).toBe(ordersEndpoint.id)
            if (s.matches({ list: 'loadingMore' })) expect(load.calls.at(-1)!.before).toBe(c.nextCursor)
            if (s.matches({ list: 'refreshing' }) || s.matches({ list: 'loading' })) expect(load.calls.at(-1)!.before).toBeNull()
            if (s.matches({ list: 'failed' })) expect(c.loadError).not.toBeNull()
            // No delivery is listed twice.
            expect(new Set(c.items.map((d) => d.id)).size).toBe(c.items.length)
            if (s.matches({ action: 'resending' })) expect(resendDelivery.calls.at(-1)).toEqual({ endpointId: ordersEndpoint.id, deliveryId: failedDelivery.id })
            else expect(c.resendingId).toBeNull()
            if (s.matches({ action: 'sendingTest' })) expect(sendTestEvent.calls.at(-1)).toEqual({ id: ordersEndpoint.id })
            // The retrying delivery is the one unsettled delivery of the newest page.
            if (c.items.includes(retryingDelivery)) expect(c.items.some(isUnsettled)).toBe(true)
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
    expect(result.walked.length).toBe(result.defined.length)
  })
})
