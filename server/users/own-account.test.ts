/**
 * Everyone's own account (/app/account, docs/api.md): what its Profile and Security tabs call needs
 * a session and membership of the workspace named, never a permission. A Support Agent (the demo's
 * agent@acme.test: contacts and agents, no USERS read) reads and edits their profile, lists their
 * sessions, starts two-factor enrolment and changes their password; so does a member of a workspace
 * that requires two-factor and who has not turned it on, while that workspace's own routes refuse them.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TokenResponse } from '../../contract/api.ts'
import { can } from '../../contract/permissions.ts'
import { validate } from '../../contract/validate.ts'
import { DEMO_PASSWORD } from '../admin/seed.ts'
import { loadMemberAccess } from '../members/access.ts'
import { organizations, users } from '../db/schema.ts'
import { REQUIRING_ORGS_TTL_MS } from '../http/two-factor-requirement.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
let acme: string
beforeAll(async () => {
  server = await startTestServer()
  acme = await server.orgId('Acme Support')
})
afterAll(() => server.close())

const status = async (headers: Record<string, string>, method: string, path: string, body?: unknown) =>
  (await server.request(method, path, { headers, ...(body === undefined ? {} : { body }) })).status

/** The calls of /app/account's Profile and Security tabs answer 200; the password change last (it ends the session). */
async function expectOwnAccountOpen(headers: Record<string, string>, currentPassword: string, newPassword: string) {
  expect(await status(headers, 'GET', '/api/users/me')).toBe(200)
  expect(await status(headers, 'PATCH', '/api/users/me', { fullName: 'Sam Agent' })).toBe(200)
  expect(await status(headers, 'GET', '/api/users/sessions')).toBe(200)
  expect(await status(headers, 'GET', '/api/users/me/two-factor')).toBe(200)
  expect(await status(headers, 'POST', '/api/users/me/two-factor/enrol', {})).toBe(200)
  const changed = await server.request('POST', '/api/users/me/password', { headers, body: { currentPassword, newPassword } })
  expect(changed.status).toBe(200)
  const tokens = validate(TokenResponse, await changed.json())
  if (!tokens.ok) throw new Error('the password change does not answer tokens')
  // The new session goes on: its list of sessions answers.
  expect(await status(server.authHeaders(tokens.value.access_token, acme), 'GET', '/api/users/sessions')).toBe(200)
}

async function agentHeaders(password = DEMO_PASSWORD) {
  const response = await server.request('POST', '/api/users/signin', { body: await server.withProof({ email: 'agent@acme.test', password }) })
  expect(response.status).toBe(200)
  const { access_token } = (await response.json()) as { access_token: string }
  return server.authHeaders(access_token, acme)
}

describe('/app/account for a member without USERS read', () => {
  test('Scenario: the Support Agent holds no USERS read, yet changes their password, lists sessions and starts two-factor', async () => {
    const [agent] = await server.handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'agent@acme.test'))
    const access = await loadMemberAccess(server.handle.db, agent!.id, acme)
    expect(access && can(access.permissions, 'USERS', 'READ')).toBe(false)
    const headers = await agentHeaders()
    // A workspace route behind a permission they lack still refuses them.
    expect(await status(headers, 'GET', '/api/organizations/members')).toBe(403)
    await expectOwnAccountOpen(headers, DEMO_PASSWORD, 'agent-second-password-7')
  })

  test('Scenario: in a workspace that requires two-factor, the member without it still reaches all of it', async () => {
    await server.handle.db.update(organizations).set({ requireTwoFactor: true }).where(eq(organizations.id, acme))
    // The requirement's cache (server/http/two-factor-requirement.ts) reads it again after its interval.
    server.clock.ms += REQUIRING_ORGS_TTL_MS + 1
    const headers = await agentHeaders('agent-second-password-7')
    expect(await server.request('GET', '/api/organizations/members', { headers }).then((r) => r.json())).toMatchObject({ error: { code: 'two_factor_required' } })
    expect(await server.request('GET', '/api/common-services/notifications', { headers }).then((r) => r.json())).toMatchObject({ error: { code: 'two_factor_required' } })
    await expectOwnAccountOpen(headers, 'agent-second-password-7', 'agent-third-password-8')
  })
})
