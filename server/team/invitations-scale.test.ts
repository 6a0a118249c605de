/**
 * The pending invitations' list at 10 and at 10,000 members on PostgreSQL, every tenth member
 * invited (a `link` invitation: no password yet) and a few existing accounts invited (`account`):
 * every invitation exactly once across the pages on PostgreSQL's collation, and the first page's
 * plan reads a page from an index, not every invitation through a Sort (the statement of
 * server/members/invitations.ts, as written there). Prints each figure (median of in-process calls)
 * and the plans. Runs only where
 * PostgreSQL is (`node --import tsx scripts/with-postgres.ts node_modules/.bin/vitest run
 * server/team/invitations-scale.test.ts`), else it says it is skipped.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TEAM_INVITATIONS_PAGE_SIZE, TeamInvitationList } from '../../contract/team.ts'
import { validate } from '../../contract/validate.ts'
import { DEMO_PASSWORD, prepareDatabase } from '../admin/seed.ts'
import { createApp } from '../app.ts'
import { loadSigningKey } from '../auth/access-token.ts'
import { type DatabaseHandle, openDatabase, rowsOf } from '../db/client.ts'
import { TEST_CONFIG } from '../test/harness.ts'
import { postgresUnavailableBecause, throwAwayDatabase } from '../test/local-postgres.ts'
import { addSuperAdmin, seedLargeWorkspace } from './seed-members.ts'

const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
const skipReason = await postgresUnavailableBecause(adminUrl)
if (skipReason !== undefined) console.warn(`Skipping the invitations scale measure: ${skipReason}`)

/** Requests per figure; the median is reported. */
const RUNS = 41
const SIZES = [10, 10_000] as const
/** Existing accounts invited to each workspace. */
const ACCOUNTS = 5

