import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashPassword } from '../auth/password.ts'
import { auditEvents, memberPermissionSets, memberships, permissionSets, sessions, ssoConnections, ssoIdentities, ssoPending, users } from '../db/schema.ts'
import { callback, startSso, startSsoWorld, tamperAttempts, throughProvider, type SsoWorld } from './sso.fixtures.ts'

let world: SsoWorld
beforeAll(async () => {
  world = await startSsoWorld()
}, 30_000)
afterAll(() => world.close())

const db = () => world.server.handle.db
const userByEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]

/** Start, the provider's pages, and the callback, for one person; the callback's response. */
async function signInThrough(email: string, password?: string): Promise<Response> {
  const url = await startSso(world.server, email)
  return callback(world.server, await throughProvider(url, { email, ...(password === undefined ? {} : { password }) }))
}

describe('single sign-on against a real OpenID Connect provider', () => {
  test('Scenario: sso@umbrella.test signs in through the provider and lands in Umbrella with an sso session', async () => {
    const url = await startSso(world.server, 'SSO@Umbrella.test', '/app/setting/team')
    const authorization = new URL(url)
    expect(authorization.origin).toBe(world.idp.issuer)
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorization.searchParams.get('redirect_uri')).toBe('http://localhost/sso/callback')
    for (const name of ['state', 'nonce', 'code_challenge']) expect(authorization.searchParams.get(name)).toMatch(/^[\w-]{20,}$/)
    // Only a hash of the state is kept.
    const [pending] = await db().select().from(ssoPending)
    expect(pending?.handleHash).not.toBe(authorization.searchParams.get('state'))

    const response = await callback(world.server, await throughProvider(url, { email: 'sso@umbrella.test' }))
    expect(response.status).toBe(200)
    const body = (await response.json()) as { outcome: string; access_token: string; org_id: string; redirect?: string; refresh_token: string }
    expect(body).toMatchObject({ outcome: 'signed_in', org_id: world.umbrellaId, redirect: '/app/setting/team' })
    const verify = await world.server.request('GET', '/api/users/verify-token', { headers: world.server.authHeaders(body.access_token, body.org_id) })
    expect(verify.status).toBe(200)
    expect(await verify.json()).toMatchObject({ user: { email: 'sso@umbrella.test' }, currentOrgData: { org_name: 'Umbrella', is_sso_enabled: true }, session_method: 'sso' })
    const sara = await userByEmail('sso@umbrella.test')
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, sara?.id ?? '')).orderBy(sessions.createdAt)
    expect(session?.method).toBe('sso')
    const [audit] = await db().select().from(auditEvents).where(and(eq(auditEvents.kind, 'auth.signed_in'), eq(auditEvents.orgId, world.umbrellaId)))
    expect(audit?.actorLabel).toBe('sso@umbrella.test')
  })

  test('Scenario: a callback is used once; a replay is refused', async () => {
    const url = await startSso(world.server, 'sso@umbrella.test')
    const returned = await throughProvider(url, { email: 'sso@umbrella.test' })
    expect((await callback(world.server, returned)).status).toBe(200)
    const replay = await callback(world.server, returned)
    expect(replay.status).toBe(400)
    expect(((await replay.json()) as { error: { message: string } }).error.message).toMatch(/expired or was already used/)
  })

  test('Scenario: a state that matches no attempt is refused, and the code of one attempt does not work with the state of another', async () => {
    const first = await startSso(world.server, 'sso@umbrella.test')
    const returned = await throughProvider(first, { email: 'sso@umbrella.test' })
    expect((await callback(world.server, returned, { state: 'not-a-state-this-server-gave' })).status).toBe(400)
    const second = new URL(await startSso(world.server, 'sso@umbrella.test'))
    const crossed = await callback(world.server, returned, { state: second.searchParams.get('state') ?? '' })
    expect(crossed.status).toBe(401)
    expect(((await crossed.json()) as { error: { code: string } }).error.code).toBe('invalid_credentials')
  })

  test('Scenario: an ID token whose nonce is not the attempt\'s is refused', async () => {
    const url = await startSso(world.server, 'sso@umbrella.test')
    const returned = await throughProvider(url, { email: 'sso@umbrella.test' })
    await tamperAttempts(world.server, 'nonce', 'a-nonce-the-provider-never-saw')
    const response = await callback(world.server, returned)
    expect(response.status).toBe(401)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_credentials')
  })

  test('Scenario: a wrong PKCE verifier is refused by the provider', async () => {
    const url = await startSso(world.server, 'sso@umbrella.test')
    const returned = await throughProvider(url, { email: 'sso@umbrella.test' })
    await tamperAttempts(world.server, 'code_verifier', 'x'.repeat(64))
    expect((await callback(world.server, returned)).status).toBe(401)
  })

  test('Scenario: cancelling at the provider comes back with access_denied and no code; the attempt then signs nobody in', async () => {
    const url = await startSso(world.server, 'sso@umbrella.test')
    const returned = await throughProvider(url, { email: 'sso@umbrella.test', cancel: true })
    expect(returned.searchParams.get('error')).toBe('access_denied')
    expect(returned.searchParams.get('code')).toBeNull()
    expect(returned.searchParams.get('state')).toBe(new URL(url).searchParams.get('state'))
    expect((await callback(world.server, returned)).status).toBe(401)
  })

  test('Scenario: an email whose domain no workspace uses is told so (404)', async () => {
    const response = await world.server.request('POST', '/api/users/sso/start', { body: { email: 'someone@example.com' } })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'No workspace uses single sign-on for example.com.', issues: [] } })
  })

  test('Scenario: bad start bodies are 400 (NUL, lone surrogate, a redirect to another origin)', async () => {
    for (const body of [{ email: 'a\u0000@umbrella.test' }, { email: 'a\uD800@umbrella.test' }, { email: 'sso@umbrella.test', redirect: 'https://evil.example/app' }, { email: 'x'.repeat(300) }, {}]) {
      expect((await world.server.request('POST', '/api/users/sso/start', { body })).status).toBe(400)
    }
    const callbackBody = { state: 'x'.repeat(5000), code: 'y' }
    expect((await world.server.request('POST', '/api/users/sso/callback', { body: callbackBody })).status).toBe(400)
  })

  test('Scenario: just-in-time, a new person of the domain is created in Umbrella with the default set, and signed in', async () => {
    const response = await signInThrough('new@umbrella.test')
    expect(response.status).toBe(200)
    const body = (await response.json()) as { access_token: string; org_id: string }
    const nova = await userByEmail('new@umbrella.test')
    expect(nova).toMatchObject({ fullName: 'Nova New', passwordHash: null, defaultOrgId: world.umbrellaId })
    expect(nova?.emailConfirmedAt).not.toBeNull()
    const held = await db()
      .select({ key: permissionSets.permissionSetKey })
      .from(memberPermissionSets)
      .innerJoin(permissionSets, eq(permissionSets.id, memberPermissionSets.permissionSetId))
      .where(and(eq(memberPermissionSets.userId, nova?.id ?? ''), eq(memberPermissionSets.orgId, world.umbrellaId)))
    expect(held).toEqual([{ key: 'TEAM_MEMBER' }])
    const verify = await world.server.request('GET', '/api/users/verify-token', { headers: world.server.authHeaders(body.access_token, body.org_id) })
    // No waitlist: the workspace is approved and its sign-up complete.
    expect(await verify.json()).toMatchObject({ currentOrgData: { org_name: 'Umbrella', roles: ['TEAM_MEMBER'], waitlist_approved: true, signup_completed: true } })
  })

  test('Scenario: people are linked by (issuer, subject): a changed email at the provider still signs in the same person', async () => {
    const nova = world.accounts.find((a) => a.sub === 'umbrella-nova')
    if (nova === undefined) throw new Error('no Nova')
    const before = await userByEmail('new@umbrella.test')
    nova.email = 'nova.renamed@umbrella.test'
    try {
      const response = await signInThrough('nova.renamed@umbrella.test')
      expect(response.status).toBe(200)
      const body = (await response.json()) as { access_token: string; org_id: string }
      const verify = await world.server.request('GET', '/api/users/verify-token', { headers: world.server.authHeaders(body.access_token, body.org_id) })
      expect(await verify.json()).toMatchObject({ user: { _id: before?.id, email: 'new@umbrella.test' } })
      expect(await userByEmail('nova.renamed@umbrella.test')).toBeUndefined()
    } finally {
      nova.email = 'new@umbrella.test'
    }
  })

  test('Scenario: the takeover trap: a provider asserting an existing account\'s email signs nobody in', async () => {
    // The intruder's provider account says admin@acme.test; Ada has never linked it.
    const url = await startSso(world.server, 'intruder@umbrella.test')
    const response = await callback(world.server, await throughProvider(url, { email: 'admin@acme.test', password: 'intruder-password' }))
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toEqual({ outcome: 'link_required', link_token: expect.any(String), email: 'admin@acme.test' })
    expect(body).not.toHaveProperty('access_token')
    expect(await db().select().from(ssoIdentities).where(eq(ssoIdentities.subject, 'intruder-1'))).toEqual([])
    // Without Ada's password the link goes nowhere.
    const wrong = await world.server.request('POST', '/api/users/sso/link', { body: { link_token: body['link_token'], password: 'intruder-password' } })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).not.toHaveProperty('access_token')
    // Ada's password proves Ada, but her email is not of Umbrella's domains and she is no member there.
    const right = await world.server.request('POST', '/api/users/sso/link', { body: { link_token: body['link_token'], password: 'demo-password' } })
    expect(right.status).toBe(403)
    expect(await db().select().from(ssoIdentities).where(eq(ssoIdentities.subject, 'intruder-1'))).toEqual([])
  })

  test('Scenario: an existing account of the domain links after proving its password, then signs in by the provider alone', async () => {
    await db().insert(users).values({ email: 'sam@umbrella.test', fullName: 'Sam Umbrella', passwordHash: await hashPassword('sam-own-password') })
    const first = await signInThrough('sam@umbrella.test', 'sam-password')
    const waiting = (await first.json()) as { outcome: string; link_token: string }
    expect(waiting.outcome).toBe('link_required')
    const linked = await world.server.request('POST', '/api/users/sso/link', { body: { link_token: waiting.link_token, password: 'sam-own-password' } })
    expect(linked.status).toBe(200)
    expect(await linked.json()).toMatchObject({ org_id: world.umbrellaId, access_token: expect.any(String) })
    // The link token is used up.
    expect((await world.server.request('POST', '/api/users/sso/link', { body: { link_token: waiting.link_token, password: 'sam-own-password' } })).status).toBe(400)
    const again = (await (await signInThrough('sam@umbrella.test', 'sam-password')).json()) as { outcome: string }
    expect(again.outcome).toBe('signed_in')
  })

  test('Scenario: a linked person removed from the workspace is refused clearly', async () => {
    const nova = await userByEmail('new@umbrella.test')
    await db().delete(memberships).where(and(eq(memberships.userId, nova?.id ?? ''), eq(memberships.orgId, world.umbrellaId)))
    const response = await signInThrough('new@umbrella.test')
    expect(response.status).toBe(403)
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/not a member of this workspace/)
  })

  test('Scenario: a provider that cannot be reached is a clear 502, and no attempt is left behind', async () => {
    await db().update(ssoConnections).set({ issuer: 'http://127.0.0.1:9' }).where(eq(ssoConnections.orgId, world.umbrellaId))
    await db().delete(ssoPending)
    try {
      const response = await world.server.request('POST', '/api/users/sso/start', { body: { email: 'sso@umbrella.test' } })
      expect(response.status).toBe(502)
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/could not be reached|did not answer/)
      expect(await db().select().from(ssoPending)).toEqual([])
    } finally {
      await db().update(ssoConnections).set({ issuer: world.idp.issuer }).where(eq(ssoConnections.orgId, world.umbrellaId))
    }
  })
})
