import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBody, TokenResponse } from '../../contract/api.ts'
import { ProfileResponse } from '../../contract/profile.ts'
import { validate } from '../../contract/validate.ts'
import { hashRefreshToken } from '../auth/refresh-token.ts'
import { refreshTokens, users } from '../db/schema.ts'
import { DEMO_PASSWORD } from '../admin/seed.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function session(email: string) {
  const s = await server.signIn(email)
  return { ...s, headers: server.authHeaders(s.access_token, s.org_id) }
}

async function errorOf(response: Response) {
  const body = validate(ApiErrorBody, await response.json())
  if (!body.ok) throw new Error('not an error body')
  return body.value.error
}

const patch = (headers: Record<string, string>, body: unknown) => server.request('PATCH', '/api/users/me', { headers, body })
const changePassword = (headers: Record<string, string>, body: unknown) => server.request('POST', '/api/users/me/password', { headers, body })

describe('GET and PATCH /api/users/me', () => {
  test('Scenario: the person reads their profile and changes their name and avatar; verify-token shows the change', async () => {
    const s = await session('agent@acme.test')
    const read = await server.request('GET', '/api/users/me', { headers: s.headers })
    expect(read.status).toBe(200)
    expect(validate(ProfileResponse, await read.json()).ok).toBe(true)

    const response = await patch(s.headers, { fullName: '  Grace Hopper  ', image: 'https://cdn.example/avatars/grace.png' })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ user: { fullName: 'Grace Hopper', image: 'https://cdn.example/avatars/grace.png', email: 'agent@acme.test' } })
    const verified = await (await server.request('GET', '/api/users/verify-token', { headers: s.headers })).json()
    expect(verified.user).toMatchObject({ fullName: 'Grace Hopper', image: 'https://cdn.example/avatars/grace.png' })

    // null removes the avatar; the name stays.
    expect(await (await patch(s.headers, { image: null })).json()).toMatchObject({ user: { fullName: 'Grace Hopper', image: null } })
  })

  test('Scenario: bad input is refused with field issues and changes nothing', async () => {
    const s = await session('admin@acme.test')
    const before = await server.handle.db.select().from(users).where(eq(users.email, 'admin@acme.test'))
    for (const [body, path, message] of [
      [{ fullName: 'x'.repeat(121) }, 'fullName', 'Full name must be at most 120 characters'],
      [{ fullName: '   ' }, 'fullName', 'Full name is required'],
      [{ image: 'javascript:alert(1)' }, 'image', 'Use an http(s) image URL'],
      [{ image: '/relative/path.png' }, 'image', 'Use an http(s) image URL'],
      [{ fullName: 42 }, 'fullName', expect.any(String)],
      [{ language: 'fr' }, 'language', expect.any(String)],
      [{ language: 'de\u0000' }, 'language', expect.any(String)],
      [{ language: 7 }, 'language', expect.any(String)],
    ] as const) {
      const response = await patch(s.headers, body)
      expect(response.status).toBe(400)
      const error = await errorOf(response)
      expect(error.code).toBe('invalid_request')
      expect(error.issues).toContainEqual({ path: [path], message })
    }
    const empty = await patch(s.headers, {})
    expect(empty.status).toBe(400)
    expect((await errorOf(empty)).message).toBe('Change your name, your photo or your language')
    expect(await server.handle.db.select().from(users).where(eq(users.email, 'admin@acme.test'))).toEqual(before)
  })

  test('Scenario: the person saves a language; verify-token and GET /users/me carry it; null clears it', async () => {
    const s = await session('agent@acme.test')
    const saved = await patch(s.headers, { language: 'ar' })
    expect(saved.status).toBe(200)
    expect(((await saved.json()) as { user: { language: string | null } }).user.language).toBe('ar')
    const me = await server.request('GET', '/api/users/me', { headers: s.headers })
    expect(((await me.json()) as { user: { language: string | null } }).user.language).toBe('ar')
    const verified = await server.request('GET', '/api/users/verify-token', { headers: s.headers })
    expect(((await verified.json()) as { user: { language: string | null } }).user.language).toBe('ar')
    const cleared = await patch(s.headers, { language: null })
    expect(((await cleared.json()) as { user: { language: string | null } }).user.language).toBeNull()
  })

  test('Scenario: the quiet hours zone the person saves is their time zone in verify-token, on or off; none saved answers null', async () => {
    const s = await session('newbie@initech.test')
    const zoneOf = async () => ((await (await server.request('GET', '/api/users/verify-token', { headers: s.headers })).json()) as { user: { time_zone: string | null } }).user.time_zone
    expect(await zoneOf()).toBeNull()
    const current = (await (await server.request('GET', '/api/common-services/notifications/preferences', { headers: s.headers })).json()) as { preferences: Record<string, unknown> }
    const quiet = { enabled: true, start: '22:00', end: '07:00', timezone: 'Asia/Kolkata' }
    const put = await server.request('PUT', '/api/common-services/notifications/preferences', { headers: s.headers, body: { ...current.preferences, quiet_hours: quiet } })
    expect(put.status, await put.clone().text()).toBe(200)
    expect(await zoneOf()).toBe('Asia/Kolkata')
    // Quiet hours switched off keep their zone: it is still the person's.
    expect((await server.request('PUT', '/api/common-services/notifications/preferences', { headers: s.headers, body: { ...current.preferences, quiet_hours: { ...quiet, enabled: false } } })).status).toBe(200)
    expect(await zoneOf()).toBe('Asia/Kolkata')
    expect((await server.request('PUT', '/api/common-services/notifications/preferences', { headers: s.headers, body: { ...current.preferences, quiet_hours: null } })).status).toBe(200)
    expect(await zoneOf()).toBeNull()
  })

  test('Scenario: without a valid access token nothing is read or changed', async () => {
    expect((await server.request('GET', '/api/users/me')).status).toBe(401)
    const s = await session('admin@acme.test')
    expect((await patch({ ...s.headers, authorization: 'Bearer forged' }, { fullName: 'Mallory' })).status).toBe(401)
  })

  test('Scenario: a person changes only their own row', async () => {
    const a = await session('admin@acme.test')
    await patch(a.headers, { fullName: 'Ada Admin' })
    const b = await session('agent@acme.test')
    await patch(b.headers, { fullName: 'Someone Else' })
    const [ada] = await server.handle.db.select().from(users).where(eq(users.email, 'admin@acme.test'))
    expect(ada?.fullName).toBe('Ada Admin')
  })
})

