import { type SnapshotFrom, createActor, fromPromise } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { CreateWebhookRequest, UpdateWebhookRequest, WebhookDelivery, WebhookDeliveryPage, WebhookEndpoint, WebhookWithSecret } from '../../contract/developers.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { webhookDeliveriesMachine } from './webhookDeliveries.machine.ts'
import { createdAnswer, crmEndpoint, newEndpoint, oldEndpoint, ordersEndpoint, rotatedAnswer, testDelivery, threeEndpoints } from './webhooks.fixtures.ts'
import { EMPTY_WEBHOOK_DRAFT, type WebhooksEmitted, type WebhooksEvent, draftErrors, requestOf, webhooksMachine } from './webhooks.machine.ts'
import { selectDeliveriesActor, selectEndpoints, selectWebhooksStatus, selectWebhooksView } from './webhooks.selectors.ts'

const refused = { status: 500, code: 'internal_error', message: 'Something went wrong on our side.', issues: [] }
const gone = { status: 404, code: 'not_found', message: 'There is no such webhook endpoint.', issues: [] }
const privateHost = {
  status: 400,
  code: 'invalid_request',
  message: 'The request body is invalid.',
  issues: [{ path: ['url'], message: 'The endpoint must name a public host' }],
}

type ModelEvent = WebhooksEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e }) as const

/** The delivery log the parent runs while it is open: its calls never answer (its own test walks it). */
const quietLog = webhookDeliveriesMachine.provide({
  actors: {
    loadDeliveries: fromPromise<WebhookDeliveryPage, { endpointId: string; before: string | null }>(() => new Promise(() => {})),
    resendDelivery: fromPromise<WebhookDelivery, { endpointId: string; deliveryId: string }>(() => new Promise(() => {})),
    sendTestEvent: fromPromise<WebhookDelivery, { id: string }>(() => new Promise(() => {})),
  },
})

/**
 * Offered events. Bounded: the draft is a valid or an empty URL and one or no event; one endpoint
 * is added at most; the CRM endpoint is the one deleted, disabled and rolled back; the old one is enabled.
 */
function events(s: SnapshotFrom<typeof webhooksMachine>): ModelEvent[] {
  const added = s.context.endpoints?.some((e) => e.id === newEndpoint.id) ?? false
  const switched = s.context.endpoints?.find((e) => e.id === s.context.toggle?.id)
  // The regions are walked one at a time (their transitions do not depend on each other), so the
  // model stays small: while a switch is sent or the log is open, only those move.
  if (s.matches({ ready: { toggle: 'saving' } })) return [...(switched ? [done('setWebhookEnabled', switched)] : []), error('setWebhookEnabled', refused)]
  if (s.matches({ ready: { log: 'open' } })) return [{ type: 'webhook.closeLog' }]
  const listIdle = s.matches({ ready: { main: 'idle' } })
  return [
    done('loadWebhooks', threeEndpoints),
    error('loadWebhooks', new Error('offline')),
    { type: 'webhooks.retry' },
    ...(added ? [] : [{ type: 'webhook.create' } as const]),
    { type: 'webhook.edit', id: ordersEndpoint.id },
    { type: 'webhook.change', field: 'url', value: newEndpoint.url },
    { type: 'webhook.change', field: 'url', value: '' },
    { type: 'webhook.change', field: 'description', value: 'Data warehouse' },
    { type: 'webhook.setEventTypes', eventTypes: ['member.joined'] },
    { type: 'webhook.setEventTypes', eventTypes: [] },
    { type: 'webhook.setDraftEnabled', enabled: true },
    { type: 'webhook.save' },
    { type: 'webhook.cancel' },
    { type: 'webhook.secretDone' },
    { type: 'webhook.rotate', id: ordersEndpoint.id },
    { type: 'webhook.confirmRotate' },
    { type: 'webhook.delete', id: crmEndpoint.id },
    { type: 'webhook.confirmDelete' },
    { type: 'webhook.sendTest', id: ordersEndpoint.id },
    ...(listIdle
      ? ([
          { type: 'webhook.setEnabled', id: crmEndpoint.id, enabled: false },
          { type: 'webhook.setEnabled', id: oldEndpoint.id, enabled: true },
          { type: 'webhook.openLog', id: ordersEndpoint.id },
        ] as const)
      : []),
    ...(added ? [] : [done('createWebhook', createdAnswer)]),
    error('createWebhook', privateHost),
    done('updateWebhook', { ...ordersEndpoint, url: newEndpoint.url }),
    error('updateWebhook', privateHost),
    done('rotateSecret', rotatedAnswer),
    error('rotateSecret', refused),
    done('deleteWebhook', undefined),
    error('deleteWebhook', gone),
    error('deleteWebhook', refused),
    done('sendTestEvent', testDelivery),
    error('sendTestEvent', refused),
  ]
}

