/**
 * Signing in and confirming it's you with a passkey, over HTTP with a real software
 * authenticator: a discoverable sign-in answered like `POST /signin` (a `passkey` session,
 * the starting workspace, no second step for people with two-factor on), single-use and
 * short-lived challenges, wrong origin, unknown passkeys, counters that go backwards, and the
 * reverification factor of one's own passkeys only.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type ApiErrorBody, SignInResponse } from '../../contract/api.ts'
import { AuthenticationOptionsResponse, type PasskeyItem, type RegistrationOptionsResponse } from '../../contract/passkeys.ts'
import { validate } from '../../contract/validate.ts'
import { verifyAccessTokenClaims } from '../auth/access-token.ts'
import { auditEvents, passkeys, sessions, users, webauthnChallenges } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { FLAGS, SoftwareAuthenticator } from '../test/webauthn-authenticator.ts'

let server: TestServer
let admin: Record<string, string>
let agent: Record<string, string>
const ORIGIN = 'http://localhost'
const adminKey = new SoftwareAuthenticator(ORIGIN, 'localhost')
const agentKey = new SoftwareAuthenticator(ORIGIN, 'localhost', false)

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => server.request('POST', path, { body, headers })
const errorOf = async (response: Response) => ((await response.json()) as ApiErrorBody).error

async function register(authenticator: SoftwareAuthenticator, headers: Record<string, string>): Promise<PasskeyItem> {
  const o = (await (await post('/api/users/me/passkeys/options', {}, headers)).json()) as RegistrationOptionsResponse
  const response = await post('/api/users/me/passkeys', { challenge_id: o.challenge_id, name: 'Laptop', response: authenticator.register(o.options) }, headers)
  expect(response.status).toBe(201)
  return (await response.json()) as PasskeyItem
}

async function signInOptions(path = '/api/users/signin/passkey/options', headers: Record<string, string> = {}) {
  const response = await post(path, {}, headers)
  expect(response.status).toBe(200)
  const decoded = validate(AuthenticationOptionsResponse, await response.json())
  if (!decoded.ok) throw new Error(JSON.stringify(decoded.issues))
  return decoded.value
}

beforeAll(async () => {
  server = await startTestServer()
  const a = await server.signIn('admin@acme.test')
  admin = server.authHeaders(a.access_token, a.org_id)
  const b = await server.signIn('agent@acme.test')
  agent = server.authHeaders(b.access_token, b.org_id)
  await register(adminKey, admin)
  await register(agentKey, agent)
})
afterAll(() => server.close())

describe('passkeys: signing in', () => {
  test('Scenario: a discoverable sign-in starts a passkey session in the starting workspace, answered like POST /signin', async () => {
    const o = await signInOptions()
    expect(o.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' })
    expect(o.options.allowCredentials ?? []).toEqual([])
    const response = await post('/api/users/signin/passkey', { challenge_id: o.challenge_id, response: adminKey.assert(o.options) })
    expect(response.status).toBe(200)
    const body = validate(SignInResponse, await response.json())
    if (!body.ok) throw new Error(JSON.stringify(body.issues))
    expect(body.value.org_id).toBe(await server.orgId('Acme Support'))
    const claims = await verifyAccessTokenClaims(server.signingKey, body.value.access_token, Math.floor(server.clock.ms / 1000))
    const [session] = await server.handle.db.select().from(sessions).where(eq(sessions.id, claims?.sid ?? ''))
    expect(session).toMatchObject({ method: 'passkey' })
    expect(session?.verifiedAt).not.toBeNull()
    // The session works like any other.
    const headers = server.authHeaders(body.value.access_token, body.value.org_id)
    expect((await server.request('GET', '/api/users/verify-token', { headers })).status).toBe(200)
    // The passkey was used now; the sign-in is in the workspace's log.
    const [row] = await server.handle.db.select().from(passkeys).where(eq(passkeys.credentialId, adminKey.id))
    expect(row?.lastUsedAt?.getTime()).toBe(server.clock.ms)
    expect(row?.counter).toBe(2)
    const signIns = await server.handle.db.select().from(auditEvents).where(eq(auditEvents.kind, 'auth.signed_in'))
    expect(signIns.some((e) => (e.details as { session_id?: string }).session_id === claims?.sid)).toBe(true)
  })

  test('Scenario: people with two-factor on are signed in by the passkey alone (no second step)', async () => {
    await server.handle.db.update(users).set({ twoFactorEnabledAt: new Date(server.clock.ms), twoFactorSecret: 'x' }).where(eq(users.email, 'agent@acme.test'))
    try {
      const o = await signInOptions()
      const response = await post('/api/users/signin/passkey', { challenge_id: o.challenge_id, response: agentKey.assert(o.options) })
      expect(response.status).toBe(200)
      expect(await response.json()).toHaveProperty('access_token')
    } finally {
      await server.handle.db.update(users).set({ twoFactorEnabledAt: null, twoFactorSecret: null }).where(eq(users.email, 'agent@acme.test'))
    }
  })

  test('Scenario: an authenticator that does not count (0 then 0) signs in every time', async () => {
    for (let i = 0; i < 2; i++) {
      const o = await signInOptions()
      expect((await post('/api/users/signin/passkey', { challenge_id: o.challenge_id, response: agentKey.assert(o.options) })).status).toBe(200)
    }
  })

  test('Scenario: a challenge is single-use: replaying a valid assertion is refused', async () => {
    const o = await signInOptions()
    const body = { challenge_id: o.challenge_id, response: adminKey.assert(o.options) }
    expect((await post('/api/users/signin/passkey', body)).status).toBe(200)
    const replay = await post('/api/users/signin/passkey', body)
    expect(replay.status).toBe(400)
    expect(await errorOf(replay)).toMatchObject({ code: 'invalid_request', message: 'This passkey prompt has expired. Try again.' })
  })

  test('Scenario: an expired challenge is refused', async () => {
    const o = await signInOptions()
    server.clock.ms += 5 * 60_000 + 1
    const late = await post('/api/users/signin/passkey', { challenge_id: o.challenge_id, response: adminKey.assert(o.options) })
    expect(late.status).toBe(400)
    expect((await errorOf(late)).issues[0]?.path).toEqual(['challenge_id'])
  })

  test('Scenario: an assertion for another origin, RP ID or challenge, or without user verification, is refused', async () => {
    const cases = [
      [{ origin: 'https://evil.test' }, 400],
      [{ origin: 'http://localhost:8080' }, 400],
      [{ rpId: 'evil.test' }, 400],
      [{ challenge: 'c29tZXRoaW5nIGVsc2U' }, 400],
      [{ flags: FLAGS.UP }, 401],
    ] as const
    for (const [bend, status] of cases) {
      const o = await signInOptions()
      const response = await post('/api/users/signin/passkey', { challenge_id: o.challenge_id, response: adminKey.assert(o.options, bend) })
      expect(response.status, JSON.stringify(bend)).toBe(status)
    }
    expect(server.loggedErrors).toEqual([])
  })

  test('Scenario: a counter that goes backwards (a cloned authenticator) is refused and changes nothing', async () => {
    const [before] = await server.handle.db.select().from(passkeys).where(eq(passkeys.credentialId, adminKey.id))
    const o = await signInOptions()
    const response = await post('/api/users/signin/passkey', { challenge_id: o.challenge_id, response: adminKey.assert(o.options, { counter: 1 }) })
    expect(response.status).toBe(401)
    expect((await errorOf(response)).code).toBe('invalid_credentials')
    const [after] = await server.handle.db.select().from(passkeys).where(eq(passkeys.credentialId, adminKey.id))
    expect(after?.counter).toBe(before?.counter)
  })

  test('Scenario: an unknown passkey, a forged signature and a wrong user handle are 401 invalid_credentials', async () => {
    const stranger = new SoftwareAuthenticator(ORIGIN, 'localhost')
    const o1 = await signInOptions()
    const unknown = await post('/api/users/signin/passkey', { challenge_id: o1.challenge_id, response: stranger.assert(o1.options) })
    expect([unknown.status, (await errorOf(unknown)).code]).toEqual([401, 'invalid_credentials'])

    const o2 = await signInOptions()
    const answer = adminKey.assert(o2.options)
    const forged = { ...answer, response: { ...answer.response, signature: stranger.assert(o2.options).response.signature } }
    expect((await post('/api/users/signin/passkey', { challenge_id: o2.challenge_id, response: forged })).status).toBe(401)

    const o3 = await signInOptions()
    const handle = Buffer.from('someone-else').toString('base64url')
    expect((await post('/api/users/signin/passkey', { challenge_id: o3.challenge_id, response: adminKey.assert(o3.options, { userHandle: handle }) })).status).toBe(401)
  })

  test('Scenario: malformed bodies are 400 invalid_request, never 500', async () => {
    const o = await signInOptions()
    const answer = adminKey.assert(o.options)
    const bodies: unknown[] = [
      {},
      { challenge_id: o.challenge_id },
      { challenge_id: o.challenge_id, response: { ...answer, response: { ...answer.response, authenticatorData: '!!' } } },
      { challenge_id: o.challenge_id, response: { ...answer, id: 'a\u0000b' } },
      { challenge_id: `${o.challenge_id.slice(0, 42)}\uD800`, response: answer },
      { challenge_id: o.challenge_id, response: { ...answer, response: { ...answer.response, signature: 'x'.repeat(20_000) } } },
      'not an object',
    ]
    for (const body of bodies) {
      const response = await post('/api/users/signin/passkey', body)
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400)
      expect((await errorOf(response)).code).toBe('invalid_request')
    }
    // Decodes, but the client data is not JSON: 400 too.
    const o2 = await signInOptions()
    const a2 = adminKey.assert(o2.options)
    const garbled = await post('/api/users/signin/passkey', { challenge_id: o2.challenge_id, response: { ...a2, response: { ...a2.response, clientDataJSON: 'bm90IGpzb24' } } })
    expect(garbled.status).toBe(400)
    expect(server.loggedErrors).toEqual([])
  })
})

describe('passkeys: confirming it’s you', () => {
  test('Scenario: one of the caller’s own passkeys marks this session verified; another person’s is refused', async () => {
    const fresh = await server.signIn('admin@acme.test')
    const headers = server.authHeaders(fresh.access_token, fresh.org_id)
    const sid = (await verifyAccessTokenClaims(server.signingKey, fresh.access_token, Math.floor(server.clock.ms / 1000)))?.sid ?? ''
    await server.handle.db.update(sessions).set({ verifiedAt: new Date(server.clock.ms - 60 * 60_000) }).where(eq(sessions.id, sid))

    const o = await signInOptions('/api/users/me/reverification/passkey/options', headers)
    expect(o.options.allowCredentials?.map((c) => c.id)).toEqual([adminKey.id])
    // The agent's passkey, answering the admin's challenge: not theirs.
    const theirs = await post('/api/users/me/reverification/passkey', { challenge_id: o.challenge_id, response: agentKey.assert(o.options) }, headers)
    expect(theirs.status).toBe(400)

    const o2 = await signInOptions('/api/users/me/reverification/passkey/options', headers)
    const ok = await post('/api/users/me/reverification/passkey', { challenge_id: o2.challenge_id, response: adminKey.assert(o2.options) }, headers)
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ verified_until: new Date(server.clock.ms + 10 * 60_000).toISOString() })
    const [session] = await server.handle.db.select().from(sessions).where(eq(sessions.id, sid))
    expect(session?.verifiedAt?.getTime()).toBe(server.clock.ms)
  })

  test('Scenario: a sign-in challenge cannot confirm, nor a reverification challenge sign in; a bad signature is 400 (no refresh loop)', async () => {
    const fresh = await server.signIn('admin@acme.test')
    const admin = server.authHeaders(fresh.access_token, fresh.org_id)
    const signIn = await signInOptions()
    const refused = await post('/api/users/me/reverification/passkey', { challenge_id: signIn.challenge_id, response: adminKey.assert(signIn.options) }, admin)
    expect(refused.status).toBe(400)
    const reverify = await signInOptions('/api/users/me/reverification/passkey/options', admin)
    expect((await post('/api/users/signin/passkey', { challenge_id: reverify.challenge_id, response: adminKey.assert(reverify.options) })).status).toBe(400)
    const again = await signInOptions('/api/users/me/reverification/passkey/options', admin)
    const bad = await post('/api/users/me/reverification/passkey', { challenge_id: again.challenge_id, response: adminKey.assert(again.options, { flags: FLAGS.UP }) }, admin)
    expect(bad.status).toBe(400)
  })

  test('Scenario: someone without passkeys is told so (404); the endpoints need a token', async () => {
    const newbie = await server.signIn('newbie@initech.test')
    const headers = server.authHeaders(newbie.access_token, newbie.org_id)
    expect((await post('/api/users/me/reverification/passkey/options', {}, headers)).status).toBe(404)
    expect((await post('/api/users/me/reverification/passkey/options', {})).status).toBe(401)
    expect((await server.handle.db.select().from(webauthnChallenges)).length).toBeLessThan(50)
  })
})

describe('passkeys: removing one ends the sessions it started', () => {
  test('Scenario: a passkey removed from another session signs its own sessions out at once; the session that removed it goes on', async () => {
    const lostPhone = new SoftwareAuthenticator(ORIGIN, 'localhost')
    const laptop = await server.signIn('admin@acme.test')
    const laptopHeaders = server.authHeaders(laptop.access_token, laptop.org_id)
    const passkey = await register(lostPhone, laptopHeaders)
    const o = await signInOptions()
    const signedIn = (await (await post('/api/users/signin/passkey', { challenge_id: o.challenge_id, response: lostPhone.assert(o.options) })).json()) as SignInResponse
    const phoneHeaders = server.authHeaders(signedIn.access_token, signedIn.org_id)
    expect((await server.request('GET', '/api/users/verify-token', { headers: phoneHeaders })).status).toBe(200)

    expect((await server.request('DELETE', `/api/users/me/passkeys/${passkey.id}`, { headers: laptopHeaders })).status).toBe(204)
    await expect
      .poll(async () => (await server.request('GET', '/api/users/verify-token', { headers: phoneHeaders })).status, { timeout: 2_000, interval: 20 })
      .toBe(401)
    expect(await errorOf(await server.request('GET', '/api/users/verify-token', { headers: phoneHeaders }))).toMatchObject({ code: 'session_revoked' })
    expect((await post('/api/users/refresh-token', { refresh_token: signedIn.refresh_token })).status).toBe(401)
    expect((await server.request('GET', '/api/users/verify-token', { headers: laptopHeaders })).status).toBe(200)
  })
})
