/**
 * The audit log's keyset paging and its CSV export (docs/api.md "Audit log"), on the database
 * itself: paged by `next_cursor`, every filter lists each entry exactly once in its order, entries
 * of the same microsecond included; the export holds exactly the list's entries, each row as the
 * list shows it, by one COPY up to its cap; and the plans: every page, filter and export reads
 * its index from the cursor on, with no Sort. On embedded PGlite always, and on
 * PostgreSQL when TEST_DATABASE_URL is set (`node --import tsx scripts/with-postgres.ts
 * node_modules/.bin/vitest run <this file>`).
 */
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SignInResponse } from '../../contract/api.ts'
import { AUDIT_LOG_EXPORT_MAX_ROWS, type AuditLogItem, AuditLogPage, AuditKinds, auditKindLabel } from '../../contract/audit.ts'
import { validate } from '../../contract/validate.ts'
import { DEMO_PASSWORD } from '../admin/seed.ts'
import { createApp } from '../app.ts'
import { loadSigningKey } from '../auth/access-token.ts'
import { type Database, type DatabaseHandle, rowsOf } from '../db/client.ts'
import { TEST_CONFIG } from '../test/harness.ts'
import { preparedPglite, preparedPostgres } from '../test/databases.ts'
import { postgresUnavailableBecause, throwAwayDatabase } from '../test/local-postgres.ts'
import { copyCsv } from '../db/copy.ts'
import { decodeAuditCursor } from './cursor.ts'
import { type AuditLogFilter, auditCsvQuery, auditEventsQuery } from './queries.ts'
import { AUDIT_CSV_HEADER } from './routes.ts'

const BASE = '/api/organizations/audit-log'

/** Labels a CSV must quote or guard, and ones it must leave alone. */
const LABELS = [
  'admin@acme.test',
  '=HYPERLINK("x")',
  '+1',
  '-2',
  '@sum',
  ' leading',
  'trailing ',
  'a, b',
  'say "hi"',
  'two\nlines',
  'tab\there',
  'é ü 日本',
  '\u00a0nbsp',
  '',
]

interface Setup {
  readonly handle: DatabaseHandle
  readonly app: ReturnType<typeof createApp>
  readonly headers: Record<string, string>
  readonly orgId: string
  readonly adminId: string
  readonly agentId: string
}

/**
 * Replaces Acme Support's entries with `n`: four at a time in one millisecond, two of them at the
 * same microsecond (ids out of order with the time), some a microsecond before a millisecond
 * boundary; actors the admin, the agent and nobody in turn; kinds in turn; awkward labels; details
 * nested or empty.
 */
