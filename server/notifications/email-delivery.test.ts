/**
 * Notifications by email, with a real SMTP server (server/test/smtp.ts: smtp-server on
 * a local port, mailparser reading what arrives). An urgent notification arrives at once with an
 * absolute link and the RFC 8058 headers; the others arrive as one digest per person and org,
 * skipped when everything was read; nothing arrives when the master switch, the category's email
 * channel or the quiet hours say no; one-click unsubscribe turns that category's email off (GET
 * changes nothing, forged tokens are refused, a new JWT_SECRET leaves the links working); two
 * concurrent digest runs send one digest.
 */
import type { ParsedMail } from 'mailparser'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { DEFAULT_PREFERENCES, type NotificationPreferences, UnsubscribeResponse } from '../../contract/notifications.ts'
import { validate } from '../../contract/validate.ts'
import { importSigningKey, signAccessToken } from '../auth/access-token.ts'
import { rowsOf } from '../db/client.ts'
import { SignJWT } from 'jose'
import { createApp } from '../app.ts'
import { createUnsubscribeTokens, UNSUBSCRIBE_AUDIENCE, UNSUBSCRIBE_TYP } from '../mail/unsubscribe.ts'
import { requester, startTestServer, TEST_CONFIG, type TestServer } from '../test/harness.ts'
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.ts'
import { EMAIL_DELIVERY_RETENTION_MS, type EmailDelivery } from './email-delivery.ts'

const ORIGIN = 'https://engage.example.com'
/** Noon UTC on a Monday: the tests' clock, so quiet hours are predictable. */
const NOON = Date.parse('2030-01-14T12:00:00Z')

let smtp: TestSmtpServer
let server: TestServer
let delivery: EmailDelivery
let agent: Record<string, string>
let agentId: string

const prefsUrl = '/api/common-services/notifications/preferences'
const savePreferences = async (preferences: NotificationPreferences) => {
  const response = await server.request('PUT', prefsUrl, { headers: agent, body: preferences })
  expect(response.status).toBe(200)
}
const withCategory = (id: string, change: Partial<NotificationPreferences['categories'][number]>): NotificationPreferences => ({
  ...DEFAULT_PREFERENCES,
  categories: DEFAULT_PREFERENCES.categories.map((c) => (c.id === id ? { ...c, ...change } : c)),
})

/** Creates a notification for agent@acme.test in Acme Support through the internal API; waits for its delivery. */
const notify = async (extra: Record<string, unknown> = {}) => {
  const response = await server.request('POST', '/api/internal/notifications', {
    headers: { 'x-internal-api-key': server.internalApiKey },
    body: { email: 'agent@acme.test', org: 'Acme Support', title: 'Queue backing up', body: 'Twelve chats waiting', category: 'message', ...extra },
  })
  expect(response.status).toBe(201)
  await delivery.settled()
  await server.mailer.settled()
  return ((await response.json()) as { notification: { _id: string } }).notification._id
}

/** Runs one digest and waits until what it sent has reached the SMTP server. */
const digest = async () => {
  const sent = await delivery.runDigests()
  await server.mailer.settled()
  return sent
}

/** The messages received since `before`. */
const since = (before: number) => smtp.received.slice(before)

