import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TokenResponse } from '../../contract/api.ts'
import { validate } from '../../contract/validate.ts'
import { REUSE_WINDOW_MS, hashRefreshToken } from '../auth/refresh-token.ts'
import { refreshTokens, sessions, users } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const refresh = (refresh_token: string) => server.request('POST', '/api/users/refresh-token', { body: { refresh_token } })
const verify = (headers: Record<string, string>) => server.request('GET', '/api/users/verify-token', { headers })

async function refreshOk(token: string): Promise<TokenResponse> {
  const response = await refresh(token)
  expect(response.status).toBe(200)
  const body = validate(TokenResponse, await response.json())
  if (!body.ok) throw new Error(JSON.stringify(body.issues))
  return body.value
}

/** The `sid` claim of an access token (its payload, not verified: the server signed it). */
function sessionIdOf(accessToken: string): string {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as { sid?: string }
  if (payload.sid === undefined) throw new Error('the access token has no sid')
  return payload.sid
}

async function familyOf(token: string) {
  const [row] = await server.handle.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
  if (row === undefined) throw new Error('token not stored')
  return server.handle.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, row.familyId))
}

describe('POST /api/users/refresh-token', () => {
  test('Scenario: refresh rotates: new tokens work, the old refresh token is spent', async () => {
    const session = await server.signIn('admin@acme.test')
    const next = await refreshOk(session.refresh_token)
    expect(next.refresh_token).not.toBe(session.refresh_token)
    expect(next.expires_in).toBe(300)
    expect((await verify(server.authHeaders(next.access_token, session.org_id))).status).toBe(200)

    const family = await familyOf(next.refresh_token)
    expect(family).toHaveLength(2)
    const old = family.find((row) => row.tokenHash === hashRefreshToken(session.refresh_token))
    const current = family.find((row) => row.tokenHash === hashRefreshToken(next.refresh_token))
    expect(old?.revokedAt).not.toBeNull()
    expect(old?.replacedBy).toBe(current?.id)
    expect(current?.revokedAt).toBeNull()
  })

  test('Scenario: only hashes are stored, never the token', async () => {
    const session = await server.signIn('agent@acme.test')
    const rows = await server.handle.db.select({ tokenHash: refreshTokens.tokenHash }).from(refreshTokens)
    expect(rows.some((row) => row.tokenHash === session.refresh_token)).toBe(false)
    expect(rows.some((row) => row.tokenHash === hashRefreshToken(session.refresh_token))).toBe(true)
  })

  test('Scenario: reusing a rotated refresh token revokes the whole family', async () => {
    const session = await server.signIn('admin@acme.test')
    const second = await refreshOk(session.refresh_token)
    const third = await refreshOk(second.refresh_token)

    const reuse = await refresh(session.refresh_token)
    expect(reuse.status).toBe(401)
    expect(await reuse.json()).toMatchObject({ error: { code: 'invalid_refresh_token' } })

    // The newest token, never used by the thief, is dead too: its session is signed out.
    const newest = await refresh(third.refresh_token)
    expect(newest.status).toBe(401)
    expect(await newest.json()).toMatchObject({ error: { code: 'session_revoked' } })
    const family = await familyOf(third.refresh_token)
    expect(family).toHaveLength(3)
    expect(family.every((row) => row.revokedAt !== null)).toBe(true)
  })

  test('Scenario: reuse revokes only that family, not the user\'s other sessions', async () => {
    const laptop = await server.signIn('newbie@initech.test')
    const phone = await server.signIn('newbie@initech.test')
    await refreshOk(laptop.refresh_token)
    server.clock.ms += REUSE_WINDOW_MS
    try {
      expect((await refresh(laptop.refresh_token)).status).toBe(401)
      await refreshOk(phone.refresh_token)
    } finally {
      server.clock.ms -= REUSE_WINDOW_MS
    }
  })

  test('Scenario: an expired refresh token is refused and writes nothing', async () => {
    const session = await server.signIn('sso@umbrella.test')
    server.clock.ms += 31 * 24 * 60 * 60 * 1000
    try {
      const before = await server.rowCounts()
      const response = await refresh(session.refresh_token)
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_refresh_token' } })
      expect(await server.rowCounts()).toEqual(before)
    } finally {
      server.clock.ms -= 31 * 24 * 60 * 60 * 1000
    }
  })

  test('Scenario: an unknown refresh token is refused', async () => {
    const response = await refresh(randomBytes(32).toString('base64url'))
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_refresh_token' } })
  })

  test('Scenario: a missing refresh_token is a 400', async () => {
    const response = await server.request('POST', '/api/users/refresh-token', { body: {} })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request', issues: [{ path: ['refresh_token'] }] } })
  })

  test('Scenario: refreshes racing with one token all get the same successor, which stays live', async () => {
    const session = await server.signIn('waiting@waitlist.test')
    const answers = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token), refresh(session.refresh_token)])
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200])
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as TokenResponse[]
    expect(new Set(bodies.map((b) => b.refresh_token)).size).toBe(1)
    // One rotation: the family holds the first token and one successor.
    expect(await familyOf(session.refresh_token)).toHaveLength(2)
    await refreshOk(bodies[0]?.refresh_token ?? '')
  })
})

