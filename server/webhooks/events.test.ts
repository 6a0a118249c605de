/**
 * Where webhook events come from (docs/api.md "Webhooks"): each source queues its event in the
 * transaction that makes the change, for the endpoints that subscribe to it, with ids, emails,
 * names and set names, never a token or a secret.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebhookEventTypes, type WebhookPayload } from '../../contract/developers.ts'
import type { PendingInvitation } from '../../contract/workspaces.ts'
import * as schema from '../db/schema.ts'
import { createNotification } from '../notifications/create.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
let acme: string
let admin: Record<string, string>
let endpointId: string

beforeAll(async () => {
  server = await startTestServer()
  acme = await server.orgId('Acme Support')
  admin = server.authHeaders((await server.signIn('admin@acme.test')).access_token, acme)
  const created = await server.request('POST', '/api/organizations/webhooks', {
    headers: admin,
    // Never delivered here: the queued rows are what is checked.
    body: { url: 'https://hooks.example.com/engage', event_types: [...WebhookEventTypes] },
  })
  expect(created.status).toBe(201)
  endpointId = ((await created.json()) as { endpoint: { id: string } }).endpoint.id
}, 60_000)

afterAll(async () => {
  await server?.close()
})

/** The events queued since the last call (the test clock stands still: they share one moment, so in no particular order). */
const seen = new Set<string>()
async function queued(): Promise<WebhookPayload[]> {
  const rows = await server.handle.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.endpointId, endpointId))
  const fresh = rows.filter((r) => !seen.has(r.id))
  for (const r of fresh) seen.add(r.id)
  return fresh.map((r) => JSON.parse(r.payload) as WebhookPayload)
}

/** A system permission set's id by key. */
const setId = async (key: string) => (await server.handle.db.select().from(schema.permissionSets).where(eq(schema.permissionSets.permissionSetKey, key)))[0]?.id as string

const userId = async (email: string) => (await server.handle.db.select().from(schema.users).where(eq(schema.users.email, email)))[0]?.id

describe('webhook events', () => {
  test('Scenario: an invited new account joins when it sets its password, not before', async () => {
    const invited = await server.request('POST', '/api/organizations/members/invite', {
      headers: admin,
      body: { email: 'ivy@example.test', fullName: 'Ivy Invited', permission_set_ids: [await setId('TEAM_MEMBER')] },
    })
    expect(invited.status).toBe(201)
    expect(await queued()).toEqual([])
    const token = await server.tokenMailedTo('ivy@example.test', '/set-password')
    const set = await server.request('POST', '/api/users/set-password', { body: { token, password: 'a long new password 42' } })
    expect(set.status).toBe(200)
    const events = await queued()
    expect(events.map((e) => e.type)).toEqual(['member.joined'])
    expect(events[0]?.data).toMatchObject({ user_id: await userId('ivy@example.test'), email: 'ivy@example.test', name: 'Ivy Invited', via: 'invitation' })
    expect(JSON.stringify(events)).not.toContain(token)
  })

  test('Scenario: accepting an invitation, a permission-set change and a removal each queue their event', async () => {
    const newbie = (await userId('newbie@initech.test')) as string
    const invited = await server.request('POST', '/api/organizations/members/invite', {
      headers: admin,
      body: { email: 'newbie@initech.test', permission_set_ids: [await setId('TEAM_MEMBER')] },
    })
    expect(invited.status).toBe(201)
    const initech = await server.orgId('Initech')
    const self = server.authHeaders((await server.signIn('newbie@initech.test')).access_token, initech)
    const [invitation] = ((await (await server.request('GET', '/api/users/invitations', { headers: self })).json()) as { invitations: PendingInvitation[] }).invitations
    expect((await server.request('POST', `/api/users/invitations/${invitation?.id}/accept`, { headers: self })).status).toBe(200)
    const accepted = await queued()
    expect(accepted.map((e) => e.type).sort()).toEqual(['invitation.accepted', 'member.joined'])
    expect(accepted.find((e) => e.type === 'invitation.accepted')?.data).toMatchObject({ invitation_id: invitation?.id, user_id: newbie, email: 'newbie@initech.test', permission_sets: ['Team Member'] })

    const assign = await server.request('POST', '/api/permissions/assign-permission-sets', { headers: admin, body: { user_id: newbie, permission_set_ids: [await setId('ADMIN')] } })
    expect(assign.status).toBe(200)
    // Saving the same sets again is no change: no event.
    await server.request('POST', '/api/permissions/assign-permission-sets', { headers: admin, body: { user_id: newbie, permission_set_ids: [await setId('ADMIN')] } })
    const assigned = await queued()
    expect(assigned.map((e) => e.type)).toEqual(['role.assigned'])
    expect(assigned[0]?.data).toMatchObject({ user_id: newbie, permission_sets: ['Admin'], previous_permission_sets: ['Team Member'] })

    expect((await server.request('DELETE', `/api/organizations/members/${newbie}`, { headers: admin })).status).toBe(204)
    const removed = await queued()
    expect(removed.map((e) => e.type)).toEqual(['member.removed'])
    expect(removed[0]?.data).toMatchObject({ user_id: newbie, email: 'newbie@initech.test' })
  })

  test('Scenario: a notification created for a member queues notification.created; one for nobody queues nothing', async () => {
    const { notification } = await createNotification(server.handle.db, { email: 'agent@acme.test', org: 'Acme Support', title: 'Ticket #42 assigned', priority: 'high' })
    const events = await queued()
    expect(events.map((e) => e.type)).toEqual(['notification.created'])
    expect(events[0]?.data).toEqual({
      id: notification._id,
      user_id: await userId('agent@acme.test'),
      title: 'Ticket #42 assigned',
      category: 'system',
      priority: 'high',
      created_at: notification.createdAt,
    })
    await expect(createNotification(server.handle.db, { email: 'waiting@waitlist.test', org: 'Acme Support', title: 'x' })).rejects.toThrow()
    expect(await queued()).toEqual([])
  })
})
