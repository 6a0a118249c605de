/**
 * Web Push on the server (SPEC.md §3 Push subscription, §7 web-push calls): the endpoint
 * policy, quiet hours, the retry policy, every route with its refusals and tenant isolation, and
 * delivery when a notification is created (preferences with the category × channel matrix of
 * Quiet hours, active devices). The
 * encrypted message itself is checked end to end in protocol.test.ts.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { DEFAULT_PREFERENCES } from '../../contract/notifications.ts'
import { PushDevicesResponse, type PushPayload } from '../../contract/push.ts'
import { validate } from '../../contract/validate.ts'
import { serverSecrets, users } from '../db/schema.ts'
import { PUSH_PAYLOAD_MAX_BYTES, createPushDelivery, encodePayload } from './delivery.ts'
import { checkEndpoint, isNonPublicAddress } from '../http/endpoint-policy.ts'
import { isInQuietHours } from '../preferences/quiet-hours.ts'
import type { PushAnswer, PushMessage } from './sender.ts'
import { startPushTestServer, type PushTestServer } from '../test/push-server.ts'
import { loadVapidKeys } from './vapid.ts'

describe('endpoint policy', () => {
  const policy = { allowHosts: ['127.0.0.1:9999', 'push.test'] }
  test.each([
    ['https://fcm.googleapis.com/fcm/send/abc:def', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/gAAAA', true],
    ['https://web.push.apple.com/QGx', true],
    ['https://8.8.8.8/push', true],
    ['http://127.0.0.1:9999/push/1', true],
    ['http://push.test:1234/x', true],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://127.0.0.1/push', false],
    ['https://127.0.0.1:9998/push', false],
    ['https://localhost/push', false],
    ['https://app.localhost/push', false],
    ['https://10.1.2.3/push', false],
    ['https://172.20.0.1/push', false],
    ['https://192.168.1.1/push', false],
    ['https://169.254.169.254/latest/meta-data', false],
    ['https://100.64.0.1/', false],
    ['https://0.0.0.0/', false],
    ['https://2130706433/', false],
    ['https://[::1]/push', false],
    ['https://[::ffff:127.0.0.1]/push', false],
    ['https://[fd00::1]/push', false],
    ['https://[fe80::1]/push', false],
    ['https://intranet/push', false],
    ['https://printer.local/push', false],
    ['https://metadata.internal/push', false],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', false],
    ['https://user:secret@fcm.googleapis.com/fcm/send/abc', false],
    ['ftp://fcm.googleapis.com/x', false],
    ['not a url', false],
  ])('Scenario: %s → allowed %s', (endpoint, allowed) => {
    expect(checkEndpoint(endpoint, policy).ok).toBe(allowed)
  })

  test('Scenario: resolved addresses are judged by the same ranges', () => {
    for (const address of ['127.0.0.1', '10.0.0.5', '::1', 'fd12::3', '::ffff:7f00:1', 'not-an-ip']) expect(isNonPublicAddress(address), address).toBe(true)
    for (const address of ['142.250.74.78', '2a00:1450:4001:80b::200a']) expect(isNonPublicAddress(address), address).toBe(false)
  })
})

describe('quiet hours', () => {
  const at = (iso: string) => Date.parse(iso)
  test('Scenario: a window across midnight in the user’s zone, [start, end)', () => {
    const quiet = { enabled: true, start: '22:00', end: '07:00', timezone: 'Europe/Paris' }
    // 21:30 UTC in November is 22:30 in Paris.
    expect(isInQuietHours(quiet, at('2026-11-22T21:30:00Z'))).toBe(true)
    expect(isInQuietHours(quiet, at('2026-11-22T05:59:00Z'))).toBe(true)
    expect(isInQuietHours(quiet, at('2026-11-22T06:00:00Z'))).toBe(false)
    expect(isInQuietHours(quiet, at('2026-11-22T20:59:00Z'))).toBe(false)
    expect(isInQuietHours(quiet, at('2026-11-22T21:00:00Z'))).toBe(true)
  })
  test('Scenario: a daytime window; disabled, absent or empty windows never silence; an unknown zone is UTC', () => {
    const day = { enabled: true, start: '09:00', end: '17:00', timezone: 'UTC' }
    expect(isInQuietHours(day, at('2026-11-22T12:00:00Z'))).toBe(true)
    expect(isInQuietHours(day, at('2026-11-22T17:00:00Z'))).toBe(false)
    expect(isInQuietHours({ ...day, enabled: false }, at('2026-11-22T12:00:00Z'))).toBe(false)
    expect(isInQuietHours(null, at('2026-11-22T12:00:00Z'))).toBe(false)
    expect(isInQuietHours(undefined, at('2026-11-22T12:00:00Z'))).toBe(false)
    expect(isInQuietHours({ ...day, end: '09:00' }, at('2026-11-22T09:00:00Z'))).toBe(false)
    expect(isInQuietHours({ ...day, timezone: 'Mars/Olympus' }, at('2026-11-22T12:00:00Z'))).toBe(true)
  })
})

describe('payload and retry policy', () => {
  test('Scenario: a payload over the size budget is shortened, body first', () => {
    const long: PushPayload = { id: 'n1', title: 'Title', body: 'é'.repeat(5000), url: '/app', priority: 'normal' }
    const json = encodePayload(long)
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES)
    expect(JSON.parse(json)).toMatchObject({ id: 'n1', title: 'Title', url: '/app' })
    expect(encodePayload({ ...long, body: 'short' })).toBe(JSON.stringify({ ...long, body: 'short' }))
  })

  const target = { id: 'sub-1', endpoint: 'https://push.example/abc', p256dh: 'x', auth: 'y' }
  const payload: PushPayload = { id: 'n1', title: 't', body: 'b', url: '/app', priority: 'urgent' }
  const run = (answers: Array<PushAnswer | Error>) => {
    const waits: number[] = []
    const sent: PushMessage[] = []
    const errors: string[] = []
    const deleted: unknown[] = []
    const db = { execute: async (q: unknown) => void deleted.push(q) } as never
    const delivery = createPushDelivery({
      db,
      vapid: async () => ({ publicKey: 'p', privateKey: 'k', subject: 'mailto:a@b.c' }),
      send: async (message) => {
        sent.push(message)
        const next = answers.shift() ?? { statusCode: 201 }
        if (next instanceof Error) throw next
        return next
      },
      now: () => 0,
      sleep: async (ms) => void waits.push(ms),
      logError: (message) => errors.push(message),
    })
    return { delivery, waits, sent, errors, deleted }
  }

  test('Scenario: network errors, 429 and 5xx are retried 3 times after 1 s, 2 s, 4 s, then logged', async () => {
    const r = run([new Error('ECONNRESET'), { statusCode: 503 }, { statusCode: 500 }, { statusCode: 502 }])
    expect(await r.delivery.sendTo(target, payload)).toBe('failed')
    expect(r.sent).toHaveLength(4)
    expect(r.waits).toEqual([1000, 2000, 4000])
    expect(r.errors).toEqual(['Push to https://push.example failed after 4 attempt(s) (HTTP 502)'])
    expect(r.sent[0]).toMatchObject({ ttlS: 86_400, urgency: 'high' })
  })

  test('Scenario: a retry that succeeds; Retry-After is honoured up to 30 s', async () => {
    const r = run([{ statusCode: 429, retryAfterS: 120 }, { statusCode: 429, retryAfterS: 3 }, { statusCode: 201 }])
    expect(await r.delivery.sendTo(target, payload)).toBe('sent')
    expect(r.waits).toEqual([30_000, 3_000])
    expect(r.errors).toEqual([])
  })

  test('Scenario: 404 and 410 delete the subscription at once; other 4xx are not retried; a test send tries once', async () => {
    for (const statusCode of [404, 410]) {
      const r = run([{ statusCode }])
      expect(await r.delivery.sendTo(target, payload)).toBe('gone')
      expect(r.deleted).toHaveLength(1)
      expect(r.waits).toEqual([])
    }
    const bad = run([{ statusCode: 400 }])
    expect(await bad.delivery.sendTo(target, payload)).toBe('failed')
    expect(bad.sent).toHaveLength(1)
    const once = run([{ statusCode: 503 }])
    expect(await once.delivery.sendTo(target, payload, false)).toBe('failed')
    expect(once.sent).toHaveLength(1)
  })

  test('Scenario: TTL and urgency follow the priority', async () => {
    const r = run([])
    for (const priority of ['low', 'normal', 'high', 'urgent'] as const) await r.delivery.sendTo(target, { ...payload, priority })
    expect(r.sent.map((m) => [m.ttlS, m.urgency])).toEqual([
      [3_600, 'low'],
      [14_400, 'normal'],
      [43_200, 'high'],
      [86_400, 'high'],
    ])
  })
})

describe('web-push routes and delivery', () => {
  let server: PushTestServer
  /** Messages the fake push service received, and what it answers per endpoint (default 201). */
  const received: PushMessage[] = []
  const answers = new Map<string, number>()
  let admin: Record<string, string>
  let adminGlobex: Record<string, string>
  let agent: Record<string, string>
  const base = '/api/common-services/web-push'

  beforeAll(async () => {
    server = await startPushTestServer({
      send: async (message) => {
        received.push(message)
        return { statusCode: answers.get(message.endpoint) ?? 201 }
      },
      sleep: async () => {},
    })
    admin = await server.headersFor('admin@acme.test', 'Acme Support')
    adminGlobex = await server.headersFor('admin@acme.test', 'Globex')
    agent = await server.headersFor('agent@acme.test', 'Acme Support')
  })
  afterAll(() => server.close())
  beforeEach(() => {
    received.length = 0
    answers.clear()
  })

  const key = () => `B${randomBytes(65).toString('base64url').slice(1, 87)}`
  const subscription = (endpoint: string) => ({ endpoint, keys: { p256dh: key(), auth: randomBytes(16).toString('base64url') } })
  const deviceInfo = { browser: 'Chrome', os: 'Linux', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0', device_type: 'desktop' }
  const subscribe = (headers: Record<string, string>, deviceIdentifier: string, endpoint: string) =>
    server.request('POST', `${base}/subscribe`, { headers, body: { deviceIdentifier, subscription: subscription(endpoint), deviceInfo } })
  const devices = async (headers: Record<string, string>) => {
    const response = await server.request('GET', `${base}/devices`, { headers })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(validate(PushDevicesResponse, body).ok).toBe(true)
    return (body as PushDevicesResponse).devices
  }
  const createNotification = async (email: string, org: string, extra: Record<string, unknown> = {}) => {
    const response = await server.request('POST', '/api/internal/notifications', {
      headers: { 'x-internal-api-key': server.internalApiKey },
      body: { email, org, title: 'Queue backing up', body: 'Twelve chats waiting', ...extra },
    })
    expect(response.status).toBe(201)
    await server.push.delivery.settled()
    return ((await response.json()) as { notification: { _id: string } }).notification._id
  }

  test('Scenario: VAPID keys: generated once and kept in server_secrets; configured ones win', async () => {
    const config = { vapidPublicKey: undefined, vapidPrivateKey: undefined, vapidSubject: 'mailto:ops@engage.example' }
    const first = await loadVapidKeys(server.handle.db, config)
    expect(await loadVapidKeys(server.handle.db, config)).toEqual(first)
    expect(first.subject).toBe('mailto:ops@engage.example')
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32)
    const [row] = await server.handle.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'vapid_keys'))
    expect(JSON.parse(row?.value ?? '{}')).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey })
    const configured = { vapidPublicKey: `B${'A'.repeat(86)}`, vapidPrivateKey: 'A'.repeat(43), vapidSubject: 'https://engage.example' }
    expect(await loadVapidKeys(server.handle.db, configured)).toEqual({ publicKey: configured.vapidPublicKey, privateKey: configured.vapidPrivateKey, subject: 'https://engage.example' })
  })

  test('Scenario: the VAPID public key is a stable 65-byte P-256 point; it needs a token and membership', async () => {
    const first = await server.request('GET', `${base}/vapid-public-key`, { headers: admin })
    expect(first.status).toBe(200)
    const { publicKey } = (await first.json()) as { publicKey: string }
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65)
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4)
    expect(await (await server.request('GET', `${base}/vapid-public-key`, { headers: agent })).json()).toEqual({ publicKey })
    expect((await server.request('GET', `${base}/vapid-public-key`)).status).toBe(401)
    const initech = { ...admin, 'x-org-id': await server.orgId('Initech') }
    expect((await server.request('GET', `${base}/vapid-public-key`, { headers: initech })).status).toBe(403)
  })

  test('Scenario: subscribe validates the body and refuses endpoints that point inside the network; nothing is written', async () => {
    const good = { deviceIdentifier: 'dev-validation-1', subscription: subscription('https://fcm.googleapis.com/fcm/send/v1'), deviceInfo }
    const bad: Array<[unknown, string]> = [
      [{}, 'deviceIdentifier'],
      [{ ...good, deviceIdentifier: 'x' }, 'deviceIdentifier'],
      [{ ...good, deviceIdentifier: 'has spaces in it' }, 'deviceIdentifier'],
      [{ ...good, subscription: { ...good.subscription, keys: { p256dh: 'short', auth: good.subscription.keys.auth } } }, 'subscription'],
      [{ ...good, subscription: { ...good.subscription, keys: { p256dh: good.subscription.keys.p256dh, auth: 'x' } } }, 'subscription'],
      [{ ...good, deviceInfo: { ...deviceInfo, browser: 'Netscape' } }, 'deviceInfo'],
      [{ ...good, deviceInfo: { ...deviceInfo, device_type: 'watch' } }, 'deviceInfo'],
      [{ ...good, subscription: { ...good.subscription, endpoint: 'javascript:alert(1)' } }, 'subscription'],
    ]
    for (const endpoint of ['http://fcm.googleapis.com/fcm/send/x', 'https://127.0.0.1/x', 'https://localhost/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://10.0.0.8/x', 'https://intranet/x', 'https://fcm.googleapis.com:444/x']) {
      bad.push([{ ...good, subscription: { ...good.subscription, endpoint } }, 'subscription'])
    }
    for (const [body, field] of bad) {
      const response = await server.request('POST', `${base}/subscribe`, { headers: admin, body })
      expect(response.status, JSON.stringify(body)).toBe(400)
      const error = ((await response.json()) as { error: { code: string; issues: Array<{ path: string[] }> } }).error
      expect(error.code).toBe('invalid_request')
      expect(error.issues.some((i) => i.path[0] === field), JSON.stringify(error.issues)).toBe(true)
    }
    expect((await server.request('POST', `${base}/subscribe`, { headers: { ...admin, 'content-type': 'text/plain' }, body: JSON.stringify(good) })).status).toBe(400)
    expect(await devices(admin)).toEqual([])
  })

  test('Scenario: subscribe creates (201), then upserts the same device (200); the endpoint moves to its newest subscriber', async () => {
    const created = await subscribe(admin, 'dev-upsert-1', 'https://fcm.googleapis.com/fcm/send/one')
    expect(created.status).toBe(201)
    expect(((await created.json()) as { device: unknown }).device).toMatchObject({ deviceIdentifier: 'dev-upsert-1', browser: 'Chrome', os: 'Linux', device_type: 'desktop', isCurrentlyActive: false })
    const updated = await subscribe(admin, 'dev-upsert-1', 'https://fcm.googleapis.com/fcm/send/two')
    expect(updated.status).toBe(200)
    expect((await devices(admin)).map((d) => d.deviceIdentifier)).toEqual(['dev-upsert-1'])
    // The same browser in Globex is another row; the same endpoint under a new device id replaces the old one.
    expect((await subscribe(adminGlobex, 'dev-upsert-1', 'https://fcm.googleapis.com/fcm/send/two')).status).toBe(201)
    expect((await subscribe(admin, 'dev-upsert-2', 'https://fcm.googleapis.com/fcm/send/two')).status).toBe(201)
    expect((await devices(admin)).map((d) => d.deviceIdentifier)).toEqual(['dev-upsert-2'])
    // Someone else signing in on that browser takes the endpoint over.
    expect((await subscribe(agent, 'dev-upsert-9', 'https://fcm.googleapis.com/fcm/send/two')).status).toBe(201)
    expect(await devices(admin)).toEqual([])
    expect(await devices(adminGlobex)).toEqual([])
    expect((await server.request('DELETE', `${base}/unsubscribe/dev-upsert-9`, { headers: agent })).status).toBe(204)
  })

  test("Scenario: tenant isolation: another user's device is 404, another org is 403, unknown 404; nothing changes", async () => {
    expect((await subscribe(agent, 'dev-agent-1', 'https://fcm.googleapis.com/fcm/send/agent')).status).toBe(201)
    const initech = { ...agent, 'x-org-id': await server.orgId('Initech') }
    expect((await subscribe(initech, 'dev-agent-2', 'https://fcm.googleapis.com/fcm/send/agent2')).status).toBe(403)
    for (const [method, path, body] of [
      ['DELETE', `${base}/unsubscribe/dev-agent-1`, undefined],
      ['PUT', `${base}/device-status/dev-agent-1`, { isCurrentlyActive: true }],
      ['POST', `${base}/test-notification/dev-agent-1`, {}],
    ] as const) {
      const other = await server.request(method, path, { headers: admin, body })
      expect(other.status, `${method} ${path} by another user`).toBe(404)
      expect(((await other.json()) as { error: { code: string } }).error.code).toBe('not_found')
      expect((await server.request(method, path.replace('dev-agent-1', 'no-such-device'), { headers: agent, body })).status).toBe(404)
      expect((await server.request(method, path, { headers: initech, body })).status, `${method} ${path} in another org`).toBe(403)
      expect((await server.request(method, path, { body })).status).toBe(401)
    }
    expect((await server.request('GET', `${base}/devices`, { headers: initech })).status).toBe(403)
    expect(received).toEqual([])
    expect(await devices(agent)).toEqual([expect.objectContaining({ deviceIdentifier: 'dev-agent-1', isCurrentlyActive: false })])
    expect(await devices(admin)).toEqual([])
  })

  test('Scenario: device status and unsubscribe', async () => {
    expect((await subscribe(agent, 'dev-status-1', 'https://fcm.googleapis.com/fcm/send/status')).status).toBe(201)
    const put = (body: unknown) => server.request('PUT', `${base}/device-status/dev-status-1`, { headers: agent, body })
    expect((await put({ isCurrentlyActive: true })).status).toBe(204)
    expect((await devices(agent)).find((d) => d.deviceIdentifier === 'dev-status-1')?.isCurrentlyActive).toBe(true)
    expect((await put({ isCurrentlyActive: 'yes' })).status).toBe(400)
    expect((await put({})).status).toBe(400)
    expect((await put({ isCurrentlyActive: false })).status).toBe(204)
    expect((await devices(agent)).find((d) => d.deviceIdentifier === 'dev-status-1')?.isCurrentlyActive).toBe(false)
    expect((await server.request('DELETE', `${base}/unsubscribe/dev-status-1`, { headers: agent })).status).toBe(204)
    expect((await server.request('DELETE', `${base}/unsubscribe/dev-status-1`, { headers: agent })).status).toBe(404)
    expect((await devices(agent)).map((d) => d.deviceIdentifier)).not.toContain('dev-status-1')
  })

  test('Scenario: test notification: sent to that device only, links to /app/dashboard; gone → 404 and deleted; refused → 502', async () => {
    expect((await subscribe(agent, 'dev-test-1', 'https://fcm.googleapis.com/fcm/send/test1')).status).toBe(201)
    const ok = await server.request('POST', `${base}/test-notification/dev-test-1`, { headers: agent, body: { title: 'Hello', body: 'From settings', icon: '/favicon.svg' } })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ sent: true })
    expect(received).toHaveLength(1)
    expect(received[0]?.endpoint).toBe('https://fcm.googleapis.com/fcm/send/test1')
    expect(JSON.parse(received[0]?.payload ?? '{}')).toMatchObject({ title: 'Hello', body: 'From settings', url: '/app/dashboard', test: true, priority: 'normal', icon: '/favicon.svg' })
    // No body at all is fine: the defaults are used.
    expect((await server.request('POST', `${base}/test-notification/dev-test-1`, { headers: agent })).status).toBe(200)
    expect((await server.request('POST', `${base}/test-notification/dev-test-1`, { headers: agent, body: { title: '' } })).status).toBe(400)

    answers.set('https://fcm.googleapis.com/fcm/send/test1', 500)
    const refused = await server.request('POST', `${base}/test-notification/dev-test-1`, { headers: agent, body: {} })
    expect(refused.status).toBe(502)
    answers.set('https://fcm.googleapis.com/fcm/send/test1', 410)
    expect((await server.request('POST', `${base}/test-notification/dev-test-1`, { headers: agent, body: {} })).status).toBe(404)
    expect((await devices(agent)).map((d) => d.deviceIdentifier)).not.toContain('dev-test-1')
  })

  test('Scenario: the test notification’s own words are in the person’s language; words they send stay as sent', async () => {
    expect((await subscribe(agent, 'dev-test-de', 'https://fcm.googleapis.com/fcm/send/test-de')).status).toBe(201)
    await server.handle.db.update(users).set({ language: 'de' }).where(eq(users.email, 'agent@acme.test'))
    try {
      expect((await server.request('POST', `${base}/test-notification/dev-test-de`, { headers: agent })).status).toBe(200)
      expect(JSON.parse(received[0]?.payload ?? '{}')).toMatchObject({ title: 'Testbenachrichtigung', body: 'Push-Benachrichtigungen funktionieren auf diesem Gerät.' })
      expect((await server.request('POST', `${base}/test-notification/dev-test-de`, { headers: agent, body: { title: 'Hello' } })).status).toBe(200)
      expect(JSON.parse(received[1]?.payload ?? '{}')).toMatchObject({ title: 'Hello', body: 'Push-Benachrichtigungen funktionieren auf diesem Gerät.' })
    } finally {
      await server.handle.db.update(users).set({ language: null }).where(eq(users.email, 'agent@acme.test'))
    }
    expect((await server.request('POST', `${base}/test-notification/dev-test-de`, { headers: agent })).status).toBe(200)
    expect(JSON.parse(received[2]?.payload ?? '{}')).toMatchObject({ title: 'Test notification', body: 'Push notifications work on this device.' })
    expect((await server.request('DELETE', `${base}/unsubscribe/dev-test-de`, { headers: agent })).status).toBe(204)
  })

  test('Scenario: a created notification is pushed to the inactive devices of that user in that org, with the safe URL', async () => {
    expect((await subscribe(admin, 'dev-deliver-a', 'https://fcm.googleapis.com/fcm/send/da')).status).toBe(201)
    expect((await subscribe(admin, 'dev-deliver-b', 'https://fcm.googleapis.com/fcm/send/db')).status).toBe(201)
    expect((await subscribe(adminGlobex, 'dev-deliver-g', 'https://fcm.googleapis.com/fcm/send/dg')).status).toBe(201)
    expect((await subscribe(agent, 'dev-deliver-x', 'https://fcm.googleapis.com/fcm/send/dx')).status).toBe(201)
    expect((await server.request('PUT', `${base}/device-status/dev-deliver-b`, { headers: admin, body: { isCurrentlyActive: true } })).status).toBe(204)

    const id = await createNotification('admin@acme.test', 'Acme Support', { priority: 'high', action_url: 'javascript:alert(1)', category: 'message' })
    expect(received.map((m) => m.endpoint)).toEqual(['https://fcm.googleapis.com/fcm/send/da'])
    expect(JSON.parse(received[0]?.payload ?? '{}')).toMatchObject({ id, title: 'Queue backing up', body: 'Twelve chats waiting', url: '/app/notifications', priority: 'high', category: 'message' })
    expect(received[0]).toMatchObject({ ttlS: 43_200, urgency: 'high' })

    received.length = 0
    await createNotification('admin@acme.test', 'Acme Support', { action_url: '/app/reports' })
    expect(JSON.parse(received[0]?.payload ?? '{}')).toMatchObject({ url: '/app/reports', priority: 'normal' })
  })

  test('Scenario: push_enabled off, or inside quiet hours: nothing is pushed; the notification is still created', async () => {
    expect((await subscribe(agent, 'dev-prefs-1', 'https://fcm.googleapis.com/fcm/send/prefs')).status).toBe(201)
    const save = (preferences: unknown) => server.request('PUT', '/api/common-services/notifications/preferences', { headers: agent, body: preferences })
    expect((await save({ ...DEFAULT_PREFERENCES, push_enabled: false })).status).toBe(200)
    await createNotification('agent@acme.test', 'Acme Support')
    expect(received).toEqual([])

    // A whole-day window in UTC (00:00–23:59) contains every moment but the last minute of the day.
    const allDay = { enabled: true, start: '00:00', end: '23:59', timezone: 'UTC' }
    expect((await save({ ...DEFAULT_PREFERENCES, quiet_hours: allDay })).status).toBe(200)
    const minute = new Date().getUTCHours() * 60 + new Date().getUTCMinutes()
    await createNotification('agent@acme.test', 'Acme Support')
    expect(received.length).toBe(minute === 23 * 60 + 59 ? 1 : 0)

    received.length = 0
    expect((await save({ ...DEFAULT_PREFERENCES, quiet_hours: { ...allDay, enabled: false } })).status).toBe(200)
    await createNotification('agent@acme.test', 'Acme Support')
    expect(received.map((m) => m.endpoint)).toContain('https://fcm.googleapis.com/fcm/send/prefs')
  })

  test('Scenario: the category decides too: its push channel off, or the whole category off, means no push; email choices do not matter', async () => {
    expect((await subscribe(agent, 'dev-matrix-1', 'https://fcm.googleapis.com/fcm/send/matrix')).status).toBe(201)
    const save = (preferences: unknown) => server.request('PUT', '/api/common-services/notifications/preferences', { headers: agent, body: preferences })
    const withCategory = (id: string, change: Record<string, unknown>) => ({
      ...DEFAULT_PREFERENCES,
      categories: DEFAULT_PREFERENCES.categories.map((c) => (c.id === id ? { ...c, ...change } : c)),
    })
    const pushedTo = () => received.filter((m) => m.endpoint.endsWith('/matrix')).length

    // message → messages: its push channel off silences messages only.
    expect((await save(withCategory('messages', { channels: { push: false, email: true } }))).status).toBe(200)
    await createNotification('agent@acme.test', 'Acme Support', { category: 'message', priority: 'urgent' })
    expect(pushedTo()).toBe(0)
    await createNotification('agent@acme.test', 'Acme Support', { category: 'transaction' })
    expect(pushedTo()).toBe(1)

    // alert → analytics, off by default (SPEC §3): not pushed until the category is on.
    received.length = 0
    expect((await save(DEFAULT_PREFERENCES)).status).toBe(200)
    await createNotification('agent@acme.test', 'Acme Support', { category: 'alert' })
    expect(pushedTo()).toBe(0)
    expect((await save(withCategory('analytics', { enabled: true, channels: { push: true, email: false } }))).status).toBe(200)
    await createNotification('agent@acme.test', 'Acme Support', { category: 'alert' })
    expect(pushedTo()).toBe(1)
    await server.request('DELETE', `${base}/unsubscribe/dev-matrix-1`, { headers: agent })
    expect((await save(DEFAULT_PREFERENCES)).status).toBe(200)
  })
})
