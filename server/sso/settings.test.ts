import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditEvents, sessions, ssoConnections, users } from '../db/schema.ts'
import { SSO_MESSAGES } from '../../contract/sso.ts'
import { callback, startSso, startSsoWorld, throughProvider, type SsoWorld } from './sso.fixtures.ts'

let world: SsoWorld
let admin: { token: string; orgId: string }
beforeAll(async () => {
  world = await startSsoWorld()
  const signedIn = await world.server.signIn('sso@umbrella.test')
  admin = { token: signedIn.access_token, orgId: world.umbrellaId }
}, 30_000)
afterAll(() => world.close())

const as = (who: { token: string; orgId: string }) => world.server.authHeaders(who.token, who.orgId)
const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  issuer: world.idp.issuer,
  client_id: 'engage-umbrella',
  domains: ['umbrella.test', 'Umbrella-Corp.example'],
  require_sso: true,
  ...overrides,
})
const put = (body: unknown, who = admin) => world.server.request('PUT', '/api/organizations/sso', { body, headers: as(who) })

describe('Workspace Settings › Single sign-on endpoints', () => {
  test('Scenario: an admin reads the connection: issuer, client id, domains, the requirement, whether a secret is set, never the secret', async () => {
    const response = await world.server.request('GET', '/api/organizations/sso', { headers: as(admin) })
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({
      configured: true,
      issuer: world.idp.issuer,
      client_id: 'engage-umbrella',
      has_client_secret: true,
      domains: ['umbrella.test'],
      require_sso: true,
      redirect_uri: 'http://localhost/sso/callback',
    })
    expect(text).not.toContain(world.idp.clientSecret)
  })

  test('Scenario: saving keeps the secret when it is left out, seals a new one, lower-cases domains and writes an audit entry', async () => {
    const kept = await put(settingsBody())
    expect(kept.status).toBe(200)
    expect(await kept.json()).toMatchObject({ domains: ['umbrella-corp.example', 'umbrella.test'], has_client_secret: true })
    const replaced = await put(settingsBody({ client_secret: 'a-brand-new-secret', domains: ['umbrella.test'] }))
    const text = await replaced.text()
    expect(replaced.status).toBe(200)
    expect(text).not.toContain('a-brand-new-secret')
    const [row] = await world.server.handle.db.select().from(ssoConnections).where(eq(ssoConnections.orgId, world.umbrellaId))
    expect(row?.clientSecret).toMatch(/^v1\./)
    expect(row?.clientSecret).not.toContain('a-brand-new-secret')
    const entries = await world.server.handle.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, world.umbrellaId), eq(auditEvents.kind, 'sso.updated')))
    expect(entries.map((e) => e.details['secret_changed'])).toEqual([false, true])
    expect(JSON.stringify(entries)).not.toContain('a-brand-new-secret')
    // Put the demo provider's secret back for the tests below.
    expect((await put(settingsBody({ client_secret: world.idp.clientSecret, domains: ['umbrella.test'] }))).status).toBe(200)
  })

  test('Scenario: a member without ORGANIZATIONS update is refused every settings route (403), and nothing is written', async () => {
    const jit = await world.server.handle.db.insert(users).values({ email: 'viewer@umbrella.test', fullName: 'Viewer' }).returning({ id: users.id })
    expect(jit).toHaveLength(1)
    const agent = await world.server.signIn('agent@acme.test')
    const acmeAgent = { token: agent.access_token, orgId: agent.org_id }
    const before = await world.server.snapshot()
    for (const [method, path, body] of [
      ['GET', '/api/organizations/sso', undefined],
      ['PUT', '/api/organizations/sso', settingsBody({ domains: ['acme-sso.example'], client_secret: 's' })],
      ['DELETE', '/api/organizations/sso', undefined],
      ['POST', '/api/organizations/sso/test', { issuer: world.idp.issuer }],
    ] as const) {
      const response = await world.server.request(method, path, { ...(body === undefined ? {} : { body }), headers: as(acmeAgent) })
      expect(response.status, `${method} ${path}`).toBe(403)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('forbidden')
    }
    expect(await world.server.snapshot()).toEqual(before)
  })

  test('Scenario: saving and removing need a factor in the last 10 minutes (403 reverification_required)', async () => {
    await world.server.handle.db.update(sessions).set({ verifiedAt: new Date(world.server.clock.ms - 11 * 60_000) })
    try {
      for (const response of [await put(settingsBody()), await world.server.request('DELETE', '/api/organizations/sso', { headers: as(admin) })]) {
        expect(response.status).toBe(403)
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('reverification_required')
      }
    } finally {
      await world.server.handle.db.update(sessions).set({ verifiedAt: new Date(world.server.clock.ms) })
    }
  })

  test('Scenario: a domain another workspace has is 409 naming it', async () => {
    const ada = await world.server.signIn('admin@acme.test')
    const response = await put(settingsBody({ client_secret: 'acme-secret', domains: ['acme.test', 'umbrella.test'] }), { token: ada.access_token, orgId: ada.org_id })
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'umbrella.test is already used by another workspace.',
        issues: [{ path: ['domains'], message: 'umbrella.test is already used by another workspace.' }],
      },
    })
  })

  test('Scenario: a first connection needs a client secret', async () => {
    const ada = await world.server.signIn('admin@acme.test')
    const response = await put(settingsBody({ domains: ['acme.test'] }), { token: ada.access_token, orgId: ada.org_id })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { issues: unknown } }).error.issues).toEqual([{ path: ['client_secret'], message: 'Enter the client secret' }])
  })

  test.each([
    ['a javascript: issuer', { issuer: 'javascript:alert(1)' }, 'issuer'],
    ['a plain http issuer on another host', { issuer: 'http://idp.example.com' }, 'issuer'],
    ['an issuer with a query', { issuer: 'https://idp.example.com/?a=1' }, 'issuer'],
    ['an issuer with credentials', { issuer: 'https://user:pw@idp.example.com' }, 'issuer'],
    ['an oversize issuer', { issuer: `https://idp.example.com/${'a'.repeat(2100)}` }, 'issuer'],
    ['a NUL in the client id', { client_id: 'abc\u0000' }, 'client_id'],
    ['a lone surrogate in the issuer', { issuer: 'https://idp.example.com/\uD800' }, 'issuer'],
    ['an empty client id', { client_id: '  ' }, 'client_id'],
    ['an oversize secret', { client_secret: 'x'.repeat(1025) }, 'client_secret'],
    ['a domain that is not a hostname', { domains: ['not a domain'] }, 'domains'],
    ['a domain with a scheme', { domains: ['https://umbrella.test'] }, 'domains'],
    ['no domains', { domains: [] }, 'domains'],
    ['a domain twice', { domains: ['umbrella.test', 'UMBRELLA.test'] }, 'domains'],
    ['too many domains', { domains: Array.from({ length: 21 }, (_, i) => `d${i}.example`) }, 'domains'],
    ['a requirement that is not a boolean', { require_sso: 'yes' }, 'require_sso'],
  ])('Scenario: %s is refused with 400 on its field, and nothing is written', async (_name, overrides, field) => {
    const before = await world.server.snapshot()
    const response = await put(settingsBody(overrides))
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: { code: string; issues: Array<{ path: unknown[] }> } }
    expect(body.error.code).toBe('invalid_request')
    expect(body.error.issues.map((i) => i.path[0])).toContain(field)
    expect(await world.server.snapshot()).toEqual(before)
  })

  test('Scenario: requiring single sign-on is allowed only from a session it began (so nobody locks themselves out); keeping or lifting it is not', async () => {
    expect((await put(settingsBody({ require_sso: true }))).status).toBe(200)
    expect((await put(settingsBody({ require_sso: false }))).status).toBe(200)
    const refused = await put(settingsBody({ require_sso: true }))
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ error: { issues: [{ path: ['require_sso'], message: SSO_MESSAGES.requireFromSso }] } })
    const response = await callback(world.server, await throughProvider(await startSso(world.server, 'sso@umbrella.test'), { email: 'sso@umbrella.test' }))
    const signedIn = (await response.json()) as { access_token: string }
    const throughSso = { token: signedIn.access_token, orgId: world.umbrellaId }
    // Pointing the requirement at another issuer at the same time is refused too.
    expect((await put(settingsBody({ require_sso: true, issuer: 'https://other.example' }), throughSso)).status).toBe(409)
    expect((await put(settingsBody({ require_sso: true }), throughSso)).status).toBe(200)
  })

  test('Scenario: Test connection discovers the provider, and says clearly when it cannot', async () => {
    const ok = await world.server.request('POST', '/api/organizations/sso/test', { body: { issuer: world.idp.issuer }, headers: as(admin) })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ issuer: world.idp.issuer, authorization_endpoint: `${world.idp.issuer}/auth` })
    const down = await world.server.request('POST', '/api/organizations/sso/test', { body: { issuer: 'http://127.0.0.1:9' }, headers: as(admin) })
    expect(down.status).toBe(502)
    expect(((await down.json()) as { error: { message: string } }).error.message).toBe('The identity provider at http://127.0.0.1:9 could not be reached.')
    const bad = await world.server.request('POST', '/api/organizations/sso/test', { body: { issuer: 'javascript:alert(1)' }, headers: as(admin) })
    expect(bad.status).toBe(400)
  })

  test('Scenario: removing the connection frees its domains, turns the requirement off and writes an audit entry', async () => {
    const removed = await world.server.request('DELETE', '/api/organizations/sso', { headers: as(admin) })
    expect(removed.status).toBe(204)
    const after = await world.server.request('GET', '/api/organizations/sso', { headers: as(admin) })
    expect(await after.json()).toMatchObject({ configured: false, domains: [], require_sso: false, has_client_secret: false })
    expect((await world.server.request('DELETE', '/api/organizations/sso', { headers: as(admin) })).status).toBe(404)
    const [entry] = await world.server.handle.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, world.umbrellaId), eq(auditEvents.kind, 'sso.removed')))
    expect(entry?.targetLabel).toBe(world.idp.issuer)
    const start = await world.server.request('POST', '/api/users/sso/start', { body: { email: 'sso@umbrella.test' } })
    expect(start.status).toBe(404)
  })
})
