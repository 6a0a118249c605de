/**
 * Webhooks end to end on the in-process app (docs/api.md "Webhooks"): endpoints managed through
 * the API, deliveries POSTed to a real HTTP receiver on 127.0.0.1 (allow-listed) that verifies
 * each with the `standardwebhooks` library, retries with backoff on 500 / timeout / refused
 * connection, disabling after three days of failures (the test clock) and the admins'
 * notification, the endpoint policy, and refusals across workspaces and permissions.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '../../contract/developers.ts'
import * as schema from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { type WebhookDeliveryService, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_USER_AGENT } from './delivery.ts'
import { enqueueWebhookEvent } from '../webhook-events/events.ts'

/** One request the receiver got. */
interface Received {
  readonly path: string
  readonly headers: http.IncomingHttpHeaders
  readonly body: string
}

/** How the receiver answers a path: a status, or no answer at all (hangs until the client gives up). */
type Answer = { status: number; body?: string } | 'hang'

interface Receiver {
  readonly origin: string
  readonly received: Received[]
  answer(path: string, how: Answer): void
  close(): Promise<void>
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = []
  const answers = new Map<string, Answer>()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = req.url ?? '/'
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      const how = answers.get(path) ?? { status: 204 }
      if (how === 'hang') return
      res.writeHead(how.status, { 'content-type': 'text/plain' }).end(how.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer: (path, how) => answers.set(path, how),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A port nothing listens on (a connection is refused). */
async function closedPort(): Promise<number> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Verifies a received delivery with the standard's library; throws when the signature does not. */
const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  })

const TIMEOUT_MS = 400

let server: TestServer
let receiver: Receiver
let worker: WebhookDeliveryService
let acme: string

/** Signed-in headers for a demo user in Acme, signed in again once the test clock has moved past the access token. */
const sessions = new Map<string, { headers: Record<string, string>; atMs: number }>()
async function as(email: string, org = acme): Promise<Record<string, string>> {
  const held = sessions.get(email + org)
  if (held !== undefined && server.clock.ms >= held.atMs && server.clock.ms - held.atMs < 200_000) return held.headers
  const headers = server.authHeaders((await server.signIn(email)).access_token, org)
  sessions.set(email + org, { headers, atMs: server.clock.ms })
  return headers
}

beforeAll(async () => {
  receiver = await startReceiver()
  server = await startTestServer({}, () => ({
    // '127.0.0.1' without a port: the receiver and the refusing port are both allowed.
    webhooks: { allowHosts: ['127.0.0.1'], timeoutMs: TIMEOUT_MS },
    onWebhookDelivery: (service) => (worker = service),
  }))
  acme = await server.orgId('Acme Support')
}, 60_000)

afterAll(async () => {
  await worker?.stop()
  await server?.close()
  await receiver?.close()
})

beforeEach(async () => {
  // Each test starts from a workspace without endpoints (deliveries and attempts go with them).
  await server.handle.db.delete(schema.webhookEndpoints)
  receiver.received.length = 0
  server.clock.ms = Date.now()
})

const path = (name: string) => `/hook/${name}`

async function createEndpoint(name: string, body: Record<string, unknown> = {}, url = receiver.origin + path(name)): Promise<WebhookWithSecret> {
  const response = await server.request('POST', '/api/organizations/webhooks', {
    headers: await as('admin@acme.test'),
    body: { url, event_types: ['member.joined', 'member.removed'], ...body },
  })
  expect(response.status, await response.clone().text()).toBe(201)
  return (await response.json()) as WebhookWithSecret
}

const deliveries = async (id: string, query = '') => {
  const response = await server.request('GET', `/api/organizations/webhooks/${id}/deliveries${query}`, { headers: await as('admin@acme.test') })
  expect(response.status).toBe(200)
  return (await response.json()) as WebhookDeliveryPage
}

const endpointRow = async (id: string) => {
  const [row] = await server.handle.db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, id))
  return row
}

const emit = (type: 'member.joined' | 'member.removed' | 'role.assigned', data: Record<string, unknown>) =>
  server.handle.db.transaction((tx) => enqueueWebhookEvent(tx, acme, type, data, { now: new Date(server.clock.ms) }))

