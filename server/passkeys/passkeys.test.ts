/**
 * Passkeys over HTTP with a real software authenticator (server/test/webauthn-authenticator.ts):
 * adding one (name rules, single-use and short-lived challenges, wrong origin, no user
 * verification), the list, renaming and deleting (only one's own; deleting needs a factor in the
 * last 10 minutes), and the audit entries.
 */
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ApiErrorBody } from '../../contract/api.ts'
import { type PasskeyItem, type PasskeysResponse, type RegistrationOptionsResponse, RegistrationOptionsResponse as RegistrationOptionsSchema } from '../../contract/passkeys.ts'
import { validate } from '../../contract/validate.ts'
import { auditEvents, sessions, users, webauthnChallenges } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { FLAGS, SoftwareAuthenticator } from '../test/webauthn-authenticator.ts'
import { CHALLENGE_TTL_MS } from '../auth/webauthn.ts'

let server: TestServer
let admin: Record<string, string>
let agent: Record<string, string>
const ORIGIN = 'http://localhost'

beforeAll(async () => {
  server = await startTestServer()
  const a = await server.signIn('admin@acme.test')
  admin = server.authHeaders(a.access_token, a.org_id)
  const b = await server.signIn('agent@acme.test')
  agent = server.authHeaders(b.access_token, b.org_id)
})
afterAll(() => server.close())

const post = (path: string, body: unknown, headers: Record<string, string>) => server.request('POST', path, { body, headers })
const errorOf = async (response: Response) => ((await response.json()) as ApiErrorBody).error

async function options(headers = admin): Promise<RegistrationOptionsResponse> {
  const response = await post('/api/users/me/passkeys/options', {}, headers)
  expect(response.status).toBe(200)
  const decoded = validate(RegistrationOptionsSchema, await response.json())
  if (!decoded.ok) throw new Error(JSON.stringify(decoded.issues))
  return decoded.value
}

/** Adds a passkey named `name` made by `authenticator` for the person of `headers`. */
async function add(authenticator: SoftwareAuthenticator, name: string, headers = admin): Promise<PasskeyItem> {
  const o = await options(headers)
  const response = await post('/api/users/me/passkeys', { challenge_id: o.challenge_id, name, response: authenticator.register(o.options) }, headers)
  expect(response.status).toBe(201)
  return (await response.json()) as PasskeyItem
}

const list = async (headers = admin) => ((await (await server.request('GET', '/api/users/me/passkeys', { headers })).json()) as PasskeysResponse).passkeys

