/**
 * `GET /api/organizations/members` paged and searched: every member exactly once across the
 * pages, in name order; search by name or email ignoring case, with `%` and `_` taken literally;
 * bad queries answered 400 `invalid_request`; only the current workspace's members.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBody } from '../../contract/api.ts'
import { TEAM_MEMBERS_PAGE_SIZE, TeamMemberList } from '../../contract/team.ts'
import { validate } from '../../contract/validate.ts'
import { rowsOf } from '../db/client.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { addSuperAdmin, seedLargeWorkspace } from './seed-members.ts'

const SEEDED = 130

let server: TestServer
let big: Record<string, string>
let acme: Record<string, string>
let bigId: string

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  bigId = await seedLargeWorkspace(db, { name: 'Bigco', count: SEEDED, prefix: 'big', domain: 'big.test', names: 40 })
  const admin = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email = 'admin@acme.test'`))[0]?.id ?? ''
  await addSuperAdmin(db, bigId, admin)
  // Names holding LIKE's wildcards, to be found literally.
  await db.execute(sql`insert into users (id, full_name, email) values ('big-pct', 'Percy 100% Sure', 'percy@big.test'), ('big-und', 'Una Under_Score', 'una@big.test')`)
  await db.execute(sql`insert into memberships (user_id, org_id) values ('big-pct', ${bigId}), ('big-und', ${bigId})`)
  const session = await server.signIn('admin@acme.test')
  big = server.authHeaders(session.access_token, bigId)
  acme = server.authHeaders(session.access_token, await server.orgId('Acme Support'))
}, 60_000)
afterAll(() => server.close())

async function list(headers: Record<string, string>, query: Record<string, string> | string = {}) {
  const search = typeof query === 'string' ? query : new URLSearchParams(query).toString()
  const response = await server.request('GET', `/api/organizations/members${search === '' ? '' : `?${search}`}`, { headers })
  const body = (await response.json()) as unknown
  return { status: response.status, body }
}

async function page(headers: Record<string, string>, query: Record<string, string> = {}) {
  const { status, body } = await list(headers, query)
  expect(status, JSON.stringify(body)).toBe(200)
  const result = validate(TeamMemberList, body)
  if (!result.ok) throw new Error(JSON.stringify(result.issues))
  return result.value
}

/** Every page of `query`, `limit` at a time: the user ids in the order answered. */
async function walk(headers: Record<string, string>, query: Record<string, string>, limit: number): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 1000; pages++) {
    const answer = await page(headers, { ...query, limit: String(limit), ...(cursor === null ? {} : { cursor }) })
    expect(answer.members.length).toBeLessThanOrEqual(limit)
    ids.push(...answer.members.map((m) => m.user_id))
    cursor = answer.next_cursor
    if (cursor === null) return ids
  }
  throw new Error('the pages never end')
}

/** The members of `orgId` as the database sorts them: lower-cased name, then id. */
async function expectedOrder(orgId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await server.handle.db.execute(sql`select u.id from memberships m join users u on u.id = m.user_id where m.org_id = ${orgId} order by lower(u.full_name), u.id`),
  )
  return rows.map((r) => r.id)
}

