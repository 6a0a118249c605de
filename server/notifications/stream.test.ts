/**
 * Notifications reaching an open page (SPEC.md §4 Notifications, §7, §9): the internal create, the
 * LISTEN/NOTIFY fan-out to SSE streams, and the stream tickets that keep the access token out of
 * the URL (single use, 30 s, bound to user and org; at most STREAMS_PER_USER open streams).
 * The list, marking and preferences are in notifications.test.ts.
 */
import { and, count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { Notification, StreamTicketResponse } from '../../contract/notifications.ts'
import { validate } from '../../contract/validate.ts'
import { signAccessToken } from '../auth/access-token.ts'
import { notifications, streamTickets, users } from '../db/schema.ts'
import { createNotificationHub } from './hub.ts'
import { MAX_STREAMS_PER_USER } from './stream-limit.ts'
import { STREAM_TICKET_TTL_S } from './tickets.ts'
import { acmeId, admin, agentAcme, globexId, list, server, useDemoServer } from './demo-server.fixtures.ts'
import { startTestServer } from '../test/harness.ts'

useDemoServer()

/** A stream ticket for the caller of `headers` (bearer + x-org-id); fails the test unless issued. */
const ticketFor = async (headers: Record<string, string>) => {
  const response = await server.request('POST', '/api/common-services/notifications/stream-ticket', { headers })
  expect(response.status).toBe(200)
  const body = (await response.json()) as StreamTicketResponse
  expect(validate(StreamTicketResponse, body).ok).toBe(true)
  expect(body.expires_in).toBe(STREAM_TICKET_TTL_S)
  return body.ticket
}

/** How many notifications the demo admin holds in Acme Support (the list's counts stop at 100). */
async function adminAcmeRows(): Promise<number> {
  const [admin] = await server.handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@acme.test'))
  const [row] = await server.handle.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, admin?.id ?? ''), eq(notifications.orgId, acmeId)))
  return row?.n ?? 0
}

/** `key` null sends no key header at all. */
const createInternal = (body: unknown, key: string | null = server.internalApiKey) =>
  server.request('POST', '/api/internal/notifications', { body, headers: key === null ? {} : { 'x-internal-api-key': key } })
/** The demo agent's access token, issued 299 s ago with a 300 s lifetime: it expires about a second from now. */
async function agentTokenExpiringSoon(): Promise<string> {
  const [agent] = await server.handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'agent@acme.test'))
  const nowS = Math.floor(server.clock.ms / 1000)
  return signAccessToken(server.signingKey, agent?.id ?? '', nowS - 299, 300)
}

/** Reads `response`'s stream to its end, which must come within `ms`. */
async function expectStreamEndsWithin(response: Response, ms: number): Promise<void> {
  const reader = response.body!.getReader()
  const started = Date.now()
  let done = false
  while (!done) done = (await reader.read()).done
  expect(Date.now() - started).toBeLessThan(ms)
}

