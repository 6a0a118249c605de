/**
 * Team Members' status of people single sign-on created just in time: they have no password,
 * yet they can sign in, so the list says 'active', while someone invited who has not set a
 * password yet still says 'invited' (server/members/team.ts).
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { invitations, memberships, permissionSets, users } from '../db/schema.ts'
import { callback, startSso, startSsoWorld, throughProvider, type SsoWorld } from './sso.fixtures.ts'

let world: SsoWorld
let admin: Record<string, string>
beforeAll(async () => {
  world = await startSsoWorld()
  const sara = await world.server.signIn('sso@umbrella.test')
  admin = world.server.authHeaders(sara.access_token, world.umbrellaId)
}, 30_000)
afterAll(() => world.close())

type Member = { email: string; status: string }

/** GET /api/organizations/members as Umbrella's admin: email → status. */
async function statuses(): Promise<Record<string, string>> {
  const response = await world.server.request('GET', '/api/organizations/members', { headers: admin })
  expect(response.status).toBe(200)
  const { members } = (await response.json()) as { members: Member[] }
  return Object.fromEntries(members.map((m) => [m.email, m.status]))
}

describe('Team Members status with single sign-on', () => {
  test('Scenario: a person created just in time by single sign-on (no password) is active, an invitee without a password is invited', async () => {
    const url = await startSso(world.server, 'new@umbrella.test')
    expect((await callback(world.server, await throughProvider(url, { email: 'new@umbrella.test' }))).status).toBe(200)
    const [teamMember] = await world.server.handle.db.select({ id: permissionSets.id }).from(permissionSets).where(eq(permissionSets.permissionSetKey, 'TEAM_MEMBER'))
    const invite = await world.server.request('POST', '/api/organizations/members/invite', {
      headers: admin,
      body: { email: 'dana@elsewhere.example', fullName: 'Dana Doe', permission_set_ids: [teamMember?.id ?? ''] },
    })
    expect([200, 201]).toContain(invite.status)

    const status = await statuses()
    expect(status['new@umbrella.test']).toBe('active')
    expect(status['sso@umbrella.test']).toBe('active')
    expect(status['dana@elsewhere.example']).toBe('invited')
  })

  test('Scenario: invited to another workspace, such a person is asked (a pending invitation, no set-password link) and is never deleted as an unused account', async () => {
    const acme = await world.server.orgId('Acme Support')
    const ada = await world.server.signIn('admin@acme.test')
    const adaHeaders = world.server.authHeaders(ada.access_token, acme)
    const [teamMember] = await world.server.handle.db.select({ id: permissionSets.id }).from(permissionSets).where(eq(permissionSets.permissionSetKey, 'TEAM_MEMBER'))
    const invite = await world.server.request('POST', '/api/organizations/members/invite', {
      headers: adaHeaders,
      body: { email: 'new@umbrella.test', permission_set_ids: [teamMember?.id ?? ''] },
    })
    expect(invite.status).toBe(201)
    const newcomer = (await world.server.handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'new@umbrella.test')))[0]?.id ?? ''
    // Not added without consent: no membership in Acme, an invitation waits, no set-password link was mailed.
    expect(await world.server.handle.db.select().from(memberships).where(and(eq(memberships.userId, newcomer), eq(memberships.orgId, acme)))).toEqual([])
    expect(await world.server.handle.db.select().from(invitations).where(and(eq(invitations.userId, newcomer), eq(invitations.status, 'pending')))).toHaveLength(1)
    expect((await world.server.mailTo('new@umbrella.test')).some((m) => m.text.includes('/set-password'))).toBe(false)
    // Withdrawn after Umbrella removed them too, the account (and its single sign-on link) stays.
    expect((await world.server.request('DELETE', `/api/organizations/members/${newcomer}`, { headers: admin })).status).toBe(204)
    expect((await world.server.request('DELETE', `/api/organizations/members/${newcomer}/invitation`, { headers: adaHeaders })).status).toBe(204)
    expect(await world.server.handle.db.select({ id: users.id }).from(users).where(eq(users.id, newcomer))).toHaveLength(1)
  })
})