async function seedEntries(db: Database, { orgId, adminId, agentId }: Pick<Setup, 'orgId' | 'adminId' | 'agentId'>, n: number): Promise<void> {
  const kinds = sql.raw(`array[${AuditKinds.map((k) => `'${k}'`).join(', ')}]`)
  const labels = sql.raw(`array[${LABELS.map((l) => `'${l.replaceAll("'", "''")}'`).join(', ')}]`)
  await db.execute(sql`delete from audit_events where org_id = ${orgId}`)
  await db.execute(sql`
    insert into audit_events (id, org_id, actor_id, actor_label, kind, target_id, target_label, details, ip_address, created_at)
    select md5(g::text), ${orgId},
      (array[${adminId}, ${agentId}, null])[1 + g % 3], (${labels})[1 + g % ${LABELS.length}::int],
      (${kinds})[1 + g % ${AuditKinds.length}::int],
      case when g % 4 = 0 then null else 't' || g end, (${labels})[1 + (g / 2) % ${LABELS.length}::int],
      case when g % 5 = 0 then '{}'::jsonb else jsonb_build_object('n', g, 'to', jsonb_build_array('x"y', null, 1.5), 'é', jsonb_build_object('a', 'line' || chr(10) || 'b')) end,
      case when g % 3 = 0 then null else '203.0.113.' || (g % 250) end,
      '2026-06-01T12:00:00.000000Z'::timestamptz - (g / 4) * interval '1 millisecond' - ((g % 4) / 2) * interval '1 microsecond'
    from generate_series(1, ${n}::int) as g`)
}

/** The ids of the filter's entries straight from the table, newest first (what the pages must add up to). */
async function expectedIds(db: Database, filter: AuditLogFilter): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select id from audit_events where org_id = ${filter.orgId}
      ${filter.actorId === undefined ? sql`` : sql`and actor_id = ${filter.actorId}`}
      ${filter.kind === undefined ? sql`` : sql`and kind = ${filter.kind}`}
      order by created_at desc, id desc`),
  )
  return rows.map((r) => r.id)
}

/** The query string of a filter (without the workspace). */
const queryOf = (filter: Partial<AuditLogFilter>, more: Record<string, string> = {}) => {
  const params = new URLSearchParams(more)
  if (filter.actorId !== undefined) params.set('actor', filter.actorId)
  if (filter.kind !== undefined) params.set('kind', filter.kind)
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

/** Every page of the list of `limit`, each after the previous page's `next_cursor`, from `before` on. */
async function walk(setup: Setup, filter: Partial<AuditLogFilter>, limit: number, before?: string): Promise<AuditLogPage[]> {
  const pages: AuditLogPage[] = []
  let next: string | null | undefined = before
  do {
    const response = await setup.app.request(`${BASE}${queryOf(filter, { limit: String(limit), ...(next == null ? {} : { before: next }) })}`, {
      headers: setup.headers,
    })
    expect(response.status).toBe(200)
    const page = (await response.json()) as AuditLogPage
    expect(validate(AuditLogPage, page).ok).toBe(true)
    pages.push(page)
    if (page.next_cursor !== null) expect(decodeAuditCursor(page.next_cursor), page.next_cursor).toBeDefined()
    next = page.next_cursor
    expect(pages.length).toBeLessThan(1_000)
  } while (next != null)
  return pages
}

/**
 * A CSV row of an entry as the list shows it: the export's columns, read off the JSON; the details
 * as the database writes them as text (`detailsText`, which must hold the list's details). Written
 * here from the file's rules, apart from the SQL that makes it: a value holding a comma, a quote or
 * a line break, or empty, is quoted (quotes doubled); a missing one is an empty field; a label
 * starting like a formula is put behind an apostrophe; each record ends with a line feed.
 */
const rowOfItem = (item: AuditLogItem, detailsText: string) => {
  expect(JSON.parse(detailsText), item.id).toEqual(item.details)
  const cell = (value: string | null) => (value === null ? '' : value === '' || /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)
  const label = (value: string) => cell(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value)
  return `${[
    // '2026-06-01T11:59:59.990Z' → '2026-06-01 11:59:59.99'; a whole second without a fraction.
    cell(item.created_at.replace('T', ' ').replace(/\.?0*Z$/, '')),
    label(item.actor.label),
    cell(item.actor.id),
    cell(auditKindLabel(item.kind)),
    cell(item.kind),
    label(item.target.label),
    cell(item.target.id),
    cell(Object.keys(item.details).length === 0 ? null : detailsText),
    cell(item.ip_address),
  ].join(',')}\n`
}

/** The scenarios both drivers run, on a handle opened, migrated and seeded by `open`. */
function auditScenarios(open: () => Promise<DatabaseHandle>, close: () => Promise<void> = async () => {}) {
  let setup: Setup
  beforeAll(async () => {
    const handle = await open()
    const signingKey = await loadSigningKey(handle.db, undefined)
    const app = createApp({
      db: handle.db,
      driver: handle.driver,
      config: TEST_CONFIG,
      signingKey,
      botCheck: { provider: 'off' },
      rateLimits: { enabled: false, trustProxy: false },
      logError: () => {},
    })
    const signIn = await app.request('/api/users/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@acme.test', password: DEMO_PASSWORD }),
    })
    const session = (await signIn.json()) as SignInResponse
    const [ids] = rowsOf<{ admin: string; agent: string }>(
      await handle.db.execute(
        sql`select (select id from users where email = 'admin@acme.test') as admin, (select id from users where email = 'agent@acme.test') as agent`,
      ),
    )
    setup = {
      handle,
      app,
      headers: { authorization: `Bearer ${session.access_token}`, 'x-org-id': session.org_id },
      orgId: session.org_id,
      adminId: ids!.admin,
      agentId: ids!.agent,
    }
    await seedEntries(handle.db, setup, 1_234)
  }, 120_000)
  afterAll(async () => {
    await setup?.handle.close()
    await close()
  })

  test('Scenario: paged by cursor, each filter lists every entry exactly once, newest first, entries of the same microsecond included', async () => {
    const cases: Array<[Partial<AuditLogFilter>, number]> = [
      [{}, 100],
      [{}, 7],
      [{ actorId: setup.agentId }, 9],
      [{ kind: 'member.invited' }, 2],
      [{ actorId: setup.adminId, kind: 'member.removed' }, 1],
    ]
    for (const [filter, limit] of cases) {
      const label = `${JSON.stringify(filter)} by ${limit}`
      const expected = await expectedIds(setup.handle.db, { orgId: setup.orgId, ...filter })
      expect(expected.length, label).toBeGreaterThan(limit)
      const pages = await walk(setup, filter, limit)
      expect(
        pages.flatMap((p) => p.items.map((i) => i.id)),
        label,
      ).toEqual(expected)
      expect(
        pages.slice(0, -1).every((p) => p.items.length === limit),
        label,
      ).toBe(true)
      expect(pages.at(-1)?.next_cursor, label).toBeNull()
    }
  })

  test('Scenario: the CSV export holds exactly the entries the list pages through, in order, each row as the list shows it', async () => {
    const detailsText = new Map(
      rowsOf<{ id: string; details: string }>(
        await setup.handle.db.execute(sql`select id, details::text as details from audit_events where org_id = ${setup.orgId}`),
      ).map((row) => [row.id, row.details]),
    )
    const cases: Array<[Partial<AuditLogFilter>, boolean]> = [
      [{}, false],
      [{ actorId: setup.adminId }, false],
      [{ kind: 'auth.signed_in' }, false],
      // From the cursor of a page deep in the log, as `before` reaches older entries.
      [{}, true],
    ]
    for (const [filter, fromCursor] of cases) {
      const label = `${JSON.stringify(filter)}${fromCursor ? ' before a cursor' : ''}`
      const before = fromCursor ? ((await walk(setup, filter, 100)).at(5)?.next_cursor ?? undefined) : undefined
      const items = (await walk(setup, filter, 100, before)).flatMap((p) => p.items)
      const response = await setup.app.request(`${BASE}.csv${queryOf(filter, before === undefined ? {} : { before })}`, { headers: setup.headers })
      expect(response.status, label).toBe(200)
      // The bytes as sent: `Response#text` would drop the BOM.
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
      // Hundreds of rows at least.
      expect(items.length, label).toBeGreaterThan(Object.keys(filter).length === 0 && !fromCursor ? 1_000 : 10)
      expect(text, label).toBe(`\uFEFF${AUDIT_CSV_HEADER.join(',')}\n${items.map((item) => rowOfItem(item, detailsText.get(item.id) ?? '')).join('')}`)
    }
  })

  test('Scenario: the export stops at its cap, and a reader that stops early leaves the database usable', async () => {
    const filter: AuditLogFilter = { orgId: setup.orgId, actorId: setup.agentId }
    const detailsText = new Map(
      rowsOf<{ id: string; details: string }>(
        await setup.handle.db.execute(sql`select id, details::text as details from audit_events where org_id = ${setup.orgId}`),
      ).map((row) => [row.id, row.details]),
    )
    const items = (await walk(setup, { actorId: setup.agentId }, 100)).flatMap((p) => p.items)
    const exported = async (maxRows: number) => {
      const chunks: Uint8Array[] = []
      for await (const chunk of copyCsv(setup.handle.db, auditCsvQuery(filter, maxRows))) chunks.push(chunk)
      return new TextDecoder().decode(Buffer.concat(chunks))
    }
    for (const cap of [1, 250, items.length, items.length + 1])
      expect(await exported(cap), `cap ${cap}`).toBe(items.slice(0, cap).map((item) => rowOfItem(item, detailsText.get(item.id) ?? '')).join(''))
    // Readers that stop after the first chunk, more of them than the pool holds connections: each
    // COPY left unfinished closes its connection rather than keeping it, and the next query runs.
    for (let i = 0; i < 12; i++) {
      for await (const chunk of copyCsv(setup.handle.db, auditCsvQuery({ orgId: setup.orgId }, AUDIT_LOG_EXPORT_MAX_ROWS))) {
        expect(chunk.length).toBeGreaterThan(0)
        break
      }
    }
    expect(rowsOf<{ one: number }>(await setup.handle.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }])
  })

  /** The plan's nodes, depth first: type, relation and index, and the index condition. */
  type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] }
  const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)]

  /** EXPLAIN (FORMAT JSON) of `statement`, sequential scans off (so a missing index shows as a failure, not a cheap scan of a small table). */
  async function plan(db: Database, statement: (tx: Database) => SQL): Promise<PlanNode[]> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const [row] = rowsOf<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(await tx.execute(sql`explain (format json) ${statement(tx)}`))
      return nodesOf(row!['QUERY PLAN'][0]!.Plan)
    })
  }

  test('Scenario: EXPLAIN shows page 1, a later page, each filter and the export reading their index from the cursor on, with no Sort', async () => {
    // Several people's entries over several kinds, as in any workspace, settled as autovacuum leaves them.
    await seedEntries(setup.handle.db, setup, 20_000)
    await setup.handle.db.execute(sql`vacuum analyze audit_events`)
    const { orgId, agentId } = setup
    const before = { at: '2026-06-01T11:59:59.000000Z', id: 'ffff' }
    // [what, the statement, the index its rows come from, whether the position is one of its conditions].
    // The export's cap is a twentieth of the rows here, as in a large log (where the bench shows its
    // plan at the full cap): against a third of a small log, reading it all and sorting is cheaper.
    const cases: Array<[string, (tx: Database) => SQL, string, boolean]> = [
      ['page 1', (tx) => auditEventsQuery(tx, { orgId }, 51).getSQL(), 'audit_events_org_created_idx', false],
      ['a later page', (tx) => auditEventsQuery(tx, { orgId, before }, 51).getSQL(), 'audit_events_org_created_idx', true],
      ['the person filter', (tx) => auditEventsQuery(tx, { orgId, actorId: agentId }, 51).getSQL(), 'audit_events_org_actor_created_idx', false],
      ['the person filter, later', (tx) => auditEventsQuery(tx, { orgId, actorId: agentId, before }, 51).getSQL(), 'audit_events_org_actor_created_idx', true],
      ['the kind filter', (tx) => auditEventsQuery(tx, { orgId, kind: 'member.invited' }, 51).getSQL(), 'audit_events_org_kind_created_idx', false],
      [
        'the kind filter, later',
        (tx) => auditEventsQuery(tx, { orgId, kind: 'member.invited', before }, 51).getSQL(),
        'audit_events_org_kind_created_idx',
        true,
      ],
      ['the export', () => auditCsvQuery({ orgId }, 500), 'audit_events_org_created_idx', false],
      ['the export from a cursor', () => auditCsvQuery({ orgId, before }, 500), 'audit_events_org_created_idx', true],
      ['the export by person', () => auditCsvQuery({ orgId, actorId: agentId }, 500), 'audit_events_org_actor_created_idx', false],
      ['the export by kind', () => auditCsvQuery({ orgId, kind: 'member.invited', before }, 500), 'audit_events_org_kind_created_idx', true],
    ]
    for (const [what, statement, index, fromCursor] of cases) {
      const nodes = await plan(setup.handle.db, statement)
      const label = `${what}: ${nodes.map((n) => `${n['Node Type']}${n['Index Name'] === undefined ? '' : ` ${n['Index Name']}`}`).join(' > ')}`
      expect(
        nodes.filter((n) => n['Node Type'].includes('Sort') || n['Node Type'].startsWith('Bitmap') || n['Node Type'] === 'Seq Scan'),
        label,
      ).toEqual([])
      // The rows come off the filter's index.
      const scans = nodes.filter((n) => n['Relation Name'] === 'audit_events')
      expect(
        scans.map((n) => [n['Node Type'], n['Index Name']]),
        label,
      ).toEqual([['Index Scan', index]])
      // The cursor is where the index scan starts (an index condition), not a filter over the rows before it.
      expect(scans[0]?.['Index Cond']?.includes('ROW(created_at, id) <'), `${label}: ${scans[0]?.['Index Cond']}`).toBe(fromCursor)
    }
  }, 120_000)
}

describe('audit log keyset paging and export on PGlite', () => {
  auditScenarios(preparedPglite)
})

const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
const skipReason = await postgresUnavailableBecause(adminUrl)
if (skipReason !== undefined) console.warn(`Skipping the audit log paging tests on PostgreSQL: ${skipReason}`)

describe.skipIf(skipReason !== undefined)('audit log keyset paging and export on PostgreSQL', () => {
  const database = throwAwayDatabase(adminUrl, 'engage_audit')
  const { open, close } = preparedPostgres(database)
  auditScenarios(open, close)
})
