/**
 * `GET /api/overview`: the Overview's team size and getting-started checklist. Any
 * member may ask; what they may not read is null (never a 403); every fact is of the caller's
 * current org, so another tenant's roles, members or push devices never tick an item.
 */
import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { OverviewResponse } from '../../contract/overview.ts'
import { DEFAULT_PREFERENCES } from '../../contract/notifications.ts'
import { pushSubscriptions } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer

const overview = async (headers: Record<string, string>) => {
  const res = await server.request('GET', '/api/overview', { headers })
  expect(res.status).toBe(200)
  // The answer is exactly the contract's shape.
  return Schema.decodeUnknownSync(OverviewResponse)(await res.json())
}
const headersOf = async (email: string, org?: string) => {
  const session = await server.signIn(email)
  return { session, headers: server.authHeaders(session.access_token, org === undefined ? session.org_id : await server.orgId(org)) }
}

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('overview', () => {
  test('Scenario: a session is required, and the current workspace must be one of the caller’s', async () => {
    expect((await server.request('GET', '/api/overview')).status).toBe(401)
    const { session } = await headersOf('agent@acme.test')
    expect((await server.request('GET', '/api/overview', { headers: { authorization: `Bearer ${session.access_token}` } })).status).toBe(400)
    // Sam is not a member of Globex: the same 403 as everywhere, nothing about Globex is read.
    const outsider = server.authHeaders(session.access_token, await server.orgId('Globex'))
    expect((await server.request('GET', '/api/overview', { headers: outsider })).status).toBe(403)
  })

  test('Scenario: the demo admin of Acme sees two members and the seeded custom role ticked', async () => {
    const { headers } = await headersOf('admin@acme.test')
    expect(await overview(headers)).toEqual({
      team: { members: 2, pending_invites: 0 },
      checklist: { invited_teammate: true, created_role: true, turned_on_push: false, saved_preferences: false },
    })
  })

  test('Scenario: a Support Agent gets no team numbers and no team or role items (null, not 403)', async () => {
    const { headers } = await headersOf('agent@acme.test')
    const answer = await overview(headers)
    expect(answer.team).toBeNull()
    expect(answer.checklist.invited_teammate).toBeNull()
    expect(answer.checklist.created_role).toBeNull()
  })

  test('Scenario: a fresh workspace has nothing done; inviting someone and creating a role tick their items there only', async () => {
    const { headers: nina } = await headersOf('newbie@initech.test')
    expect(await overview(nina)).toEqual({
      team: { members: 1, pending_invites: 0 },
      checklist: { invited_teammate: false, created_role: false, turned_on_push: false, saved_preferences: false },
    })

    // Initech creates a role: Initech's item ticks.
    const created = await server.request('POST', '/api/permissions/permission-sets', {
      headers: nina,
      body: { name: 'Night shift', description: '', permissions: [{ resource: 'CONTACTS', actions: ['READ'] }] },
    })
    expect(created.status).toBe(201)
    // Inviting a new person: a member without a password yet, counted as a pending invite.
    const invited = await server.request('POST', '/api/organizations/members/invite', {
      headers: nina,
      body: { email: 'new.hire@initech.test', fullName: 'New Hire', permission_set_ids: [((await created.json()) as { _id: string })._id] },
    })
    expect(invited.status).toBe(201)
    expect(await overview(nina)).toMatchObject({
      team: { members: 2, pending_invites: 1 },
      checklist: { invited_teammate: true, created_role: true },
    })

    // Umbrella, another tenant, is untouched by Initech's role and invitation.
    const { headers: sara } = await headersOf('sso@umbrella.test')
    expect(await overview(sara)).toMatchObject({ team: { members: 1, pending_invites: 0 }, checklist: { invited_teammate: false, created_role: false } })
  })

  test('Scenario: push and preferences are the caller’s own; push counts in the workspace it was turned on in', async () => {
    const { headers: acme } = await headersOf('admin@acme.test')
    const { headers: globex } = await headersOf('admin@acme.test', 'Globex')
    const { headers: agent } = await headersOf('agent@acme.test')

    expect((await server.request('PUT', '/api/common-services/notifications/preferences', { headers: acme, body: DEFAULT_PREFERENCES })).status).toBe(200)
    await server.handle.db.insert(pushSubscriptions).values({
      userId: ((await (await server.request('GET', '/api/users/me', { headers: acme })).json()) as { user: { _id: string } }).user._id,
      orgId: await server.orgId('Globex'),
      deviceId: 'device-1',
      endpoint: 'https://push.example.test/1',
      p256dh: 'key',
      auth: 'auth',
    })

    expect((await overview(acme)).checklist).toMatchObject({ turned_on_push: false, saved_preferences: true })
    expect((await overview(globex)).checklist).toMatchObject({ turned_on_push: true, saved_preferences: true })
    // Sam, in the same workspace, has done neither.
    expect((await overview(agent)).checklist).toMatchObject({ turned_on_push: false, saved_preferences: false })
  })
})
