import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { VerifyTokenResponse, WorkspacesResponse } from '../../contract/api.ts'
import { validate } from '../../contract/validate.ts'
import { permissionSets, users } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function verifyAs(email: string, orgName: string): Promise<{ status: number; body: unknown }> {
  const session = await server.signIn(email)
  const response = await server.request('GET', '/api/users/verify-token', {
    headers: server.authHeaders(session.access_token, await server.orgId(orgName)),
  })
  return { status: response.status, body: await response.json() }
}

function decode<S extends Parameters<typeof validate>[0]>(schema: S, body: unknown): S['Type'] {
  const result = validate(schema, body)
  if (!result.ok) throw new Error(`does not match the contract: ${JSON.stringify(result.issues)}`)
  return result.value
}

describe('GET /api/users/verify-token', () => {
  test('Scenario: the answer the statement writes is byte for byte what JSON.stringify writes, odd names included', async () => {
    const name = 'Quote " backslash \\ tab \t newline \n bell \u0007 é 日本 \u2028 😀'
    const [before] = await server.handle.db.select({ fullName: users.fullName }).from(users).where(eq(users.email, 'agent@acme.test'))
    await server.handle.db.update(users).set({ fullName: name }).where(eq(users.email, 'agent@acme.test'))
    try {
      const session = await server.signIn('agent@acme.test')
      const response = await server.request('GET', '/api/users/verify-token', {
        headers: server.authHeaders(session.access_token, await server.orgId('Acme Support')),
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/json')
      const text = await response.text()
      const value = decode(VerifyTokenResponse, JSON.parse(text))
      expect(value.user.fullName).toBe(name)
      expect(text).toBe(JSON.stringify(JSON.parse(text)))
    } finally {
      await server.handle.db.update(users).set({ fullName: before?.fullName as string }).where(eq(users.email, 'agent@acme.test'))
    }
  })

  test('Scenario: the admin in Acme Support is a super admin', async () => {
    const { status, body } = await verifyAs('admin@acme.test', 'Acme Support')
    expect(status).toBe(200)
    const value = decode(VerifyTokenResponse, body)
    expect(value.user).toMatchObject({ fullName: 'Ada Admin', email: 'admin@acme.test', image: null })
    expect(value.currentOrgData).toEqual({
      org_id: await server.orgId('Acme Support'),
      org_name: 'Acme Support',
      roles: ['SUPER_ADMIN'],
      is_sso_enabled: false,
      signup_completed: true,
      waitlist_approved: true,
      layout: 'DEFAULT',
      permission_sets: ['SUPER_ADMIN'],
      // The workspace does not require two-factor authentication.
      require_two_factor: false,
      two_factor_required_setup: false,
      // No default language for people new to Engage.
      default_language: null,
    })
  })

  test('Scenario: the same admin in Globex is a team member', async () => {
    const { status, body } = await verifyAs('admin@acme.test', 'Globex')
    expect(status).toBe(200)
    const value = decode(VerifyTokenResponse, body)
    expect(value.currentOrgData.org_name).toBe('Globex')
    expect(value.currentOrgData.roles).toEqual(['TEAM_MEMBER'])
    expect(value.currentOrgData.permission_sets).toEqual(['TEAM_MEMBER'])
  })

  test("Scenario: the agent's custom set is named by its _id and gives no role", async () => {
    const [set] = await server.handle.db
      .select({ id: permissionSets.id })
      .from(permissionSets)
      .where(eq(permissionSets.name, 'Support Agent'))
    const { status, body } = await verifyAs('agent@acme.test', 'Acme Support')
    expect(status).toBe(200)
    const value = decode(VerifyTokenResponse, body)
    expect(value.currentOrgData.permission_sets).toEqual([set?.id])
    expect(value.currentOrgData.roles).toEqual([])
  })

  test.each([
    ['newbie@initech.test', 'Initech', { waitlist_approved: true, signup_completed: false, is_sso_enabled: false }],
    ['waiting@waitlist.test', 'Waitlist Labs', { waitlist_approved: false, signup_completed: false, is_sso_enabled: false }],
    ['sso@umbrella.test', 'Umbrella', { waitlist_approved: true, signup_completed: true, is_sso_enabled: true }],
  ])('Scenario: %s sees the flags of %s', async (email, orgName, flags) => {
    const { status, body } = await verifyAs(email, orgName)
    expect(status).toBe(200)
    expect(decode(VerifyTokenResponse, body).currentOrgData).toMatchObject({ ...flags, roles: ['SUPER_ADMIN'] })
  })

  test('Scenario: a foreign org and a nonexistent org get the same 403, with no data', async () => {
    const foreign = await verifyAs('agent@acme.test', 'Globex')
    const session = await server.signIn('agent@acme.test')
    const missing = await server.request('GET', '/api/users/verify-token', {
      headers: server.authHeaders(session.access_token, '00000000-0000-0000-0000-000000000000'),
    })
    expect(foreign.status).toBe(403)
    expect(missing.status).toBe(403)
    expect(foreign.body).toEqual({ error: { code: 'forbidden', message: expect.any(String) as string, issues: [] } })
    expect(await missing.json()).toEqual(foreign.body)
    expect(JSON.stringify(foreign.body)).not.toContain('Globex')
  })

  test('Scenario: a malformed x-org-id is simply not a membership (403, not 500)', async () => {
    const session = await server.signIn('agent@acme.test')
    const response = await server.request('GET', '/api/users/verify-token', {
      headers: server.authHeaders(session.access_token, "' or 1=1 --"),
    })
    expect(response.status).toBe(403)
  })
})

describe('GET /api/users/my-workspaces', () => {
  async function workspacesOf(email: string, orgName?: string) {
    const session = await server.signIn(email)
    const response = await server.request('GET', '/api/users/my-workspaces', {
      headers: server.authHeaders(session.access_token, orgName ? await server.orgId(orgName) : session.org_id),
    })
    return { status: response.status, body: await response.json() }
  }

  test('Scenario: the admin sees exactly Acme Support and Globex, sorted by name', async () => {
    const { status, body } = await workspacesOf('admin@acme.test')
    expect(status).toBe(200)
    expect(decode(WorkspacesResponse, body).workspaces).toEqual([
      {
        org_id: await server.orgId('Acme Support'),
        org_name: 'Acme Support',
        roles: ['SUPER_ADMIN'],
        waitlist_approved: true,
        signup_completed: true,
        is_default: true,
      },
      {
        org_id: await server.orgId('Globex'),
        org_name: 'Globex',
        roles: ['TEAM_MEMBER'],
        waitlist_approved: true,
        signup_completed: true,
        is_default: false,
      },
    ])
  })

  test('Scenario: tenant isolation: the agent sees only Acme Support', async () => {
    const { status, body } = await workspacesOf('agent@acme.test')
    expect(status).toBe(200)
    const { workspaces } = decode(WorkspacesResponse, body)
    expect(workspaces.map((w) => w.org_name)).toEqual(['Acme Support'])
    expect(workspaces[0]?.roles).toEqual([])
  })

  test.each([
    ['newbie@initech.test', 'Initech'],
    ['waiting@waitlist.test', 'Waitlist Labs'],
    ['sso@umbrella.test', 'Umbrella'],
  ])('Scenario: %s sees only %s', async (email, orgName) => {
    const { body } = await workspacesOf(email)
    expect(decode(WorkspacesResponse, body).workspaces.map((w) => [w.org_name, w.is_default])).toEqual([[orgName, true]])
  })

  test('Scenario: asking with a foreign x-org-id is a 403', async () => {
    const { status, body } = await workspacesOf('agent@acme.test', 'Globex')
    expect(status).toBe(403)
    expect(body).toMatchObject({ error: { code: 'forbidden' } })
  })
})
