import { SimulatedClock, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { CreateWebhookRequest, UpdateWebhookRequest, WebhookDelivery, WebhookDeliveryPage, WebhookEndpoint, WebhookWithSecret } from '../../contract/developers.ts'
import { controllable } from '../testing/stubs.ts'
import { ENGLISH } from '../language/languages.ts'
import { createTranslator } from '../../src/i18n/translator.ts'

import { WEBHOOK_LOG_POLL_MS, type DeliveriesPageRequest, type WebhookDeliveriesEmitted, webhookDeliveriesMachine } from './webhookDeliveries.machine.ts'
import { deliveryStatusLabel, prettyPayload, selectDeliveriesStatus, selectHasMore } from './webhookDeliveries.selectors.ts'
import {
  createdAnswer,
  crmEndpoint,
  deliveredDelivery,
  failedDelivery,
  firstPage,
  newEndpoint,
  oldEndpoint,
  ordersEndpoint,
  retryingDelivery,
  rotatedAnswer,
  secondPage,
  settledPage,
  testDelivery,
  threeEndpoints,
} from './webhooks.fixtures.ts'
import { type WebhooksEmitted, webhooksMachine } from './webhooks.machine.ts'
import { endpointStatus, selectDeliveriesActor, selectEndpoints, selectSecret, selectWebhooksView } from './webhooks.selectors.ts'

/** Messages read in English. */
const english = createTranslator(ENGLISH)

const refused = { status: 500, code: 'internal_error', message: 'Something went wrong on our side.', issues: [] }

function startWebhooks() {
  const loadWebhooks = controllable<ReadonlyArray<WebhookEndpoint>, void>()
  const createWebhook = controllable<WebhookWithSecret, CreateWebhookRequest>()
  const updateWebhook = controllable<WebhookEndpoint, { id: string; body: UpdateWebhookRequest }>()
  const setWebhookEnabled = controllable<WebhookEndpoint, { id: string; enabled: boolean }>()
  const rotateSecret = controllable<WebhookWithSecret, { id: string }>()
  const deleteWebhook = controllable<void, { id: string }>()
  const sendTestEvent = controllable<WebhookDelivery, { id: string }>()
  const log = startLogStubs()
  const clock = new SimulatedClock()
  const machine = webhooksMachine.provide({
    actors: {
      loadWebhooks: loadWebhooks.logic,
      createWebhook: createWebhook.logic,
      updateWebhook: updateWebhook.logic,
      setWebhookEnabled: setWebhookEnabled.logic,
      rotateSecret: rotateSecret.logic,
      deleteWebhook: deleteWebhook.logic,
      sendTestEvent: sendTestEvent.logic,
      webhookDeliveries: log.machine,
    },
  })
  const actor = createActor(machine, { clock })
  const emitted: WebhooksEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  const secrets: Array<string | null> = []
  actor.subscribe((s) => secrets.push(s.context.secret?.secret ?? null))
  actor.start()
  return { actor, emitted, secrets, clock, log, loadWebhooks, createWebhook, updateWebhook, setWebhookEnabled, rotateSecret, deleteWebhook, sendTestEvent }
}

function startLogStubs() {
  const load = controllable<WebhookDeliveryPage, DeliveriesPageRequest>()
  const resend = controllable<WebhookDelivery, { endpointId: string; deliveryId: string }>()
  const sendTest = controllable<WebhookDelivery, { id: string }>()
  const machine = webhookDeliveriesMachine.provide({ actors: { loadDeliveries: load.logic, resendDelivery: resend.logic, sendTestEvent: sendTest.logic } })
  return { machine, load, resend, sendTest }
}

function startLog() {
  const stubs = startLogStubs()
  const clock = new SimulatedClock()
  const actor = createActor(stubs.machine, { input: { endpointId: ordersEndpoint.id }, clock })
  const emitted: WebhookDeliveriesEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  return { actor, clock, emitted, ...stubs }
}

describe(webhooksMachine.id, () => {
  it('Scenario: the draft is checked by the contract before anything is sent', async () => {
    const { actor, loadWebhooks, createWebhook } = startWebhooks()
    await loadWebhooks.resolve(threeEndpoints)
    actor.send({ type: 'webhook.create' })
    actor.send({ type: 'webhook.change', field: 'url', value: 'ftp://files.acme.test' })
    actor.send({ type: 'webhook.save' })
    expect(selectWebhooksView(actor.getSnapshot())).toBe('editing')
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ url: 'Enter an https:// URL', event_types: 'Choose at least one event' })
    expect(createWebhook.calls).toEqual([])
    // Typing in a field clears its message only.
    actor.send({ type: 'webhook.change', field: 'url', value: ' https://hooks.acme.test/new ' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ event_types: 'Choose at least one event' })
  })

  it("Scenario: the server's issue lands under its field, and the draft stays as typed", async () => {
    const { actor, loadWebhooks, createWebhook } = startWebhooks()
    await loadWebhooks.resolve(threeEndpoints)
    actor.send({ type: 'webhook.create' })
    actor.send({ type: 'webhook.change', field: 'url', value: 'https://10.0.0.5/hook' })
    actor.send({ type: 'webhook.setEventTypes', eventTypes: ['member.joined'] })
    actor.send({ type: 'webhook.save' })
    expect(selectWebhooksView(actor.getSnapshot())).toBe('creating')
    expect(createWebhook.calls.at(-1)).toEqual({ url: 'https://10.0.0.5/hook', description: '', event_types: ['member.joined'], enabled: true })
    await createWebhook.reject({
      status: 400,
      code: 'invalid_request',
      message: 'The request body is invalid.',
      issues: [{ path: ['url'], message: 'The endpoint must name a public host' }],
    })
    const s = actor.getSnapshot()
    expect(selectWebhooksView(s)).toBe('editing')
    expect(s.context.fieldErrors).toEqual({ url: 'The endpoint must name a public host' })
    expect(s.context.formError).toBeNull()
    expect(s.context.draft.url).toBe('https://10.0.0.5/hook')
  })

  it('Scenario: the signing secret is shown once after create, and gone from the context once dismissed', async () => {
    const { actor, emitted, secrets, loadWebhooks, createWebhook } = startWebhooks()
    await loadWebhooks.resolve(threeEndpoints)
    actor.send({ type: 'webhook.create' })
    actor.send({ type: 'webhook.change', field: 'url', value: newEndpoint.url })
    actor.send({ type: 'webhook.change', field: 'description', value: newEndpoint.description })
    actor.send({ type: 'webhook.setEventTypes', eventTypes: ['member.joined'] })
    actor.send({ type: 'webhook.save' })
    await createWebhook.resolve(createdAnswer)
    expect(selectWebhooksView(actor.getSnapshot())).toBe('secretShown')
    expect(selectSecret(actor.getSnapshot())).toEqual({ endpointId: newEndpoint.id, secret: createdAnswer.secret, reason: 'created' })
    expect(selectEndpoints(actor.getSnapshot())[0]).toEqual(newEndpoint)
    expect(emitted.map((e) => e.type)).toEqual(['webhooks.created'])
    actor.send({ type: 'webhook.secretDone' })
    expect(selectSecret(actor.getSnapshot())).toBeNull()
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(createdAnswer.secret)
    // It was in the context for exactly one stretch of snapshots.
    const shown = secrets.map((x) => x === createdAnswer.secret)
    expect(shown.indexOf(true)).toBeGreaterThan(0)
    expect(shown.lastIndexOf(true) - shown.indexOf(true) + 1).toBe(shown.filter(Boolean).length)
  })

  it('Scenario: rotating asks first, then shows the new secret once and the endpoint with the previous secret still signing', async () => {
    const { actor, emitted, loadWebhooks, rotateSecret } = startWebhooks()
    await loadWebhooks.resolve(threeEndpoints)
    actor.send({ type: 'webhook.rotate', id: ordersEndpoint.id })
    expect(selectWebhooksView(actor.getSnapshot())).toBe('confirmingRotate')
    expect(rotateSecret.calls).toEqual([])
    actor.send({ type: 'webhook.confirmRotate' })
    await rotateSecret.resolve(rotatedAnswer)
    expect(selectSecret(actor.getSnapshot())?.reason).toBe('rotated')
    expect(selectEndpoints(actor.getSnapshot())[0]!.previous_secret_expires_at).toBe(rotatedAnswer.endpoint.previous_secret_expires_at)
    actor.send({ type: 'webhook.secretDone' })
    expect(actor.getSnapshot().context.secret).toBeNull()
    expect(emitted.map((e) => e.type)).toEqual(['webhooks.secretRotated'])
  })

  it('Scenario: disabling shows at once; a refusal puts the endpoint back and says why', async () => {
    const { actor, emitted, loadWebhooks, setWebhookEnabled } = startWebhooks()
    await loadWebhooks.resolve(threeEndpoints)
    actor.send({ type: 'webhook.setEnabled', id: crmEndpoint.id, enabled: false })
    expect(selectEndpoints(actor.getSnapshot()).find((e) => e.id === crmEndpoint.id)?.enabled).toBe(false)
    expect(setWebhookEnabled.calls).toEqual([{ id: crmEndpoint.id, enabled: false }])
    await setWebhookEnabled.reject(refused)
    expect(selectEndpoints(actor.getSnapshot()).find((e) => e.id === crmEndpoint.id)).toEqual(crmEndpoint)
    expect(emitted).toEqual([{ type: 'webhooks.failed', message: 'Something went wrong on our side.' }])
  })

  it('Scenario: enabling an endpoint disabled after failing clears the reason at once, and the rollback brings it back', async () => {
    const { actor, loadWebhooks, setWebhookEnabled } = startWebhooks()
    await loadWebhooks.resolve(threeEndpoints)
    expect(endpointStatus(oldEndpoint).label).toBe('Disabled after failing for 3 days')
    actor.send({ type: 'webhook.setEnabled', id: oldEndpoint.id, enabled: true })
    const shown = selectEndpoints(actor.getSnapshot()).find((e) => e.id === oldEndpoint.id)!
    expect([shown.enabled, shown.disabled_reason]).toEqual([true, null])
    await setWebhookEnabled.reject(refused)
    expect(endpointStatus(selectEndpoints(actor.getSnapshot()).find((e) => e.id === oldEndpoint.id)!).label).toBe('Disabled after failing for 3 days')
  })

  it('Scenario: deleting asks first; an endpoint already gone is removed as if deleted', async () => {
    const { actor, emitted, loadWebhooks, deleteWebhook } = startWebhooks()
    await loadWebhooks.resolve(threeEndpoints)
    actor.send({ type: 'webhook.delete', id: crmEndpoint.id })
    actor.send({ type: 'webhook.confirmDelete' })
    await deleteWebhook.reject({ status: 404, code: 'not_found', message: 'There is no such webhook endpoint.', issues: [] })
    expect(selectEndpoints(actor.getSnapshot()).map((e) => e.id)).toEqual([ordersEndpoint.id, oldEndpoint.id])
    expect(emitted.map((e) => e.type)).toEqual(['webhooks.deleted'])
  })

  it('Scenario: the delivery log runs while it is open, and its polling stops when it closes', async () => {
    const { actor, clock, loadWebhooks, log } = startWebhooks()
    await loadWebhooks.resolve(threeEndpoints)
    actor.send({ type: 'webhook.openLog', id: ordersEndpoint.id })
    expect(log.load.calls).toEqual([{ endpointId: ordersEndpoint.id, before: null }])
    await log.load.resolve(firstPage)
    clock.increment(WEBHOOK_LOG_POLL_MS)
    expect(log.load.calls).toHaveLength(2)
    await log.load.resolve(firstPage)
    actor.send({ type: 'webhook.closeLog' })
    expect(selectDeliveriesActor(actor.getSnapshot())).toBeUndefined()
    clock.increment(WEBHOOK_LOG_POLL_MS * 5)
    expect(log.load.calls).toHaveLength(2)
  })
})

