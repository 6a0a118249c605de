/**
 * Both sides: the org lists its pending invitations, resends
 * and revokes them (`/api/organizations/invitations`, `/members/{id}/invitation*`); the invitee
 * sees theirs and accepts or declines (`/api/users/invitations*`). Consent: an existing account
 * joins only by accepting. Bad ids, other tenants and other people are refused; every change is
 * audited in the org. Scenarios build on each other in file order (one database for the file).
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WorkspaceItem, WorkspacesResponse } from '../../contract/api.ts'
import { TeamInvitationList } from '../../contract/team.ts'
import { validate } from '../../contract/validate.ts'
import { PendingInvitationList } from '../../contract/workspaces.ts'
import { auditEvents, invitations, memberships, notifications, users } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
let admin: Record<string, string>
let agent: Record<string, string>
/** Nina (newbie@initech.test) in her own workspace, Initech. */
let nina: Record<string, string>
let acme: string
let globex: string
const ids = { nina: '', teamMember: '' }

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

const invite = (headers: Record<string, string>, email: string) =>
  call(headers, 'POST', '/api/organizations/members/invite', { email, permission_set_ids: [ids.teamMember] })
const orgInvitations = async (headers: Record<string, string>) =>
  decode(TeamInvitationList, (await call(headers, 'GET', '/api/organizations/invitations')).body).invitations
const myInvitations = async (headers: Record<string, string>) =>
  decode(PendingInvitationList, (await call(headers, 'GET', '/api/users/invitations')).body).invitations
const audits = (kind: string) => server.handle.db.select().from(auditEvents).where(eq(auditEvents.kind, kind))
const invitationNotes = (userId: string) =>
  server.handle.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .then((rows) => rows.filter((n) => (n.metadata as { kind?: string } | null)?.kind === 'invitation'))

beforeAll(async () => {
  server = await startTestServer()
  acme = await server.orgId('Acme Support')
  globex = await server.orgId('Globex')
  const [a, b, n] = await Promise.all([server.signIn('admin@acme.test'), server.signIn('agent@acme.test'), server.signIn('newbie@initech.test')])
  admin = server.authHeaders(a.access_token, acme)
  agent = server.authHeaders(b.access_token, acme)
  nina = server.authHeaders(n.access_token, await server.orgId('Initech'))
  ids.nina = (await server.handle.db.select().from(users).where(eq(users.email, 'newbie@initech.test')))[0]?.id ?? ''
  const list = (await call(admin, 'GET', '/api/permissions/permission-sets')).body as { _id: string; permission_set_key: string | null }[]
  ids.teamMember = list.find((s) => s.permission_set_key === 'TEAM_MEMBER')?._id ?? ''
})
afterAll(() => server.close())