describe('internal create and the stream', () => {
  test('Scenario: without the key the internal create is an unknown path; unknown user, org or non-member 404; bad body 400', async () => {
    for (const key of [null, '', 'wrong']) {
      const response = await createInternal({ email: 'admin@acme.test', org: 'Acme Support', title: 'x' }, key)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'There is nothing at this address.', issues: [] } })
    }
    const cases: Array<[unknown, number, string]> = [
      [{ email: 'nobody@acme.test', org: 'Acme Support', title: 'x' }, 404, 'email'],
      [{ email: 'admin@acme.test', org: 'No Such Org', title: 'x' }, 404, 'org'],
      [{ email: 'agent@acme.test', org: 'Globex', title: 'x' }, 404, 'email'],
      [{ email: 'admin@acme.test', org: 'Acme Support', title: '' }, 400, 'title'],
      [{ email: 'admin@acme.test', org: 'Acme Support', title: 'x', priority: 'panic' }, 400, 'priority'],
    ]
    for (const [body, status, field] of cases) {
      const response = await createInternal(body)
      expect(response.status, JSON.stringify(body)).toBe(status)
      expect(((await response.json()) as { error: { issues: Array<{ path: string[] }> } }).error.issues[0]?.path[0]).toBe(field)
    }
    expect(await adminAcmeRows()).toBe(120)
  })

  test('Scenario: a created notification is announced to both open streams of its user and org, not to others', async () => {
    const open = async (url: string, headers: Record<string, string> = {}) => {
      const response = await server.request('GET', url, { headers })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
      return response.body!.getReader()
    }
    const one = await open('/api/common-services/notifications/stream', admin.acme)
    // The browser's way: EventSource cannot send headers, so a single-use ticket rides in the URL.
    const two = await open(`/api/common-services/notifications/stream?ticket=${encodeURIComponent(await ticketFor(admin.acme))}`)
    const other = await open('/api/common-services/notifications/stream', admin.globex)

    const created = await createInternal({
      email: 'ADMIN@acme.test',
      org: 'acme support',
      title: 'Urgent: queue backing up',
      priority: 'urgent',
      category: 'alert',
      action_url: '/app/reports',
    })
    expect(created.status).toBe(201)
    const { notification } = (await created.json()) as { notification: Notification }
    expect(notification).toMatchObject({ title: 'Urgent: queue backing up', priority: 'urgent', status: 'unread', actionUrl: '/app/reports', actionText: null })

    const decoder = new TextDecoder()
    const readEvent = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
      let text = ''
      while (!text.includes('\n\n')) {
        const { value, done } = await reader.read()
        if (done) break
        text += decoder.decode(value)
      }
      return text
    }
    for (const reader of [one, two]) {
      const text = await readEvent(reader)
      expect(text).toContain('event: notification\n')
      const data = /^data: (.*)$/m.exec(text)?.[1]
      expect(JSON.parse(data ?? 'null')).toEqual(notification)
    }
    // Globex's stream heard nothing: a read that does not resolve within 100 ms.
    const nothing = await Promise.race([other.read().then(() => 'event'), new Promise((r) => setTimeout(() => r('silence'), 100))])
    expect(nothing).toBe('silence')
    await Promise.all([one.cancel(), two.cancel(), other.cancel()])
    expect(await adminAcmeRows()).toBe(121)
    expect((await list(admin.acme)).notifications[0]?._id).toBe(notification._id)
  })

  test('Scenario: the stream refuses like every call: no token 401, bad token 401, no org 400, not a member 403', async () => {
    const url = '/api/common-services/notifications/stream'
    expect((await server.request('GET', `${url}?org_id=${acmeId}`)).status).toBe(401)
    expect((await server.request('GET', url, { headers: { authorization: 'Bearer nope', 'x-org-id': acmeId } })).status).toBe(401)
    expect((await server.request('GET', url, { headers: { authorization: `Bearer ${admin.token}` } })).status).toBe(400)
    const initech = await server.orgId('Initech')
    expect((await server.request('GET', url, { headers: server.authHeaders(admin.token, initech) })).status).toBe(403)
  })

  test('Scenario: the stream ends when the access token expires', async () => {
    const token = await agentTokenExpiringSoon()
    const response = await server.request('GET', '/api/common-services/notifications/stream', { headers: server.authHeaders(token, acmeId) })
    expect(response.status).toBe(200)
    await expectStreamEndsWithin(response, 3_000)
  })

  test('Scenario: one LISTEN fans out to every subscriber of the user and org, in memory; close ends them all', async () => {
    const calls: string[] = []
    let listens = 0
    let deliver: (payload: string) => void = () => {}
    const hub = createNotificationHub(async (_channel, onPayload) => {
      listens++
      deliver = onPayload
      return async () => {}
    })
    const off1 = await hub.subscribe('u', 'o', (e) => calls.push(`1:${e.id}`))
    const off2 = await hub.subscribe('u', 'o', (e) => calls.push(`2:${e.id}`))
    let closedAtShutdown = 0
    await hub.subscribe('u', 'other', (e) => calls.push(`3:${e.id}`), () => closedAtShutdown++)
    expect(listens).toBe(1)
    deliver(JSON.stringify({ id: 'a', user_id: 'u', org_id: 'o' }))
    deliver('not json')
    off1()
    deliver(JSON.stringify({ id: 'b', user_id: 'u', org_id: 'o' }))
    off2()
    expect(calls).toEqual(['1:a', '2:a', '2:b'])
    expect(hub.size).toBe(1)
    // Shutdown ends the remaining streams and refuses new ones.
    hub.close()
    expect(closedAtShutdown).toBe(1)
    await expect(hub.subscribe('u', 'o', () => {})).rejects.toThrow()
  })
})

