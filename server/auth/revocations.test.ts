/**
 * Revocation that takes effect at once: every way a session ends (Sessions › Sign out, 'Sign out
 * of all other sessions', a password change, reuse of a rotated refresh token) refuses that
 * session's access token on the next request (401 `session_revoked`), closes its live stream and
 * spoils its stream tickets, while the session that did it goes on. The set is read again at
 * start (a restarted server knows), and without LISTEN it is polled. Several hosts on PostgreSQL:
 * server/hosts.test.ts.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodeJwt } from 'jose'
import type { SignInResponse } from '../../contract/api.ts'
import { createApp } from '../app.ts'
import { sessions } from '../db/schema.ts'
import { startTestServer, TEST_CONFIG, type TestServer } from '../test/harness.ts'
import { createSessionRevocations, REVOCATIONS_POLL_MS } from './revocations.ts'

let server: TestServer
let acme: string

beforeAll(async () => {
  server = await startTestServer()
  acme = await server.orgId('Acme Support')
})
afterAll(() => server.close())

const headersOf = (session: SignInResponse) => server.authHeaders(session.access_token, acme)
const sidOf = (session: SignInResponse) => decodeJwt(session.access_token)['sid'] as string
const list = (session: SignInResponse) => server.request('GET', '/api/common-services/notifications?limit=1', { headers: headersOf(session) })

/** The first answer of `session`'s calls that is not 200, polling for at most 2 s. */
async function refusedWithin2s(session: SignInResponse): Promise<{ status: number; code: string | undefined }> {
  const started = Date.now()
  let response = await list(session)
  while (response.status === 200 && Date.now() - started < 2_000) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    response = await list(session)
  }
  const body = (await response.json()) as { error?: { code?: string } }
  return { status: response.status, code: body.error?.code }
}

const revoked = { status: 401, code: 'session_revoked' }

describe('a signed-out session is refused at once', () => {
  test('Scenario: Sessions › Sign out of another device: its token is refused, the caller goes on, and its refresh is session_revoked too', async () => {
    const [phone, laptop] = [await server.signIn('admin@acme.test'), await server.signIn('admin@acme.test')]
    expect((await list(phone)).status).toBe(200)
    const response = await server.request('DELETE', `/api/users/sessions/${sidOf(phone)}`, { headers: headersOf(laptop) })
    expect(response.status).toBe(204)
    expect(await refusedWithin2s(phone)).toEqual(revoked)
    expect((await list(laptop)).status).toBe(200)
    const refresh = await server.request('POST', '/api/users/refresh-token', { body: { refresh_token: phone.refresh_token } })
    expect([refresh.status, ((await refresh.json()) as { error: { code: string } }).error.code]).toEqual([401, 'session_revoked'])
  })

  test("Scenario: 'Sign out of all other sessions' refuses every other session's token, on every route", async () => {
    const others = [await server.signIn('agent@acme.test'), await server.signIn('agent@acme.test')]
    const kept = await server.signIn('agent@acme.test')
    expect((await server.request('DELETE', '/api/users/sessions?others=true', { headers: headersOf(kept) })).status).toBe(200)
    for (const other of others) {
      expect(await refusedWithin2s(other)).toEqual(revoked)
      // Routes without a workspace too: the check is one for the whole API.
      const me = await server.request('GET', '/api/users/me/two-factor', { headers: headersOf(other) })
      expect(me.status).toBe(401)
    }
    expect((await list(kept)).status).toBe(200)
  })

  test('Scenario: a password change signs every other session out at once', async () => {
    const other = await server.signIn('newbie@initech.test')
    const changer = await server.signIn('newbie@initech.test')
    const initech = await server.orgId('Initech')
    const body = { currentPassword: 'demo-password', newPassword: 'a-much-longer-passphrase' }
    const changed = await server.request('POST', '/api/users/me/password', { headers: server.authHeaders(changer.access_token, initech), body })
    expect(changed.status).toBe(200)
    const answer = await server.request('GET', '/api/users/me/two-factor', { headers: server.authHeaders(other.access_token, initech) })
    expect([answer.status, ((await answer.json()) as { error: { code: string } }).error.code]).toEqual([401, 'session_revoked'])
  })

  test("Scenario: reusing a rotated refresh token signs the family's session out, and its access token with it", async () => {
    const session = await server.signIn('admin@acme.test')
    const rotated = await server.request('POST', '/api/users/refresh-token', { body: { refresh_token: session.refresh_token } })
    expect(rotated.status).toBe(200)
    server.clock.ms += 11_000
    try {
      expect((await server.request('POST', '/api/users/refresh-token', { body: { refresh_token: session.refresh_token } })).status).toBe(401)
      expect(await refusedWithin2s(session)).toEqual(revoked)
    } finally {
      server.clock.ms -= 11_000
    }
  })
})