describe('passkeys: adding one', () => {
  test('Scenario: the options ask for a discoverable passkey with user verification, for this site, excluding the person’s own', async () => {
    const first = new SoftwareAuthenticator(ORIGIN, 'localhost')
    const o = await options()
    expect(o.options.rp).toEqual({ id: 'localhost', name: 'Engage' })
    expect(o.options.user.name).toBe('admin@acme.test')
    expect(o.options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
    expect(o.options.attestation).toBe('none')
    expect(o.options.timeout).toBe(CHALLENGE_TTL_MS)
    expect(o.challenge_id).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Only the hash of the challenge id is kept.
    const rows = await server.handle.db.select().from(webauthnChallenges)
    expect(rows.map((r) => r.handleHash)).not.toContain(o.challenge_id)

    const created = await post('/api/users/me/passkeys', { challenge_id: o.challenge_id, name: '  MacBook Touch ID  ', response: first.register(o.options) }, admin)
    expect(created.status).toBe(201)
    const item = (await created.json()) as PasskeyItem
    expect(item).toMatchObject({ name: 'MacBook Touch ID', last_used_at: null, device_type: 'singleDevice', backed_up: false })
    expect((await options()).options.excludeCredentials?.map((c) => c.id)).toEqual([first.id])
    expect((await list()).map((p) => p.name)).toContain('MacBook Touch ID')

    const [entry] = await server.handle.db.select().from(auditEvents).where(eq(auditEvents.kind, 'passkey.added'))
    expect(entry).toMatchObject({ targetId: item.id, targetLabel: 'MacBook Touch ID', details: { name: 'MacBook Touch ID', device_type: 'singleDevice' } })
  })

  test('Scenario: a synced passkey (backup eligible and backed up) is listed as multi-device', async () => {
    const synced = new SoftwareAuthenticator(ORIGIN, 'localhost', false)
    const o = await options()
    const answer = synced.register(o.options, { flags: FLAGS.UP | FLAGS.UV | FLAGS.AT | FLAGS.BE | FLAGS.BS })
    const response = await post('/api/users/me/passkeys', { challenge_id: o.challenge_id, name: 'iCloud Keychain', response: answer }, admin)
    expect(await response.json()).toMatchObject({ device_type: 'multiDevice', backed_up: true })
  })

  test('Scenario: a challenge works once: the same answer again is refused', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN, 'localhost')
    const o = await options()
    const body = { challenge_id: o.challenge_id, name: 'Key', response: authenticator.register(o.options) }
    expect((await post('/api/users/me/passkeys', body, admin)).status).toBe(201)
    const replay = await post('/api/users/me/passkeys', body, admin)
    expect(replay.status).toBe(400)
    expect(await errorOf(replay)).toMatchObject({ code: 'invalid_request', issues: [{ path: ['challenge_id'] }] })
  })

  test('Scenario: an expired challenge is refused (and gone)', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN, 'localhost')
    const o = await options()
    // Five minutes have passed since the options (the access token would have expired too: move the challenge instead).
    await server.handle.db.update(webauthnChallenges).set({ expiresAt: new Date(server.clock.ms - 1) })
    const body = { challenge_id: o.challenge_id, name: 'Late', response: authenticator.register(o.options) }
    const late = await post('/api/users/me/passkeys', body, admin)
    expect(late.status).toBe(400)
    expect((await errorOf(late)).message).toBe('This passkey prompt has expired. Try again.')
    const hash = createHash('sha256').update(o.challenge_id).digest('hex')
    expect(await server.handle.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.handleHash, hash))).toEqual([])
  })

  test('Scenario: another person’s challenge cannot be answered', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN, 'localhost')
    const o = await options(agent)
    const response = await post('/api/users/me/passkeys', { challenge_id: o.challenge_id, name: 'Theirs', response: authenticator.register(o.options) }, admin)
    expect(response.status).toBe(400)
  })

  test('Scenario: an answer made for another origin or RP ID, or without user verification, adds nothing', async () => {
    const before = (await list()).length
    for (const bend of [{ origin: 'https://evil.test' }, { rpId: 'evil.test' }, { flags: FLAGS.UP | FLAGS.AT }]) {
      const o = await options()
      const answer = new SoftwareAuthenticator(ORIGIN, 'localhost').register(o.options, bend)
      const response = await post('/api/users/me/passkeys', { challenge_id: o.challenge_id, name: 'Bad', response: answer }, admin)
      expect(response.status).toBe(400)
      const error = await errorOf(response)
      expect(error.code).toBe('invalid_request')
      if (!('flags' in bend)) expect(error.message).toBe('This passkey answer was not made for this site.')
    }
    expect((await list()).length).toBe(before)
  })

  test('Scenario: the same authenticator cannot be added twice (409)', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN, 'localhost')
    await add(authenticator, 'Once')
    const o = await options()
    const again = await post('/api/users/me/passkeys', { challenge_id: o.challenge_id, name: 'Twice', response: authenticator.register(o.options) }, admin)
    expect(again.status).toBe(409)
  })

  test('Scenario: bad names and malformed answers are 400 with the field named, and write nothing', async () => {
    const o = await options()
    const answer = new SoftwareAuthenticator(ORIGIN, 'localhost').register(o.options)
    const before = await server.rowCounts()
    const cases: Array<[unknown, string]> = [
      [{ challenge_id: o.challenge_id, name: '   ', response: answer }, 'name'],
      [{ challenge_id: o.challenge_id, name: 'x'.repeat(65), response: answer }, 'name'],
      [{ challenge_id: o.challenge_id, name: 'a\u0000b', response: answer }, 'name'],
      [{ challenge_id: o.challenge_id, name: 'a\uD800b', response: answer }, 'name'],
      [{ challenge_id: 'short', name: 'Ok', response: answer }, 'challenge_id'],
      [{ challenge_id: o.challenge_id, name: 'Ok', response: { ...answer, id: 'not base64url!' } }, 'response'],
      [{ challenge_id: o.challenge_id, name: 'Ok', response: { ...answer, type: 'password' } }, 'response'],
      [{ challenge_id: o.challenge_id, name: 'Ok' }, 'response'],
    ]
    for (const [body, field] of cases) {
      const response = await post('/api/users/me/passkeys', body, admin)
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect((await errorOf(response)).issues.map((i) => i.path[0])).toContain(field)
    }
    // A body that decodes but whose clientDataJSON is garbage: 400, not 500.
    const garbage = await post('/api/users/me/passkeys', { challenge_id: o.challenge_id, name: 'Ok', response: { ...answer, response: { ...answer.response, clientDataJSON: 'AAAA' } } }, admin)
    expect(garbage.status).toBe(400)
    expect(server.loggedErrors).toEqual([])
    const after = await server.rowCounts()
    expect(after.passkeys ?? 0).toBe(before.passkeys ?? 0)
    // 64 characters is fine.
    const fine = await add(new SoftwareAuthenticator(ORIGIN, 'localhost'), 'y'.repeat(64))
    expect(fine.name).toHaveLength(64)
  })
})