describe('stream tickets: the access token never rides in the URL', () => {
  const streamUrl = '/api/common-services/notifications/stream'
  const openWith = (ticket: string, query = '') => server.request('GET', `${streamUrl}?ticket=${encodeURIComponent(ticket)}${query}`)
  const expectStatus = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code)
  }

  test('Scenario: a ticket opens the stream once; the second use is 401; only its hash is stored, and it is gone once used', async () => {
    const ticket = await ticketFor(agentAcme)
    const rows = await server.handle.db.select().from(streamTickets)
    expect(rows.map((r) => r.ticketHash)).toContainEqual(expect.stringMatching(/^[0-9a-f]{64}$/))
    expect(JSON.stringify(rows)).not.toContain(ticket)
    const first = await openWith(ticket)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toMatch(/^text\/event-stream/)
    await first.body?.cancel()
    await expectStatus(await openWith(ticket), 401, 'unauthorized')
    // Two requests racing with one ticket: exactly one stream.
    const raced = await ticketFor(agentAcme)
    const answers = await Promise.all([openWith(raced), openWith(raced)])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401])
    await Promise.all(answers.map((r) => r.body?.cancel()))
    expect(await server.handle.db.select().from(streamTickets)).toEqual([])
  })

  test('Scenario: a ticket expires after 30 s; expired tickets are pruned when the next one is issued', async () => {
    const ticket = await ticketFor(agentAcme)
    server.clock.ms += STREAM_TICKET_TTL_S * 1000
    try {
      await expectStatus(await openWith(ticket), 401, 'unauthorized')
      expect(await server.handle.db.select().from(streamTickets)).toHaveLength(1)
      // The token is still valid (300 s): a new ticket, and the expired row is gone.
      const fresh = await ticketFor(agentAcme)
      expect(await server.handle.db.select().from(streamTickets)).toHaveLength(1)
      const response = await openWith(fresh)
      expect(response.status).toBe(200)
      await response.body?.cancel()
    } finally {
      server.clock.ms -= STREAM_TICKET_TTL_S * 1000
    }
  })

  test('Scenario: a ticket is bound to its user and org: none for an org of which one is not a member, 403 when opened for another org', async () => {
    const initech = await server.orgId('Initech')
    const before = await server.snapshot()
    const refused = await server.request('POST', '/api/common-services/notifications/stream-ticket', { headers: server.authHeaders(admin.token, initech) })
    await expectStatus(refused, 403, 'forbidden')
    await expectStatus(await server.request('POST', '/api/common-services/notifications/stream-ticket', { headers: { 'x-org-id': acmeId } }), 401, 'unauthorized')
    expect(await server.snapshot()).toEqual(before)
    // Admin is a member of both Acme and Globex: an Acme ticket does not open Globex's stream.
    await expectStatus(await openWith(await ticketFor(admin.acme), `&org_id=${globexId}`), 403, 'forbidden')
    const sameOrg = await openWith(await ticketFor(admin.acme), `&org_id=${acmeId}`)
    expect(sameOrg.status).toBe(200)
    await sameOrg.body?.cancel()
    // Malformed and made-up tickets: 401 before any stream.
    for (const bad of ['', 'x', 'A'.repeat(43) + '.1', '%00']) await expectStatus(await openWith(bad), 401, 'unauthorized')
  })

  test('Scenario: an access token in the URL is refused with 401, even a valid one, even beside a valid ticket', async () => {
    await expectStatus(await server.request('GET', `${streamUrl}?access_token=${admin.token}&org_id=${acmeId}`), 401, 'unauthorized')
    const ticket = await ticketFor(admin.acme)
    await expectStatus(await openWith(ticket, `&access_token=${admin.token}`), 401, 'unauthorized')
    // The refusal came before the ticket was looked at: it still works.
    const response = await openWith(ticket)
    expect(response.status).toBe(200)
    await response.body?.cancel()
  })

  test('Scenario: at most 10 open streams per person in this process: the 11th is 429, closing one frees a place', async () => {
    const open: Response[] = []
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const response = await (i % 2 === 0 ? openWith(await ticketFor(agentAcme)) : server.request('GET', streamUrl, { headers: agentAcme }))
      expect(response.status).toBe(200)
      open.push(response)
    }
    const eleventh = await openWith(await ticketFor(agentAcme))
    expect(eleventh.status).toBe(429)
    const body = (await eleventh.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('rate_limited')
    expect(body.error.message).toContain('at most 10')
    // Another person is not affected.
    const other = await openWith(await ticketFor(admin.acme))
    expect(other.status).toBe(200)
    await other.body?.cancel()
    // Closing one stream frees its place (the server notices the abort asynchronously).
    await open.pop()?.body?.cancel()
    let again: Response | undefined
    for (let i = 0; i < 50 && again?.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 20))
      again = await server.request('GET', streamUrl, { headers: agentAcme })
    }
    expect(again?.status).toBe(200)
    open.push(again as Response)
    await Promise.all(open.map((r) => r.body?.cancel()))
  })

  test('Scenario: STREAMS_PER_USER sets the cap (an operator with more tabs per person): with 2, the third stream is 429', async () => {
    const small = await startTestServer({ streamsPerUser: 2 })
    try {
      const orgId = await small.orgId('Acme Support')
      const headers = small.authHeaders((await small.signIn('agent@acme.test')).access_token, orgId)
      const open = [await small.request('GET', streamUrl, { headers }), await small.request('GET', streamUrl, { headers })]
      expect(open.map((r) => r.status)).toEqual([200, 200])
      const third = await small.request('GET', streamUrl, { headers })
      expect(third.status).toBe(429)
      expect(((await third.json()) as { error: { message: string } }).error.message).toContain('at most 2')
      await Promise.all(open.map((r) => r.body?.cancel()))
    } finally {
      await small.close()
    }
  })

  test('Scenario: a stream opened with a ticket ends when the access token it was issued with expires', async () => {
    const token = await agentTokenExpiringSoon()
    const response = await openWith(await ticketFor(server.authHeaders(token, acmeId)))
    expect(response.status).toBe(200)
    await expectStreamEndsWithin(response, 3_000)
  })
})
