/**
 * The workspace endpoints (docs/api.md "Workspaces"): `POST /organizations/create-new` (SPEC.md
 * §4 Creating a workspace, §7), `POST /organizations/complete-signup` and
 * `PUT /organizations/current` (ours).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { VerifyTokenResponse, WorkspaceItem, WorkspacesResponse } from '../../contract/api.ts'
import { TeamMemberList } from '../../contract/team.ts'
import { validate } from '../../contract/validate.ts'
import { organizations, users } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { MAX_OWNED_WORKSPACES, defaultWorkspaceName } from '../members/create-workspace.ts'

let server: TestServer
const headers: Record<'ada' | 'agent' | 'adaInGlobex' | 'nina' | 'walt' | 'outsider', Record<string, string>> = {
  ada: {},
  agent: {},
  adaInGlobex: {},
  nina: {},
  walt: {},
  outsider: {},
}
beforeAll(async () => {
  server = await startTestServer()
  const [acme, globex, initech, waitlistLabs] = await Promise.all(['Acme Support', 'Globex', 'Initech', 'Waitlist Labs'].map((n) => server.orgId(n)))
  const [ada, agent, nina, walt] = await Promise.all(
    ['admin@acme.test', 'agent@acme.test', 'newbie@initech.test', 'waiting@waitlist.test'].map((e) => server.signIn(e)),
  )
  if (!ada || !agent || !nina || !walt || !acme || !globex || !initech || !waitlistLabs) throw new Error('setup')
  headers.ada = server.authHeaders(ada.access_token, acme)
  headers.agent = server.authHeaders(agent.access_token, acme)
  headers.adaInGlobex = server.authHeaders(ada.access_token, globex)
  headers.nina = server.authHeaders(nina.access_token, initech)
  headers.walt = server.authHeaders(walt.access_token, waitlistLabs)
  // Nina (Initech only) naming Acme.
  headers.outsider = server.authHeaders(nina.access_token, acme)
})
afterAll(() => server.close())

async function workspace(response: Response): Promise<WorkspaceItem> {
  const result = validate(WorkspaceItem, await response.json())
  if (!result.ok) throw new Error(JSON.stringify(result.issues))
  return result.value
}

const createNew = (who: Record<string, string>, body?: unknown, extra: Record<string, string> = {}) =>
  server.request('POST', '/api/organizations/create-new', { headers: { ...who, ...extra }, ...(body === undefined ? {} : { body }) })

const withOrg = (who: Record<string, string>, orgId: string) => ({ ...who, 'x-org-id': orgId })

describe('POST /api/organizations/create-new', () => {
  test('Scenario: without a body it is named after the caller, de-duplicated, and the caller is its super admin', async () => {
    const first = await createNew(headers.ada)
    expect(first.status).toBe(201)
    const created = await workspace(first)
    // Ada is a member of approved workspaces: past the waitlist, nothing more to fill in.
    expect(created).toEqual({
      org_id: expect.any(String) as string,
      org_name: "Ada's workspace",
      roles: ['SUPER_ADMIN'],
      waitlist_approved: true,
      signup_completed: true,
      is_default: false,
    })
    const second = await workspace(await createNew(headers.ada))
    expect(second.org_name).toBe("Ada's workspace 2")
    // An empty JSON object is "no name" too.
    const third = await workspace(await createNew(headers.ada, {}))
    expect(third.org_name).toBe("Ada's workspace 3")

    const list = validate(WorkspacesResponse, await (await server.request('GET', '/api/users/my-workspaces', { headers: headers.ada })).json())
    if (!list.ok) throw new Error('list')
    expect(list.value.workspaces.map((w) => w.org_name)).toEqual(["Acme Support", "Ada's workspace", "Ada's workspace 2", "Ada's workspace 3", 'Globex'])
    expect(list.value.workspaces.find((w) => w.org_id === created.org_id)).toEqual(created)

    // Switching to it (SPEC.md §4): verify-token answers for the new org, as super admin.
    const verify = validate(VerifyTokenResponse, await (await server.request('GET', '/api/users/verify-token', { headers: withOrg(headers.ada, created.org_id) })).json())
    if (!verify.ok) throw new Error('verify')
    expect(verify.value.currentOrgData).toMatchObject({ org_name: "Ada's workspace", roles: ['SUPER_ADMIN'], permission_sets: ['SUPER_ADMIN'] })
    // Its only member is its creator.
    const team = validate(TeamMemberList, await (await server.request('GET', '/api/organizations/members', { headers: withOrg(headers.ada, created.org_id) })).json())
    if (!team.ok) throw new Error('team')
    expect(team.value.members.map((m) => m.email)).toEqual(['admin@acme.test'])
  })

  test('Scenario: a name in the body is used as given (trimmed)', async () => {
    const response = await createNew(headers.agent, { org_name: '  Sam Side Project ' })
    expect(response.status).toBe(201)
    expect((await workspace(response)).org_name).toBe('Sam Side Project')
  })

  test('Scenario: a member of no approved workspace gets a workspace on the waitlist', async () => {
    const response = await createNew(headers.walt)
    expect(response.status).toBe(201)
    expect(await workspace(response)).toMatchObject({ org_name: "Walt's workspace", waitlist_approved: false, signup_completed: false })
  })

  test.each([
    ['an empty name', { org_name: '   ' }],
    ['a name over 80 characters', { org_name: 'x'.repeat(81) }],
    ['a number', { org_name: 42 }],
    ['malformed JSON', '{"org_name": '],
  ])('Scenario: %s is a 400, nothing written', async (_name, body) => {
    const before = await server.rowCounts()
    const response = await createNew(headers.ada, body)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } })
    expect(await server.rowCounts()).toEqual(before)
  })

  test('Scenario: a body that is not JSON is a 400; an empty one of any type is no body', async () => {
    const before = await server.rowCounts()
    const refused = await server.request('POST', '/api/organizations/create-new', { headers: { ...headers.ada, 'content-type': 'text/plain' }, body: 'My workspace' })
    expect(refused.status).toBe(400)
    expect(await server.rowCounts()).toEqual(before)
    const empty = await server.request('POST', '/api/organizations/create-new', { headers: { ...headers.ada, 'content-type': 'text/plain' }, body: '' })
    expect(empty.status).toBe(201)
  })

  test('Scenario: naming an org one is not a member of is a 403, nothing written; no token is a 401', async () => {
    const before = await server.rowCounts()
    const response = await createNew(headers.outsider, { org_name: 'Sneaky' })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ error: { code: 'forbidden', message: 'You do not have access to this workspace.', issues: [] } })
    expect((await createNew({ 'x-org-id': headers.ada['x-org-id'] ?? '' })).status).toBe(401)
    expect(await server.rowCounts()).toEqual(before)
  })

  test(`Scenario: one person creates at most ${MAX_OWNED_WORKSPACES} workspaces, then 409`, async () => {
    for (let i = 1; i <= MAX_OWNED_WORKSPACES; i++) {
      const response = await createNew(headers.nina, { org_name: `Nina ${i}` })
      expect(response.status, `workspace ${i}`).toBe(201)
    }
    const before = await server.rowCounts()
    const refused = await createNew(headers.nina)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ error: { code: 'conflict', message: `You can create at most ${MAX_OWNED_WORKSPACES} workspaces.`, issues: [] } })
    expect(await server.rowCounts()).toEqual(before)
  })
})

describe('defaultWorkspaceName', () => {
  test('Scenario: first word of the name, numbered past the names taken, within 80 characters', () => {
    expect(defaultWorkspaceName('Ada Lovelace', [])).toBe("Ada's workspace")
    expect(defaultWorkspaceName('Ada', ["ada's workspace", "ada's workspace 2"])).toBe("Ada's workspace 3")
    expect(defaultWorkspaceName('  ', [])).toBe('My workspace')
    const long = defaultWorkspaceName('x'.repeat(120), ['x'.repeat(63) + "'s workspace"].map((n) => n.toLowerCase()))
    expect(long.length).toBeLessThanOrEqual(80)
    expect(long.endsWith("'s workspace 2")).toBe(true)
  })
})

describe('POST /api/organizations/complete-signup', () => {
  const answers = { company_name: ' Initech Inc ', team_size: '11-50', use_case: 'Answer support calls with AI' }
  const complete = (who: Record<string, string>, body: unknown = answers) => server.request('POST', '/api/organizations/complete-signup', { headers: who, body })

  test('Scenario: without Workspace edit (the agent; Ada as a Globex team member) it is a 403, nothing written', async () => {
    const before = await server.rowCounts()
    for (const who of [headers.agent, headers.adaInGlobex]) {
      const response = await complete(who)
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({ error: { code: 'forbidden', message: 'You need the Edit permission on Workspace to do this.', issues: [] } })
    }
    expect(await server.rowCounts()).toEqual(before)
  })

  test('Scenario: a workspace still on the waitlist is a 409, nothing written', async () => {
    const response = await complete(headers.walt)
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ error: { code: 'conflict', message: 'This workspace is still on the waitlist.', issues: [] } })
    const [org] = await server.handle.db.select().from(organizations).where(eq(organizations.name, 'Waitlist Labs'))
    expect(org).toMatchObject({ signupCompleted: false, companyName: null, teamSize: null, useCase: null })
  })

  test('Scenario: a bad body is a 400 naming each field, nothing written', async () => {
    const response = await complete(headers.nina, { company_name: ' ', team_size: '5', use_case: 'x'.repeat(1001) })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: { issues: Array<{ path: unknown[] }> } }
    expect(body.error.issues.map((i) => i.path[0]).sort()).toEqual(['company_name', 'team_size', 'use_case'])
    const [org] = await server.handle.db.select().from(organizations).where(eq(organizations.name, 'Initech'))
    expect(org?.signupCompleted).toBe(false)
  })

  test('Scenario: Initech completes sign-up once; verify-token shows it; a second time is a 409', async () => {
    const response = await complete(headers.nina)
    expect(response.status).toBe(200)
    expect(await workspace(response)).toMatchObject({ org_name: 'Initech', signup_completed: true, waitlist_approved: true, roles: ['SUPER_ADMIN'], is_default: true })
    const verify = validate(VerifyTokenResponse, await (await server.request('GET', '/api/users/verify-token', { headers: headers.nina })).json())
    if (!verify.ok) throw new Error('verify')
    expect(verify.value.currentOrgData.signup_completed).toBe(true)
    const [org] = await server.handle.db.select().from(organizations).where(eq(organizations.name, 'Initech'))
    expect(org).toMatchObject({ companyName: 'Initech Inc', teamSize: '11-50', useCase: 'Answer support calls with AI' })

    const again = await complete(headers.nina, { ...answers, company_name: 'Other' })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ error: { code: 'conflict', message: 'Sign-up is already complete.', issues: [] } })
    const [unchanged] = await server.handle.db.select().from(organizations).where(eq(organizations.name, 'Initech'))
    expect(unchanged?.companyName).toBe('Initech Inc')
  })
})

describe('PUT /api/organizations/current', () => {
  const rename = (who: Record<string, string>, body: unknown) => server.request('PUT', '/api/organizations/current', { headers: who, body })

  test.each([
    ['the agent (Support Agent)', 'agent'],
    ['Ada, a team member in Globex', 'adaInGlobex'],
  ] as const)('Scenario: %s may not rename: 403, nothing changed', async (_name, who) => {
    const response = await rename(headers[who], { org_name: 'Hijacked' })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ error: { code: 'forbidden', message: 'You need the Edit permission on Workspace to do this.', issues: [] } })
    expect(await server.handle.db.$count(organizations, eq(organizations.name, 'Hijacked'))).toBe(0)
  })

  test('Scenario: a non-member gets the same 403 as for any other workspace', async () => {
    const response = await rename(headers.outsider, { org_name: 'Hijacked' })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ error: { message: 'You do not have access to this workspace.' } })
  })

  test('Scenario: a bad name is a 400 on ["org_name"]', async () => {
    const response = await rename(headers.ada, { org_name: '  ' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request', issues: [{ path: ['org_name'] }] } })
  })

  test('Scenario: the super admin renames Acme; every member sees the new name', async () => {
    const response = await rename(headers.ada, { org_name: ' Acme Customer Care ' })
    expect(response.status).toBe(200)
    expect(await workspace(response)).toMatchObject({ org_name: 'Acme Customer Care', roles: ['SUPER_ADMIN'], is_default: true })
    const verify = validate(VerifyTokenResponse, await (await server.request('GET', '/api/users/verify-token', { headers: headers.agent })).json())
    if (!verify.ok) throw new Error('verify')
    expect(verify.value.currentOrgData.org_name).toBe('Acme Customer Care')
  })

  test('Scenario: a default language for new members: a person new to Engage invited afterwards starts in it; bad values change nothing', async () => {
    for (const bad of [{ default_language: 'fr' }, { default_language: 'de\u0000' }, { default_language: 3 }, {}]) {
      const refused = await rename(headers.ada, bad)
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_request')
    }
    const saved = await rename(headers.ada, { default_language: 'es' })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ default_language: 'es' })
    const current = await (await server.request('GET', '/api/organizations/current', { headers: headers.agent })).json()
    expect(current).toMatchObject({ default_language: 'es' })

    const sets = (await (await server.request('GET', '/api/permissions/permission-sets', { headers: headers.ada })).json()) as { _id: string; permission_set_key: string | null }[]
    const teamMember = sets.find((set) => set.permission_set_key === 'TEAM_MEMBER')
    const invited = await server.request('POST', '/api/organizations/members/invite', {
      headers: headers.ada,
      body: { email: 'nueva@acme.test', fullName: 'Nueva', permission_set_ids: [teamMember!._id] },
    })
    expect(invited.status).toBeLessThan(300)
    const [row] = await server.handle.db.select({ language: users.language }).from(users).where(eq(users.email, 'nueva@acme.test'))
    expect(row?.language).toBe('es')

    const cleared = await rename(headers.ada, { default_language: null })
    expect(await cleared.json()).toMatchObject({ default_language: null })
  })
})
