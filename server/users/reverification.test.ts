/**
 * Reverification ('Confirm it's you'): the sensitive changes need a factor given in the session
 * within the last 10 minutes (403 `reverification_required` otherwise, after the permission check
 * and before the body is read); `POST /users/me/reverification` with the password, a TOTP code or
 * a recovery code gives one, and its wrong factors are 400s on their field, then 429.
 */
import { and, eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ApiErrorBody, SignInResponse } from '../../contract/api.ts'
import { REVERIFICATION_MESSAGES, type ReverificationStatus, type ReverifyResponse } from '../../contract/reverification.ts'
import type { RecoveryCodesResponse, TwoFactorEnrolment } from '../../contract/twoFactor.ts'
import { DEMO_PASSWORD } from '../admin/seed.ts'
import { signAccessToken } from '../auth/access-token.ts'
import { REVERIFICATION_WINDOW_MS } from '../auth/reverification.ts'
import { memberships, permissionSets, sessions, users } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
let acme: string
beforeAll(async () => {
  server = await startTestServer()
  acme = await server.orgId('Acme Support')
}, 60_000)
afterAll(() => server.close())

type Headers = Record<string, string>
const call = async (headers: Headers, method: string, path: string, body?: unknown) => {
  const response = await server.request(method, path, { headers, ...(body === undefined ? {} : { body }) })
  const text = await response.text()
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) }
}
const errorOf = (body: unknown) => (body as ApiErrorBody).error
const userId = async (email: string) => (await server.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id

/** Signs `email` in (a fresh, verified session) and answers its headers for `orgId` (its own workspace by default). */
async function session(email: string, orgId?: string): Promise<{ headers: Headers; tokens: SignInResponse }> {
  const tokens = await server.signIn(email)
  return { headers: server.authHeaders(tokens.access_token, orgId ?? tokens.org_id), tokens }
}

/** Makes every live session of `email` last give a factor 10 minutes and 1 second ago. */
async function ageVerification(email: string): Promise<void> {
  const past = new Date(server.clock.ms - REVERIFICATION_WINDOW_MS - 1000)
  await server.handle.db.update(sessions).set({ verifiedAt: past }).where(eq(sessions.userId, await userId(email)))
}

const reverify = (headers: Headers, body: unknown) => call(headers, 'POST', '/api/users/me/reverification', body)

describe('POST /api/users/me/reverification', () => {
  test('Scenario: a sign-in counts as a factor; the status lists the factors and the window, which lapses after 10 minutes', async () => {
    const { headers } = await session('agent@acme.test')
    const fresh = await call(headers, 'GET', '/api/users/me/reverification')
    expect(fresh.status).toBe(200)
    const status = fresh.body as ReverificationStatus
    expect(status.factors).toEqual(['password'])
    expect(Date.parse(status.verified_until ?? '')).toBe(server.clock.ms + REVERIFICATION_WINDOW_MS)
    await ageVerification('agent@acme.test')
    expect((await call(headers, 'GET', '/api/users/me/reverification')).body).toEqual({ factors: ['password'], verified_until: null })
  })

  test('Scenario: the right password verifies this session for 10 more minutes; a wrong one is a 400 on the password field and verifies nothing', async () => {
    const { headers } = await session('agent@acme.test')
    await ageVerification('agent@acme.test')
    const wrong = await reverify(headers, { password: 'not-the-password' })
    expect(wrong.status).toBe(400)
    expect(errorOf(wrong.body).issues).toEqual([{ path: ['password'], message: REVERIFICATION_MESSAGES.wrongPassword }])
    expect(((await call(headers, 'GET', '/api/users/me/reverification')).body as ReverificationStatus).verified_until).toBeNull()

    const right = await reverify(headers, { password: DEMO_PASSWORD })
    expect(right.status).toBe(200)
    expect(Date.parse((right.body as ReverifyResponse).verified_until)).toBe(server.clock.ms + REVERIFICATION_WINDOW_MS)
    const [row] = await server.handle.db.select({ verifiedAt: sessions.verifiedAt }).from(sessions).where(and(eq(sessions.userId, await userId('agent@acme.test'))))
    expect(row?.verifiedAt).toBeInstanceOf(Date)
  })

  test('Scenario: a bad body is a 400 naming the field: neither or both factors, NUL bytes, lone surrogates, oversize, a malformed code', async () => {
    const { headers } = await session('agent@acme.test')
    for (const body of [{}, { password: DEMO_PASSWORD, code: '123456' }, { password: '' }, { password: 'a\u0000b' }, { password: '\uD800' }, { password: 'x'.repeat(1025) }, { code: '12' }, { code: 7 }, []]) {
      const answer = await reverify(headers, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(errorOf(answer.body).code).toBe('invalid_request')
    }
  })

  test('Scenario: a factor the account does not have is a 400 saying which one it has', async () => {
    const { headers } = await session('agent@acme.test')
    const code = await reverify(headers, { code: '123456' })
    expect(code.status).toBe(400)
    expect(errorOf(code.body).message).toBe(REVERIFICATION_MESSAGES.noTwoFactor)
    // An account without a password (single sign-on only) and without two-factor: a passkey is left.
    const { headers: waiting } = await session('waiting@waitlist.test')
    await server.handle.db.update(users).set({ passwordHash: null }).where(eq(users.email, 'waiting@waitlist.test'))
    expect(((await call(waiting, 'GET', '/api/users/me/reverification')).body as ReverificationStatus).factors).toEqual([])
    const none = await reverify(waiting, { password: DEMO_PASSWORD })
    expect(none.status).toBe(400)
    expect(errorOf(none.body)).toMatchObject({ message: REVERIFICATION_MESSAGES.passkeyOnly, issues: [{ path: [], message: REVERIFICATION_MESSAGES.passkeyOnly }] })
  })

  test('Scenario: without a session or a token: 401; without x-org-id: 400', async () => {
    const { tokens, headers } = await session('agent@acme.test')
    expect((await reverify({}, { password: DEMO_PASSWORD })).status).toBe(401)
    expect((await reverify({ authorization: `Bearer ${tokens.access_token}` }, { password: DEMO_PASSWORD })).status).toBe(400)
    // A token signed before sessions existed has no `sid`: 401, so the client refreshes and retries.
    const sessionless = await signAccessToken(server.signingKey, await userId('agent@acme.test'), Math.floor(server.clock.ms / 1000), 300)
    expect((await reverify({ ...headers, authorization: `Bearer ${sessionless}` }, { password: DEMO_PASSWORD })).status).toBe(401)
    // ...and it never counts as verified for a guarded change.
    const guarded = await call({ ...headers, authorization: `Bearer ${sessionless}` }, 'POST', '/api/users/me/password', { currentPassword: DEMO_PASSWORD, newPassword: 'x' })
    expect(errorOf(guarded.body).code).toBe('reverification_required')
  })
})

describe('the guarded changes', () => {
  test('Scenario: changing the password: 403 reverification_required before the body is read, allowed after confirming', async () => {
    const { headers } = await session('newbie@initech.test')
    await ageVerification('newbie@initech.test')
    const body = { currentPassword: DEMO_PASSWORD, newPassword: 'a brand new passphrase 7' }
    const refused = await call(headers, 'POST', '/api/users/me/password', body)
    expect(refused.status).toBe(403)
    expect(errorOf(refused.body).code).toBe('reverification_required')
    // Even an invalid body: the guard answers first.
    expect(errorOf((await call(headers, 'POST', '/api/users/me/password', { newPassword: 1 })).body).code).toBe('reverification_required')
    // Not a guarded change: the profile still saves.
    expect((await call(headers, 'PATCH', '/api/users/me', { fullName: 'Nina Newbie' })).status).toBe(200)
    expect((await reverify(headers, { password: DEMO_PASSWORD })).status).toBe(200)
    expect((await call(headers, 'POST', '/api/users/me/password', body)).status).toBe(200)
    // Back to the demo password for the tests below (the new session is verified: a password change starts one).
    const signedIn = await server.request('POST', '/api/users/signin', { body: { email: 'newbie@initech.test', password: body.newPassword, bot_check_proof: await server.proof() } })
    const again = (await signedIn.json()) as SignInResponse
    expect((await call(server.authHeaders(again.access_token, again.org_id), 'POST', '/api/users/me/password', { currentPassword: body.newPassword, newPassword: DEMO_PASSWORD })).status).toBe(200)
  })

  test('Scenario: turning two-factor off: refused when stale; a TOTP code or a recovery code confirms (each used once); then it turns off', async () => {
    const { headers } = await session('newbie@initech.test')
    const enrolment = (await call(headers, 'POST', '/api/users/me/two-factor/enrol', {})).body as TwoFactorEnrolment
    const codeNow = () => generate({ secret: enrolment.secret, epoch: Math.floor(server.clock.ms / 1000) })
    const confirmed = await call(headers, 'POST', '/api/users/me/two-factor/confirm', { code: await codeNow() })
    const recovery = (confirmed.body as RecoveryCodesResponse).recovery_codes
    expect(((await call(headers, 'GET', '/api/users/me/reverification')).body as ReverificationStatus).factors).toEqual(['password', 'code'])

    await ageVerification('newbie@initech.test')
    server.clock.ms += 30_000
    const refused = await call(headers, 'POST', '/api/users/me/two-factor/disable', { code: await codeNow() })
    expect(errorOf(refused.body).code).toBe('reverification_required')
    // A recovery code confirms once; the same one again is a 400 on `code`.
    expect((await reverify(headers, { code: recovery[0] })).status).toBe(200)
    await ageVerification('newbie@initech.test')
    const reused = await reverify(headers, { code: recovery[0] })
    expect(reused.status).toBe(400)
    expect(errorOf(reused.body).issues).toEqual([{ path: ['code'], message: REVERIFICATION_MESSAGES.wrongRecoveryCode }])
    const wrongTotp = await reverify(headers, { code: '000000' })
    expect(errorOf(wrongTotp.body).issues).toEqual([{ path: ['code'], message: REVERIFICATION_MESSAGES.wrongCode }])
    // A current TOTP code confirms; the change then needs a newer one (a code works once).
    expect((await reverify(headers, { code: await codeNow() })).status).toBe(200)
    server.clock.ms += 30_000
    const off = await call(headers, 'POST', '/api/users/me/two-factor/disable', { code: await codeNow() })
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({ enabled: false })
  })

  test('Scenario: removing a member: the permission is checked first, then the factor; allowed after confirming', async () => {
    const admin = await session('admin@acme.test', acme)
    const agent = await session('agent@acme.test', acme)
    const agentId = await userId('agent@acme.test')
    await ageVerification('agent@acme.test')
    await ageVerification('admin@acme.test')
    // The Support Agent may not remove anyone: 403 forbidden, not a request to confirm.
    expect(errorOf((await call(agent.headers, 'DELETE', `/api/organizations/members/${agentId}`)).body).code).toBe('forbidden')
    const refused = await call(admin.headers, 'DELETE', `/api/organizations/members/${agentId}`)
    expect(refused.status).toBe(403)
    expect(errorOf(refused.body).code).toBe('reverification_required')
    expect(await server.handle.db.select().from(memberships).where(eq(memberships.userId, agentId))).toHaveLength(1)
    expect((await reverify(admin.headers, { password: DEMO_PASSWORD })).status).toBe(200)
    expect((await call(admin.headers, 'DELETE', `/api/organizations/members/${agentId}`)).status).toBe(204)
  })

  test('Scenario: deleting a role is refused when stale and allowed after confirming; creating one is not guarded', async () => {
    const { headers } = await session('admin@acme.test', acme)
    await ageVerification('admin@acme.test')
    const created = await call(headers, 'POST', '/api/permissions/permission-sets', { name: 'Night shift', permissions: [{ resource: 'CONTACTS', actions: ['READ'] }] })
    expect(created.status).toBe(201)
    const id = (created.body as { _id: string })._id
    const refused = await call(headers, 'DELETE', `/api/permissions/permission-sets/${id}`)
    expect(errorOf(refused.body).code).toBe('reverification_required')
    expect((await reverify(headers, { password: DEMO_PASSWORD })).status).toBe(200)
    expect((await call(headers, 'DELETE', `/api/permissions/permission-sets/${id}`)).status).toBe(204)
  })

  test('Scenario: granting Super Admin needs a recent factor; other role changes do not', async () => {
    const { headers } = await session('admin@acme.test', acme)
    const setId = async (key: string) =>
      (await server.handle.db.select({ id: permissionSets.id }).from(permissionSets).where(and(eq(permissionSets.permissionSetKey, key), eq(permissionSets.isSystem, true))))[0]!.id
    const [superAdmin, teamMember] = await Promise.all([setId('SUPER_ADMIN'), setId('TEAM_MEMBER')])
    const agentId = await userId('agent@acme.test')
    // The agent was removed above: invite them back through the database as a plain member.
    await server.handle.db.insert(memberships).values({ userId: agentId, orgId: acme }).onConflictDoNothing()
    await ageVerification('admin@acme.test')
    const assign = (ids: string[]) => call(headers, 'POST', '/api/permissions/assign-permission-sets', { user_id: agentId, permission_set_ids: ids })
    expect((await assign([teamMember])).status).toBe(200)
    const refused = await assign([superAdmin])
    expect(refused.status).toBe(403)
    expect(errorOf(refused.body).code).toBe('reverification_required')
    expect((await reverify(headers, { password: DEMO_PASSWORD })).status).toBe(200)
    expect((await assign([superAdmin])).status).toBe(200)
    // Keeping Super Admin (not granting it again) needs nothing more, even when stale.
    await ageVerification('admin@acme.test')
    expect((await assign([superAdmin, teamMember])).status).toBe(200)

    // Inviting someone as Super Admin grants it too; as a plain member it does not ask.
    const invite = (email: string, ids: string[]) => call(headers, 'POST', '/api/organizations/members/invite', { email, permission_set_ids: ids })
    expect((await invite('plain@newcomer.test', [teamMember])).status).toBe(201)
    const invitedAsSuper = await invite('boss@newcomer.test', [superAdmin])
    expect([invitedAsSuper.status, errorOf(invitedAsSuper.body).code]).toEqual([403, 'reverification_required'])
    expect((await server.handle.db.select().from(users).where(eq(users.email, 'boss@newcomer.test'))).length).toBe(0)
    expect((await reverify(headers, { password: DEMO_PASSWORD })).status).toBe(200)
    expect((await invite('boss@newcomer.test', [superAdmin])).status).toBe(201)
  })
})

describe('wrong factors are limited', () => {
  let limited: TestServer
  beforeAll(async () => {
    limited = await startTestServer({}, () => ({ rateLimits: { enabled: true, trustProxy: false } }))
  }, 60_000)
  afterAll(() => limited.close())

  test('Scenario: five wrong passwords, then 429 with Retry-After, even for the right one', async () => {
    const tokens = await limited.signIn('agent@acme.test')
    const headers = limited.authHeaders(tokens.access_token, tokens.org_id)
    for (let i = 0; i < 5; i++) {
      expect((await limited.request('POST', '/api/users/me/reverification', { headers, body: { password: `wrong-${i}` } })).status).toBe(400)
    }
    const blocked = await limited.request('POST', '/api/users/me/reverification', { headers, body: { password: DEMO_PASSWORD } })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