const outcomes = async (ids: string[]) => {
  const result = await server.handle.db.execute(
    sql`select notification_id, outcome from email_deliveries where notification_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  )
  return Object.fromEntries(rowsOf<{ notification_id: string; outcome: string | null }>(result).map((r) => [r.notification_id, r.outcome]))
}

/** The raw value of header `name` of `mail`, as a mail provider reads it (unfolded). */
const header = (mail: ParsedMail | undefined, name: string) => {
  const line = mail?.headerLines.find((h) => h.key === name.toLowerCase())?.line
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, '')
    .trim()
}

/** The List-Unsubscribe URL of `mail` (RFC 2369: `<url>`). */
const unsubscribeUrl = (mail: ParsedMail | undefined) => {
  const match = /^<([^>]+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '')
  if (match?.[1] === undefined) throw new Error('no List-Unsubscribe header')
  return new URL(match[1])
}

beforeAll(async () => {
  smtp = await startSmtpServer()
  server = await startTestServer({}, (_handle, clock) => {
    clock.ms = NOON
    return {
      mail: { smtpUrl: smtp.url, from: 'Engage <no-reply@engage.test>', retryDelaysMs: [50, 50] },
      publicOrigin: () => `${ORIGIN}/`,
      onEmailDelivery: (d) => (delivery = d),
    }
  })
  const acme = await server.orgId('Acme Support')
  agent = server.authHeaders((await server.signIn('agent@acme.test')).access_token, acme)
  const [row] = rowsOf<{ id: string }>(await server.handle.db.execute(sql`select id from users where email = 'agent@acme.test'`))
  agentId = row?.id ?? ''
})
afterAll(async () => {
  server.mailer.close()
  await server.close()
  await smtp.close()
})
beforeEach(async () => {
  server.clock.ms = NOON
  await savePreferences(DEFAULT_PREFERENCES)
  // Whatever an earlier test left due goes out now, so each test sees only its own mail.
  await digest()
  expect(server.loggedErrors).toEqual([])
})

describe('urgent notifications', () => {
  test('Scenario: an urgent notification arrives at once, with an absolute link and the one-click unsubscribe headers', async () => {
    const before = smtp.received.length
    const id = await notify({
      priority: 'urgent',
      title: 'Payment failed',
      body: 'Card <b>declined</b>',
      category: 'transaction',
      action_url: '/app/billing',
      action_text: 'Fix payment',
    })
    const [mail] = since(before)
    expect(since(before)).toHaveLength(1)
    expect(mail?.subject).toBe('Acme Support: Payment failed')
    expect(JSON.stringify(mail?.to)).toContain('agent@acme.test')
    expect(mail?.html).toContain(`href="${ORIGIN}/app/billing"`)
    expect(mail?.html).toContain('Fix payment')
    // Text, never HTML: the body's markup is escaped in the HTML part.
    expect(mail?.html).toContain('Card &lt;b&gt;declined&lt;/b&gt;')
    expect(mail?.text).toContain('Card <b>declined</b>')
    expect(mail?.text).toContain('Unsubscribe from Payments & Billing emails')
    expect(mail?.html).toContain(`${ORIGIN}/app/notification-settings`)
    expect(mail?.html).toContain(`${ORIGIN}/unsubscribe?token=`)
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    const url = unsubscribeUrl(mail)
    expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/api/mail/unsubscribe`)
    const described = await server.request('GET', `${url.pathname}${url.search}`)
    expect(described.status).toBe(200)
    expect(await described.json()).toEqual({ category: { id: 'payments', name: 'Payments & Billing' }, email: 'agent@acme.test', unsubscribed: false })
    expect(await outcomes([id])).toEqual({ [id]: 'emailed' })
    // It is not in the next digest.
    expect(await digest()).toBe(0)
  })

  test('Scenario: an unsafe action URL links to the inbox; an absolute https one is used as is', async () => {
    const before = smtp.received.length
    await notify({ priority: 'urgent', action_url: 'javascript:alert(1)' })
    await notify({ priority: 'urgent', action_url: 'https://status.example.org/incident/7' })
    const [unsafe, absolute] = since(before)
    expect(unsafe?.html).toContain(`href="${ORIGIN}/app/notifications"`)
    expect(unsafe?.html).not.toContain('javascript:')
    expect(unsafe?.text).toContain('View Details')
    expect(absolute?.html).toContain('href="https://status.example.org/incident/7"')
  })

  test('Scenario: a German reader gets the email’s own words in German; the title, body and workspace stay as written', async () => {
    await server.handle.db.execute(sql`update users set language = 'de' where id = ${agentId}`)
    try {
      const before = smtp.received.length
      await notify({ priority: 'urgent', title: 'Payment failed', body: 'Card declined', category: 'transaction' })
      const [mail] = since(before)
      expect(mail?.subject).toBe('Acme Support: Payment failed')
      expect(mail?.html).toContain('lang="de"')
      expect(mail?.text).toContain('Card declined')
      expect(mail?.text).toContain('Details ansehen')
      expect(mail?.text).toContain('E-Mails der Kategorie „Zahlungen & Abrechnung“ abbestellen')
      expect(mail?.text).toContain('Benachrichtigungseinstellungen verwalten')
      expect(mail?.text).not.toContain('View Details')
    } finally {
      await server.handle.db.execute(sql`update users set language = null where id = ${agentId}`)
    }
  })

  test('Scenario: during quiet hours an urgent notification waits, then goes into the first digest after the window', async () => {
    await savePreferences({ ...DEFAULT_PREFERENCES, quiet_hours: { enabled: true, start: '11:00', end: '13:00', timezone: 'UTC' } })
    const before = smtp.received.length
    const id = await notify({ priority: 'urgent', title: 'Server down' })
    expect(since(before)).toEqual([])
    expect(await digest()).toBe(0)
    expect(await outcomes([id])).toEqual({ [id]: null })

    server.clock.ms = NOON + 90 * 60_000
    expect(await digest()).toBe(1)
    const [mail] = since(before)
    expect(mail?.subject).toBe('1 new notification in Acme Support')
    expect(mail?.text).toContain('Server down')
    expect(await outcomes([id])).toEqual({ [id]: 'digested' })
  })
})

