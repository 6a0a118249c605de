/**
 * A workspace that requires two-factor authentication of every member. The setting on
 * `PUT /api/organizations/current` (ORGANIZATIONS update; refused while the admin has no second
 * factor; audited), what verify-token reports, and the server's enforcement: guarded workspace
 * routes answer 403 `two_factor_required` to a member without a second factor, while what they
 * need to set it up still answers. Scenarios build on each other in file order.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { allEndpoints } from '../../contract/all-endpoints.ts'
import { VerifyTokenResponse } from '../../contract/api.ts'
import { TWO_FACTOR_MESSAGES } from '../../contract/twoFactor.ts'
import { validate } from '../../contract/validate.ts'
import { WorkspaceSettingsResponse } from '../../contract/workspaces.ts'
import { auditEvents, organizations, users } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

/**
 * The person's own account, reachable while held so that they can set two-factor up (or leave):
 * every other endpoint with a token acts in the workspace and is refused.
 */
const OWN_ACCOUNT = new Set([
  'auth.verifyToken',
  'auth.myWorkspaces',
  'auth.logout',
  'workspaces.myInvitations',
  'workspaces.acceptInvitation',
  'workspaces.declineInvitation',
  // Creating another workspace acts in none yet.
  'workspaces.createWorkspace',
  ...Object.keys(allEndpoints).filter((name) => /^(profile|sessions|twoFactor|account|reverification|passkeys)\./.test(name)),
])

let server: TestServer
let admin: Record<string, string>
let agent: Record<string, string>
let acme: string

async function call(headers: Record<string, string>, method: string, path: string, body?: unknown) {
  const response = await server.request(method, path, { headers, ...(body === undefined ? {} : { body }) })
  const text = await response.text()
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) }
}

const update = (headers: Record<string, string>, body: unknown) => call(headers, 'PUT', '/api/organizations/current', body)
const setTwoFactor = (email: string, on: boolean) =>
  server.handle.db
    .update(users)
    .set({ twoFactorEnabledAt: on ? new Date(server.clock.ms) : null })
    .where(eq(users.email, email))
const required = async () => (await server.handle.db.select().from(organizations).where(eq(organizations.id, acme)))[0]?.requireTwoFactor
const entries = () => server.handle.db.select().from(auditEvents).where(eq(auditEvents.kind, 'workspace.two_factor_required'))
const verify = async (headers: Record<string, string>) => {
  const result = validate(VerifyTokenResponse, (await call(headers, 'GET', '/api/users/verify-token')).body)
  if (!result.ok) throw new Error('verify-token does not match the contract')
  return result.value.currentOrgData
}

beforeAll(async () => {
  server = await startTestServer()
  acme = await server.orgId('Acme Support')
  const [a, b] = await Promise.all([server.signIn('admin@acme.test'), server.signIn('agent@acme.test')])
  admin = server.authHeaders(a.access_token, acme)
  agent = server.authHeaders(b.access_token, acme)
})
afterAll(() => server.close())

describe('PUT /api/organizations/current { require_two_factor }', () => {
  test('Scenario: an admin without two-factor cannot require it: 409 on the field, nothing written', async () => {
    const before = await server.rowCounts()
    expect(await update(admin, { require_two_factor: true })).toEqual({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: TWO_FACTOR_MESSAGES.adminWithoutTwoFactor,
          issues: [{ path: ['require_two_factor'], message: TWO_FACTOR_MESSAGES.adminWithoutTwoFactor }],
        },
      },
    })
    expect(await server.rowCounts()).toEqual(before)
    expect(await required()).toBe(false)
  })

  test('Scenario: a member without ORGANIZATIONS update gets a 403; a bad body a 400', async () => {
    expect((await update(agent, { require_two_factor: true })).status).toBe(403)
    for (const body of [{}, { require_two_factor: 'yes' }, { org_name: '' }]) expect((await update(admin, body)).status).toBe(400)
  })

  test('Scenario: with two-factor on, the admin requires it: 200, audited with { required: true }', async () => {
    await setTwoFactor('admin@acme.test', true)
    const { status, body } = await update(admin, { require_two_factor: true })
    expect(status).toBe(200)
    expect(validate(WorkspaceSettingsResponse, body)).toMatchObject({ ok: true, value: { org_name: 'Acme Support', require_two_factor: true } })
    expect(await required()).toBe(true)
    expect((await entries()).map((e) => [e.actorLabel, e.targetLabel, e.details])).toEqual([['admin@acme.test', 'Acme Support', { required: true }]])
    // Saving the same value again is no change: no second entry.
    expect((await update(admin, { require_two_factor: true })).status).toBe(200)
    expect(await entries()).toHaveLength(1)
    expect(await verify(admin)).toMatchObject({ require_two_factor: true, two_factor_required_setup: false })
  })

  test('Scenario: a rename alone is audited as workspace.renamed and keeps the requirement', async () => {
    const { body } = await update(admin, { org_name: '  Acme Help  ' })
    expect(body).toMatchObject({ org_name: 'Acme Help', require_two_factor: true })
    const [renamed] = await server.handle.db.select().from(auditEvents).where(eq(auditEvents.kind, 'workspace.renamed'))
    expect(renamed?.details).toEqual({ from: 'Acme Support', to: 'Acme Help' })
    expect((await update(admin, { org_name: 'Acme Support' })).status).toBe(200)
  })
})

