/**
 * The permission matrix of every permission-set and team endpoint (docs/permissions.md,
 * "Endpoints"): who is refused, with which answer, and that a refusal writes nothing and says
 * nothing about the workspace. The allowed column runs last, because it writes.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PermissionSet, WorkspaceItem } from '../../contract/api.ts'
import { PermissionSetList } from '../../contract/permissions.ts'
import { PermissionMetadata, TeamMember, TeamMemberList } from '../../contract/team.ts'
import { validate } from '../../contract/validate.ts'
import { permissionSets, users } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
/** Bearer + x-org-id headers of each caller of the matrix. */
const callers: Record<'admin' | 'agent' | 'outsider' | 'globexTeamMember', Record<string, string>> = {
  admin: {},
  agent: {},
  outsider: {},
  globexTeamMember: {},
}
let supportAgentSetId: string
let agentId: string

beforeAll(async () => {
  server = await startTestServer()
  const acme = await server.orgId('Acme Support')
  const [admin, agent, newbie] = await Promise.all([
    server.signIn('admin@acme.test'),
    server.signIn('agent@acme.test'),
    server.signIn('newbie@initech.test'),
  ])
  callers.admin = server.authHeaders(admin.access_token, acme)
  callers.agent = server.authHeaders(agent.access_token, acme)
  // A member of Initech only, naming Acme in x-org-id.
  callers.outsider = server.authHeaders(newbie.access_token, acme)
  // The Acme super admin, working in Globex where they are only a TEAM_MEMBER.
  callers.globexTeamMember = server.authHeaders(admin.access_token, await server.orgId('Globex'))
  const db = server.handle.db
  supportAgentSetId = (await db.select().from(permissionSets).where(eq(permissionSets.name, 'Support Agent')))[0]?.id ?? ''
  agentId = (await db.select().from(users).where(eq(users.email, 'agent@acme.test')))[0]?.id ?? ''
})
afterAll(() => server.close())

interface Endpoint {
  readonly name: string
  readonly method: string
  readonly path: () => string
  readonly body?: () => unknown
  /** For members without the permission: the 403 message, or null when any member may call it. */
  readonly denied: string | null
}

const supportAgentBody = () => ({
  name: 'Support Agent',
  description: 'Views contacts and agents.',
  permissions: [
    { resource: 'CONTACTS', actions: ['READ'] },
    { resource: 'AGENTS', actions: ['READ'] },
  ],
})

const ENDPOINTS: ReadonlyArray<Endpoint> = [
  { name: 'list permission sets', method: 'GET', path: () => '/api/permissions/permission-sets', denied: null },
  { name: 'permission metadata', method: 'GET', path: () => '/api/permissions/metadata', denied: null },
  {
    name: 'create a permission set',
    method: 'POST',
    path: () => '/api/permissions/permission-sets',
    body: () => ({ name: 'Matrix Role', permissions: [{ resource: 'REPORTS', actions: ['READ'] }] }),
    denied: 'You need the Create permission on User Roles to do this.',
  },
  {
    name: 'update a permission set',
    method: 'PUT',
    path: () => `/api/permissions/permission-sets/${supportAgentSetId}`,
    body: supportAgentBody,
    denied: 'You need the Edit permission on User Roles to do this.',
  },
  {
    name: 'assign permission sets',
    method: 'POST',
    path: () => '/api/permissions/assign-permission-sets',
    body: () => ({ user_id: agentId, permission_set_ids: [supportAgentSetId] }),
    denied: 'You need the Edit permission on Team Members to do this.',
  },
  {
    name: 'list members',
    method: 'GET',
    path: () => '/api/organizations/members',
    denied: 'You need the View permission on Team Members to do this.',
  },
  {
    name: 'invite a member',
    method: 'POST',
    path: () => '/api/organizations/members/invite',
    body: () => ({ email: 'matrix@acme.test', permission_set_ids: [supportAgentSetId] }),
    denied: 'You need the Create permission on Team Members to do this.',
  },
  {
    name: 'remove a member',
    method: 'DELETE',
    path: () => `/api/organizations/members/${agentId}`,
    denied: 'You need the Delete permission on Team Members to do this.',
  },
  {
    name: 'create a workspace',
    method: 'POST',
    path: () => '/api/organizations/create-new',
    body: () => ({ org_name: 'Matrix Workspace' }),
    denied: null,
  },
  {
    name: 'complete sign-up',
    method: 'POST',
    path: () => '/api/organizations/complete-signup',
    body: () => ({ company_name: 'Matrix', team_size: '1-10', use_case: 'Testing' }),
    denied: 'You need the Edit permission on Workspace to do this.',
  },
  {
    name: 'rename the workspace',
    method: 'PUT',
    path: () => '/api/organizations/current',
    body: () => ({ org_name: 'Matrix Renamed' }),
    denied: 'You need the Edit permission on Workspace to do this.',
  },
  { name: 'monthly credits usage', method: 'GET', path: () => '/api/org-billing/monthly-credits-usage', denied: null },
]

const send = (endpoint: Endpoint, headers: Record<string, string>) =>
  server.request(endpoint.method, endpoint.path(), { headers, ...(endpoint.body ? { body: endpoint.body() } : {}) })