describe('digests', () => {
  test('Scenario: an Arabic reader’s digest is in Arabic, right to left, its count in Arabic plural forms', async () => {
    await server.handle.db.execute(sql`update users set language = 'ar' where id = ${agentId}`)
    try {
      const before = smtp.received.length
      await notify({ title: 'First' })
      await notify({ title: 'Second' })
      await notify({ title: 'Third' })
      expect(await digest()).toBe(1)
      const [mail] = since(before)
      expect(mail?.subject).toBe('3 إشعارات جديدة في Acme Support')
      expect(mail?.html).toContain('<html dir="rtl" lang="ar"')
      expect(mail?.text).toContain('Third')
      expect(mail?.text).toContain('افتح صندوق الوارد')
    } finally {
      await server.handle.db.execute(sql`update users set language = null where id = ${agentId}`)
    }
  })

  test('Scenario: several notifications arrive as one digest per person and org; read ones are left out', async () => {
    const before = smtp.received.length
    const a = await notify({ title: 'New reply from Lena' })
    const b = await notify({ title: 'Invoice paid', category: 'transaction', action_url: '/app/billing' })
    const c = await notify({ title: 'Maintenance tonight', category: 'update' })
    const read = await notify({ title: 'Already seen' })
    expect(since(before)).toEqual([])
    expect((await server.request('PUT', `/api/common-services/notifications/${read}/read`, { headers: agent })).status).toBe(204)

    expect(await digest()).toBe(1)
    const mails = since(before)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail?.subject).toBe('3 new notifications in Acme Support')
    for (const title of ['New reply from Lena', 'Invoice paid', 'Maintenance tonight']) expect(mail?.text).toContain(title)
    expect(mail?.text).not.toContain('Already seen')
    expect(mail?.html).toContain(`href="${ORIGIN}/app/billing"`)
    expect(mail?.text).toContain('Open your inbox')
    expect(mail?.text).toContain('Unsubscribe from all notification emails')
    expect(await outcomes([a, b, c, read])).toEqual({ [a]: 'digested', [b]: 'digested', [c]: 'digested', [read]: 'read' })
    // A mixed digest's one-click link turns every notification email off (docs/decisions.md).
    const described = await server.request('GET', `${unsubscribeUrl(mail).pathname}${unsubscribeUrl(mail).search}`)
    expect(((await described.json()) as UnsubscribeResponse).category).toEqual({ id: 'all', name: 'All notification emails' })
    expect(await digest()).toBe(0)
  })

  test('Scenario: nothing is sent when everything in it was read', async () => {
    const before = smtp.received.length
    const ids = [await notify(), await notify({ category: 'reminder' })]
    expect((await server.request('PUT', '/api/common-services/notifications/mark-all-read', { headers: agent })).status).toBe(204)
    expect(await digest()).toBe(0)
    expect(since(before)).toEqual([])
    expect(Object.values(await outcomes(ids))).toEqual(['read', 'read'])
  })

  test('Scenario: the digest decides again: email turned off after creation means nothing is sent', async () => {
    const before = smtp.received.length
    const id = await notify()
    await savePreferences(withCategory('messages', { channels: { push: true, email: false } }))
    expect(await digest()).toBe(0)
    expect(since(before)).toEqual([])
    expect(await outcomes([id])).toEqual({ [id]: 'refused' })
  })

  test('Scenario: two digest runs at the same time send one digest', async () => {
    const before = smtp.received.length
    await notify({ title: 'One' })
    await notify({ title: 'Two' })
    const [first, second] = await Promise.all([delivery.runDigests(), delivery.runDigests()])
    await server.mailer.settled()
    expect((first ?? 0) + (second ?? 0)).toBe(1)
    expect(since(before).map((m) => m.subject)).toEqual(['2 new notifications in Acme Support'])
  })
})