describe('the refresh reuse window', () => {
  const later = async <T>(ms: number, task: () => Promise<T>): Promise<T> => {
    server.clock.ms += ms
    try {
      return await task()
    } finally {
      server.clock.ms -= ms
    }
  }

  test('Scenario: a retry within 10 s gets the same refresh token and a working access token', async () => {
    const session = await server.signIn('admin@acme.test')
    const first = await refreshOk(session.refresh_token)
    const retry = await later(REUSE_WINDOW_MS - 1, () => refreshOk(session.refresh_token))
    expect(retry.refresh_token).toBe(first.refresh_token)
    expect((await verify(server.authHeaders(retry.access_token, session.org_id))).status).toBe(200)
    // Nothing was revoked: the successor is the family's live token and rotates as usual.
    const family = await familyOf(first.refresh_token)
    expect(family.filter((row) => row.revokedAt === null)).toHaveLength(1)
    const next = await refreshOk(retry.refresh_token)
    expect(next.refresh_token).not.toBe(first.refresh_token)
  })

  test('Scenario: 10 s after the rotation, reuse revokes the family and signs the session out', async () => {
    const session = await server.signIn('admin@acme.test')
    const first = await refreshOk(session.refresh_token)
    const reuse = await later(REUSE_WINDOW_MS, () => refresh(session.refresh_token))
    expect(reuse.status).toBe(401)
    expect(await reuse.json()).toMatchObject({ error: { code: 'invalid_refresh_token' } })
    expect((await familyOf(first.refresh_token)).every((row) => row.revokedAt !== null)).toBe(true)
    expect((await refresh(first.refresh_token)).status).toBe(401)
    const [row] = await server.handle.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(session.access_token)))
    expect(row?.revokedAt).not.toBeNull()
  })

  test('Scenario: within the window, a token whose successor was already rotated counts as reuse', async () => {
    const session = await server.signIn('agent@acme.test')
    const second = await refreshOk(session.refresh_token)
    const third = await refreshOk(second.refresh_token)
    expect((await refresh(session.refresh_token)).status).toBe(401)
    expect((await refresh(third.refresh_token)).status).toBe(401)
  })

  test('Scenario: a signed-out session is refused, even within the window', async () => {
    const session = await server.signIn('agent@acme.test')
    const next = await refreshOk(session.refresh_token)
    const out = await server.request('POST', '/api/users/logout', {
      body: { refresh_token: next.refresh_token, token: next.access_token },
      headers: server.authHeaders(next.access_token, session.org_id),
    })
    expect(out.status).toBe(200)
    expect((await refresh(session.refresh_token)).status).toBe(401)
    expect((await refresh(next.refresh_token)).status).toBe(401)
  })

  test('Scenario: a successor is not stored, and differs for each token', async () => {
    const a = await server.signIn('admin@acme.test')
    const b = await server.signIn('admin@acme.test')
    const [na, nb] = [await refreshOk(a.refresh_token), await refreshOk(b.refresh_token)]
    expect(na.refresh_token).not.toBe(nb.refresh_token)
    expect(na.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const rows = await server.handle.db.select({ tokenHash: refreshTokens.tokenHash }).from(refreshTokens)
    expect(rows.some((row) => row.tokenHash === na.refresh_token)).toBe(false)
  })
})

describe('sessions made by sign-in and refresh', () => {
  test('Scenario: sign-in starts a session with the user agent and address, named by the access token\'s sid', async () => {
    const response = await server.request('POST', '/api/users/signin', {
      body: { email: 'admin@acme.test', password: 'demo-password', bot_check_proof: await server.proof() },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' },
    })
    expect(response.status).toBe(200)
    const session = (await response.json()) as TokenResponse
    const sid = sessionIdOf(session.access_token)
    const [row] = await server.handle.db.select().from(sessions).where(eq(sessions.id, sid))
    expect(row).toMatchObject({ userAgent: expect.stringContaining('Chrome/126') as string, revokedAt: null })
    expect((await familyOf(session.refresh_token)).map((t) => t.familyId)).toEqual([sid])

    // A refresh keeps the session and marks it used.
    server.clock.ms += 60_000
    try {
      const next = await refreshOk(session.refresh_token)
      expect(sessionIdOf(next.access_token)).toBe(sid)
      const [used] = await server.handle.db.select().from(sessions).where(eq(sessions.id, sid))
      expect(used?.lastUsedAt.getTime()).toBe(server.clock.ms)
    } finally {
      server.clock.ms -= 60_000
    }
  })
})