describe(webhookDeliveriesMachine.id, () => {
  it('Scenario: Load more appends the next page until there is none; a failed one keeps what is listed', async () => {
    const { actor, load } = startLog()
    await load.resolve(firstPage)
    expect(selectHasMore(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'deliveries.loadMore' })
    expect(load.calls.at(-1)).toEqual({ endpointId: ordersEndpoint.id, before: 'cursor-2' })
    await load.reject(refused)
    expect(actor.getSnapshot().context.items).toEqual(firstPage.items)
    expect(actor.getSnapshot().context.moreError).toBe('Something went wrong on our side.')
    actor.send({ type: 'deliveries.loadMore' })
    await load.resolve(secondPage)
    expect(actor.getSnapshot().context.items.map((d) => d.id)).toEqual([deliveredDelivery.id, retryingDelivery.id, failedDelivery.id])
    expect(selectHasMore(actor.getSnapshot())).toBe(false)
    expect(actor.getSnapshot().context.moreError).toBeNull()
  })

  it('Scenario: Resend shows the delivery queued again, then reads the log again; the pages already read stay', async () => {
    const { actor, load, resend, emitted } = startLog()
    await load.resolve(firstPage)
    actor.send({ type: 'deliveries.loadMore' })
    await load.resolve(secondPage)
    actor.send({ type: 'deliveries.resend', id: failedDelivery.id })
    expect(resend.calls).toEqual([{ endpointId: ordersEndpoint.id, deliveryId: failedDelivery.id }])
    const queued: WebhookDelivery = { ...failedDelivery, status: 'pending' }
    await resend.resolve(queued)
    expect(emitted).toEqual([{ type: 'deliveries.resent', delivery: queued }])
    expect(deliveryStatusLabel(actor.getSnapshot().context.items[2]!)).toBe('Retrying')
    expect(actor.getSnapshot().matches({ list: 'refreshing' })).toBe(true)
    expect(load.calls.at(-1)).toEqual({ endpointId: ordersEndpoint.id, before: null })
    await load.resolve(settledPage)
    const s = actor.getSnapshot()
    expect(s.context.items.map((d) => `${d.id}:${d.status}`)).toEqual(['dl-1:succeeded', 'dl-2:succeeded', 'dl-3:pending'])
    // Two pages were read: the next page is still the last one's (none).
    expect(s.context.nextCursor).toBeNull()
  })

  it('Scenario: Send test event puts the queued test first and polls until every delivery has settled', async () => {
    const { actor, load, sendTest, clock } = startLog()
    await load.resolve(settledPage)
    actor.send({ type: 'deliveries.sendTest' })
    await sendTest.resolve(testDelivery)
    expect(actor.getSnapshot().context.items[0]).toEqual(testDelivery)
    expect(deliveryStatusLabel(testDelivery)).toBe('Pending')
    const delivered: WebhookDelivery = { ...testDelivery, status: 'succeeded', attempts: deliveredDelivery.attempts }
    await load.resolve({ items: [testDelivery, ...settledPage.items], next_cursor: null })
    clock.increment(WEBHOOK_LOG_POLL_MS)
    expect(load.calls).toHaveLength(3)
    await load.resolve({ items: [delivered, ...settledPage.items], next_cursor: null })
    clock.increment(WEBHOOK_LOG_POLL_MS * 3)
    // Settled: nothing more is read.
    expect(load.calls).toHaveLength(3)
    expect(selectDeliveriesStatus(actor.getSnapshot())).toBe('ready')
  })

  it('Scenario: a failed test event is said in a toast, and the log stays as it was', async () => {
    const { actor, load, sendTest, emitted } = startLog()
    await load.resolve(settledPage)
    actor.send({ type: 'deliveries.sendTest' })
    await sendTest.reject(new Error('offline'))
    expect(emitted.map((e) => (e.type === 'deliveries.failed' ? { ...e, message: english.text(e.message) } : e))).toEqual([{ type: 'deliveries.failed', message: 'Could not send a test event. Please try again.' }])
    expect(actor.getSnapshot().context.items).toEqual(settledPage.items)
  })

  it('Scenario: a payload is pretty-printed text; anything that is not JSON is shown as sent', () => {
    expect(prettyPayload('{"type":"member.joined","data":{"id":"u-1"}}')).toBe('{\n  "type": "member.joined",\n  "data": {\n    "id": "u-1"\n  }\n}')
    expect(prettyPayload('<b>not json</b>')).toBe('<b>not json</b>')
  })
})