describe('enforcement while the workspace requires two-factor', () => {
  test('Scenario: verify-token tells the member without it to set it up', async () => {
    expect(await verify(agent)).toMatchObject({ require_two_factor: true, two_factor_required_setup: true })
  })

  test.each([
    ['GET', '/api/permissions/permission-sets'],
    ['GET', '/api/permissions/metadata'],
    ['GET', '/api/organizations/members'],
    ['GET', '/api/organizations/invitations'],
    ['PUT', '/api/organizations/current'],
    // The routes that check membership in their own queries (server/http/two-factor-requirement.ts).
    ['GET', '/api/common-services/notifications'],
    ['PUT', '/api/common-services/notifications/mark-all-read'],
    ['GET', '/api/common-services/notifications/preferences'],
    ['POST', '/api/common-services/notifications/stream-ticket'],
    ['GET', '/api/common-services/web-push/devices'],
    ['GET', '/api/org-billing/monthly-credits-usage'],
  ])('Scenario: %s %s answers 403 two_factor_required', async (method, path) => {
    expect(await call(agent, method, path, method === 'PUT' && path.endsWith('/current') ? { org_name: 'Nope' } : undefined)).toEqual({
      status: 403,
      body: { error: { code: 'two_factor_required', message: TWO_FACTOR_MESSAGES.requiredSetup, issues: [] } },
    })
  })

  test('Scenario: every endpoint that acts in the workspace answers 403 two_factor_required, whatever its path, body or params', async () => {
    const answers: Record<string, string> = {}
    for (const [name, d] of Object.entries(allEndpoints)) {
      if (d.access !== 'token' || OWN_ACCOUNT.has(name)) continue
      const path = d.path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000')
      const { status, body } = await call(agent, d.method, `/api${path}`, d.method === 'GET' || d.method === 'DELETE' ? undefined : {})
      answers[name] = `${status} ${(body as { error?: { code?: string } } | undefined)?.error?.code}`
    }
    expect(Object.entries(answers).filter(([, answer]) => answer !== '403 two_factor_required')).toEqual([])
  })

  test('Scenario: the live stream is held too, however the workspace is named: x-org-id, ?org_id= or a ticket', async () => {
    const bearer = { authorization: agent.authorization ?? '' }
    const stream = '/api/common-services/notifications/stream'
    expect((await call(bearer, 'GET', `${stream}?org_id=${acme}`)).body).toMatchObject({ error: { code: 'two_factor_required' } })
    expect((await call(agent, 'GET', stream)).body).toMatchObject({ error: { code: 'two_factor_required' } })
    // Naming two workspaces at once is refused outright.
    expect((await call(agent, 'GET', `${stream}?org_id=${await server.orgId('Globex')}`)).status).toBe(400)
    // A ticket issued while the member was free to work opens nothing once they are held.
    await setTwoFactor('agent@acme.test', true)
    const { ticket } = (await call(agent, 'POST', `${stream}-ticket`)).body as { ticket: string }
    await setTwoFactor('agent@acme.test', false)
    expect((await call({}, 'GET', `${stream}?ticket=${ticket}`)).body).toMatchObject({ error: { code: 'two_factor_required' } })
  })

  test.each([
    ['GET', '/api/users/verify-token'],
    ['GET', '/api/users/me/two-factor'],
    ['GET', '/api/users/my-workspaces'],
    ['GET', '/api/users/sessions'],
    ['GET', '/api/users/invitations'],
  ])('Scenario: %s %s still answers 200, to set it up', async (method, path) => {
    expect((await call(agent, method, path)).status).toBe(200)
  })

  test('Scenario: an outsider still gets the plain org 403, not a hint that it requires two-factor', async () => {
    const nina = await server.signIn('newbie@initech.test')
    for (const path of ['/api/organizations/members', '/api/common-services/notifications', '/api/org-billing/monthly-credits-usage']) {
      const { body } = await call(server.authHeaders(nina.access_token, acme), 'GET', path)
      expect((body as { error: { code: string } }).error.code, path).toBe('forbidden')
    }
  })

  test('Scenario: the member with two-factor on (the admin) still reads the notifications and credits', async () => {
    expect((await call(admin, 'GET', '/api/common-services/notifications')).status).toBe(200)
    expect((await call(admin, 'GET', '/api/org-billing/monthly-credits-usage')).status).toBe(200)
  })

  test('Scenario: once the member turns two-factor on, the same calls answer', async () => {
    await setTwoFactor('agent@acme.test', true)
    expect((await call(agent, 'GET', '/api/permissions/permission-sets')).status).toBe(200)
    expect(await verify(agent)).toMatchObject({ two_factor_required_setup: false })
  })

  test('Scenario: turning it off is audited with { required: false } and frees members without it', async () => {
    await setTwoFactor('agent@acme.test', false)
    expect((await update(admin, { require_two_factor: false })).status).toBe(200)
    expect((await entries()).map((e) => e.details)).toEqual([{ required: true }, { required: false }])
    expect((await call(agent, 'GET', '/api/permissions/permission-sets')).status).toBe(200)
    // The process that saved the change forgets its cache at once: no wait for the interval.
    expect((await call(agent, 'GET', '/api/common-services/notifications')).status).toBe(200)
  })
})
