/**
 * `/api/permissions/*` behaviour beyond the matrix: listing per tenant, creating and editing
 * custom sets, assigning sets, and the two guards (privilege escalation, the last super admin).
 * Scenarios run in file order and build on each other (one database for the file).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PermissionSet, Roles, VerifyTokenResponse } from '../../contract/api.ts'
import { PermissionSetList } from '../../contract/permissions.ts'
import { TeamMember } from '../../contract/team.ts'
import { validate } from '../../contract/validate.ts'
import { permissionSets, users } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { insertCustomSet } from '../members/permission-sets.ts'

let server: TestServer
let admin: Record<string, string>
let agent: Record<string, string>
let newbie: Record<string, string>
const ids = { agent: '', admin: '', newbie: '', supportAgent: '', superAdmin: '', admin_set: '', teamMember: '' }

function decode<S extends Parameters<typeof validate>[0]>(schema: S, body: unknown): S['Type'] {
  const result = validate(schema, body)
  if (!result.ok) throw new Error(`does not match the contract: ${JSON.stringify(result.issues)}`)
  return result.value
}

async function call(headers: Record<string, string>, method: string, path: string, body?: unknown) {
  const response = await server.request(method, path, { headers, ...(body === undefined ? {} : { body }) })
  const text = await response.text()
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) }
}

const createSet = (headers: Record<string, string>, body: unknown) => call(headers, 'POST', '/api/permissions/permission-sets', body)
const updateSet = (headers: Record<string, string>, id: string, body: unknown) => call(headers, 'PUT', `/api/permissions/permission-sets/${id}`, body)
const assign = (headers: Record<string, string>, userId: string, setIds: string[]) =>
  call(headers, 'POST', '/api/permissions/assign-permission-sets', { user_id: userId, permission_set_ids: setIds })

beforeAll(async () => {
  server = await startTestServer()
  const acme = await server.orgId('Acme Support')
  const [a, b, c] = await Promise.all([server.signIn('admin@acme.test'), server.signIn('agent@acme.test'), server.signIn('newbie@initech.test')])
  admin = server.authHeaders(a.access_token, acme)
  agent = server.authHeaders(b.access_token, acme)
  newbie = server.authHeaders(c.access_token, await server.orgId('Initech'))
  const db = server.handle.db
  const userId = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]?.id ?? ''
  const setId = async (column: 'name' | 'key', value: string) =>
    (await db.select().from(permissionSets).where(eq(column === 'name' ? permissionSets.name : permissionSets.permissionSetKey, value)))[0]?.id ?? ''
  Object.assign(ids, {
    agent: await userId('agent@acme.test'),
    admin: await userId('admin@acme.test'),
    newbie: await userId('newbie@initech.test'),
    supportAgent: await setId('name', 'Support Agent'),
    superAdmin: await setId('key', 'SUPER_ADMIN'),
    admin_set: await setId('key', 'ADMIN'),
    teamMember: await setId('key', 'TEAM_MEMBER'),
  })
})
afterAll(() => server.close())

describe('GET /api/permissions/permission-sets', () => {
  test('Scenario: Acme sees the system sets in role order, then its custom set', async () => {
    const { status, body } = await call(admin, 'GET', '/api/permissions/permission-sets')
    expect(status).toBe(200)
    const list = decode(PermissionSetList, body)
    expect(list.map((s) => s.permission_set_key ?? s.name)).toEqual([...Roles, 'Support Agent'])
    expect(list.slice(0, Roles.length).every((s) => s.is_system)).toBe(true)
    expect(list.at(-1)).toEqual({
      _id: ids.supportAgent,
      permission_set_key: null,
      name: 'Support Agent',
      description: 'Views contacts and agents.',
      is_system: false,
      permissions: [
        { resource: 'CONTACTS', actions: ['READ'], conditions: {} },
        { resource: 'AGENTS', actions: ['READ'], conditions: {} },
      ],
    })
  })

  test("Scenario: Initech sees the system sets only, never Acme's custom set", async () => {
    const { body } = await call(newbie, 'GET', '/api/permissions/permission-sets')
    const list = decode(PermissionSetList, body)
    expect(list.map((s) => s.permission_set_key)).toEqual([...Roles])
  })
})

describe('POST /api/permissions/permission-sets', () => {
  test('Scenario: a super admin creates a custom set; actions are stored in contract order', async () => {
    const { status, body } = await createSet(admin, {
      name: '  Report Builder ',
      description: 'Builds reports.',
      permissions: [{ resource: 'REPORTS', actions: ['UPDATE', 'READ', 'CREATE', 'READ'], conditions: { scope: 'own' } }],
    })
    expect(status).toBe(201)
    const set = decode(PermissionSet, body)
    expect(set).toEqual({
      _id: expect.any(String) as string,
      permission_set_key: null,
      name: 'Report Builder',
      description: 'Builds reports.',
      is_system: false,
      permissions: [{ resource: 'REPORTS', actions: ['CREATE', 'READ', 'UPDATE'], conditions: { scope: 'own' } }],
    })
    const [row] = await server.handle.db.select().from(permissionSets).where(eq(permissionSets.id, set._id))
    expect(row).toMatchObject({ orgId: await server.orgId('Acme Support'), isSystem: false, permissionSetKey: null })
  })

  test.each([
    ['the same name in other case', 'report builder'],
    ["a system set's name", 'admin'],
  ])('Scenario: %s is a 409 conflict on ["name"], nothing written', async (_why, name) => {
    const before = await server.rowCounts()
    const { status, body } = await createSet(admin, { name, permissions: [] })
    expect(status).toBe(409)
    expect(body).toEqual({
      error: { code: 'conflict', message: `A role named "${name}" already exists.`, issues: [{ path: ['name'], message: 'This name is already taken' }] },
    })
    expect(await server.rowCounts()).toEqual(before)
  })

  test('Scenario: the database itself refuses a duplicate name (for two requests racing past the check)', async () => {
    const error: unknown = await insertCustomSet(server.handle.db, await server.orgId('Acme Support'), {
      name: 'REPORT builder',
      description: '',
      permissions: [],
    }).catch((e: unknown) => e)
    expect(isUniqueViolation(error)).toBe(true)
  })

  test('Scenario: names are unique per org: Initech may have its own "Support Agent"', async () => {
    const { status } = await createSet(newbie, { name: 'Support Agent', permissions: [{ resource: 'CONTACTS', actions: ['READ'] }] })
    expect(status).toBe(201)
  })

  test.each([
    ['an empty object', {}, [['name'], ['permissions']]],
    ['a blank name', { name: '   ', permissions: [] }, [['name']]],
    ['an unknown resource', { name: 'X', permissions: [{ resource: 'NUKES', actions: ['READ'] }] }, [['permissions', 0, 'resource']]],
    ['an unknown action', { name: 'X', permissions: [{ resource: 'QA', actions: ['FLY'] }] }, [['permissions', 0, 'actions', 0]]],
    ['no action', { name: 'X', permissions: [{ resource: 'QA', actions: [] }] }, [['permissions', 0, 'actions']]],
    [
      'a resource twice',
      { name: 'X', permissions: [{ resource: 'QA', actions: ['READ'] }, { resource: 'QA', actions: ['CREATE'] }] },
      [['permissions']],
    ],
    ['a name of 81 characters', { name: 'x'.repeat(81), permissions: [] }, [['name']]],
  ])('Scenario: %s is a 400 with issues and writes nothing', async (_why, body, paths) => {
    const before = await server.rowCounts()
    const response = await createSet(admin, body)
    expect(response.status).toBe(400)
    const error = (response.body as { error: { code: string; issues: { path: unknown[] }[] } }).error
    expect(error.code).toBe('invalid_request')
    expect(error.issues.map((i) => i.path)).toEqual(paths)
    expect(await server.rowCounts()).toEqual(before)
  })
})

describe('PUT /api/permissions/permission-sets/{id}', () => {
  const body = { name: 'Renamed', permissions: [] }

  test('Scenario: a system set is read-only (403), even for a super admin', async () => {
    const before = await server.rowCounts()
    const { status, body: answer } = await updateSet(admin, ids.superAdmin, body)
    expect(status).toBe(403)
    expect(answer).toEqual({ error: { code: 'forbidden', message: 'System roles are read-only.', issues: [] } })
    expect(await server.rowCounts()).toEqual(before)
  })

  test("Scenario: another org's set and an unknown id are the same 404, and nothing changes", async () => {
    const [initechSet] = await server.handle.db.select().from(permissionSets).where(eq(permissionSets.orgId, await server.orgId('Initech')))
    const foreign = await updateSet(admin, initechSet?.id ?? '', body)
    const unknown = await updateSet(admin, 'no-such-set', body)
    expect(foreign.status).toBe(404)
    expect(unknown).toEqual(foreign)
    expect(foreign.body).toEqual({ error: { code: 'not_found', message: 'There is no such role in this workspace.', issues: [] } })
    const [after] = await server.handle.db.select().from(permissionSets).where(eq(permissionSets.id, initechSet?.id ?? ''))
    expect(after?.name).toBe('Support Agent')
  })

  test('Scenario: renaming onto another set\'s name is a 409; a change of case of its own name is fine', async () => {
    expect((await updateSet(admin, ids.supportAgent, { name: 'REPORT BUILDER', permissions: [] })).status).toBe(409)
    const { status, body: answer } = await updateSet(admin, ids.supportAgent, {
      name: 'support agent',
      description: 'Views contacts and agents.',
      permissions: [
        { resource: 'CONTACTS', actions: ['READ'] },
        { resource: 'AGENTS', actions: ['READ'] },
      ],
    })
    expect(status).toBe(200)
    expect(decode(PermissionSet, answer)).toMatchObject({ _id: ids.supportAgent, name: 'support agent', is_system: false })
  })

  test('Scenario: a bad body is a 400 and the set is unchanged', async () => {
    const before = await server.handle.db.select().from(permissionSets).where(eq(permissionSets.id, ids.supportAgent))
    const { status } = await updateSet(admin, ids.supportAgent, { name: '', permissions: 'all' })
    expect(status).toBe(400)
    expect(await server.handle.db.select().from(permissionSets).where(eq(permissionSets.id, ids.supportAgent))).toEqual(before)
  })
})

describe('POST /api/permissions/assign-permission-sets', () => {
  let billingViewer: string

  test('Scenario: "Billing Viewer" is created, assigned to the agent, and reaches their session', async () => {
    const created = await createSet(admin, { name: 'Billing Viewer', permissions: [{ resource: 'BILLING', actions: ['READ'] }] })
    expect(created.status).toBe(201)
    billingViewer = decode(PermissionSet, created.body)._id

    const assigned = await assign(admin, ids.agent, [ids.supportAgent, billingViewer])
    expect(assigned.status).toBe(200)
    expect(decode(TeamMember, assigned.body)).toMatchObject({
      user_id: ids.agent,
      email: 'agent@acme.test',
      permission_set_ids: [billingViewer, ids.supportAgent],
      roles: [],
      status: 'active',
    })

    const verify = await call(agent, 'GET', '/api/users/verify-token')
    expect(decode(VerifyTokenResponse, verify.body).currentOrgData.permission_sets).toContain(billingViewer)
    const list = decode(PermissionSetList, (await call(agent, 'GET', '/api/permissions/permission-sets')).body)
    expect(list.map((s) => s._id)).toContain(billingViewer)
  })

  test('Scenario: unknown and foreign set ids are a 400 with one issue each; nothing changes', async () => {
    const [initechSet] = await server.handle.db.select().from(permissionSets).where(eq(permissionSets.orgId, await server.orgId('Initech')))
    const before = await server.rowCounts()
    const { status, body } = await assign(admin, ids.agent, [ids.supportAgent, 'no-such-set', initechSet?.id ?? ''])
    expect(status).toBe(400)
    expect(body).toMatchObject({
      error: {
        code: 'invalid_request',
        issues: [
          { path: ['permission_set_ids', 1], message: 'There is no such role in this workspace' },
          { path: ['permission_set_ids', 2], message: 'There is no such role in this workspace' },
        ],
      },
    })
    expect(await server.rowCounts()).toEqual(before)
    expect((await call(agent, 'GET', '/api/users/verify-token')).status).toBe(200)
  })

  test('Scenario: a user who is not a member of this org is a 404', async () => {
    const { status, body } = await assign(admin, ids.newbie, [ids.teamMember])
    expect(status).toBe(404)
    expect(body).toEqual({ error: { code: 'not_found', message: 'This person is not a member of this workspace.', issues: [] } })
  })

  test('Scenario: a body that fails the contract is a 400 listing the fields', async () => {
    const { status, body } = await call(admin, 'POST', '/api/permissions/assign-permission-sets', { permission_set_ids: 'x' })
    expect(status).toBe(400)
    expect((body as { error: { issues: { path: unknown[] }[] } }).error.issues.map((i) => i.path)).toEqual([['user_id'], ['permission_set_ids']])
  })
})

describe('privilege escalation', () => {
  let teamManager: string

  beforeAll(async () => {
    // A member who manages the team and roles but holds nothing else.
    const created = await createSet(admin, {
      name: 'Team Manager',
      permissions: [
        { resource: 'TEAM_MEMBERS', actions: ['CREATE', 'READ', 'UPDATE', 'DELETE'] },
        { resource: 'PERMISSION_SETS', actions: ['CREATE', 'READ', 'UPDATE'] },
      ],
    })
    teamManager = decode(PermissionSet, created.body)._id
    expect((await assign(admin, ids.agent, [teamManager])).status).toBe(200)
  })

  test('Scenario: only a super admin grants the super-admin set', async () => {
    const before = await server.rowCounts()
    const { status, body } = await assign(agent, ids.agent, [teamManager, ids.superAdmin])
    expect(status).toBe(403)
    expect(body).toEqual({ error: { code: 'forbidden', message: 'Only a super admin can grant the Super Admin role.', issues: [] } })
    const invite = await call(agent, 'POST', '/api/organizations/members/invite', { email: 'boss@acme.test', permission_set_ids: [ids.superAdmin] })
    expect(invite.status).toBe(403)
    expect(await server.rowCounts()).toEqual(before)
  })

  test('Scenario: nobody but a super admin grants permissions they lack, by assigning, inviting or editing', async () => {
    const before = await server.rowCounts()
    const viaAdminSet = await assign(agent, ids.agent, [teamManager, ids.admin_set])
    expect(viaAdminSet.status).toBe(403)
    expect((viaAdminSet.body as { error: { message: string } }).error.message).toMatch(
      /^You can only grant permissions you hold yourself\. You do not have: Create on General, Edit on General, Delete on General and \d+ more\.$/,
    )
    const viaInvite = await call(agent, 'POST', '/api/organizations/members/invite', { email: 'x@acme.test', permission_set_ids: [ids.teamMember] })
    expect(viaInvite.status).toBe(403)
    const viaNewSet = await createSet(agent, { name: 'Sneaky', permissions: [{ resource: 'BILLING', actions: ['DELETE'] }] })
    expect(viaNewSet).toEqual({
      status: 403,
      body: { error: { code: 'forbidden', message: 'You can only grant permissions you hold yourself. You do not have: Delete on Billing.', issues: [] } },
    })
    const viaEdit = await updateSet(agent, teamManager, {
      name: 'Team Manager',
      permissions: [
        { resource: 'TEAM_MEMBERS', actions: ['CREATE', 'READ', 'UPDATE', 'DELETE'] },
        { resource: 'PERMISSION_SETS', actions: ['CREATE', 'READ', 'UPDATE', 'DELETE'] },
      ],
    })
    expect(viaEdit.status).toBe(403)
    expect(await server.rowCounts()).toEqual(before)
  })

  test('Scenario: within their own permissions they may grant, and edit without adding', async () => {
    const within = await createSet(agent, { name: 'Team Viewer', permissions: [{ resource: 'TEAM_MEMBERS', actions: ['READ'] }] })
    expect(within.status).toBe(201)
    const renamed = await updateSet(agent, teamManager, {
      name: 'Team Lead',
      permissions: [
        { resource: 'TEAM_MEMBERS', actions: ['CREATE', 'READ', 'UPDATE', 'DELETE'] },
        { resource: 'PERMISSION_SETS', actions: ['CREATE', 'READ', 'UPDATE'] },
      ],
    })
    expect(renamed.status).toBe(200)
  })

  test('Scenario: only a super admin takes the super-admin set away or removes a super admin', async () => {
    const before = await server.rowCounts()
    const demote = await assign(agent, ids.admin, [ids.teamMember])
    expect(demote.body).toEqual({ error: { code: 'forbidden', message: 'Only a super admin can take the Super Admin role away.', issues: [] } })
    const remove = await call(agent, 'DELETE', `/api/organizations/members/${ids.admin}`)
    expect(remove.body).toEqual({ error: { code: 'forbidden', message: 'Only a super admin can remove a super admin.', issues: [] } })
    expect(await server.rowCounts()).toEqual(before)
  })
})

describe('the last super admin', () => {
  const lastSuperAdmin = { error: { code: 'conflict', message: 'A workspace needs at least one super admin.', issues: [] } }

  test('Scenario: the only super admin can neither demote nor remove themselves (409), nothing written', async () => {
    const before = await server.rowCounts()
    expect(await assign(admin, ids.admin, [ids.admin_set])).toEqual({ status: 409, body: lastSuperAdmin })
    expect(await call(admin, 'DELETE', `/api/organizations/members/${ids.admin}`)).toEqual({ status: 409, body: lastSuperAdmin })
    expect(await server.rowCounts()).toEqual(before)
  })

  test('Scenario: with a second super admin, the first may step down', async () => {
    expect((await assign(admin, ids.agent, [ids.superAdmin])).status).toBe(200)
    const stepDown = await assign(admin, ids.admin, [ids.admin_set])
    expect(stepDown.status).toBe(200)
    expect(decode(TeamMember, stepDown.body).roles).toEqual(['ADMIN'])
    // Now the agent is the last one.
    expect(await assign(agent, ids.agent, [])).toEqual({ status: 409, body: lastSuperAdmin })
    expect((await assign(agent, ids.admin, [ids.superAdmin])).status).toBe(200)
  })
})
