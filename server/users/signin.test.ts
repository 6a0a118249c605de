import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBody, SignInResponse } from '../../contract/api.ts'
import { validate } from '../../contract/validate.ts'
import { DEMO_USERS } from '../admin/seed.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

// With a valid bot-check proof, unless the body brings its own.
const signIn = async (body: unknown, headers?: Record<string, string>) =>
  server.request('POST', '/api/users/signin', { body: await server.withProof(body), ...(headers ? { headers } : {}) })

describe('POST /api/users/signin', () => {
  test.each(DEMO_USERS.map((u) => [u.email, u.memberships[0]?.org] as const))(
    'Scenario: %s signs in and starts in %s',
    async (email, defaultOrg) => {
      const response = await signIn({ email, password: 'demo-password' })
      expect(response.status).toBe(200)
      const body = validate(SignInResponse, await response.json())
      if (!body.ok) throw new Error(JSON.stringify(body.issues))
      expect(body.value.expires_in).toBe(300)
      expect(body.value.access_token.split('.')).toHaveLength(3)
      expect(body.value.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(body.value.org_id).toBe(await server.orgId(defaultOrg ?? ''))
    },
  )

  test('Scenario: the email is matched case-insensitively and trimmed', async () => {
    const response = await signIn({ email: '  ADMIN@Acme.TEST ', password: 'demo-password' })
    expect(response.status).toBe(200)
  })

  test('Scenario: a wrong password and an unknown email get the identical 401', async () => {
    const before = await server.rowCounts()
    const wrongPassword = await signIn({ email: 'admin@acme.test', password: 'not-the-password' })
    const started = performance.now()
    const unknownEmail = await signIn({ email: 'nobody@acme.test', password: 'demo-password' })
    const unknownMs = performance.now() - started

    expect(wrongPassword.status).toBe(401)
    expect(unknownEmail.status).toBe(401)
    const a = await wrongPassword.json()
    const b = await unknownEmail.json()
    expect(a).toEqual({ error: { code: 'invalid_credentials', message: 'Incorrect email or password.', issues: [] } })
    expect(b).toEqual(a)
    // An unknown email still pays for a password hash (tens of ms), so timing does not tell.
    expect(unknownMs).toBeGreaterThan(10)
    expect(await server.rowCounts()).toEqual(before)
  })

  describe('bad bodies are refused with 400 invalid_request, every issue, and no write', () => {
    test.each([
      ['missing fields', {}, ['email', 'password']],
      ['missing password', { email: 'admin@acme.test' }, ['password']],
      ['wrong types', { email: 42, password: ['x'] }, ['email', 'password']],
      ['invalid email', { email: 'not-an-email', password: 'x' }, ['email']],
      ['empty password', { email: 'admin@acme.test', password: '' }, ['password']],
      ['an array instead of an object', [], []],
    ])('Scenario: %s', async (_name, body, paths) => {
      const before = await server.rowCounts()
      const response = await signIn(body)
      expect(response.status).toBe(400)
      const decoded = validate(ApiErrorBody, await response.json())
      if (!decoded.ok) throw new Error('error body does not match the contract')
      expect(decoded.value.error.code).toBe('invalid_request')
      expect(decoded.value.error.issues.length).toBeGreaterThan(0)
      expect(decoded.value.error.issues.map((issue) => issue.path[0]).filter((p) => p !== undefined).sort()).toEqual(paths)
      expect(await server.rowCounts()).toEqual(before)
    })

    test('Scenario: malformed JSON', async () => {
      const before = await server.rowCounts()
      const response = await signIn('{"email": "admin@acme.test", ')
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_request', issues: [{ path: [], message: 'Malformed JSON' }] } })
      expect(await server.rowCounts()).toEqual(before)
    })

    test('Scenario: a form post instead of JSON', async () => {
      const response = await signIn('email=admin%40acme.test&password=demo-password', {
        'content-type': 'application/x-www-form-urlencoded',
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } })
    })

    test('Scenario: a body over 64 kB is refused with 413 before it is parsed', async () => {
      const before = await server.rowCounts()
      const response = await signIn({ email: 'admin@acme.test', password: 'x'.repeat(70 * 1024) })
      expect(response.status).toBe(413)
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_request', issues: [{ path: [] }] } })
      expect(await server.rowCounts()).toEqual(before)
    })

    test('Scenario: a body over 64 kB with a Content-Length header', async () => {
      const payload = JSON.stringify({ email: 'admin@acme.test', password: 'x'.repeat(70 * 1024) })
      const response = await signIn(payload, { 'content-length': String(payload.length) })
      expect(response.status).toBe(413)
    })
  })

  test('Scenario: GET on a POST-only endpoint is a JSON 404', async () => {
    const response = await server.request('GET', '/api/users/signin')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } })
  })
})