describe('the org side: list, resend, revoke', () => {
  test('Scenario: inviting Nina records a pending invitation the team page lists, notifies her and is audited', async () => {
    expect((await invite(admin, 'newbie@initech.test')).status).toBe(201)
    const [pending, ...rest] = await orgInvitations(admin)
    expect(rest).toEqual([])
    expect(pending).toMatchObject({
      kind: 'account',
      expires_at: null,
      user_id: ids.nina,
      fullName: 'Nina Newbie',
      email: 'newbie@initech.test',
      status: 'pending',
      invited_by: { label: 'Ada Admin' },
    })
    const notes = await invitationNotes(ids.nina)
    expect(notes.map((n) => [n.title, n.actionUrl])).toEqual([['Ada Admin invited you to Acme Support', '/app/workspace-selection']])
    expect((await audits('member.invited')).at(-1)).toMatchObject({ targetId: ids.nina, details: { pending: true } })
    // Inviting her again before she answers: 409 pointing at resend.
    expect((await invite(admin, 'newbie@initech.test')).status).toBe(409)
  })

  test('Scenario: a member without TEAM_MEMBERS read cannot list them; an outsider gets the org 403', async () => {
    expect((await call(agent, 'GET', '/api/organizations/invitations')).status).toBe(403)
    expect((await call({ ...nina, 'x-org-id': acme }, 'GET', '/api/organizations/invitations')).body).toMatchObject({
      error: { message: 'You do not have access to this workspace.' },
    })
  })

  test('Scenario: resend brings her one notification back to the top as new, never a second one; answered with the invitation; audited', async () => {
    const [before] = await invitationNotes(ids.nina)
    await server.handle.db.update(notifications).set({ readAt: new Date(server.clock.ms), archivedAt: new Date(server.clock.ms) }).where(eq(notifications.id, before?.id ?? ''))
    server.clock.ms += 60_000
    for (const _ of [1, 2]) {
      const { status, body } = await call(admin, 'POST', `/api/organizations/members/${ids.nina}/invitation/resend`)
      expect(status).toBe(200)
      expect(body).toMatchObject({ kind: 'account', user_id: ids.nina, status: 'pending' })
    }
    const notes = await invitationNotes(ids.nina)
    expect(notes.map((n) => ({ id: n.id, title: n.title, readAt: n.readAt, archivedAt: n.archivedAt, createdAt: n.createdAt.getTime() }))).toEqual([
      { id: before?.id, title: 'Ada Admin invited you to Acme Support', readAt: null, archivedAt: null, createdAt: server.clock.ms },
    ])
    expect((await audits('invitation.resent')).map((e) => e.targetLabel)).toEqual(['newbie@initech.test', 'newbie@initech.test'])
  })

  test('Scenario: a new person is listed with the accounts, with their link’s expiry; a fresh link is copied, audited, and sets the password', async () => {
    expect((await invite(admin, 'linked@example.test')).status).toBe(201)
    const linked = (await server.handle.db.select().from(users).where(eq(users.email, 'linked@example.test')))[0]?.id ?? ''
    const list = await orgInvitations(admin)
    expect(list.map((i) => [i.kind, i.email])).toEqual([
      ['link', 'linked@example.test'],
      ['account', 'newbie@initech.test'],
    ])
    const sevenDays = new Date(server.clock.ms + 7 * 86_400_000).toISOString()
    expect(list[0]).toMatchObject({ user_id: linked, expires_at: sevenDays, invited_by: { label: 'Ada Admin' }, permission_set_ids: [ids.teamMember] })
    // Only with TEAM_MEMBERS create; an account's invitation has no link.
    expect((await call(agent, 'POST', `/api/organizations/members/${linked}/invitation/link`)).status).toBe(403)
    expect((await call(admin, 'POST', `/api/organizations/members/${ids.nina}/invitation/link`)).status).toBe(409)
    expect((await call(admin, 'POST', `/api/organizations/members/no-such-user/invitation/link`)).status).toBe(404)

    // Resending answers with the invitation as listed now (and spends the emailed link).
    expect((await call(admin, 'POST', `/api/organizations/members/${linked}/invitation/resend`)).body).toMatchObject({ kind: 'link', user_id: linked })
    server.clock.ms += 1000
    const { status, body } = await call(admin, 'POST', `/api/organizations/members/${linked}/invitation/link`)
    expect(status).toBe(200)
    const { link, invitation } = body as { link: string; invitation: { expires_at: string } }
    expect(invitation.expires_at).toBe(new Date(server.clock.ms + 7 * 86_400_000).toISOString())
    const url = new URL(link)
    expect(url.pathname).toBe('/set-password')
    expect((await audits('invitation.link_copied')).map((e) => e.targetLabel)).toEqual(['linked@example.test'])
    const token = url.searchParams.get('token') ?? url.hash.replace(/^#token=/, '')
    expect((await call({}, 'POST', '/api/users/set-password', { token, password: 'a-long-enough-password' })).status).toBe(200)
    expect((await orgInvitations(admin)).map((i) => i.email)).toEqual(['newbie@initech.test'])
  })

  test('Scenario: resend and revoke of someone with nothing pending are 404, of a member 409, of a NUL id 400; nothing written', async () => {
    const agentId = (await server.handle.db.select().from(users).where(eq(users.email, 'agent@acme.test')))[0]?.id ?? ''
    // Sara (Umbrella) is invited to Acme: Initech's admin cannot reach that invitation.
    expect((await invite(admin, 'sso@umbrella.test')).status).toBe(201)
    const sara = (await server.handle.db.select().from(users).where(eq(users.email, 'sso@umbrella.test')))[0]?.id ?? ''
    const before = { counts: await server.rowCounts(), audit: (await server.handle.db.select().from(auditEvents)).length }
    for (const [method, suffix] of [
      ['POST', '/invitation/resend'],
      ['DELETE', '/invitation'],
    ] as const) {
      expect((await call(admin, method, `/api/organizations/members/no-such-user${suffix}`)).status).toBe(404)
      expect((await call(admin, method, `/api/organizations/members/${agentId}${suffix}`)).status).toBe(409)
      expect((await call(admin, method, `/api/organizations/members/abc%00${suffix}`)).status).toBe(400)
      // Another tenant's admin: Initech has no invitation of Sara's, so a 404 that reveals nothing.
      expect((await call(nina, method, `/api/organizations/members/${sara}${suffix}`)).status).toBe(404)
      // A member without the TEAM_MEMBERS permission: 403.
      expect((await call(agent, method, `/api/organizations/members/${ids.nina}${suffix}`)).status).toBe(403)
    }
    expect({ counts: await server.rowCounts(), audit: (await server.handle.db.select().from(auditEvents)).length }).toEqual(before)
    expect((await call(admin, 'DELETE', `/api/organizations/members/${sara}/invitation`)).status).toBe(204)
  })

  test('Scenario: revoke closes it (204): it leaves both lists, her notifications go, audited', async () => {
    expect(await call(admin, 'DELETE', `/api/organizations/members/${ids.nina}/invitation`)).toEqual({ status: 204, body: undefined })
    expect(await orgInvitations(admin)).toEqual([])
    expect(await myInvitations(nina)).toEqual([])
    expect(await invitationNotes(ids.nina)).toEqual([])
    const [row] = await server.handle.db.select().from(invitations).where(eq(invitations.userId, ids.nina))
    expect(row?.status).toBe('revoked')
    expect((await audits('invitation.revoked')).map((e) => e.targetLabel)).toEqual(['sso@umbrella.test', 'newbie@initech.test'])
  })

  test('Scenario: revoking a new account’s invitation removes the unused account', async () => {
    expect((await invite(admin, 'fresh@example.test')).status).toBe(201)
    const fresh = (await server.handle.db.select().from(users).where(eq(users.email, 'fresh@example.test')))[0]
    expect((await call(admin, 'POST', `/api/organizations/members/${fresh?.id}/invitation/resend`)).status).toBe(200)
    expect(await server.mailTo('fresh@example.test', 'invitation')).toHaveLength(2)
    expect((await call(admin, 'DELETE', `/api/organizations/members/${fresh?.id}/invitation`)).status).toBe(204)
    expect(await server.handle.db.select().from(users).where(eq(users.email, 'fresh@example.test'))).toEqual([])
    expect((await audits('invitation.revoked')).at(-1)?.details).toEqual({ account_deleted: true })
  })
})

describe('the invitee side: list, decline, accept', () => {
  test('Scenario: Nina, invited to Acme and Globex, sees both, newest first, with who invited her', async () => {
    expect((await invite(admin, 'newbie@initech.test')).status).toBe(201)
    server.clock.ms += 1000
    // Ada is only a TEAM_MEMBER in Globex: make Globex's invitation as its super admin would.
    await server.handle.db
      .insert(invitations)
      .values({ orgId: globex, userId: ids.nina, invitedBy: null, permissionSetIds: [ids.teamMember], status: 'pending', createdAt: new Date(server.clock.ms) })
    const list = await myInvitations(nina)
    expect(list.map((i) => [i.org_name, i.invited_by.label])).toEqual([
      ['Globex', ''],
      ['Acme Support', 'Ada Admin'],
    ])
  })

  test("Scenario: someone else's invitation, an unknown id and a NUL id are refused; nothing written", async () => {
    const [globexInvitation] = await myInvitations(nina)
    const before = await server.rowCounts()
    for (const verb of ['accept', 'decline']) {
      expect((await call(agent, 'POST', `/api/users/invitations/${globexInvitation?.id}/${verb}`)).status).toBe(404)
      expect((await call(nina, 'POST', `/api/users/invitations/no-such-id/${verb}`)).status).toBe(404)
      expect((await call(nina, 'POST', `/api/users/invitations/a%00b/${verb}`)).status).toBe(400)
      expect((await call({}, 'POST', `/api/users/invitations/${globexInvitation?.id}/${verb}`)).status).toBe(401)
    }
    expect(await server.rowCounts()).toEqual(before)
  })

  test('Scenario: declining Globex (204) leaves her workspaces as they were, audited in Globex', async () => {
    const globexInvitation = (await myInvitations(nina)).find((i) => i.org_id === globex)
    expect(await call(nina, 'POST', `/api/users/invitations/${globexInvitation?.id}/decline`)).toEqual({ status: 204, body: undefined })
    expect((await myInvitations(nina)).map((i) => i.org_name)).toEqual(['Acme Support'])
    expect((await audits('invitation.declined')).map((e) => e.orgId)).toEqual([globex])
    // Answered: a second answer is a 404.
    expect((await call(nina, 'POST', `/api/users/invitations/${globexInvitation?.id}/accept`)).status).toBe(404)
    const workspaces = decode(WorkspacesResponse, (await call(nina, 'GET', '/api/users/my-workspaces')).body).workspaces
    expect(workspaces.map((w) => w.org_name)).toEqual(['Initech'])
  })

  test('Scenario: accepting Acme answers the workspace; she is a member with the invited set; audited; notes read', async () => {
    const [acmeInvitation] = await myInvitations(nina)
    const { status, body } = await call(nina, 'POST', `/api/users/invitations/${acmeInvitation?.id}/accept`)
    expect(status).toBe(200)
    expect(decode(WorkspaceItem, body)).toMatchObject({ org_id: acme, org_name: 'Acme Support', roles: ['TEAM_MEMBER'], is_default: false })
    expect(
      await server.handle.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.userId, ids.nina), eq(memberships.orgId, acme))),
    ).toHaveLength(1)
    expect(await orgInvitations(admin)).toEqual([])
    expect((await audits('invitation.accepted')).map((e) => [e.orgId, e.targetLabel])).toEqual([[acme, 'newbie@initech.test']])
    expect((await invitationNotes(ids.nina)).every((n) => n.readAt !== null)).toBe(true)
    const workspaces = decode(WorkspacesResponse, (await call(nina, 'GET', '/api/users/my-workspaces')).body).workspaces
    expect(workspaces.map((w) => w.org_name).sort()).toEqual(['Acme Support', 'Initech'])
    // Now a member: resend and revoke say she already joined.
    expect((await call(admin, 'POST', `/api/organizations/members/${ids.nina}/invitation/resend`)).status).toBe(409)
  })

  test('Scenario: a new person another workspace invited too: no admin is handed their link (it would open the other workspace), only their email gets it', async () => {
    expect((await invite(admin, 'shared@example.test')).status).toBe(201)
    const shared = (await server.handle.db.select().from(users).where(eq(users.email, 'shared@example.test')))[0]?.id ?? ''
    expect((await call(admin, 'POST', `/api/organizations/members/${shared}/invitation/link`)).status).toBe(200)
    expect((await invite(nina, 'shared@example.test')).status).toBe(201)
    const before = await server.snapshot()
    for (const headers of [admin, nina]) {
      const refused = await call(headers, 'POST', `/api/organizations/members/${shared}/invitation/link`)
      expect(refused.status).toBe(409)
    }
    expect(await server.snapshot()).toEqual(before)
    // Resending still mails it to them.
    expect((await call(admin, 'POST', `/api/organizations/members/${shared}/invitation/resend`)).status).toBe(200)
    // Closed again: the demo workspaces keep no stray invitation.
    for (const headers of [admin, nina]) expect((await call(headers, 'DELETE', `/api/organizations/members/${shared}/invitation`)).status).toBe(204)
  })
})
