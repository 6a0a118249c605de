/**
 * `GET /api/organizations/invitations` keyset-paged: both kinds (`account` and `link`) merged newest
 * first, every pending invitation exactly once across pages of any size, ties of `created_at`
 * (within a kind and across kinds, and microseconds apart) kept in order; `total` counts them all;
 * bad queries answered 400 `invalid_request`; only the current workspace's invitations.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBody } from '../../contract/api.ts'
import { TEAM_INVITATIONS_PAGE_SIZE, TeamInvitationList } from '../../contract/team.ts'
import { validate } from '../../contract/validate.ts'
import { rowsOf } from '../db/client.ts'
import { encodeInvitationCursor } from '../members/invitation-cursor.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { addSuperAdmin, seedLargeWorkspace } from './seed-members.ts'

/** Members of the seeded workspace; every third cannot sign in yet (a `link` invitation). */
const SEEDED = 60
/** Existing accounts with a pending invitation to it (`account`). */
const ACCOUNTS = 25

let server: TestServer
let big: Record<string, string>
let acme: Record<string, string>
let bigId: string

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  bigId = await seedLargeWorkspace(db, { name: 'Invitco', count: SEEDED, prefix: 'inv', domain: 'inv.test' })
  const admin = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email = 'admin@acme.test'`))[0]?.id ?? ''
  await addSuperAdmin(db, bigId, admin)
  // Seven distinct hours shared by both kinds, and pairs a microsecond apart: ties within a kind,
  // across kinds, and instants a millisecond clock cannot tell apart.
  await db.execute(sql`update users set password_hash = null where id like 'inv-%' and split_part(id, '-', 2)::int % 3 = 0`)
  await db.execute(sql`
    update memberships set created_at = timestamptz '2026-01-01T00:00:00Z'
      + (split_part(user_id, '-', 2)::int % 7) * interval '1 hour' + (split_part(user_id, '-', 2)::int % 2) * interval '1 microsecond'
    where org_id = ${bigId} and user_id like 'inv-%'`)
  await db.execute(sql`
    insert into users (id, full_name, email, password_hash)
    select 'acct-' || i, 'Account ' || i, 'account' || i || '@elsewhere.test', '!seeded' from generate_series(1, ${ACCOUNTS}::int) i`)
  await db.execute(sql`
    insert into invitations (id, org_id, user_id, status, created_at)
    select 'acct-inv-' || i, ${bigId}, 'acct-' || i, 'pending',
      timestamptz '2026-01-01T00:00:00Z' + (i % 7) * interval '1 hour' + (i % 2) * interval '1 microsecond'
    from generate_series(1, ${ACCOUNTS}::int) i`)
  // Not pending: an answered invitation, and a passwordless member who signs in through single sign-on.
  await db.execute(sql`update invitations set status = 'declined' where id = 'acct-inv-25'`)
  await db.execute(sql`insert into sso_identities (issuer, subject, user_id, org_id) values ('https://idp.test', 'inv-3', 'inv-3', ${bigId})`)
  const session = await server.signIn('admin@acme.test')
  big = server.authHeaders(session.access_token, bigId)
  acme = server.authHeaders(session.access_token, await server.orgId('Acme Support'))
}, 60_000)
afterAll(() => server.close())

async function list(headers: Record<string, string>, query: Record<string, string> | string = {}) {
  const search = typeof query === 'string' ? query : new URLSearchParams(query).toString()
  const response = await server.request('GET', `/api/organizations/invitations${search === '' ? '' : `?${search}`}`, { headers })
  return { status: response.status, body: (await response.json()) as unknown }
}

async function page(headers: Record<string, string>, query: Record<string, string> = {}) {
  const { status, body } = await list(headers, query)
  expect(status, JSON.stringify(body)).toBe(200)
  const result = validate(TeamInvitationList, body)
  if (!result.ok) throw new Error(JSON.stringify(result.issues))
  return result.value
}

/** Every page, `limit` at a time: the invitations in the order answered. */
async function walk(headers: Record<string, string>, limit: number) {
  const listed: TeamInvitationList['invitations'][number][] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 1000; pages++) {
    const answer = await page(headers, { limit: String(limit), ...(cursor === null ? {} : { cursor }) })
    expect(answer.invitations.length).toBeLessThanOrEqual(limit)
    listed.push(...answer.invitations)
    cursor = answer.next_cursor
    if (cursor === null) return listed
  }
  throw new Error('the pages never end')
}

/** The ids of `orgId`'s pending invitations, as the list names them, in no particular order. */
async function pendingIds(orgId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await server.handle.db.execute(sql`
      select i.id from invitations i where i.org_id = ${orgId} and i.status = 'pending'
      union all
      select 'link-' || u.id from memberships m join users u on u.id = m.user_id
      where m.org_id = ${orgId} and u.password_hash is null and not exists (select 1 from sso_identities s where s.user_id = u.id)`),
  )
  return rows.map((r) => r.id).sort()
}

describe('GET /api/organizations/invitations (paged)', () => {
  test('Scenario: the first page holds the default page size, a cursor, and how many are pending in all', async () => {
    const expected = await pendingIds(bigId)
    // 20 passwordless members but one signs in through single sign-on; 24 accounts still pending.
    expect(expected).toHaveLength(19 + 24)
    const first = await page(big)
    expect(first.invitations).toHaveLength(TEAM_INVITATIONS_PAGE_SIZE)
    expect(first.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(first.total).toBe(expected.length)
    // Counted on the first page only: the page keeps it as it pages on.
    expect((await page(big, { cursor: first.next_cursor ?? '' })).total).toBeNull()
    expect(new Set(first.invitations.map((i) => i.kind))).toEqual(new Set(['account', 'link']))
  })

  test('Scenario: walking pages of 1, 7, 20 and 100 lists every invitation exactly once, newest first, both kinds interleaved', async () => {
    const expected = await pendingIds(bigId)
    let reference: string[] | undefined
    for (const limit of [1, 7, 20, 100]) {
      const listed = await walk(big, limit)
      const ids = listed.map((i) => i.id)
      expect([...ids].sort(), `limit ${limit}`).toEqual(expected)
      expect(new Set(ids).size, `limit ${limit}`).toBe(ids.length)
      // Newest first (the contract's times keep milliseconds: ties there are allowed in any order).
      for (let k = 1; k < listed.length; k++) expect(listed[k - 1]!.created_at >= listed[k]!.created_at, `limit ${limit} at ${k}`).toBe(true)
      // The same order whatever the page size: the order is total, ties included.
      reference ??= ids
      expect(ids, `limit ${limit}`).toEqual(reference)
    }
    // Both kinds share instants: the list interleaves them rather than listing one kind first.
    const kinds = (reference ?? []).map((id) => (id.startsWith('link-') ? 'link' : 'account'))
    const switches = kinds.filter((kind, k) => k > 0 && kind !== kinds[k - 1]).length
    expect(switches).toBeGreaterThan(4)
  })

  test('Scenario: each invitation carries its invitee, its sets and, for a new person, their link’s expiry', async () => {
    const listed = await walk(big, 100)
    const link = listed.find((i) => i.id === 'link-inv-6')
    expect(link).toMatchObject({ kind: 'link', user_id: 'inv-6', email: 'member6@inv.test', status: 'pending', expires_at: null })
    expect(link?.permission_set_ids).toHaveLength(1)
    const account = listed.find((i) => i.id === 'acct-inv-2')
    expect(account).toMatchObject({ kind: 'account', user_id: 'acct-2', fullName: 'Account 2', email: 'account2@elsewhere.test', permission_set_ids: [], expires_at: null })
    expect(listed.some((i) => i.id === 'acct-inv-25' || i.id === 'link-inv-3')).toBe(false)
  })

  test('Scenario: a revoked invitation leaves the list and the total drops; the cursor held meanwhile still pages on', async () => {
    const before = await page(big, { limit: '5' })
    const rest = await walk(big, 100)
    const gone = rest[10]!
    const revoke = await server.request('DELETE', `/api/organizations/members/${gone.user_id}/invitation`, { headers: big })
    expect(revoke.status).toBe(204)
    const after = await page(big, { limit: '5' })
    expect(after.total).toBe((before.total ?? 0) - 1)
    const next = await page(big, { limit: '100', cursor: before.next_cursor ?? '' })
    expect(next.invitations.map((i) => i.id)).toEqual(rest.slice(5).map((i) => i.id).filter((id) => id !== gone.id))
  })

  test('Scenario: only the current workspace’s invitations: Acme never sees Invitco’s, even with Invitco’s cursor', async () => {
    const acmeIds = await pendingIds(await server.orgId('Acme Support'))
    const walked = await walk(acme, 1)
    expect(walked.map((i) => i.id).sort()).toEqual(acmeIds)
    const foreign = (await page(big, { limit: '3' })).next_cursor ?? ''
    const fromForeignCursor = await page(acme, { cursor: foreign })
    expect(fromForeignCursor.invitations.every((i) => acmeIds.includes(i.id))).toBe(true)
    expect(fromForeignCursor.total).toBeNull()
    expect((await page(acme)).total).toBe(acmeIds.length)
  })

  test('Scenario: bad queries answer 400 invalid_request with an issue at the parameter, and change nothing', async () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')
    const time = '2026-01-01T00:00:00.000000Z'
    const cases: Array<[string, string]> = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=%2020', 'limit'],
      ['limit=1&limit=2', 'limit'],
      ['cursor=not%20base64', 'cursor'],
      ['cursor=', 'cursor'],
      ['cursor=a&cursor=b', 'cursor'],
      [`cursor=${'A'.repeat(600)}`, 'cursor'],
      [`cursor=${forged({ createdAt: time })}`, 'cursor'],
      [`cursor=${forged([time, 'link'])}`, 'cursor'],
      [`cursor=${forged([time, 'other', 'id'])}`, 'cursor'],
      [`cursor=${forged([time, 'link', ''])}`, 'cursor'],
      [`cursor=${forged([time, 'link', 'x'.repeat(65)])}`, 'cursor'],
      [`cursor=${forged([time, 'link', 'a\u0000b'])}`, 'cursor'],
      [`cursor=${forged([time, 'account', '\uD800'])}`, 'cursor'],
      [`cursor=${forged(['2026-01-01T00:00:00Z', 'link', 'id'])}`, 'cursor'],
      [`cursor=${forged(['2026-02-30T00:00:00.000000Z', 'link', 'id'])}`, 'cursor'],
      [`cursor=${forged(['0000-01-01T00:00:00.000000Z', 'link', 'id'])}`, 'cursor'],
      [`cursor=${forged(['2026-13-01T25:00:00.000000Z', 'link', 'id'])}`, 'cursor'],
      [`cursor=${forged([1, 'link', 'id'])}`, 'cursor'],
      ['cursor=a%00b', 'cursor'],
    ]
    const before = await server.snapshot()
    for (const [query, parameter] of cases) {
      const { status, body } = await list(big, query)
      expect(status, query).toBe(400)
      const error = validate(ApiErrorBody, body)
      expect(error.ok, query).toBe(true)
      if (!error.ok) continue
      expect(error.value.error.code, query).toBe('invalid_request')
      // A NUL anywhere in the address is refused before any route reads it.
      if (error.value.error.message === 'The address of the request is invalid.') continue
      expect(error.value.error.message, query).toBe('The invitations query is invalid.')
      expect(error.value.error.issues.map((i) => i.path[0]), query).toContain(parameter)
    }
    expect(await server.snapshot()).toEqual(before)
    expect(server.loggedErrors).toEqual([])
  })

  test('Scenario: a cursor well formed but from no list still pages from its position; the largest page is accepted', async () => {
    const latest = encodeInvitationCursor({ createdAt: '2999-01-01T00:00:00.000000Z', kind: 'account', key: 'zzz' })
    expect((await page(big, { cursor: latest, limit: '100' })).invitations.map((i) => i.id)).toEqual((await walk(big, 100)).map((i) => i.id))
    const oldest = encodeInvitationCursor({ createdAt: '1970-01-01T00:00:00.000000Z', kind: 'link', key: 'a' })
    expect(await page(big, { cursor: oldest })).toMatchObject({ invitations: [], next_cursor: null })
  })
})