describe('passkeys: renaming and deleting', () => {
  test('Scenario: renaming trims and validates; another person’s passkey is 404', async () => {
    const mine = await add(new SoftwareAuthenticator(ORIGIN, 'localhost'), 'Old name')
    const renamed = await server.request('PATCH', `/api/users/me/passkeys/${mine.id}`, { body: { name: ' YubiKey 5 ' }, headers: admin })
    expect(await renamed.json()).toMatchObject({ id: mine.id, name: 'YubiKey 5' })
    expect((await server.request('PATCH', `/api/users/me/passkeys/${mine.id}`, { body: { name: '' }, headers: admin })).status).toBe(400)
    expect((await server.request('PATCH', `/api/users/me/passkeys/${mine.id}`, { body: { name: 'z'.repeat(65) }, headers: admin })).status).toBe(400)
    const theirs = await server.request('PATCH', `/api/users/me/passkeys/${mine.id}`, { body: { name: 'Stolen' }, headers: agent })
    expect(theirs.status).toBe(404)
    expect((await server.request('DELETE', `/api/users/me/passkeys/${mine.id}`, { headers: agent })).status).toBe(404)
    expect((await list()).find((p) => p.id === mine.id)?.name).toBe('YubiKey 5')
    expect((await server.request('PATCH', '/api/users/me/passkeys/no-such-id', { body: { name: 'x' }, headers: admin })).status).toBe(404)
  })

  test('Scenario: deleting needs a factor in the last 10 minutes (403 reverification_required), then writes passkey.removed', async () => {
    const mine = await add(new SoftwareAuthenticator(ORIGIN, 'localhost'), 'To delete')
    const [me] = await server.handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@acme.test'))
    const stale = new Date(server.clock.ms - 11 * 60_000)
    await server.handle.db.update(sessions).set({ verifiedAt: stale }).where(eq(sessions.userId, me!.id))
    const refused = await server.request('DELETE', `/api/users/me/passkeys/${mine.id}`, { headers: admin })
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).code).toBe('reverification_required')
    expect((await list()).map((p) => p.id)).toContain(mine.id)

    await server.handle.db.update(sessions).set({ verifiedAt: new Date(server.clock.ms) }).where(eq(sessions.userId, me!.id))
    expect((await server.request('DELETE', `/api/users/me/passkeys/${mine.id}`, { headers: admin })).status).toBe(204)
    expect((await list()).map((p) => p.id)).not.toContain(mine.id)
    expect((await server.request('DELETE', `/api/users/me/passkeys/${mine.id}`, { headers: admin })).status).toBe(404)
    const removed = await server.handle.db.select().from(auditEvents).where(and(eq(auditEvents.kind, 'passkey.removed'), eq(auditEvents.targetId, mine.id)))
    expect(removed).toHaveLength(1)
  })

  test('Scenario: the list needs a token, and is only ever the caller’s', async () => {
    expect((await server.request('GET', '/api/users/me/passkeys', {})).status).toBe(401)
    const theirs = await list(agent)
    const mine = await list(admin)
    expect(theirs.some((p) => mine.some((m) => m.id === p.id))).toBe(false)
  })
})