describe('POST /api/users/me/password', () => {
  test('Scenario: a wrong current password is a 400 with an issue on currentPassword, and nothing changes', async () => {
    const s = await session('admin@acme.test')
    const response = await changePassword(s.headers, { currentPassword: 'not-my-password', newPassword: 'a-brand-new-password' })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).issues).toEqual([{ path: ['currentPassword'], message: 'Your current password is incorrect' }])
    // The session still works.
    expect((await server.request('POST', '/api/users/refresh-token', { body: { refresh_token: s.refresh_token } })).status).toBe(200)
  })

  test('Scenario: a weak, missing or unchanged new password is refused', async () => {
    const s = await session('admin@acme.test')
    const weak = await changePassword(s.headers, { currentPassword: DEMO_PASSWORD, newPassword: 'short' })
    expect(weak.status).toBe(400)
    expect((await errorOf(weak)).issues).toContainEqual({ path: ['newPassword'], message: 'Use at least 10 characters' })
    const missing = await changePassword(s.headers, { currentPassword: '' })
    expect((await errorOf(missing)).issues.map((i) => i.path[0]).sort()).toEqual(['currentPassword', 'newPassword'])
    const same = await changePassword(s.headers, { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD })
    expect(same.status).toBe(400)
    expect((await errorOf(same)).issues).toEqual([{ path: ['newPassword'], message: 'Choose a password different from the current one' }])
  })

  test('Scenario: a changed password revokes every other session, this one continues with new tokens', async () => {
    const email = 'agent@acme.test'
    const other = await session(email)
    const mine = await session(email)
    const response = await changePassword(mine.headers, { currentPassword: DEMO_PASSWORD, newPassword: 'correct horse battery staple' })
    expect(response.status).toBe(200)
    const tokens = validate(TokenResponse, await response.json())
    if (!tokens.ok) throw new Error(JSON.stringify(tokens.issues))

    // The other session (and this session's old refresh token) can no longer refresh.
    expect((await server.request('POST', '/api/users/refresh-token', { body: { refresh_token: other.refresh_token } })).status).toBe(401)
    expect((await server.request('POST', '/api/users/refresh-token', { body: { refresh_token: mine.refresh_token } })).status).toBe(401)
    const [old] = await server.handle.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(other.refresh_token)))
    expect(old?.revokedAt).not.toBeNull()
    // This session goes on with the new pair.
    expect((await server.request('GET', '/api/users/verify-token', { headers: server.authHeaders(tokens.value.access_token, mine.org_id) })).status).toBe(200)
    expect((await server.request('POST', '/api/users/refresh-token', { body: { refresh_token: tokens.value.refresh_token } })).status).toBe(200)
    // The new password signs in; the old one does not.
    expect((await server.request('POST', '/api/users/signin', { body: { email, password: 'correct horse battery staple', bot_check_proof: await server.proof() } })).status).toBe(200)
    expect((await server.request('POST', '/api/users/signin', { body: { email, password: DEMO_PASSWORD, bot_check_proof: await server.proof() } })).status).toBe(401)
  })
})