describe('preferences that say no', () => {
  test('Scenario: email_enabled off: nothing arrives, urgent or not, and nothing waits', async () => {
    await savePreferences({ ...DEFAULT_PREFERENCES, email_enabled: false })
    const before = smtp.received.length
    const ids = [await notify({ priority: 'urgent' }), await notify()]
    expect(await digest()).toBe(0)
    expect(since(before)).toEqual([])
    expect(await outcomes(ids)).toEqual({})
  })

  test('Scenario: the category’s email channel off, or the category off: nothing of it arrives; other categories still do', async () => {
    await savePreferences(withCategory('messages', { channels: { push: true, email: false } }))
    const before = smtp.received.length
    await notify({ priority: 'urgent', title: 'A message' })
    await notify({ priority: 'urgent', title: 'Alert on a metric', category: 'alert' }) // analytics: off by default
    await notify({ priority: 'urgent', title: 'A payment', category: 'transaction' })
    expect(since(before).map((m) => m.subject)).toEqual(['Acme Support: A payment'])
  })

  test('Scenario: during quiet hours nothing is emailed; in-app still lists it', async () => {
    await savePreferences({ ...DEFAULT_PREFERENCES, quiet_hours: { enabled: true, start: '22:00', end: '13:00', timezone: 'UTC' } })
    const before = smtp.received.length
    const id = await notify({ title: 'Quietly listed' })
    expect(await digest()).toBe(0)
    expect(since(before)).toEqual([])
    const list = (await (await server.request('GET', '/api/common-services/notifications', { headers: agent })).json()) as {
      notifications: Array<{ _id: string }>
    }
    expect(list.notifications.map((n) => n._id)).toContain(id)
    // Left for a later run: it goes out once the window is over.
    await savePreferences(DEFAULT_PREFERENCES)
    expect(await digest()).toBe(1)
  })
})

describe('retention', () => {
  test('Scenario: a digest run deletes the rows done more than 30 days ago and keeps the younger ones', async () => {
    const old = await notify({ priority: 'urgent', title: 'Long ago' })
    expect(await outcomes([old])).toEqual({ [old]: 'emailed' })
    server.clock.ms = NOON + EMAIL_DELIVERY_RETENTION_MS + 60_000
    const recent = await notify({ priority: 'urgent', title: 'Just now' })
    const waiting = await notify({ title: 'For the next digest' })
    await delivery.runDigests()
    expect(await outcomes([old, recent, waiting])).toEqual({ [recent]: 'emailed', [waiting]: 'digested' })
  })
})