describe('access tokens on authenticated endpoints', () => {
  let orgId: string
  let adminId: string
  beforeAll(async () => {
    orgId = await server.orgId('Acme Support')
    const [admin] = await server.handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@acme.test'))
    adminId = admin?.id ?? ''
  })

  const expectUnauthorized = async (response: Response) => {
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: expect.any(String) as string, issues: [] },
    })
  }
  const forge = (key: CryptoKey | Uint8Array, claims: { iat: number; exp: number }, alg = 'HS256') =>
    new SignJWT({})
      .setProtectedHeader({ alg })
      .setSubject(adminId)
      .setJti('test')
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .sign(key)
  const nowS = () => Math.floor(server.clock.ms / 1000)

  test('Scenario: no Authorization header', async () => {
    await expectUnauthorized(await verify({ 'x-org-id': orgId }))
  })

  test('Scenario: a garbage token', async () => {
    await expectUnauthorized(await verify({ authorization: 'Bearer not.a.jwt', 'x-org-id': orgId }))
    await expectUnauthorized(await verify({ authorization: 'Basic YWRtaW46eA==', 'x-org-id': orgId }))
  })

  test('Scenario: an expired token', async () => {
    const token = await forge(server.signingKey, { iat: nowS() - 600, exp: nowS() - 300 })
    await expectUnauthorized(await verify(server.authHeaders(token, orgId)))
  })

  test('Scenario: a token that was valid expires with the clock', async () => {
    const session = await server.signIn('admin@acme.test')
    expect((await verify(server.authHeaders(session.access_token, orgId))).status).toBe(200)
    server.clock.ms += 301_000
    try {
      await expectUnauthorized(await verify(server.authHeaders(session.access_token, orgId)))
    } finally {
      server.clock.ms -= 301_000
    }
  })

  test('Scenario: a token signed with another key', async () => {
    const token = await forge(randomBytes(32), { iat: nowS(), exp: nowS() + 300 })
    await expectUnauthorized(await verify(server.authHeaders(token, orgId)))
  })

  test('Scenario: a control check: the same forged token with the real key passes', async () => {
    const token = await forge(server.signingKey, { iat: nowS(), exp: nowS() + 300 })
    expect((await verify(server.authHeaders(token, orgId))).status).toBe(200)
  })

  test('Scenario: an unsigned (alg none) token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    const payload = Buffer.from(JSON.stringify({ sub: adminId, jti: 'x', iat: nowS(), exp: nowS() + 300 })).toString('base64url')
    await expectUnauthorized(await verify(server.authHeaders(`${header}.${payload}.`, orgId)))
  })

  test('Scenario: a valid token without x-org-id is a 400', async () => {
    const session = await server.signIn('admin@acme.test')
    const response = await verify({ authorization: `Bearer ${session.access_token}` })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request', issues: [{ path: ['x-org-id'] }] } })
  })
})

describe('POST /api/users/logout', () => {
  const logout = (body: unknown, headers: Record<string, string> = {}) => server.request('POST', '/api/users/logout', { body, headers })

  test('Scenario: logout revokes the refresh token and answers where to go', async () => {
    const session = await server.signIn('agent@acme.test')
    const response = await logout(
      { refresh_token: session.refresh_token, token: session.access_token },
      server.authHeaders(session.access_token, session.org_id),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ url: '/signin' })
    expect((await refresh(session.refresh_token)).status).toBe(401)
  })

  test('Scenario: logout after a refresh ends the session (the whole family)', async () => {
    const session = await server.signIn('agent@acme.test')
    const next = await refreshOk(session.refresh_token)
    await logout({ refresh_token: next.refresh_token, token: next.access_token }, server.authHeaders(next.access_token, session.org_id))
    expect((await familyOf(next.refresh_token)).every((row) => row.revokedAt !== null)).toBe(true)
  })

  test("Scenario: another user's refresh token is left alone", async () => {
    const victim = await server.signIn('newbie@initech.test')
    const attacker = await server.signIn('agent@acme.test')
    const response = await logout(
      { refresh_token: victim.refresh_token, token: attacker.access_token },
      server.authHeaders(attacker.access_token, attacker.org_id),
    )
    expect(response.status).toBe(200)
    await refreshOk(victim.refresh_token)
  })

  test('Scenario: with an expired access token, a live refresh token is enough', async () => {
    const session = await server.signIn('agent@acme.test')
    server.clock.ms += 301_000
    try {
      const response = await logout(
        { refresh_token: session.refresh_token, token: session.access_token },
        server.authHeaders(session.access_token, session.org_id),
      )
      expect(response.status).toBe(200)
      expect((await refresh(session.refresh_token)).status).toBe(401)
    } finally {
      server.clock.ms -= 301_000
    }
  })

  test('Scenario: with neither a valid access token nor a live refresh token: 401, nothing written', async () => {
    const before = await server.rowCounts()
    const response = await logout({ refresh_token: 'nope', token: 'nope' })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } })
    expect(await server.rowCounts()).toEqual(before)
  })

  test('Scenario: a logout body without refresh_token is a 400', async () => {
    const session = await server.signIn('agent@acme.test')
    const response = await logout({ token: session.access_token }, server.authHeaders(session.access_token, session.org_id))
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request', issues: [{ path: ['refresh_token'] }] } })
  })
})