describe.skipIf(skipReason !== undefined)('pending invitations at scale (PostgreSQL)', () => {
  const database = throwAwayDatabase(adminUrl, 'engage_invitations')
  let handle: DatabaseHandle
  let app: ReturnType<typeof createApp>
  const headers = new Map<number, Record<string, string>>()
  const orgs = new Map<number, string>()

  beforeAll(async () => {
    await database.create()
    handle = await openDatabase({ databaseUrl: database.url, dataDir: '/nonexistent' })
    await prepareDatabase(handle)
    app = createApp({ db: handle.db, driver: handle.driver, config: TEST_CONFIG, signingKey: await loadSigningKey(handle.db, undefined), botCheck: { provider: 'off' }, now: () => Date.now(), listen: handle.listen })
    const admin = rowsOf<{ id: string }>(await handle.db.execute(sql`select id from users where email = 'admin@acme.test'`))[0]?.id ?? ''
    for (const size of SIZES) {
      const prefix = `i${size}`
      const orgId = await seedLargeWorkspace(handle.db, { name: `Invitations ${size}`, count: size, prefix, domain: `${prefix}.test` })
      await addSuperAdmin(handle.db, orgId, admin)
      // Every tenth member invited (no password yet), joined a minute apart, some in the same instant.
      await handle.db.execute(sql`update users set password_hash = null where id like ${`${prefix}-%`} and split_part(id, '-', 2)::int % 10 = 0`)
      await handle.db.execute(sql`
        update memberships set created_at = timestamptz '2026-01-01T00:00:00Z' + (split_part(user_id, '-', 2)::int / 2) * interval '1 minute'
        where org_id = ${orgId} and user_id like ${`${prefix}-%`}`)
      await handle.db.execute(sql`
        insert into users (id, full_name, email, password_hash)
        select ${prefix} || '-acct-' || i, 'Account ' || i, ${prefix} || '-account' || i || '@elsewhere.test', '!seeded' from generate_series(1, ${ACCOUNTS}::int) i`)
      await handle.db.execute(sql`
        insert into invitations (id, org_id, user_id, status, created_at)
        select ${prefix} || '-inv-' || i, ${orgId}, ${prefix} || '-acct-' || i, 'pending', timestamptz '2026-01-01T00:00:00Z' + (i * 500) * interval '1 minute'
        from generate_series(1, ${ACCOUNTS}::int) i`)
      orgs.set(size, orgId)
    }
    await handle.db.execute(sql`analyze`)
    const signIn = await app.request('/api/users/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@acme.test', password: DEMO_PASSWORD }) })
    const { access_token } = (await signIn.json()) as { access_token: string }
    for (const [size, orgId] of orgs) headers.set(size, { authorization: `Bearer ${access_token}`, 'x-org-id': orgId })
  }, 180_000)

  afterAll(async () => {
    await handle?.close()
    await database.drop()
  })

  /** Median ms of `RUNS` calls of `path` as the caller of the `size` workspace, and the last answer's bytes. */
  async function measure(size: number, path: string): Promise<{ ms: number; bytes: number; body: unknown }> {
    const times: number[] = []
    let text = ''
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      const response = await app.request(path, { headers: headers.get(size) })
      text = await response.text()
      times.push(performance.now() - started)
      expect(response.status, text.slice(0, 200)).toBe(200)
    }
    times.sort((a, b) => a - b)
    return { ms: times[Math.floor(times.length / 2)] ?? Number.NaN, bytes: Buffer.byteLength(text), body: JSON.parse(text) as unknown }
  }

  /** EXPLAIN of the first page's statement (and of the count) at `size`, with sequential scans discouraged. */
  async function plans(size: number, analyze: boolean): Promise<{ page: string; count: string }> {
    const orgId = orgs.get(size) ?? ''
    const option = analyze ? sql.raw('analyze, costs off, timing off') : sql.raw('costs off')
    return handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const page = rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(sql`explain (${option})
          select * from (
            (select 'account'::text as kind, i.id as key, i.user_id, i.created_at from invitations i
              where i.org_id = ${orgId} and i.status = 'pending' order by i.created_at desc nulls last, i.id desc nulls last limit 21)
            union all
            (select 'link'::text, m.user_id, m.user_id, m.created_at from memberships m join users u on u.id = m.user_id
              where m.org_id = ${orgId} and u.password_hash is null and not exists (select 1 from sso_identities s where s.user_id = u.id)
              order by m.created_at desc nulls last, m.user_id desc nulls last limit 21)
            order by created_at desc nulls last, kind desc, key desc limit 21) p`),
      )
      const count = rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(sql`explain (${option})
          select (select count(*) from invitations i where i.org_id = ${orgId} and i.status = 'pending')
            + (select count(*) from memberships m join users u on u.id = m.user_id where m.org_id = ${orgId}
               and u.password_hash is null and not exists (select 1 from sso_identities s where s.user_id = u.id)) as total`),
      )
      const text = (rows: Array<{ 'QUERY PLAN': string }>) => rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')
      return { page: text(page), count: text(count) }
    })
  }

  /** Each figure at both sizes, printed with its large ÷ small ratio, and the plans at 10,000. */
  async function figures(label: string) {
    const at: Record<string, Record<number, { ms: number; bytes: number }>> = { 'page 1': {}, 'page after the middle': {} }
    for (const size of SIZES) {
      const first = await measure(size, '/api/organizations/invitations')
      at['page 1']![size] = first
      const middle = await measure(size, `/api/organizations/invitations?limit=${Math.min(100, Math.ceil(size / 20))}`)
      const decoded = validate(TeamInvitationList, middle.body)
      const cursor = decoded.ok ? decoded.value.next_cursor : null
      at['page after the middle']![size] = cursor === null ? first : await measure(size, `/api/organizations/invitations?cursor=${cursor}`)
    }
    const lines = Object.entries(at).map(([what, bySize]) => {
      const small = bySize[10]!
      const large = bySize[10_000]!
      return `  ${what.padEnd(22)} 10: ${small.ms.toFixed(2)} ms, ${small.bytes} B   10,000: ${large.ms.toFixed(2)} ms, ${large.bytes} B   ratio ${(large.ms / small.ms).toFixed(2)}×`
    })
    const plan = await plans(10_000, true)
    console.log(`Pending invitations on PostgreSQL ${label}, median of ${RUNS} in-process calls:\n${lines.join('\n')}\n  Plan of page 1 at 10,000:\n${plan.page}\n  Plan of the count at 10,000:\n${plan.count}`)
    return at
  }

  test('Scenario: on PostgreSQL’s collation too, the pages of 1,005 invitations list each exactly once, newest first', async () => {
    const expected = rowsOf<{ id: string }>(
      await handle.db.execute(sql`
        select id from (
          select i.id, i.created_at, 'account' as kind, i.id as key from invitations i where i.org_id = ${orgs.get(10_000)} and i.status = 'pending'
          union all
          select 'link-' || u.id, m.created_at, 'link', m.user_id from memberships m join users u on u.id = m.user_id
          where m.org_id = ${orgs.get(10_000)} and u.password_hash is null) x
        order by created_at desc, kind desc, key desc`),
    ).map((r) => r.id)
    expect(expected).toHaveLength(1_000 + ACCOUNTS)
    const ids: string[] = []
    let cursor: string | null = null
    do {
      const response = await app.request(`/api/organizations/invitations?limit=100${cursor === null ? '' : `&cursor=${cursor}`}`, { headers: headers.get(10_000) })
      const page = validate(TeamInvitationList, await response.json())
      if (!page.ok) throw new Error(JSON.stringify(page.issues))
      expect(page.value.total).toBe(cursor === null ? expected.length : null)
      ids.push(...page.value.invitations.map((i) => i.id))
      cursor = page.value.next_cursor
    } while (cursor !== null)
    expect(ids).toEqual(expected)
  }, 120_000)

  test('Scenario: page 1 at 10,000 members reads a page from the indexes, no Sort of every invitation; the answer stays one page', async () => {
    // Times are printed, not asserted: the cores are shared with whatever else runs (the bench's
    // scale section judges them). What is asserted cannot vary with the load: the plan and the size.
    const at = await figures('(schema as it is)')
    expect(at['page 1']![10_000]!.bytes).toBeLessThan(TEAM_INVITATIONS_PAGE_SIZE * 500)
    const { page } = await plans(10_000, false)
    expect(page).toContain('memberships_org_created_idx')
    expect(page).toContain('invitations_org_pending_created_idx')
    // Each branch walks its index in order and stops at its limit (Merge Append keeps their order):
    // no Sort node reads a whole branch; only an Incremental Sort orders the kinds of equal instants.
    expect(page).toContain('Merge Append')
    expect(page).not.toMatch(/^\s*(->\s+)?Sort$/m)
    const analyzed = await plans(10_000, true)
    const scanned = [...analyzed.page.matchAll(/Index (?:Only )?Scan using memberships_org_created_idx on memberships m \(actual rows=(\d+)/g)].map((match) => Number(match[1]))
    expect(scanned.length).toBeGreaterThan(0)
    // Every tenth member is invited: a page of 21 reads about 210 memberships, not 10,000.
    for (const rows of scanned) expect(rows).toBeLessThan(1_000)
  }, 300_000)
})