describe('webhooks', () => {
  test('Scenario: an endpoint is added with a secret shown once, and a test event reaches the receiver signed per Standard Webhooks', async () => {
    const created = await createEndpoint('signed', { description: 'CRM sync' })
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(created.endpoint).toMatchObject({ url: receiver.origin + path('signed'), description: 'CRM sync', enabled: true, disabled_reason: null, failing_since: null })

    const list = await server.request('GET', '/api/organizations/webhooks', { headers: await as('admin@acme.test') })
    const listed = (await list.json()) as { items: WebhookEndpoint[] }
    expect(listed.items.map((e) => e.id)).toEqual([created.endpoint.id])
    expect(JSON.stringify(listed)).not.toContain(created.secret)
    // At rest the secret is sealed, not stored as given.
    expect((await endpointRow(created.endpoint.id))?.secret).not.toContain(created.secret.slice(6))

    const test = await server.request('POST', `/api/organizations/webhooks/${created.endpoint.id}/test`, { headers: await as('admin@acme.test') })
    expect(test.status).toBe(202)
    const queued = (await test.json()) as WebhookDelivery
    expect(queued.event_type).toBe('webhook.test')
    await worker.drain()

    expect(receiver.received).toHaveLength(1)
    const [got] = receiver.received
    expect(got?.headers['content-type']).toBe('application/json')
    expect(got?.headers['user-agent']).toBe(WEBHOOK_USER_AGENT)
    expect(got?.headers['webhook-id']).toBe(queued.message_id)
    expect(verify(created.secret, got as Received)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: created.endpoint.id } })
    // Another secret does not verify it.
    expect(() => verify(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, got as Received)).toThrow()

    const [delivery] = (await deliveries(created.endpoint.id)).items
    expect(delivery).toMatchObject({ id: queued.id, status: 'succeeded', next_attempt_at: null, payload: got?.body })
    expect(delivery?.attempts).toEqual([expect.objectContaining({ status_code: 204, error: null, response_excerpt: '' })])
  })

  test('Scenario: an event goes to each enabled endpoint that subscribes to it, one message id, the exact body signed', async () => {
    const both = await createEndpoint('both')
    const other = await createEndpoint('other', { event_types: ['role.assigned'] })
    const off = await createEndpoint('off', { enabled: false })
    await emit('member.joined', { user_id: 'u1', email: 'new@acme.test' })
    await worker.drain()
    expect(receiver.received.map((r) => r.path)).toEqual([path('both')])
    const [got] = receiver.received
    const payload = verify(both.secret, got as Received) as { type: string; timestamp: string; data: unknown }
    expect(payload).toEqual({ type: 'member.joined', timestamp: new Date(server.clock.ms).toISOString(), data: { user_id: 'u1', email: 'new@acme.test' } })
    expect((await deliveries(other.endpoint.id)).items).toEqual([])
    expect((await deliveries(off.endpoint.id)).items).toEqual([])
  })

  test('Scenario: after a rotation both the new and the previous secret verify until the overlap ends', async () => {
    const created = await createEndpoint('rotate')
    const rotated = await server.request('POST', `/api/organizations/webhooks/${created.endpoint.id}/rotate-secret`, { headers: await as('admin@acme.test') })
    expect(rotated.status).toBe(200)
    const { secret, endpoint } = (await rotated.json()) as WebhookWithSecret
    expect(secret).not.toBe(created.secret)
    expect(Date.parse(endpoint.previous_secret_expires_at ?? '') - server.clock.ms).toBe(24 * 3_600_000)

    await emit('member.removed', { user_id: 'u2' })
    await worker.drain()
    const [during] = receiver.received
    expect(String(during?.headers['webhook-signature']).split(' ')).toHaveLength(2)
    expect(verify(secret, during as Received)).toMatchObject({ type: 'member.removed' })
    expect(verify(created.secret, during as Received)).toMatchObject({ type: 'member.removed' })

    // Past the overlap only the new secret signs.
    server.clock.ms += 24 * 3_600_000 + 1_000
    await emit('member.removed', { user_id: 'u3' })
    await worker.drain()
    const after = receiver.received[1] as Received
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1)
    const list = (await (await server.request('GET', '/api/organizations/webhooks', { headers: await as('admin@acme.test') })).json()) as { items: WebhookEndpoint[] }
    expect(list.items[0]?.previous_secret_expires_at).toBeNull()
    const audit = await server.handle.db.select().from(schema.auditEvents).where(and(eq(schema.auditEvents.orgId, acme), eq(schema.auditEvents.targetId, created.endpoint.id)))
    expect(audit.map((a) => a.kind).sort()).toEqual(['webhook.created', 'webhook.secret_rotated'])
    expect(JSON.stringify(audit)).not.toContain(secret)
  })

  test('Scenario: 500, a timeout and a refused connection are each retried after the backoff, every attempt logged', async () => {
    receiver.answer(path('flaky'), { status: 500, body: 'x'.repeat(2_000) })
    receiver.answer(path('slow'), 'hang')
    const flaky = await createEndpoint('flaky')
    const slow = await createEndpoint('slow')
    const refused = await createEndpoint('refused', {}, `http://127.0.0.1:${await closedPort()}/hook`)
    await emit('member.joined', { user_id: 'u4' })
    await worker.drain()

    const first = async (id: string) => (await deliveries(id)).items[0] as WebhookDelivery
    const due = new Date(server.clock.ms + (WEBHOOK_RETRY_DELAYS_MS[0] as number)).toISOString()
    expect(await first(flaky.endpoint.id)).toMatchObject({ status: 'pending', next_attempt_at: due })
    expect((await first(flaky.endpoint.id)).attempts).toEqual([
      expect.objectContaining({ status_code: 500, error: 'The endpoint answered 500', response_excerpt: 'x'.repeat(500) }),
    ])
    const timedOut = (await first(slow.endpoint.id)).attempts[0]
    expect(timedOut).toMatchObject({ status_code: null, error: `No answer within ${TIMEOUT_MS / 1000} s` })
    expect(timedOut?.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
    expect((await first(refused.endpoint.id)).attempts[0]).toMatchObject({ status_code: null, error: 'Connection refused' })
    expect((await endpointRow(flaky.endpoint.id))?.failingSince).not.toBeNull()

    // Not before the first delay has passed...
    server.clock.ms += (WEBHOOK_RETRY_DELAYS_MS[0] as number) - 1_000
    await worker.drain()
    expect((await first(flaky.endpoint.id)).attempts).toHaveLength(1)
    // ...then the second attempt, and the flaky one now succeeds, ending its run of failures.
    receiver.answer(path('flaky'), { status: 200, body: 'ok' })
    server.clock.ms += 1_000
    await worker.drain()
    expect(await first(flaky.endpoint.id)).toMatchObject({ status: 'succeeded', next_attempt_at: null })
    expect((await first(flaky.endpoint.id)).attempts.map((a) => a.status_code)).toEqual([500, 200])
    expect((await endpointRow(flaky.endpoint.id))?.failingSince).toBeNull()
    expect((await first(refused.endpoint.id)).attempts).toHaveLength(2)
    const flakyIds = new Set(receiver.received.filter((r) => r.path === path('flaky')).map((r) => r.headers['webhook-id']))
    expect(flakyIds.size).toBe(1)

    // Every delay of the schedule, then failed.
    for (const delay of WEBHOOK_RETRY_DELAYS_MS.slice(1)) {
      server.clock.ms += delay
      await worker.drain()
    }
    const gaveUp = await first(refused.endpoint.id)
    expect(gaveUp).toMatchObject({ status: 'failed', next_attempt_at: null })
    expect(gaveUp.attempts).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1)
  })

  test('Scenario: an endpoint failing for three days is disabled, its waiting deliveries failed, and the members who manage webhooks are told', async () => {
    receiver.answer(path('down'), { status: 503 })
    const down = await createEndpoint('down')
    const healthy = await createEndpoint('healthy')
    const notificationsBefore = await server.handle.db.select().from(schema.notifications)
    await emit('member.joined', { user_id: 'u5' })
    await worker.drain()
    const started = (await endpointRow(down.endpoint.id))?.failingSince
    expect(started?.getTime()).toBe(server.clock.ms)

    // Almost three days later a new event fails too: still on.
    server.clock.ms += WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000 - 60_000
    await emit('member.joined', { user_id: 'u6' })
    await worker.drain()
    expect((await endpointRow(down.endpoint.id))?.enabled).toBe(true)

    // Past three days: the next failure turns it off.
    server.clock.ms += 120_000
    await emit('member.joined', { user_id: 'u7' })
    await worker.drain()
    const row = await endpointRow(down.endpoint.id)
    expect(row).toMatchObject({ enabled: false, disabledReason: 'failing' })
    const page = await deliveries(down.endpoint.id)
    expect(page.items.every((d) => d.status === 'failed' || d.status === 'succeeded')).toBe(true)
    expect((await deliveries(healthy.endpoint.id)).items.every((d) => d.status === 'succeeded')).toBe(true)

    const made = (await server.handle.db.select().from(schema.notifications)).filter((n) => !notificationsBefore.some((b) => b.id === n.id))
    const [adminUser] = await server.handle.db.select().from(schema.users).where(eq(schema.users.email, 'admin@acme.test'))
    expect(made.map((n) => n.userId)).toEqual([adminUser?.id])
    expect(made[0]).toMatchObject({ orgId: acme, title: 'Webhook endpoint turned off', actionUrl: '/app/developers?tab=webhooks', priority: 'high' })
    expect(made[0]?.body).toContain(receiver.origin + path('down'))

    // Nothing more goes to it; turning it back on clears the failure.
    const sent = receiver.received.length
    await emit('member.joined', { user_id: 'u8' })
    await worker.drain()
    expect(receiver.received.filter((r) => r.path === path('down')).length).toBe(receiver.received.filter((r, i) => i < sent && r.path === path('down')).length)
    const on = await server.request('PATCH', `/api/organizations/webhooks/${down.endpoint.id}`, { headers: await as('admin@acme.test'), body: { enabled: true } })
    expect(on.status).toBe(200)
    expect(await on.json()).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null })
  })

  test('Scenario: Resend sends the same message again at once; the log pages newest first', async () => {
    const created = await createEndpoint('resend')
    for (let i = 0; i < 23; i++) {
      await emit('member.joined', { n: i })
      server.clock.ms += 1
    }
    await worker.drain()
    const first = await deliveries(created.endpoint.id)
    expect(first.items).toHaveLength(20)
    expect(first.items.map((d) => (JSON.parse(d.payload) as { data: { n: number } }).data.n)).toEqual(Array.from({ length: 20 }, (_, i) => 22 - i))
    const second = await deliveries(created.endpoint.id, `?before=${first.next_cursor}`)
    expect(second.items).toHaveLength(3)
    expect(second.next_cursor).toBeNull()
    expect((await server.request('GET', `/api/organizations/webhooks/${created.endpoint.id}/deliveries?before=nope`, { headers: await as('admin@acme.test') })).status).toBe(400)

    const target = first.items[5] as WebhookDelivery
    const resent = await server.request('POST', `/api/organizations/webhooks/${created.endpoint.id}/deliveries/${target.id}/resend`, { headers: await as('admin@acme.test') })
    expect(resent.status).toBe(202)
    await worker.drain()
    const again = receiver.received.filter((r) => r.headers['webhook-id'] === target.message_id)
    expect(again).toHaveLength(2)
    expect(again[1]?.body).toBe(target.payload)
  })

  test('Scenario: a URL the endpoint policy refuses is a 400 at ["url"] and writes nothing', async () => {
    const before = await server.snapshot()
    for (const url of [
      'https://10.0.0.1/hook',
      'https://[::1]/hook',
      'http://example.com/hook',
      'https://example.com:8443/hook',
      'https://localhost/hook',
      'https://intranet/hook',
      'https://user:secret@example.com/hook',
      'ftp://example.com/hook',
      ` ${receiver.origin}/hook`,
    ]) {
      const response = await server.request('POST', '/api/organizations/webhooks', { headers: await as('admin@acme.test'), body: { url, event_types: ['member.joined'] } })
      expect(response.status, url).toBe(400)
      const body = (await response.json()) as { error: { issues: Array<{ path: unknown[] }> } }
      expect(body.error.issues.map((i) => i.path), url).toContainEqual(['url'])
    }
    const created = await createEndpoint('policy')
    const patched = await server.request('PATCH', `/api/organizations/webhooks/${created.endpoint.id}`, { headers: await as('admin@acme.test'), body: { url: 'https://192.168.1.1/hook' } })
    expect(patched.status).toBe(400)
    expect((await endpointRow(created.endpoint.id))?.url).toBe(created.endpoint.url)
    await server.request('DELETE', `/api/organizations/webhooks/${created.endpoint.id}`, { headers: await as('admin@acme.test') })
    const { audit_events: _a, ...after } = await server.snapshot()
    const { audit_events: _b, ...expected } = before
    expect(after).toEqual(expected)
  })

  test('Scenario: bodies with NUL bytes, lone surrogates, huge or malformed JSON are a 400 and change nothing', async () => {
    const created = await createEndpoint('bodies')
    const headers = await as('admin@acme.test')
    const before = await server.snapshot()
    const url = `${receiver.origin}/ok`
    const bodies: unknown[] = [
      '{"url": ',
      'null',
      [],
      { url, event_types: ['member.joined'], description: 'a\u0000b' },
      { url, event_types: ['member.joined'], description: 'lone \ud800 surrogate' },
      { url: `${receiver.origin}/\ud800`, event_types: ['member.joined'] },
      { url: `${receiver.origin}/\u0000`, event_types: ['member.joined'] },
      { url, event_types: ['member.joined'], description: 'x'.repeat(201) },
      { url: `${receiver.origin}/${'x'.repeat(2_100)}`, event_types: ['member.joined'] },
      { url, event_types: [] },
      { url, event_types: ['member.joined', 'member.joined'] },
      { url, event_types: ['no.such.event'] },
      { url, event_types: ['member.joined'], description: 'x'.repeat(100_000) },
    ]
    for (const body of bodies) {
      for (const [method, target] of [
        ['POST', '/api/organizations/webhooks'],
        ['PATCH', `/api/organizations/webhooks/${created.endpoint.id}`],
      ] as const) {
        const response = await server.request(method, target, { headers, body })
        expect([400, 413], `${method} ${JSON.stringify(body).slice(0, 80)}`).toContain(response.status)
      }
    }
    expect(await server.snapshot()).toEqual(before)
  })

  test('Scenario: a workspace has at most 20 endpoints', async () => {
    for (let i = 0; i < 20; i++) await createEndpoint(`n${i}`)
    const refused = await server.request('POST', '/api/organizations/webhooks', { headers: await as('admin@acme.test'), body: { url: `${receiver.origin}/x`, event_types: ['member.joined'] } })
    expect(refused.status).toBe(409)
  })

  test("Scenario: another workspace's endpoint and delivery ids answer 404 like unknown ones; a member without Webhooks gets 403", async () => {
    const created = await createEndpoint('tenant')
    await emit('member.joined', { user_id: 'u9' })
    await worker.drain()
    const [delivery] = (await deliveries(created.endpoint.id)).items
    const initech = await server.orgId('Initech')
    const outsider = await as('newbie@initech.test', initech)
    const mine = await createEndpoint('mine')
    const [adminHeaders, agentHeaders] = [await as('admin@acme.test'), await as('agent@acme.test')]
    const before = await server.snapshot()
    const id = created.endpoint.id
    const calls: Array<[string, string, unknown?]> = [
      ['PATCH', `/api/organizations/webhooks/${id}`, { enabled: false }],
      ['DELETE', `/api/organizations/webhooks/${id}`],
      ['POST', `/api/organizations/webhooks/${id}/rotate-secret`],
      ['POST', `/api/organizations/webhooks/${id}/test`],
      ['GET', `/api/organizations/webhooks/${id}/deliveries`],
      ['POST', `/api/organizations/webhooks/${id}/deliveries/${delivery?.id}/resend`],
    ]
    for (const [method, url, body] of calls) {
      const foreign = await server.request(method, url, { headers: outsider, body })
      expect(foreign.status, `${method} ${url}`).toBe(404)
      const unknown = await server.request(method, url.replace(id, crypto.randomUUID()), { headers: adminHeaders, body })
      expect(unknown.status, `${method} ${url}`).toBe(404)
      expect(await foreign.json()).toEqual(await unknown.json())
      expect((await server.request(method, url, { headers: agentHeaders, body })).status, `${method} ${url}`).toBe(403)
    }
    // A delivery of the endpoint resent through another endpoint of the same workspace: 404 too.
    const crossed = await server.request('POST', `/api/organizations/webhooks/${mine.endpoint.id}/deliveries/${delivery?.id}/resend`, { headers: adminHeaders })
    expect(crossed.status).toBe(404)
    const listed = (await (await server.request('GET', '/api/organizations/webhooks', { headers: outsider })).json()) as { items: unknown[] }
    expect(listed.items).toEqual([])
    expect((await server.request('GET', '/api/organizations/webhooks', { headers: agentHeaders })).status).toBe(403)
    expect(await server.snapshot()).toEqual(before)
  })
})
