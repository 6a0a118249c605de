/**
 * The team endpoints and the invite flow: listing members, inviting (new and existing people),
 * setting a password with the one-time link, removing members and where their default org goes.
 * Scenarios run in file order and build on each other (one database for the file).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WorkspacesResponse } from '../../contract/api.ts'
import { TeamInvitation, TeamMember, TeamMemberList } from '../../contract/team.ts'
import { PendingInvitationList } from '../../contract/workspaces.ts'
import { validate } from '../../contract/validate.ts'
import { PASSWORD_TOKEN_TTL_S } from '../auth/password-token.ts'
import { invitations, memberPermissionSets, passwordTokens, permissionSets, users } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
let admin: Record<string, string>
let newbieInInitech: Record<string, string>
let acme: string
let initech: string
const sets = { supportAgent: '', teamMember: '', superAdmin: '' }
const NEW_PASSWORD = 'a-new-password-42'

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

const invite = (headers: Record<string, string>, body: unknown) => call(headers, 'POST', '/api/organizations/members/invite', body)
const setPassword = (token: string, password = NEW_PASSWORD) => call({}, 'POST', '/api/users/set-password', { token, password })
const signIn = async (email: string, password: string) => call({}, 'POST', '/api/users/signin', { email, password, bot_check_proof: await server.proof() })
const userRow = async (email: string) => (await server.handle.db.select().from(users).where(eq(users.email, email)))[0]

/** The token of the newest invite link mailed to `email` (the outbox). */
const lastInviteToken = (email: string) => server.tokenMailedTo(email, '/set-password')

beforeAll(async () => {
  server = await startTestServer()
  acme = await server.orgId('Acme Support')
  initech = await server.orgId('Initech')
  const [a, n] = await Promise.all([server.signIn('admin@acme.test'), server.signIn('newbie@initech.test')])
  admin = server.authHeaders(a.access_token, acme)
  newbieInInitech = server.authHeaders(n.access_token, initech)
  const rows = await server.handle.db.select().from(permissionSets)
  sets.supportAgent = rows.find((s) => s.name === 'Support Agent')?.id ?? ''
  sets.teamMember = rows.find((s) => s.permissionSetKey === 'TEAM_MEMBER')?.id ?? ''
  sets.superAdmin = rows.find((s) => s.permissionSetKey === 'SUPER_ADMIN')?.id ?? ''
})
afterAll(() => server.close())

describe('GET /api/organizations/members', () => {
  test('Scenario: Acme lists its two members by name, with their sets, roles and status', async () => {
    const { status, body } = await call(admin, 'GET', '/api/organizations/members')
    expect(status).toBe(200)
    const { members } = decode(TeamMemberList, body)
    expect(members).toEqual([
      {
        user_id: (await userRow('admin@acme.test'))?.id,
        fullName: 'Ada Admin',
        email: 'admin@acme.test',
        permission_set_ids: [sets.superAdmin],
        roles: ['SUPER_ADMIN'],
        status: 'active',
        joined_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      },
      {
        user_id: (await userRow('agent@acme.test'))?.id,
        fullName: 'Sam Agent',
        email: 'agent@acme.test',
        permission_set_ids: [sets.supportAgent],
        roles: [],
        status: 'active',
        joined_at: expect.any(String) as string,
      },
    ])
  })
})

describe('invite links (Host-header poisoning)', () => {
  test('Scenario: a request naming another host still gets a link on the configured origin', async () => {
    const email = 'hosted@example.test'
    // As node-server builds it from a client's Host header.
    const { status } = await call({ ...admin, host: 'evil.example' }, 'POST', 'http://evil.example/api/organizations/members/invite', {
      email,
      fullName: 'Hosted Person',
      permission_set_ids: [sets.teamMember],
    })
    expect(status).toBe(201)
    const [mail] = await server.mailTo(email, 'invitation')
    expect(mail?.text).toContain('http://localhost/set-password?token=')
    expect(mail?.html).toBeUndefined()
    expect(JSON.stringify(await server.mailTo(email))).not.toContain('evil.example')
  })
})

