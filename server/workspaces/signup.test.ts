/**
 * `POST /api/users/signup` (docs/api.md): a new account with its first workspace, signed in at
 * once; the waitlist decides the workspace's first screen (SPEC.md §2.2).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBody, SignInResponse, VerifyTokenResponse, WorkspacesResponse } from '../../contract/api.ts'
import { validate } from '../../contract/validate.ts'
import { MonthlyCreditsUsageResponse } from '../../contract/workspaces.ts'
import { createApp } from '../app.ts'
import { verifyPassword } from '../auth/password.ts'
import { auditEvents, organizations, users } from '../db/schema.ts'
import { TEST_CONFIG, startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

// With a valid bot-check proof, unless the body brings its own.
const signUp = async (body: unknown) => server.request('POST', '/api/users/signup', { body: await server.withProof(body) })

const goodBody = (email: string) => ({ fullName: '  Grace Hopper ', email, password: 'correct horse battery', org_name: ' Hopper Labs ' })

async function decoded<S extends Parameters<typeof validate>[0]>(schema: S, response: Response): Promise<S['Type']> {
  const result = validate(schema, await response.json())
  if (!result.ok) throw new Error(JSON.stringify(result.issues))
  return result.value
}

describe('POST /api/users/signup', () => {
  test('Scenario: the language the sign-up page spoke is the new account\'s; one Engage does not ship is refused and nothing is created', async () => {
    const response = await signUp({ ...goodBody('hedy@example.test'), language: 'de' })
    expect(response.status).toBe(201)
    const session = await decoded(SignInResponse, response)
    const verify = await decoded(VerifyTokenResponse, await server.request('GET', '/api/users/verify-token', { headers: server.authHeaders(session.access_token, session.org_id) }))
    expect(verify.user.language).toBe('de')
    const refused = await signUp({ ...goodBody('ada@example.test'), language: 'fr' })
    expect(refused.status).toBe(400)
    expect((await decoded(ApiErrorBody, refused)).error.issues.map((i) => i.path)).toEqual([['language']])
    expect(await server.handle.db.select().from(users).where(eq(users.email, 'ada@example.test'))).toEqual([])
  })

  test('Scenario: a new person signs up, is signed in, and owns a workspace waiting on the waitlist', async () => {
    const response = await signUp(goodBody(' Grace@Example.TEST '))
    expect(response.status).toBe(201)
    const session = await decoded(SignInResponse, response)
    expect(session.expires_in).toBe(300)
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const headers = server.authHeaders(session.access_token, session.org_id)

    const verify = await decoded(VerifyTokenResponse, await server.request('GET', '/api/users/verify-token', { headers }))
    expect(verify.user).toMatchObject({ fullName: 'Grace Hopper', email: 'grace@example.test' })
    expect(verify.currentOrgData).toMatchObject({
      org_id: session.org_id,
      org_name: 'Hopper Labs',
      roles: ['SUPER_ADMIN'],
      permission_sets: ['SUPER_ADMIN'],
      waitlist_approved: false,
      signup_completed: false,
      is_sso_enabled: false,
      layout: 'DEFAULT',
    })

    // The new workspace's audit log starts with its owner's first sign-in.
    const audit = await server.handle.db.select().from(auditEvents).where(eq(auditEvents.orgId, session.org_id))
    expect(audit.map((e) => [e.kind, e.actorLabel])).toEqual([['auth.signed_in', 'grace@example.test']])

    const list = await decoded(WorkspacesResponse, await server.request('GET', '/api/users/my-workspaces', { headers }))
    expect(list.workspaces).toEqual([
      { org_id: session.org_id, org_name: 'Hopper Labs', roles: ['SUPER_ADMIN'], waitlist_approved: false, signup_completed: false, is_default: true },
    ])

    // New workspaces start on the Starter plan with nothing used.
    const credits = await decoded(MonthlyCreditsUsageResponse, await server.request('GET', '/api/org-billing/monthly-credits-usage', { headers }))
    expect(credits.data.summary).toMatchObject({ planName: 'Starter', totalCredits: 1000, usedCredits: 0, remainingCredits: 1000, percentageUsed: 0 })

    // The password was stored as a scrypt hash and signs in from now on.
    const [row] = await server.handle.db.select().from(users).where(eq(users.email, 'grace@example.test'))
    expect(row?.passwordHash).toMatch(/^scrypt\$/)
    expect(await verifyPassword('correct horse battery', row?.passwordHash ?? '')).toBe(true)
    expect(row?.defaultOrgId).toBe(session.org_id)
    const [org] = await server.handle.db.select().from(organizations).where(eq(organizations.id, session.org_id))
    expect(org?.createdBy).toBe(row?.id)
    const signIn = await server.request('POST', '/api/users/signin', { body: { email: 'grace@example.test', password: 'correct horse battery', bot_check_proof: await server.proof() } })
    expect(signIn.status).toBe(200)
    expect(((await signIn.json()) as SignInResponse).org_id).toBe(session.org_id)
  })

  test.each([['admin@acme.test'], ['  ADMIN@Acme.Test ']])('Scenario: an email already registered (%s) is a 409 on ["email"], nothing written', async (email) => {
    const before = await server.rowCounts()
    const response = await signUp(goodBody(email))
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'An account with this email already exists.',
        issues: [{ path: ['email'], message: 'An account with this email already exists.' }],
      },
    })
    expect(await server.rowCounts()).toEqual(before)
  })

  describe('bad bodies: 400 invalid_request with every issue, nothing written', () => {
    test.each([
      ['missing fields', {}, ['email', 'fullName', 'org_name', 'password']],
      ['short password', { ...goodBody('x@example.test'), password: 'short' }, ['password']],
      ['invalid email', { ...goodBody('x@example.test'), email: 'nope' }, ['email']],
      ['blank name and workspace', { ...goodBody('x@example.test'), fullName: '   ', org_name: ' ' }, ['fullName', 'org_name']],
      ['workspace name over 80 characters', { ...goodBody('x@example.test'), org_name: 'w'.repeat(81) }, ['org_name']],
      ['wrong types', { fullName: 1, email: true, password: null, org_name: [] }, ['email', 'fullName', 'org_name', 'password']],
      ['an array', [], []],
    ])('Scenario: %s', async (_name, body, paths) => {
      const before = await server.rowCounts()
      const response = await signUp(body)
      expect(response.status).toBe(400)
      const error = await decoded(ApiErrorBody, response)
      expect(error.error.code).toBe('invalid_request')
      expect(error.error.issues.length).toBeGreaterThan(0)
      expect([...new Set(error.error.issues.map((i) => i.path[0]).filter((p) => p !== undefined))].sort()).toEqual(paths)
      expect(await server.rowCounts()).toEqual(before)
    })

    test('Scenario: not JSON', async () => {
      const before = await server.rowCounts()
      const response = await server.request('POST', '/api/users/signup', { body: 'email=a@b.test', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      expect(response.status).toBe(400)
      expect(await server.rowCounts()).toEqual(before)
    })
  })

  test('Scenario: with WAITLIST=off the new workspace is approved at once, sign-up info still to give', async () => {
    const app = createApp({
      db: server.handle.db,
      driver: 'pglite',
      config: { ...TEST_CONFIG, waitlistEnabled: false },
      signingKey: server.signingKey,
    })
    const response = await app.request('/api/users/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await server.withProof(goodBody('open@example.test'))),
    })
    expect(response.status).toBe(201)
    const session = await decoded(SignInResponse, response)
    const verify = await decoded(
      VerifyTokenResponse,
      await app.request('/api/users/verify-token', { headers: server.authHeaders(session.access_token, session.org_id) }),
    )
    expect(verify.currentOrgData).toMatchObject({ waitlist_approved: true, signup_completed: false, roles: ['SUPER_ADMIN'] })
  })

  test('Scenario: signing up from Pricing with the Growth plan starts the workspace on Growth', async () => {
    const response = await signUp({ ...goodBody('growth@example.test'), plan: 'growth' })
    expect(response.status).toBe(201)
    const session = await decoded(SignInResponse, response)
    const headers = server.authHeaders(session.access_token, session.org_id)
    const credits = await decoded(MonthlyCreditsUsageResponse, await server.request('GET', '/api/org-billing/monthly-credits-usage', { headers }))
    expect(credits.data.summary).toMatchObject({ planName: 'Growth', totalCredits: 10_000, usedCredits: 0, remainingCredits: 10_000 })
  })

  test('Scenario: a plan sign-up does not offer (Enterprise is agreed on a call) is refused and creates nothing', async () => {
    const before = await server.rowCounts()
    const response = await signUp({ ...goodBody('enterprise@example.test'), plan: 'enterprise' })
    expect(response.status).toBe(400)
    const error = await decoded(ApiErrorBody, response)
    expect(error.error.issues.map((i) => i.path[0])).toEqual(['plan'])
    expect(await server.rowCounts()).toEqual(before)
  })

  test('Scenario: two sign-ups racing with one email: exactly one account', async () => {
    const [a, b] = await Promise.all([signUp(goodBody('race@example.test')), signUp(goodBody('race@example.test'))])
    expect([a.status, b.status].sort()).toEqual([201, 409])
    expect(await server.handle.db.$count(users, eq(users.email, 'race@example.test'))).toBe(1)
  })
})