describe('refusals: 403, nothing written, nothing leaked', () => {
  test.each(ENDPOINTS.map((e) => [e.name, e] as const))('Scenario: a member of another org (Initech) naming Acme: %s', async (_name, endpoint) => {
    const before = await server.rowCounts()
    const response = await send(endpoint, callers.outsider)
    expect(response.status).toBe(403)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ error: { code: 'forbidden', message: 'You do not have access to this workspace.', issues: [] } })
    for (const secret of ['Acme', 'Support Agent', 'agent@acme.test', supportAgentSetId]) expect(text).not.toContain(secret)
    expect(await server.rowCounts()).toEqual(before)
  })

  test.each(ENDPOINTS.filter((e) => e.denied !== null).map((e) => [e.name, e] as const))(
    'Scenario: the agent (Support Agent: CONTACTS and AGENTS read) is refused: %s',
    async (_name, endpoint) => {
      const before = await server.rowCounts()
      const response = await send(endpoint, callers.agent)
      expect(response.status).toBe(403)
      const text = await response.text()
      expect(JSON.parse(text)).toEqual({ error: { code: 'forbidden', message: endpoint.denied, issues: [] } })
      expect(text).not.toContain('agent@acme.test')
      expect(await server.rowCounts()).toEqual(before)
    },
  )

  test.each(ENDPOINTS.filter((e) => e.denied !== null).map((e) => [e.name, e] as const))(
    'Scenario: the Acme super admin is only a TEAM_MEMBER in Globex and is refused there: %s',
    async (_name, endpoint) => {
      const before = await server.rowCounts()
      const response = await send(endpoint, callers.globexTeamMember)
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({ error: { code: 'forbidden', message: endpoint.denied, issues: [] } })
      expect(await server.rowCounts()).toEqual(before)
    },
  )

  test('Scenario: without an access token every endpoint answers 401 first', async () => {
    for (const endpoint of ENDPOINTS) {
      const response = await send(endpoint, { 'x-org-id': callers.admin['x-org-id'] ?? '' })
      expect(response.status, endpoint.name).toBe(401)
    }
  })
})

describe('what any member may read', () => {
  test.each([
    ['agent', 'Acme Support'],
    ['globexTeamMember', 'Globex'],
  ] as const)('Scenario: %s lists the sets and the metadata of %s', async (who, _org) => {
    const sets = await server.request('GET', '/api/permissions/permission-sets', { headers: callers[who] })
    expect(sets.status).toBe(200)
    const list = validate(PermissionSetList, await sets.json())
    if (!list.ok) throw new Error(JSON.stringify(list.issues))
    // Acme's custom set is visible in Acme only: never another org's custom sets.
    expect(list.value.some((s) => s._id === supportAgentSetId)).toBe(who === 'agent')
    const metadata = await server.request('GET', '/api/permissions/metadata', { headers: callers[who] })
    expect(metadata.status).toBe(200)
    expect(validate(PermissionMetadata, await metadata.json()).ok).toBe(true)
    // The credits summary sits in every member's header (SPEC.md §2.3).
    expect((await server.request('GET', '/api/org-billing/monthly-credits-usage', { headers: callers[who] })).status).toBe(200)
  })
})

describe('the allowed column: the Acme super admin', () => {
  test('Scenario: every endpoint answers its success status with a contract body', async () => {
    const headers = callers.admin
    const created = await server.request('POST', '/api/permissions/permission-sets', {
      headers,
      body: { name: 'Matrix Role', permissions: [{ resource: 'REPORTS', actions: ['READ'] }] },
    })
    expect(created.status).toBe(201)
    expect(validate(PermissionSet, await created.json()).ok).toBe(true)

    const updated = await server.request('PUT', `/api/permissions/permission-sets/${supportAgentSetId}`, { headers, body: supportAgentBody() })
    expect(updated.status).toBe(200)
    expect(validate(PermissionSet, await updated.json()).ok).toBe(true)

    const assigned = await server.request('POST', '/api/permissions/assign-permission-sets', {
      headers,
      body: { user_id: agentId, permission_set_ids: [supportAgentSetId] },
    })
    expect(assigned.status).toBe(200)
    expect(validate(TeamMember, await assigned.json()).ok).toBe(true)

    const invited = await server.request('POST', '/api/organizations/members/invite', {
      headers,
      body: { email: 'matrix@acme.test', permission_set_ids: [supportAgentSetId] },
    })
    expect(invited.status).toBe(201)
    const member = validate(TeamMember, await invited.json())
    if (!member.ok) throw new Error(JSON.stringify(member.issues))

    const members = await server.request('GET', '/api/organizations/members', { headers })
    expect(members.status).toBe(200)
    const list = validate(TeamMemberList, await members.json())
    expect(list.ok && list.value.members.map((m) => m.email)).toEqual(['admin@acme.test', 'matrix@acme.test', 'agent@acme.test'])

    const removed = await server.request('DELETE', `/api/organizations/members/${member.value.user_id}`, { headers })
    expect(removed.status).toBe(204)
    expect(await removed.text()).toBe('')

    for (const path of ['/api/permissions/permission-sets', '/api/permissions/metadata', '/api/org-billing/monthly-credits-usage']) {
      expect((await server.request('GET', path, { headers })).status).toBe(200)
    }

    // Past the guard: Acme's sign-up was completed long ago, so this is the state's 409.
    const completed = await server.request('POST', '/api/organizations/complete-signup', {
      headers,
      body: { company_name: 'Matrix', team_size: '1-10', use_case: 'Testing' },
    })
    expect(completed.status).toBe(409)
    const renamed = await server.request('PUT', '/api/organizations/current', { headers, body: { org_name: 'Acme Support' } })
    expect(renamed.status).toBe(200)
    expect(validate(WorkspaceItem, await renamed.json()).ok).toBe(true)
    const workspace = await server.request('POST', '/api/organizations/create-new', { headers })
    expect(workspace.status).toBe(201)
    expect(validate(WorkspaceItem, await workspace.json()).ok).toBe(true)
  })
})