describe('inviting a new person, who sets a password and signs in', () => {
  const email = 'dana@example.test'

  test('Scenario: the invite creates an invited member and emails a one-time link', async () => {
    const { status, body } = await invite(admin, { email: '  Dana@Example.TEST ', fullName: 'Dana Doe', permission_set_ids: [sets.teamMember] })
    expect(status).toBe(201)
    expect(decode(TeamMember, body)).toMatchObject({ fullName: 'Dana Doe', email, roles: ['TEAM_MEMBER'], status: 'invited' })
    const [mail, ...older] = await server.mailTo(email)
    expect(older).toEqual([])
    expect(mail).toMatchObject({ kind: 'invitation', status: 'kept', subject: "You're invited to Acme Support on Engage" })
    expect(mail?.text).toMatch(/Ada Admin invited you to join Acme Support on Engage/)
    expect(mail?.text).toMatch(/http:\/\/localhost\/set-password\?token=[\w-]{43}/)
    // The log says a message was queued; the link (a credential) is never logged.
    expect(server.loggedInfo.at(-1)).toMatch(/^Invitation email queued event=invitation email=dana@example\.test outboxId=\S+$/)
    expect(server.loggedInfo.join('\n')).not.toContain('token=')
    const row = await userRow(email)
    expect(row).toMatchObject({ passwordHash: null, defaultOrgId: acme })
    // Only the token's hash is stored.
    const [stored] = await server.handle.db.select().from(passwordTokens).where(eq(passwordTokens.userId, row?.id ?? ''))
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored?.tokenHash).not.toBe(await lastInviteToken(email))
    expect(stored?.expiresAt.getTime()).toBe(server.clock.ms + PASSWORD_TOKEN_TTL_S * 1000)
  })

  test('Scenario: before setting a password, sign-in fails exactly like a wrong password', async () => {
    const invited = await signIn(email, 'anything-at-all')
    const wrong = await signIn('admin@acme.test', 'anything-at-all')
    expect(invited.status).toBe(401)
    expect(invited.body).toEqual(wrong.body)
  })

  test('Scenario: a too-short password is a 400 and does not spend the token', async () => {
    const { status, body } = await setPassword(await lastInviteToken(email), 'short')
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: { code: 'invalid_request', issues: [{ path: ['password'] }] } })
    expect((await userRow(email))?.passwordHash).toBeNull()
  })

  test('Scenario: the link sets the password; sign-in then works and starts in Acme', async () => {
    expect(await setPassword(await lastInviteToken(email))).toEqual({ status: 200, body: { ok: true } })
    const session = await signIn(email, NEW_PASSWORD)
    expect(session.status).toBe(200)
    expect((session.body as { org_id: string }).org_id).toBe(acme)
    const members = decode(TeamMemberList, (await call(admin, 'GET', '/api/organizations/members')).body).members
    expect(members.find((m) => m.email === email)?.status).toBe('active')
  })

  test('Scenario: the link is single use', async () => {
    const before = await server.rowCounts()
    const { status, body } = await setPassword(await lastInviteToken(email), 'another-password-1')
    expect(status).toBe(400)
    expect(body).toEqual({
      error: {
        code: 'invalid_request',
        message: 'This link has expired or was already used.',
        issues: [{ path: ['token'], message: 'This link has expired or was already used.' }],
      },
    })
    expect(await server.rowCounts()).toEqual(before)
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200)
  })

  test('Scenario: an unknown token gets the same 400', async () => {
    expect((await setPassword('not-a-token')).status).toBe(400)
  })
})