describe('GET /api/organizations/members (paged)', () => {
  test('Scenario: the first page holds the default page size, a cursor, and the workspace’s Super Admin count', async () => {
    const first = await page(big)
    expect(first.members).toHaveLength(TEAM_MEMBERS_PAGE_SIZE)
    expect(first.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(first.super_admins).toBe(1)
  })

  test('Scenario: walking the pages lists every member exactly once, in name order (ties by id)', async () => {
    const expected = await expectedOrder(bigId)
    expect(expected).toHaveLength(SEEDED + 3)
    for (const limit of [1, 7, 50, 200]) {
      const ids = await walk(big, {}, limit)
      expect(ids, `limit ${limit}`).toEqual(expected)
    }
  })

  test('Scenario: a search by part of a name or an email ignores case, and pages too', async () => {
    // "Member 00007" and "member 00007" (i % 40 = 7; every third lower-case): 3 or 4 people.
    const byName = await walk(big, { q: 'MEMBER 00007' }, 2)
    const named = rowsOf<{ id: string }>(
      await server.handle.db.execute(sql`select u.id from memberships m join users u on u.id = m.user_id where m.org_id = ${bigId} and lower(u.full_name) like '%member 00007%' order by lower(u.full_name), u.id`),
    ).map((r) => r.id)
    expect(named.length).toBeGreaterThan(2)
    expect(byName).toEqual(named)
    const byEmail = await page(big, { q: 'Member17@BIG' })
    expect(byEmail.members.map((m) => m.email)).toEqual(['member17@big.test'])
    expect(byEmail.next_cursor).toBeNull()
    // Surrounding spaces do not count; an empty search is everyone.
    expect((await page(big, { q: '  percy  ' })).members.map((m) => m.fullName)).toEqual(['Percy 100% Sure'])
    expect((await page(big, { q: '   ' })).members).toHaveLength(TEAM_MEMBERS_PAGE_SIZE)
  })

  test('Scenario: % and _ in a search are matched literally, not as wildcards', async () => {
    expect((await page(big, { q: '%' })).members.map((m) => m.user_id)).toEqual(['big-pct'])
    expect((await page(big, { q: '_' })).members.map((m) => m.user_id)).toEqual(['big-und'])
    // As a wildcard, `_` would match the space of "Una Under".
    expect((await page(big, { q: 'a_u' })).members).toEqual([])
    expect((await page(big, { q: '\\' })).members).toEqual([])
  })

  test('Scenario: a search that matches nobody answers an empty last page', async () => {
    expect(await page(big, { q: 'nobody-by-this-name' })).toEqual({ members: [], next_cursor: null, super_admins: 1 })
  })

  test('Scenario: only the current workspace’s members: Acme never sees Bigco’s, even with Bigco’s cursor', async () => {
    const acmeIds = await expectedOrder(await server.orgId('Acme Support'))
    expect(await walk(acme, {}, 1)).toEqual(acmeIds)
    expect((await page(acme, { q: 'big.test' })).members).toEqual([])
    const bigCursor = (await page(big, { limit: '3' })).next_cursor ?? ''
    const fromForeignCursor = await page(acme, { cursor: bigCursor })
    expect(fromForeignCursor.members.every((m) => acmeIds.includes(m.user_id))).toBe(true)
  })

  test('Scenario: bad queries answer 400 invalid_request with an issue at the parameter, and nothing else', async () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')
    const cases: Array<[string, string]> = [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1&limit=2', 'limit'],
      ['cursor=not%20base64', 'cursor'],
      ['cursor=', 'cursor'],
      [`cursor=${forged({ name: 'x' })}`, 'cursor'],
      [`cursor=${forged(['a'])}`, 'cursor'],
      [`cursor=${forged(['a', ''])}`, 'cursor'],
      [`cursor=${forged(['a', 'x'.repeat(65)])}`, 'cursor'],
      [`cursor=${forged(['a\u0000', 'id'])}`, 'cursor'],
      [`cursor=${forged(['\uD800', 'id'])}`, 'cursor'],
      [`cursor=${forged([1, 'id'])}`, 'cursor'],
      [`cursor=${'A'.repeat(5000)}`, 'cursor'],
      ['cursor=a&cursor=b', 'cursor'],
      ['q=a%00b', 'q'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['q=a&q=b', 'q'],
    ]
    for (const [query, parameter] of cases) {
      const { status, body } = await list(big, query)
      expect(status, query).toBe(400)
      const error = validate(ApiErrorBody, body)
      expect(error.ok, query).toBe(true)
      if (!error.ok) continue
      expect(error.value.error.code, query).toBe('invalid_request')
      // A NUL anywhere in the address is refused before any route reads it.
      if (error.value.error.message === 'The address of the request is invalid.') continue
      expect(error.value.error.message, query).toBe('The members query is invalid.')
      expect(error.value.error.issues.map((i) => i.path[0]), query).toContain(parameter)
    }
  })

  test('Scenario: a lone surrogate in the search, sent as raw bytes, is refused or matches nobody, never a server error', async () => {
    const { status } = await list(big, 'q=%ED%A0%80')
    expect([200, 400]).toContain(status)
    expect(server.loggedErrors).toEqual([])
  })

  test('Scenario: the longest search and page size are accepted', async () => {
    expect((await page(big, { q: 'x'.repeat(100) })).members).toEqual([])
    expect((await page(big, { limit: '200' })).members).toHaveLength(SEEDED + 3)
  })
})
