/**
 * `GET /api/organizations/audit-log/actors?q`: the person filter's choices searched on the server,
 * at most 20 by label, members and people the log names who left, only of the current workspace.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBody } from '../../contract/api.ts'
import { AUDIT_ACTORS_LIMIT, AuditActorsResponse } from '../../contract/audit.ts'
import { validate } from '../../contract/validate.ts'
import { rowsOf } from '../db/client.ts'
import { recordAudit } from '../audit-trail/record.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { addSuperAdmin, seedLargeWorkspace } from '../team/seed-members.ts'

let server: TestServer
let big: Record<string, string>
let acme: Record<string, string>

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  const bigId = await seedLargeWorkspace(db, { name: 'Bigco', count: 60, prefix: 'big', domain: 'big.test', names: 60 })
  const admin = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email = 'admin@acme.test'`))[0]?.id ?? ''
  await addSuperAdmin(db, bigId, admin)
  // Someone the log names who is no longer a member: found by the label of their latest entry.
  await db.execute(sql`insert into users (id, full_name, email) values ('big-gone', 'Gone Person', 'gone@big.test')`)
  const at = new Date('2026-01-01T00:00:00Z')
  await recordAudit(db, { orgId: bigId, actorId: 'big-gone', actorLabel: 'Old Label (gone@big.test)', kind: 'auth.signed_in', at })
  await recordAudit(db, { orgId: bigId, actorId: 'big-gone', actorLabel: 'Gone Person (gone@big.test)', kind: 'auth.signed_in', at: new Date(at.getTime() + 1000) })
  // Their membership ended as every removal ends one: with an entry naming them as its target.
  await recordAudit(db, { orgId: bigId, actorId: admin, actorLabel: 'admin@acme.test', kind: 'member.removed', targetId: 'big-gone', targetLabel: 'gone@big.test', at: new Date(at.getTime() + 2000) })
  await recordAudit(db, { orgId: bigId, actorId: 'big-1', actorLabel: 'Member 00001 (member1@big.test)', kind: 'auth.signed_in', at })
  const session = await server.signIn('admin@acme.test')
  big = server.authHeaders(session.access_token, bigId)
  acme = server.authHeaders(session.access_token, await server.orgId('Acme Support'))
}, 60_000)
afterAll(() => server.close())

async function actors(headers: Record<string, string>, query = '') {
  const response = await server.request('GET', `/api/organizations/audit-log/actors${query}`, { headers })
  const body = (await response.json()) as unknown
  return { status: response.status, body }
}

async function labels(headers: Record<string, string>, query = ''): Promise<string[]> {
  const { status, body } = await actors(headers, query)
  expect(status, JSON.stringify(body)).toBe(200)
  const decoded = validate(AuditActorsResponse, body)
  if (!decoded.ok) throw new Error(JSON.stringify(decoded.issues))
  return decoded.value.actors.map((a) => a.label)
}

describe('GET /api/organizations/audit-log/actors?q', () => {
  test('Scenario: without a search, the first choices by label, never more than the limit', async () => {
    const first = await labels(big)
    expect(first).toHaveLength(AUDIT_ACTORS_LIMIT)
    expect(first[0]).toBe('Ada Admin (admin@acme.test)')
    expect([...first].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(first)
  })

  test('Scenario: a search by part of a name or email, ignoring case, finds members and people who left', async () => {
    expect(await labels(big, '?q=MEMBER42%40')).toEqual(['member 00042 (member42@big.test)'])
    expect(await labels(big, '?q=gone')).toEqual(['Gone Person (gone@big.test)'])
    expect(await labels(big, '?q=%25')).toEqual([])
    expect(await labels(big, '?q=%20%20')).toHaveLength(AUDIT_ACTORS_LIMIT)
  })

  test('Scenario: only the current workspace: Acme finds none of Bigco’s people', async () => {
    expect(await labels(acme, '?q=big.test')).toEqual([])
    expect(await labels(acme, '?q=gone')).toEqual([])
  })

  test('Scenario: a bad search answers 400 invalid_request', async () => {
    for (const query of [`?q=${'x'.repeat(101)}`, '?q=a&q=b', '?q=%ED%A0%80']) {
      const { status, body } = await actors(big, query)
      if (query === '?q=%ED%A0%80' && status === 200) continue
      expect(status, query).toBe(400)
      const error = validate(ApiErrorBody, body)
      expect(error.ok && error.value.error.code, query).toBe('invalid_request')
    }
    expect(server.loggedErrors).toEqual([])
  })
})