describe('invite edge cases', () => {
  test('Scenario: a link expires after 7 days', async () => {
    expect((await invite(admin, { email: 'late@example.test', permission_set_ids: [sets.supportAgent] })).status).toBe(201)
    const token = await lastInviteToken('late@example.test')
    const start = server.clock.ms
    server.clock.ms = start + PASSWORD_TOKEN_TTL_S * 1000 + 1000
    try {
      expect((await setPassword(token)).status).toBe(400)
    } finally {
      server.clock.ms = start
    }
    expect((await userRow('late@example.test'))?.passwordHash).toBeNull()
  })

  test('Scenario: without a name, the invitee is named after their email', async () => {
    const member = decode(TeamMember, (await invite(admin, { email: 'ravi.k@example.test', permission_set_ids: [sets.supportAgent] })).body)
    expect(member.fullName).toBe('ravi.k')
  })

  test('Scenario: an existing account is not added but invited: pending, no link, no membership', async () => {
    const before = await server.rowCounts()
    const { status, body } = await invite(admin, { email: 'newbie@initech.test', fullName: 'Ignored', permission_set_ids: [sets.teamMember] })
    expect(status).toBe(201)
    expect(decode(TeamInvitation, body)).toMatchObject({ fullName: 'Nina Newbie', status: 'pending', permission_set_ids: [sets.teamMember], invited_by: { label: 'Ada Admin' } })
    expect(await server.mailTo('newbie@initech.test', 'invitation')).toEqual([])
    expect(await server.rowCounts()).toMatchObject({ users: before.users, password_tokens: before.password_tokens, memberships: before.memberships })
    expect(await server.handle.db.select().from(invitations).where(eq(invitations.status, 'pending'))).toHaveLength(1)
    // Acme is not in Nina's list until she accepts.
    const workspaces = decode(WorkspacesResponse, (await call(newbieInInitech, 'GET', '/api/users/my-workspaces')).body).workspaces
    expect(workspaces.map((w) => w.org_name)).toEqual(['Initech'])
  })

  test('Scenario: inviting a member again is a 409 on ["email"]; nothing written', async () => {
    const before = await server.rowCounts()
    const { status, body } = await invite(admin, { email: 'AGENT@acme.test', permission_set_ids: [sets.supportAgent] })
    expect(status).toBe(409)
    expect(body).toEqual({
      error: { code: 'conflict', message: 'agent@acme.test is already a member of this workspace.', issues: [{ path: ['email'], message: 'Already a member' }] },
    })
    expect(await server.rowCounts()).toEqual(before)
  })

  test.each([
    ['no set', { email: 'x@example.test', permission_set_ids: [] }, [['permission_set_ids']]],
    ['a bad email', { email: 'nope', permission_set_ids: ['x'] }, [['email']]],
    ['an unknown set', { email: 'x@example.test', permission_set_ids: ['no-such-set'] }, [['permission_set_ids', 0]]],
  ])('Scenario: %s is a 400 with issues, and no account is created', async (_why, body, paths) => {
    const before = await server.rowCounts()
    const response = await invite(admin, body)
    expect(response.status).toBe(400)
    expect((response.body as { error: { issues: { path: unknown[] }[] } }).error.issues.map((i) => i.path)).toEqual(paths)
    expect(await server.rowCounts()).toEqual(before)
  })

  test("Scenario: another org's custom set cannot be granted (400)", async () => {
    const created = await call(newbieInInitech, 'POST', '/api/permissions/permission-sets', { name: 'Initech Only', permissions: [] })
    const before = await server.rowCounts()
    const response = await invite(admin, { email: 'x@example.test', permission_set_ids: [(created.body as { _id: string })._id] })
    expect(response.status).toBe(400)
    expect(await server.rowCounts()).toEqual(before)
  })
})

describe('DELETE /api/organizations/members/{user_id}', () => {
  test('Scenario: removing a member drops their sets here and moves their default org', async () => {
    // Dana (default: Acme) is also invited to Initech by its super admin.
    expect((await invite(newbieInInitech, { email: 'dana@example.test', permission_set_ids: [sets.teamMember] })).status).toBe(201)
    const dana = await userRow('dana@example.test')
    const session = await signIn('dana@example.test', NEW_PASSWORD)
    // Dana has a password, so she joins Initech by accepting.
    const danaHeaders = server.authHeaders((session.body as { access_token: string }).access_token, acme)
    const [pending] = decode(PendingInvitationList, (await call(danaHeaders, 'GET', '/api/users/invitations')).body).invitations
    expect((await call(danaHeaders, 'POST', `/api/users/invitations/${pending?.id}/accept`)).status).toBe(200)

    const { status, body } = await call(admin, 'DELETE', `/api/organizations/members/${dana?.id}`)
    expect(status).toBe(204)
    expect(body).toBeUndefined()
    expect((await userRow('dana@example.test'))?.defaultOrgId).toBe(initech)
    const held = await server.handle.db.select().from(memberPermissionSets).where(eq(memberPermissionSets.userId, dana?.id ?? ''))
    expect(held.map((h) => h.orgId)).toEqual([initech])
    // Their session no longer reaches Acme.
    const verify = await call(server.authHeaders((session.body as { access_token: string }).access_token, acme), 'GET', '/api/users/verify-token')
    expect(verify.status).toBe(403)

    // Removed from their last org too: no default org is left.
    expect((await call(newbieInInitech, 'DELETE', `/api/organizations/members/${dana?.id}`)).status).toBe(204)
    expect((await userRow('dana@example.test'))?.defaultOrgId).toBeNull()
  })

  test('Scenario: someone who is not a member here is a 404, nothing written', async () => {
    const before = await server.rowCounts()
    const dana = await userRow('dana@example.test')
    for (const id of [dana?.id ?? '', 'no-such-user']) {
      expect(await call(admin, 'DELETE', `/api/organizations/members/${id}`)).toEqual({
        status: 404,
        body: { error: { code: 'not_found', message: 'This person is not a member of this workspace.', issues: [] } },
      })
    }
    expect(await server.rowCounts()).toEqual(before)
  })
})