describe('one-click unsubscribe', () => {
  test('Scenario: GET describes and changes nothing; the RFC 8058 POST turns that category’s email off; later mail of it stops', async () => {
    const before = smtp.received.length
    await notify({ priority: 'urgent', title: 'Hello from a contact' })
    const url = unsubscribeUrl(since(before)[0])
    const path = `${url.pathname}${url.search}`

    const snapshot = await server.snapshot()
    const got = await server.request('GET', path)
    expect(got.status).toBe(200)
    const described = (await got.json()) as UnsubscribeResponse
    expect(validate(UnsubscribeResponse, described).ok).toBe(true)
    expect(described).toEqual({ category: { id: 'messages', name: 'New messages and replies' }, email: 'agent@acme.test', unsubscribed: false })
    expect(await server.snapshot()).toEqual(snapshot)

    // What a mail provider sends (RFC 8058 §3.1).
    const posted = await server.request('POST', path, { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(posted.status).toBe(200)
    expect(await posted.json()).toEqual({ ...described, unsubscribed: true })
    const preferences = ((await (await server.request('GET', prefsUrl, { headers: agent })).json()) as { preferences: NotificationPreferences }).preferences
    expect(preferences.email_enabled).toBe(true)
    expect(preferences.categories.find((c) => c.id === 'messages')?.channels).toEqual({ push: true, email: false })
    expect(preferences.categories.filter((c) => c.channels?.email === false).map((c) => c.id)).toEqual(['messages'])
    // Our page's POST (no body) again: idempotent.
    expect(await (await server.request('POST', path)).json()).toEqual({ ...described, unsubscribed: true })

    const after = smtp.received.length
    await notify({ priority: 'urgent', title: 'Another message' })
    expect(since(after)).toEqual([])
  })

  test('Scenario: a forged, foreign, truncated or missing token is 400 and changes nothing', async () => {
    const snapshot = await server.snapshot()
    // Well formed, with our typ and aud, signed with a key that is not ours.
    const foreign = await new SignJWT({ scope: 'messages' })
      .setProtectedHeader({ alg: 'HS256', typ: UNSUBSCRIBE_TYP })
      .setSubject(agentId)
      .setAudience(UNSUBSCRIBE_AUDIENCE)
      .setIssuedAt()
      .sign(new Uint8Array(32).fill(7))
    const accessToken = await signAccessToken(server.signingKey, agentId, Math.floor(NOON / 1000), 300)
    const genuine = await createUnsubscribeTokens(server.handle.db, undefined).sign(agentId, 'messages')
    const tampered = genuine.replace(/\.[^.]+$/, '.AAAA')
    for (const token of [foreign, accessToken, tampered, genuine.slice(0, 40), '']) {
      for (const method of ['GET', 'POST']) {
        const response = await server.request(method, `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`)
        expect(response.status, `${method} ${token.slice(0, 20)}`).toBe(400)
        const body = (await response.json()) as { error: { code: string; issues: Array<{ path: unknown[] }> } }
        expect(body.error.code).toBe('invalid_request')
        expect(body.error.issues[0]?.path).toEqual(['token'])
      }
    }
    expect((await server.request('POST', '/api/mail/unsubscribe')).status).toBe(400)
    expect(await server.snapshot()).toEqual(snapshot)
    // And the genuine one is not an access token.
    expect((await server.request('GET', prefsUrl, { headers: { ...agent, authorization: `Bearer ${genuine}` } })).status).toBe(401)
  })

  test('Scenario: a new JWT_SECRET leaves the links already in mailboxes working', async () => {
    const before = smtp.received.length
    await notify({ priority: 'urgent', title: 'Before the rotation' })
    const url = unsubscribeUrl(since(before)[0])
    // The same database, served with another access-token signing key (JWT_SECRET changed).
    const rotated = requester(
      createApp({
        rateLimits: { enabled: false, trustProxy: false },
        db: server.handle.db,
        driver: server.handle.driver,
        config: TEST_CONFIG,
        signingKey: await importSigningKey(new Uint8Array(32).fill(9)),
        internalApiKey: server.internalApiKey,
        listen: server.handle.listen,
        now: () => server.clock.ms,
      }),
    )
    const described = await rotated('GET', `${url.pathname}${url.search}`)
    expect(described.status).toBe(200)
    expect(await described.json()).toEqual({ category: { id: 'messages', name: 'New messages and replies' }, email: 'agent@acme.test', unsubscribed: false })
  })

  test('Scenario: a link mailed before the unsubscribe key existed (signed with the key derived from the signing key) still works', async () => {
    const derived = await crypto.subtle.sign('HMAC', server.signingKey, new TextEncoder().encode('engage mail unsubscribe token key v1'))
    const older = await new SignJWT({ scope: 'messages' })
      .setProtectedHeader({ alg: 'HS256', typ: UNSUBSCRIBE_TYP })
      .setSubject(agentId)
      .setAudience(UNSUBSCRIBE_AUDIENCE)
      .setIssuedAt()
      .sign(new Uint8Array(derived))
    expect((await server.request('GET', `/api/mail/unsubscribe?token=${encodeURIComponent(older)}`)).status).toBe(200)
  })
})
