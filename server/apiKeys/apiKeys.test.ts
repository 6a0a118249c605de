/**
 * API keys end to end on the real app: making and storing them, calling the public API with one,
 * the limits of what a key may do (never more than its creator), the endpoints that refuse keys,
 * revocation and expiry, and tenant isolation. Scenarios share one database and build on each other.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { allEndpoints } from '../../contract/all-endpoints.ts'
import { ApiKeyList, CreatedApiKey } from '../../contract/developers.ts'
import { validate } from '../../contract/validate.ts'
import { apiKeys, auditEvents, permissionSets, users } from '../db/schema.ts'
import { createMeteredLimiter } from '../http/rate-limit.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { hashApiKeySecret, isApiKeyShape, newApiKeySecret } from '../auth/api-keys.ts'

let server: TestServer
let admin: Record<string, string>
let agent: Record<string, string>
let initechAdmin: Record<string, string>
let acme: string
let initech: string
const setIds = { integrationAdmin: '', admin: '', supportAgent: '' }

async function call(headers: Record<string, string>, method: string, path: string, body?: unknown) {
  const response = await server.request(method, path, { headers, ...(body === undefined ? {} : { body }) })
  const text = await response.text()
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as Record<string, any>), headers: response.headers }
}

const withKey = (secret: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${secret}`, ...extra })

async function createKey(headers: Record<string, string>, body: Record<string, unknown>) {
  const answer = await call(headers, 'POST', '/api/organizations/api-keys', body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  const created = validate(CreatedApiKey, answer.body)
  if (!created.ok) throw new Error(JSON.stringify(created.issues))
  return created.value
}

const assign = (userId: string, ids: string[]) =>
  call(admin, 'POST', '/api/permissions/assign-permission-sets', { user_id: userId, permission_set_ids: ids }).then((r) => expect(r.status, JSON.stringify(r.body)).toBe(200))

beforeAll(async () => {
  server = await startTestServer()
  acme = await server.orgId('Acme Support')
  initech = await server.orgId('Initech')
  const [a, g, n] = await Promise.all([server.signIn('admin@acme.test'), server.signIn('agent@acme.test'), server.signIn('newbie@initech.test')])
  admin = server.authHeaders(a.access_token, acme)
  agent = server.authHeaders(g.access_token, acme)
  initechAdmin = server.authHeaders(n.access_token, initech)
  const rows = await server.handle.db.select().from(permissionSets)
  setIds.integrationAdmin = rows.find((s) => s.permissionSetKey === 'INTEGRATION_ADMIN')?.id ?? ''
  setIds.admin = rows.find((s) => s.permissionSetKey === 'ADMIN')?.id ?? ''
  setIds.supportAgent = rows.find((s) => s.name === 'Support Agent')?.id ?? ''
})
afterAll(() => server.close())

const agentId = async () => (await server.handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'agent@acme.test')))[0]?.id ?? ''

describe('Secrets', () => {
  test('a secret is eng_ and 40 base62 characters, different every time', () => {
    const secrets = new Set(Array.from({ length: 200 }, newApiKeySecret))
    expect(secrets.size).toBe(200)
    for (const secret of secrets) {
      expect(secret).toMatch(/^eng_[0-9A-Za-z]{40}$/)
      expect(isApiKeyShape(secret)).toBe(true)
    }
    expect(isApiKeyShape('eng_short')).toBe(false)
    expect(isApiKeyShape(`eng_${'a'.repeat(39)}!`)).toBe(false)
  })

  test('Scenario: the database keeps the hash and the first 12 characters, never the secret', async () => {
    const { key, secret } = await createKey(admin, { name: 'Stored', permission_set: 'ADMIN' })
    expect(key.prefix).toBe(secret.slice(0, 12))
    const [row] = await server.handle.db.select().from(apiKeys).where(eq(apiKeys.id, key.id))
    expect(row?.secretHash).toBe(hashApiKeySecret(secret))
    expect(JSON.stringify(row)).not.toContain(secret)
    // The list never carries it either.
    const list = await call(admin, 'GET', '/api/organizations/api-keys')
    expect(validate(ApiKeyList, list.body).ok).toBe(true)
    expect(JSON.stringify(list.body)).not.toContain(secret)
  })

  test('Scenario: the right prefix with a wrong rest is refused like an unknown key', async () => {
    const { secret } = await createKey(admin, { name: 'Guessed', permission_set: 'ADMIN' })
    const forged = secret.slice(0, 12) + 'x'.repeat(32)
    const answer = await call(withKey(forged), 'GET', '/api/organizations/members')
    expect(answer.status).toBe(401)
    expect(answer.body?.['error'].message).toBe('The API key is not valid.')
    expect((await call(withKey('eng_nonsense'), 'GET', '/api/organizations/members')).status).toBe(401)
  })

  test('the per-key limiter counts down and refuses past the limit with the wait', async () => {
    const limiter = createMeteredLimiter({ points: 2, durationS: 60 })
    expect(await limiter.consume('k')).toMatchObject({ remaining: 1 })
    expect(await limiter.consume('k')).toMatchObject({ remaining: 0 })
    await expect(limiter.consume('k')).rejects.toMatchObject({ status: 429 })
    expect(await limiter.consume('other')).toMatchObject({ remaining: 1 })
  })
})

describe('Creating and listing keys', () => {
  test('Scenario: the list shows name, prefix, set, creator, times and expiry, newest first; audit entry written', async () => {
    const expires = new Date(server.clock.ms + 30 * 86_400_000).toISOString()
    const { key } = await createKey(admin, { name: '  CRM sync  ', permission_set: setIds.integrationAdmin, expires_at: expires })
    expect(key).toMatchObject({
      name: 'CRM sync',
      permission_set: { ref: 'INTEGRATION_ADMIN', name: 'Integration Admin' },
      created_by: { label: 'admin@acme.test' },
      last_used_at: null,
      expires_at: expires,
      status: 'active',
    })
    const list = await call(admin, 'GET', '/api/organizations/api-keys')
    expect(list.body?.['items'].map((k: { id: string }) => k.id)).toContain(key.id)
    const [entry] = await server.handle.db.select().from(auditEvents).where(eq(auditEvents.targetId, key.id))
    expect(entry).toMatchObject({ kind: 'api_key.created', actorLabel: 'admin@acme.test', targetLabel: 'CRM sync' })
  })

  test.each([
    [{ name: '', permission_set: 'ADMIN' }, 'name'],
    [{ name: 'a\u0000b', permission_set: 'ADMIN' }, 'name'],
    [{ name: '\ud800', permission_set: 'ADMIN' }, 'name'],
    [{ name: 'x'.repeat(81), permission_set: 'ADMIN' }, 'name'],
    [{ name: 'ok', permission_set: 'NO_SUCH_SET' }, 'permission_set'],
    [{ name: 'ok', permission_set: 'ADMIN', expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
    [{ name: 'ok', permission_set: 'ADMIN', expires_at: 'tomorrow' }, 'expires_at'],
  ])('bad input %j: 400 at %s and nothing written', async (body, field) => {
    const before = await server.snapshot()
    const answer = await call(admin, 'POST', '/api/organizations/api-keys', body)
    expect(answer.status).toBe(400)
    expect(answer.body?.['error'].issues.map((i: { path: unknown[] }) => i.path[0])).toContain(field)
    expect(await server.snapshot()).toEqual(before)
  })

  test('Scenario: a member without API keys permissions can neither list nor create', async () => {
    expect((await call(agent, 'GET', '/api/organizations/api-keys')).status).toBe(403)
    expect((await call(agent, 'POST', '/api/organizations/api-keys', { name: 'x', permission_set: 'TEAM_MEMBER' })).status).toBe(403)
  })
})

describe('Calling the public API with a key', () => {
  let secret = ''
  test('Scenario: a key lists the members of its workspace without x-org-id, with RateLimit headers', async () => {
    secret = (await createKey(admin, { name: 'Members reader', permission_set: 'ADMIN' })).secret
    const answer = await call(withKey(secret), 'GET', '/api/organizations/members')
    expect(answer.status).toBe(200)
    expect(answer.body?.['members'].map((m: { email: string }) => m.email)).toContain('admin@acme.test')
    expect(answer.headers.get('ratelimit-limit')).toBe('600')
    expect(answer.headers.get('ratelimit-remaining')).not.toBeNull()
    expect(answer.headers.get('ratelimit-reset')).not.toBeNull()
    expect(answer.headers.get('ratelimit-policy')).toBe('600;w=60')
    // Its own workspace named explicitly is fine; another one is a 400.
    expect((await call(withKey(secret, { 'x-org-id': acme }), 'GET', '/api/organizations/members')).status).toBe(200)
    const foreign = await call(withKey(secret, { 'x-org-id': initech }), 'GET', '/api/organizations/members')
    expect(foreign.status).toBe(400)
    expect(foreign.body?.['error'].issues[0].path).toEqual(['x-org-id'])
  })

  test('Scenario: last used is recorded', async () => {
    const list = await call(admin, 'GET', '/api/organizations/api-keys')
    const item = list.body?.['items'].find((k: { name: string }) => k.name === 'Members reader')
    expect(item.last_used_at).not.toBeNull()
  })

  test('Scenario: the documented public operations answer a key', async () => {
    const me = (await call(withKey(secret), 'GET', '/api/organizations/members')).body?.['members'].find((m: { email: string }) => m.email === 'agent@acme.test')
    expect((await call(withKey(secret), 'GET', `/api/organizations/members/${me.user_id}`)).body).toMatchObject({ email: 'agent@acme.test' })
    expect((await call(withKey(secret), 'GET', '/api/organizations/members/nobody')).status).toBe(404)
    expect((await call(withKey(secret), 'GET', '/api/organizations/current')).body).toMatchObject({ org_id: acme, org_name: 'Acme Support', require_two_factor: false })
    expect((await call(withKey(secret), 'GET', '/api/org-billing/monthly-credits-usage')).status).toBe(200)
    expect((await call(withKey(secret), 'GET', '/api/organizations/audit-log')).status).toBe(200)
    expect((await call(withKey(secret), 'GET', '/api/organizations/invitations')).status).toBe(200)
    expect((await call(withKey(secret), 'GET', '/api/permissions/permission-sets')).status).toBe(200)
  })

  test('Scenario: a key invites someone and revokes the invitation; the audit log names the key’s creator', async () => {
    const invited = await call(withKey(secret), 'POST', '/api/organizations/members/invite', {
      email: 'integration-invitee@example.test',
      fullName: 'Ivy Invitee',
      permission_set_ids: [setIds.supportAgent],
    })
    expect(invited.status, JSON.stringify(invited.body)).toBe(201)
    const member = (await call(withKey(secret), 'GET', '/api/organizations/members')).body?.['members'].find(
      (m: { email: string }) => m.email === 'integration-invitee@example.test',
    )
    expect(member?.status).toBe('invited')
    const revoked = await call(withKey(secret), 'DELETE', `/api/organizations/members/${member.user_id}/invitation`)
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(204)
    const after = (await call(withKey(secret), 'GET', '/api/organizations/members')).body?.['members'].map((m: { email: string }) => m.email)
    expect(after).not.toContain('integration-invitee@example.test')
    const entries = await server.handle.db.select().from(auditEvents).where(eq(auditEvents.targetLabel, 'integration-invitee@example.test'))
    expect(entries.map((e) => [e.kind, e.actorLabel]).sort()).toEqual([
      ['invitation.revoked', 'admin@acme.test'],
      ['member.invited', 'admin@acme.test'],
    ])
  })

  test('Scenario: a key creates a notification for a member by email or id; a stranger is 404, both or neither 400', async () => {
    const byEmail = await call(withKey(secret), 'POST', '/api/common-services/notifications', { email: 'agent@acme.test', title: 'Import finished' })
    expect(byEmail.status, JSON.stringify(byEmail.body)).toBe(201)
    expect(byEmail.body?.['notification']).toMatchObject({ title: 'Import finished' })
    const id = await agentId()
    expect((await call(withKey(secret), 'POST', '/api/common-services/notifications', { user_id: id, title: 'By id' })).status).toBe(201)
    // Nina is a member of Initech, not of Acme: the same 404 as an unknown address.
    const stranger = await call(withKey(secret), 'POST', '/api/common-services/notifications', { email: 'newbie@initech.test', title: 'x' })
    expect(stranger.status).toBe(404)
    expect(stranger.body?.['error'].issues[0].path).toEqual(['email'])
    expect((await call(withKey(secret), 'POST', '/api/common-services/notifications', { email: 'agent@acme.test', user_id: id, title: 'x' })).status).toBe(400)
    expect((await call(withKey(secret), 'POST', '/api/common-services/notifications', { title: 'x' })).status).toBe(400)
    // The agent sees them in their inbox.
    const inbox = await call(agent, 'GET', '/api/common-services/notifications')
    expect(JSON.stringify(inbox.body)).toContain('Import finished')
  })

  test('Scenario: every endpoint that acts for a person refuses a key with 401', async () => {
    const personal = Object.entries(allEndpoints).filter(([, d]) => d.access === 'token' && !d.apiKeys)
    expect(personal.length).toBeGreaterThan(40)
    for (const [name, d] of personal) {
      const path = d.path.replace(/:\w+/g, 'x')
      const answer = await call(withKey(secret), d.method, `/api${path}`, d.body === undefined ? undefined : {})
      expect(answer.status, `${name} ${d.method} ${path}`).toBe(401)
    }
    // The live stream takes no key either.
    expect((await call(withKey(secret), 'GET', `/api/common-services/notifications/stream?org_id=${acme}`)).status).toBe(401)
  })
})

describe('A key never does more than its creator', () => {
  let agentKey = ''
  test('Scenario: a creator cannot give a key a set holding permissions they lack', async () => {
    await assign(await agentId(), [setIds.supportAgent, setIds.integrationAdmin])
    const refused = await call(agent, 'POST', '/api/organizations/api-keys', { name: 'Too much', permission_set: 'ADMIN' })
    expect(refused.status).toBe(403)
    expect(refused.body?.['error'].message).toContain('You can only grant permissions you hold yourself')
    const superAdmin = await call(agent, 'POST', '/api/organizations/api-keys', { name: 'Way too much', permission_set: 'SUPER_ADMIN' })
    expect(superAdmin.status).toBe(403)
    // Its own set is fine: but that set cannot read members.
    agentKey = (await createKey(agent, { name: 'Agent key', permission_set: 'INTEGRATION_ADMIN' })).secret
    expect((await call(withKey(agentKey), 'GET', '/api/organizations/members')).status).toBe(403)
    expect((await call(withKey(agentKey), 'GET', '/api/organizations/current')).status).toBe(200)
  })

  test('Scenario: when the creator loses a permission, so does the key; when they leave, the key stops', async () => {
    await assign(await agentId(), [setIds.admin])
    const adminKey = (await createKey(agent, { name: 'Agent admin key', permission_set: 'ADMIN' })).secret
    expect((await call(withKey(adminKey), 'GET', '/api/organizations/members')).status).toBe(200)
    await assign(await agentId(), [setIds.supportAgent, setIds.integrationAdmin])
    const narrowed = await call(withKey(adminKey), 'GET', '/api/organizations/members')
    expect(narrowed.status).toBe(403)
    await server.handle.db.update(users).set({ twoFactorEnabledAt: null }).where(eq(users.email, 'agent@acme.test'))
    // Removing a member asks for a recent factor: the admin confirms with the password.
    const reverified = await call(admin, 'POST', '/api/users/me/reverification', { password: 'demo-password' })
    expect(reverified.status).toBe(200)
    expect((await call(admin, 'DELETE', `/api/organizations/members/${await agentId()}`)).status).toBe(204)
    const gone = await call(withKey(adminKey), 'GET', '/api/organizations/current')
    expect(gone.status).toBe(401)
    expect(gone.body?.['error'].message).toContain('no longer in the workspace')
  })
})

describe('Revocation, expiry and tenants', () => {
  test('Scenario: a revoked key is refused on the next call; it leaves the list; audit entry', async () => {
    const { key, secret } = await createKey(admin, { name: 'Short-lived', permission_set: 'ADMIN' })
    expect((await call(withKey(secret), 'GET', '/api/organizations/members')).status).toBe(200)
    expect((await call(admin, 'DELETE', `/api/organizations/api-keys/${key.id}`)).status).toBe(204)
    const refused = await call(withKey(secret), 'GET', '/api/organizations/members')
    expect(refused.status).toBe(401)
    expect(refused.body?.['error'].message).toBe('The API key was revoked.')
    const list = await call(admin, 'GET', '/api/organizations/api-keys')
    expect(list.body?.['items'].map((k: { id: string }) => k.id)).not.toContain(key.id)
    expect((await call(admin, 'DELETE', `/api/organizations/api-keys/${key.id}`)).status).toBe(404)
    const kinds = (await server.handle.db.select().from(auditEvents).where(eq(auditEvents.targetId, key.id))).map((e) => e.kind)
    expect(kinds.sort()).toEqual(['api_key.created', 'api_key.revoked'])
  })

  test('Scenario: a key past its expiry is refused and listed as expired', async () => {
    const { key, secret } = await createKey(admin, { name: 'Expiring', permission_set: 'ADMIN', expires_at: new Date(server.clock.ms + 60_000).toISOString() })
    expect((await call(withKey(secret), 'GET', '/api/organizations/members')).status).toBe(200)
    server.clock.ms += 61_000
    try {
      const refused = await call(withKey(secret), 'GET', '/api/organizations/members')
      expect(refused.status).toBe(401)
      expect(refused.body?.['error'].message).toBe('The API key has expired.')
      const signedIn = server.authHeaders((await server.signIn('admin@acme.test')).access_token, acme)
      const item = (await call(signedIn, 'GET', '/api/organizations/api-keys')).body?.['items'].find((k: { id: string }) => k.id === key.id)
      expect(item.status).toBe('expired')
    } finally {
      server.clock.ms -= 61_000
    }
  })

  test('Scenario: another workspace’s key cannot be renamed, revoked or seen', async () => {
    const { key, secret } = await createKey(initechAdmin, { name: 'Initech key', permission_set: 'ADMIN' })
    expect((await call(admin, 'DELETE', `/api/organizations/api-keys/${key.id}`)).status).toBe(404)
    expect((await call(admin, 'PATCH', `/api/organizations/api-keys/${key.id}`, { name: 'Mine now' })).status).toBe(404)
    expect(JSON.stringify((await call(admin, 'GET', '/api/organizations/api-keys')).body)).not.toContain(key.id)
    // And it only ever sees Initech.
    const members = await call(withKey(secret), 'GET', '/api/organizations/members')
    expect(members.body?.['members'].map((m: { email: string }) => m.email)).toEqual(['newbie@initech.test'])
    expect((await call(withKey(secret), 'GET', `/api/organizations/members/${await agentId()}`)).status).toBe(404)
  })

  test('Scenario: a key is renamed by a member with API keys update', async () => {
    const { key } = await createKey(admin, { name: 'Old name', permission_set: 'ADMIN' })
    const renamed = await call(admin, 'PATCH', `/api/organizations/api-keys/${key.id}`, { name: 'New name' })
    expect(renamed.body).toMatchObject({ id: key.id, name: 'New name' })
  })
})
