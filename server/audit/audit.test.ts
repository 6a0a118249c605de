/**
 * The audit log over HTTP (Audit log): the actions the issue names each leave an entry
 * in the workspace's log, written with the change; the log is read by members with ORGANIZATIONS
 * read only, filtered by person and kind, paged, exported as CSV, and never editable.
 */
import { eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ApiErrorBody, SignInResponse } from '../../contract/api.ts'
import type { AuditActorsResponse, AuditLogPage } from '../../contract/audit.ts'
import type { SessionsResponse } from '../../contract/sessions.ts'
import type { TwoFactorEnrolment } from '../../contract/twoFactor.ts'
import { permissionSets } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
let admin: Record<string, string>
let agent: Record<string, string>
let adminSession: SignInResponse

const call = async (headers: Record<string, string>, method: string, path: string, body?: unknown) =>
  server.request(method, path, { headers, ...(body === undefined ? {} : { body }) })
const page = async (query = '') => (await (await call(admin, 'GET', `/api/organizations/audit-log${query}`)).json()) as AuditLogPage
const kinds = async (query = '') => (await page(query)).items.map((item) => item.kind)

beforeAll(async () => {
  server = await startTestServer()
  adminSession = await server.signIn('admin@acme.test')
  admin = server.authHeaders(adminSession.access_token, adminSession.org_id)
  // Entries are ordered by time: each step of these scenarios happens a second after the last.
  server.clock.ms += 1000
  const a = await server.signIn('agent@acme.test')
  agent = server.authHeaders(a.access_token, a.org_id)
})
afterAll(() => server.close())

describe('audit log', () => {
  test('Scenario: sign-ins are in the log, newest first, with the client address', async () => {
    const { items } = await page()
    expect(items.slice(0, 2).map((i) => [i.kind, i.actor.label])).toEqual([
      ['auth.signed_in', 'agent@acme.test'],
      ['auth.signed_in', 'admin@acme.test'],
    ])
    // Requests made in-process come through no socket: no address rather than a made-up one.
    expect(items[0]?.ip_address).toBeNull()
  })

  test('Scenario: roles assigned, a session signed out, two-factor on and off each leave an entry', async () => {
    const [teamMember] = await server.handle.db.select({ id: permissionSets.id }).from(permissionSets).where(eq(permissionSets.permissionSetKey, 'TEAM_MEMBER'))
    const agentId = ((await (await call(agent, 'GET', '/api/users/me')).json()) as { user: { _id: string } }).user._id
    server.clock.ms += 1000
    expect((await call(admin, 'POST', '/api/permissions/assign-permission-sets', { user_id: agentId, permission_set_ids: [teamMember?.id] })).status).toBe(200)

    // A second admin session, then signed out from the first.
    server.clock.ms += 1000
    await server.signIn('admin@acme.test')
    server.clock.ms += 1000
    const sessions = (await (await call(admin, 'GET', '/api/users/sessions')).json()) as SessionsResponse
    const other = sessions.sessions.find((s) => !s.current)
    expect((await call(admin, 'DELETE', `/api/users/sessions/${other?.id}`)).status).toBe(204)

    const enrolled = (await (await call(admin, 'POST', '/api/users/me/two-factor/enrol', {})).json()) as TwoFactorEnrolment
    const code = (steps: number) => generate({ secret: enrolled.secret, epoch: Math.floor(server.clock.ms / 1000) + steps * 30 })
    server.clock.ms += 1000
    expect((await call(admin, 'POST', '/api/users/me/two-factor/confirm', { code: await code(0) })).status).toBe(200)
    server.clock.ms += 30_000
    expect((await call(admin, 'POST', '/api/users/me/two-factor/disable', { code: await code(0) })).status).toBe(200)

    expect((await kinds()).slice(0, 5)).toEqual(['two_factor.disabled', 'two_factor.enabled', 'session.revoked', 'auth.signed_in', 'member.roles_changed'])
    const [rolesChanged] = (await page('?kind=member.roles_changed')).items
    expect(rolesChanged).toMatchObject({ actor: { label: 'admin@acme.test' }, target: { label: 'agent@acme.test' } })
  })

  test('Scenario: filters by person and kind, pages with a cursor, and refuses a bad query with every issue', async () => {
    const actors = (await (await call(admin, 'GET', '/api/organizations/audit-log/actors')).json()) as AuditActorsResponse
    const agentActor = actors.actors.find((a) => a.label.includes('agent'))
    expect((await page(`?actor=${agentActor?.id}`)).items.every((i) => i.actor.id === agentActor?.id)).toBe(true)
    expect((await kinds('?kind=auth.signed_in')).every((k) => k === 'auth.signed_in')).toBe(true)

    const first = await page('?limit=2')
    expect(first.items).toHaveLength(2)
    const second = await page(`?limit=2&before=${first.next_cursor}`)
    expect(second.items[0]?.id).not.toBe(first.items[1]?.id)
    expect(new Date(second.items[0]?.created_at ?? 0).getTime()).toBeLessThanOrEqual(new Date(first.items[1]?.created_at ?? 0).getTime())

    const bad = await call(admin, 'GET', '/api/organizations/audit-log?kind=nope&limit=0&before=%25%25')
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as ApiErrorBody).error.issues.map((i) => i.path[0]).sort()).toEqual(['before', 'kind', 'limit'])
  })

  test('Scenario: the CSV export holds the header and the filtered entries', async () => {
    const response = await call(admin, 'GET', '/api/organizations/audit-log.csv?kind=auth.signed_in')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/text\/csv/)
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="[^"]+\.csv"/)
    const lines = (await response.text()).trim().split(/\r?\n/)
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.slice(1).every((line) => line.includes('Signed in'))).toBe(true)
  })

  test("Scenario: a person filter holding quotes and the COPY statement's own words exports no entry and changes nothing", async () => {
    for (const actor of ["x to stdout '); delete from audit_events; --", "' to '/dev/blob'", ') to stdout with (format csv) --']) {
      const response = await call(admin, 'GET', `/api/organizations/audit-log.csv?actor=${encodeURIComponent(actor)}`)
      expect(response.status, actor).toBe(200)
      expect((await response.text()).replace(/^\uFEFF/, ''), actor).toBe('When (UTC),Who,Who (id),Action,Kind,Target,Target (id),Details,IP address\n')
    }
    const still = await call(admin, 'GET', '/api/organizations/audit-log.csv')
    expect((await still.text()).split('\n').length).toBeGreaterThan(2)
  })

  test('Scenario: a member without ORGANIZATIONS read and another tenant get 403; the log cannot be edited', async () => {
    expect((await call(agent, 'GET', '/api/organizations/audit-log')).status).toBe(403)
    expect((await call(agent, 'GET', '/api/organizations/audit-log.csv')).status).toBe(403)
    const outsider = await server.signIn('newbie@initech.test')
    expect((await call(server.authHeaders(outsider.access_token, adminSession.org_id), 'GET', '/api/organizations/audit-log')).status).toBe(403)
    const before = await kinds()
    const [entry] = (await page()).items
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect((await call(admin, method, `/api/organizations/audit-log/${entry?.id}`, {})).status).toBe(404)
      expect((await call(admin, method, '/api/organizations/audit-log', {})).status).toBe(404)
    }
    expect(await kinds()).toEqual(before)
  })
})