describe('live streams of a signed-out session', () => {
  test('Scenario: an open stream ends when its session is signed out, and a ticket issued before opens nothing', async () => {
    const watched = await server.signIn('admin@acme.test')
    const other = await server.signIn('admin@acme.test')
    const ticketResponse = await server.request('POST', '/api/common-services/notifications/stream-ticket', { headers: headersOf(watched) })
    const { ticket } = (await ticketResponse.json()) as { ticket: string }
    const stream = await server.request('GET', '/api/common-services/notifications/stream', { headers: headersOf(watched) })
    expect(stream.status).toBe(200)
    const reader = stream.body!.getReader()

    expect((await server.request('DELETE', `/api/users/sessions/${sidOf(watched)}`, { headers: headersOf(other) })).status).toBe(204)
    const started = Date.now()
    let done = false
    while (!done) done = (await reader.read()).done
    expect(Date.now() - started).toBeLessThan(2_000)

    const reopened = await server.request('GET', `/api/common-services/notifications/stream?ticket=${encodeURIComponent(ticket)}`)
    expect([reopened.status, ((await reopened.json()) as { error: { code: string } }).error.code]).toEqual([401, 'session_revoked'])
  })
})

describe('the set itself', () => {
  test('Scenario: a server started after the sign-out knows it (the set is read at start)', async () => {
    const session = await server.signIn('agent@acme.test')
    await server.handle.db.update(sessions).set({ revokedAt: new Date(server.clock.ms) }).where(eq(sessions.id, sidOf(session)))
    const restarted = createApp({
      db: server.handle.db,
      driver: server.handle.driver,
      config: TEST_CONFIG,
      signingKey: server.signingKey,
      now: () => server.clock.ms,
      logError: () => {},
    })
    const response = await restarted.request('/api/common-services/notifications?limit=1', { headers: headersOf(session) })
    expect([response.status, ((await response.json()) as { error: { code: string } }).error.code]).toEqual([401, 'session_revoked'])
  })

  test('Scenario: without LISTEN the set is polled, so a sign-out written elsewhere is known within a poll or two', async () => {
    const session = await server.signIn('agent@acme.test')
    const set = createSessionRevocations({ db: server.handle.db, now: () => server.clock.ms, accessTokenTtlS: 300, logError: () => {} })
    try {
      await set.ready()
      expect(set.isRevoked(sidOf(session))).toBe(false)
      await server.handle.db.update(sessions).set({ revokedAt: new Date(server.clock.ms) }).where(eq(sessions.id, sidOf(session)))
      await expect.poll(() => set.isRevoked(sidOf(session)), { timeout: REVOCATIONS_POLL_MS * 3, interval: 50 }).toBe(true)
    } finally {
      await set.stop()
    }
  })

  test('Scenario: sessions signed out longer ago than the access-token lifetime are not kept', async () => {
    const session = await server.signIn('agent@acme.test')
    const longAgo = new Date(server.clock.ms - (TEST_CONFIG.accessTokenTtlS + 3_600) * 1000)
    await server.handle.db.update(sessions).set({ revokedAt: longAgo }).where(eq(sessions.id, sidOf(session)))
    const set = createSessionRevocations({ db: server.handle.db, now: () => server.clock.ms, accessTokenTtlS: TEST_CONFIG.accessTokenTtlS, logError: () => {} })
    try {
      await set.ready()
      expect(set.isRevoked(sidOf(session))).toBe(false)
    } finally {
      await set.stop()
    }
  })
})