describe('webhooks (model)', () => {
  it('walks every transition: drafts are checked before they are sent, the secret is shown once, a refused switch is rolled back', async () => {
    const result = await walkEveryTransition({
      machine: webhooksMachine,
      events: events as never,
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.endpoints?.map((e) => `${e.id}:${e.enabled}`) ?? null,
          s.context.draft.url !== '',
          s.context.draft.eventTypes.length,
          s.context.targetId,
          s.context.secret !== null,
          s.context.toggle?.id ?? null,
          s.context.logEndpointId,
        ]),
      start: (inspect) => {
        const loadWebhooks = controllable<ReadonlyArray<WebhookEndpoint>, void>()
        const createWebhook = controllable<WebhookWithSecret, CreateWebhookRequest>()
        const updateWebhook = controllable<WebhookEndpoint, { id: string; body: UpdateWebhookRequest }>()
        const setWebhookEnabled = controllable<WebhookEndpoint, { id: string; enabled: boolean }>()
        const rotateSecret = controllable<WebhookWithSecret, { id: string }>()
        const deleteWebhook = controllable<void, { id: string }>()
        const sendTestEvent = controllable<WebhookDelivery, { id: string }>()
        const stubs = { loadWebhooks, createWebhook, updateWebhook, setWebhookEnabled, rotateSecret, deleteWebhook, sendTestEvent }
        const emitted: WebhooksEmitted[] = []
        const machine = webhooksMachine.provide({
          actors: {
            loadWebhooks: loadWebhooks.logic,
            createWebhook: createWebhook.logic,
            updateWebhook: updateWebhook.logic,
            setWebhookEnabled: setWebhookEnabled.logic,
            rotateSecret: rotateSecret.logic,
            deleteWebhook: deleteWebhook.logic,
            sendTestEvent: sendTestEvent.logic,
            webhookDeliveries: quietLog,
          },
        })
        const actor = createActor(machine, { inspect })
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const e = event as ModelEvent
            if (await settleActorEvent(e, stubs)) return
            actor.send(e as WebhooksEvent)
          },
          check: (s) => {
            const c = s.context
            expect(s.matches(selectWebhooksStatus(s))).toBe(true)
            if (s.matches('failed')) expect(c.loadError).not.toBeNull()
            // The secret exists only while it is on screen.
            expect(c.secret !== null).toBe(s.matches({ ready: { main: 'secretShown' } }))
            if (!s.matches('ready')) return
            const view = selectWebhooksView(s)
            // Only a draft the contract accepts is sent, and it is sent as typed (trimmed).
            if (view === 'creating') {
              expect(draftErrors(c.draft, false)).toEqual({})
              expect(createWebhook.calls.at(-1)).toEqual(requestOf(c.draft))
            }
            if (view === 'saving') expect(updateWebhook.calls.at(-1)).toEqual({ id: ordersEndpoint.id, body: requestOf(c.draft) })
            if (view === 'rotating') expect(rotateSecret.calls.at(-1)).toEqual({ id: ordersEndpoint.id })
            if (view === 'deleting') expect(deleteWebhook.calls.at(-1)).toEqual({ id: crmEndpoint.id })
            if (view === 'sendingTest') expect(sendTestEvent.calls.at(-1)).toEqual({ id: ordersEndpoint.id })
            if (view === 'list') expect([c.draft, c.targetId, c.fieldErrors, c.formError]).toEqual([EMPTY_WEBHOOK_DRAFT, null, {}, null])
            // A refused save shows the server's sentence under its field.
            if (view === 'editing' && c.fieldErrors.url === 'The endpoint must name a public host') expect(c.formError).toBeNull()
            // What is listed: what was loaded, plus what was added, minus what was removed.
            const ids = selectEndpoints(s).map((e) => e.id)
            expect(ids).toContain(ordersEndpoint.id)
            expect(ids.includes(newEndpoint.id)).toBe(emitted.some((e) => e.type === 'webhooks.created'))
            expect(ids.includes(crmEndpoint.id)).toBe(!emitted.some((e) => e.type === 'webhooks.deleted'))
            // A switch shows at once while it is sent, and a refused one is back as it was.
            if (s.matches({ ready: { toggle: 'saving' } })) {
              const pending = c.toggle!
              expect(setWebhookEnabled.calls.at(-1)).toEqual({ id: pending.id, enabled: pending.enabled })
              expect(selectEndpoints(s).find((e) => e.id === pending.id)?.enabled).toBe(pending.enabled)
            } else expect(c.toggle).toBeNull()
            if (emitted.at(-1)?.type === 'webhooks.failed' && emitted.length > 0 && s.matches({ ready: { toggle: 'idle' } })) {
              for (const e of selectEndpoints(s)) {
                const loaded = threeEndpoints.find((x) => x.id === e.id)
                const toggled = emitted.some((x) => x.type === 'webhooks.toggled' && x.endpoint.id === e.id)
                if (loaded && !toggled) expect([e.enabled, e.disabled_reason]).toEqual([loaded.enabled, loaded.disabled_reason])
              }
            }
            // The log runs for the endpoint it was opened for, and only while it is open.
            const log = selectDeliveriesActor(s)
            if (s.matches({ ready: { log: 'open' } })) expect(log?.getSnapshot().context.endpointId).toBe(ordersEndpoint.id)
            else expect(log).toBeUndefined()
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
