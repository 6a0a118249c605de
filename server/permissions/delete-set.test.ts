/**
 * `DELETE /api/permissions/permission-sets/{id}`. A custom set
 * is deleted only while nobody is given it (members and pending invitations), with the holders
 * named in the 409; system sets, other tenants' sets and bad ids are refused; the deletion and
 * its `permission_set.deleted` entry commit together. Scenarios build on each other in file order.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PermissionSetList } from '../../contract/permissions.ts'
import { validate } from '../../contract/validate.ts'
import { auditEvents, permissionSets, users } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
let admin: Record<string, string>
let agent: Record<string, string>
let newbie: Record<string, string>
let acme: string
const ids = { agent: '', admin: '', supportAgent: '', teamMember: '', superAdmin: '' }

async function call(headers: Record<string, string>, method: string, path: string, body?: unknown) {
  const response = await server.request(method, path, { headers, ...(body === undefined ? {} : { body }) })
  const text = await response.text()
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) }
}

const remove = (headers: Record<string, string>, id: string) => call(headers, 'DELETE', `/api/permissions/permission-sets/${id}`)
const deletions = () => server.handle.db.select().from(auditEvents).where(eq(auditEvents.kind, 'permission_set.deleted'))

beforeAll(async () => {
  server = await startTestServer()
  acme = await server.orgId('Acme Support')
  const [a, b, c] = await Promise.all([server.signIn('admin@acme.test'), server.signIn('agent@acme.test'), server.signIn('newbie@initech.test')])
  admin = server.authHeaders(a.access_token, acme)
  agent = server.authHeaders(b.access_token, acme)
  newbie = server.authHeaders(c.access_token, await server.orgId('Initech'))
  const db = server.handle.db
  const userId = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]?.id ?? ''
  const sets = await db.select().from(permissionSets)
  Object.assign(ids, {
    agent: await userId('agent@acme.test'),
    admin: await userId('admin@acme.test'),
    supportAgent: sets.find((s) => s.name === 'Support Agent' && s.orgId === acme)?.id ?? '',
    teamMember: sets.find((s) => s.permissionSetKey === 'TEAM_MEMBER')?.id ?? '',
    superAdmin: sets.find((s) => s.permissionSetKey === 'SUPER_ADMIN')?.id ?? '',
  })
})
afterAll(() => server.close())

describe('DELETE /api/permissions/permission-sets/{id}', () => {
  test('Scenario: a set still assigned is a 409 naming its holders; nothing is deleted', async () => {
    // Ada holds it too, so the message names two people.
    expect(
      (await call(admin, 'POST', '/api/permissions/assign-permission-sets', { user_id: ids.admin, permission_set_ids: [ids.superAdmin, ids.supportAgent] }))
        .status,
    ).toBe(200)
    const before = await server.rowCounts()
    expect(await remove(admin, ids.supportAgent)).toEqual({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'Assigned to Ada Admin and Sam Agent: remove it from them first.',
          issues: [
            { path: ['assigned_to', 0], message: 'Ada Admin' },
            { path: ['assigned_to', 1], message: 'Sam Agent' },
          ],
        },
      },
    })
    expect(await server.rowCounts()).toEqual(before)
  })

  test('Scenario: a pending invitation that would grant it counts too, named as invited', async () => {
    expect((await call(admin, 'POST', '/api/permissions/assign-permission-sets', { user_id: ids.admin, permission_set_ids: [ids.superAdmin] })).status).toBe(
      200,
    )
    // Nina has a password: inviting her records a pending invitation holding the set.
    expect(
      (await call(admin, 'POST', '/api/organizations/members/invite', { email: 'newbie@initech.test', permission_set_ids: [ids.supportAgent] })).status,
    ).toBe(201)
    const { status, body } = await remove(admin, ids.supportAgent)
    expect(status).toBe(409)
    expect((body as { error: { message: string } }).error.message).toBe('Assigned to Sam Agent and Nina Newbie (invited): remove it from them first.')
  })

  test('Scenario: once nobody holds it, it is deleted (204) with its audit entry, and leaves the list', async () => {
    const created = await call(admin, 'POST', '/api/permissions/permission-sets', {
      name: 'Night Shift',
      description: 'Covers the night.',
      permissions: [{ resource: 'CONTACTS', actions: ['READ'] }],
    })
    const id = (created.body as { _id: string })._id
    expect(await remove(admin, id)).toEqual({ status: 204, body: undefined })
    const list = validate(PermissionSetList, (await call(admin, 'GET', '/api/permissions/permission-sets')).body)
    expect(list.ok && list.value.some((s) => s._id === id)).toBe(false)
    const [entry] = (await deletions()).filter((e) => e.targetId === id)
    expect(entry).toMatchObject({
      orgId: acme,
      actorId: ids.admin,
      actorLabel: 'admin@acme.test',
      targetLabel: 'Night Shift',
      details: { description: 'Covers the night.', permissions: [{ resource: 'CONTACTS', actions: ['READ'] }] },
    })
    // Deleting it again: gone, so a 404.
    expect((await remove(admin, id)).status).toBe(404)
  })

  test('Scenario: a system set is a 403; nothing written', async () => {
    const before = await server.rowCounts()
    expect(await remove(admin, ids.teamMember)).toEqual({
      status: 403,
      body: { error: { code: 'forbidden', message: 'System roles cannot be deleted.', issues: [] } },
    })
    expect(await server.rowCounts()).toEqual(before)
  })

  test("Scenario: another org's set, an unknown id and an id with a NUL are refused; nothing written", async () => {
    const initechSet = await call(newbie, 'POST', '/api/permissions/permission-sets', { name: 'Initech Only', permissions: [] })
    const foreign = (initechSet.body as { _id: string })._id
    const before = await server.rowCounts()
    expect((await remove(admin, foreign)).status).toBe(404)
    expect((await remove(admin, 'no-such-set')).status).toBe(404)
    expect((await remove(admin, 'abc%00def')).status).toBe(400)
    expect(await server.rowCounts()).toEqual(before)
    const [row] = await server.handle.db
      .select()
      .from(permissionSets)
      .where(and(eq(permissionSets.id, foreign)))
    expect(row?.name).toBe('Initech Only')
  })

  test('Scenario: a member without PERMISSION_SETS delete gets a 403 naming it, and an outsider the org 403', async () => {
    expect(await remove(agent, ids.supportAgent)).toEqual({
      status: 403,
      body: { error: { code: 'forbidden', message: 'You need the Delete permission on User Roles to do this.', issues: [] } },
    })
    const outsider = { ...newbie, 'x-org-id': acme }
    expect(((await remove(outsider, ids.supportAgent)).body as { error: { message: string } }).error.message).toBe('You do not have access to this workspace.')
  })

  test('Scenario: after the holders let go (revoke, reassign) the set can be deleted', async () => {
    expect(
      (
        await call(
          admin,
          'DELETE',
          `/api/organizations/members/${(await server.handle.db.select().from(users).where(eq(users.email, 'newbie@initech.test')))[0]?.id}/invitation`,
        )
      ).status,
    ).toBe(204)
    expect((await call(admin, 'POST', '/api/permissions/assign-permission-sets', { user_id: ids.agent, permission_set_ids: [ids.teamMember] })).status).toBe(
      200,
    )
    expect((await remove(admin, ids.supportAgent)).status).toBe(204)
    expect((await deletions()).map((e) => e.targetLabel)).toContain('Support Agent')
  })
})
