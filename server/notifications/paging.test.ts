/**
 * The list's keyset paging and the capped counts (SPEC.md §2.6 '99+', §4 'Load more'; docs/api.md
 * "Notifications"), on the database itself: every view paged by `next_cursor` lists each row
 * exactly once in its order, rows of the same instant included; the counts stop at 100 and are
 * exact below. On embedded PGlite always, and on PostgreSQL when TEST_DATABASE_URL is set
 * (`node --import tsx scripts/with-postgres.ts node_modules/.bin/vitest run <this file>`), where
 * the plans are checked too: the counts and the pages read their indexes, with no Sort.
 * The HTTP answers to bad cursors are in paging-refusals.test.ts.
 */
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  NOTIFICATION_COUNT_CAP,
  NotificationCategories,
  type NotificationCategory,
  NotificationsPage,
  type NotificationView,
} from '../../contract/notifications.ts'
import { validate } from '../../contract/validate.ts'
import { type DatabaseHandle, rowsOf } from '../db/client.ts'
import { preparedPglite, preparedPostgres } from '../test/databases.ts'
import { postgresUnavailableBecause, throwAwayDatabase } from '../test/local-postgres.ts'
import { decodeNotificationCursor } from './cursor.ts'
import { COUNTS_STATEMENT, countNotifications, listNotifications, listStatement } from './reads.ts'

/** The clock of every call here (ms): rows are created before it, snoozes end after it. */
const NOW = Date.parse('2026-06-01T12:00:00.000Z')

interface Ids {
  readonly userId: string
  readonly orgId: string
}

/** A demo person (the admin by default) and Acme Support. */
async function inAcme(handle: DatabaseHandle, email = 'admin@acme.test'): Promise<Ids> {
  const [row] = rowsOf<{ user_id: string; org_id: string }>(
    await handle.db.execute(sql`select u.id as user_id, o.id as org_id from users u, organizations o where u.email = ${email} and o.name = 'Acme Support'`),
  )
  return { userId: row!.user_id, orgId: row!.org_id }
}

/**
 * Replaces the person's notifications with `n` rows: four at a time share one `created_at` to the
 * microsecond (ids out of order with it), half unread, every ninth archived, every eleventh other
 * one snoozed (three by three to the same moment), categories in turn.
 */
async function seedRows(handle: DatabaseHandle, { userId, orgId }: Ids, n: number): Promise<void> {
  const categories = sql.raw(`array[${NotificationCategories.map((c) => `'${c}'`).join(', ')}]`)
  const now = new Date(NOW).toISOString()
  await handle.db.execute(sql`delete from notifications where user_id = ${userId} and org_id = ${orgId}`)
  await handle.db.execute(sql`
    insert into notifications (id, user_id, org_id, title, category, created_at, read_at, seen_at, archived_at, snoozed_until)
    select md5(${userId} || g::text), ${userId}, ${orgId}, 'Row ' || g, (${categories})[1 + g % ${NotificationCategories.length}::int],
      ${now}::timestamptz - interval '1 hour' - (g / 4) * interval '1.000001 second',
      case when g % 2 = 1 then ${now}::timestamptz end,
      case when g % 2 = 1 then ${now}::timestamptz end,
      case when g % 9 = 0 then ${now}::timestamptz end,
      case when g % 9 <> 0 and g % 11 = 0 then ${now}::timestamptz + (1 + (g / 33)) * interval '1 minute' end
    from generate_series(1, ${n}::int) as g`)
}

/** The ids of a view straight from the table, in the view's order (what the pages must add up to). */
async function expectedIds(handle: DatabaseHandle, { userId, orgId }: Ids, view: NotificationView, category?: NotificationCategory): Promise<string[]> {
  const now = new Date(NOW).toISOString()
  const inbox = sql`archived_at is null and (snoozed_until is null or snoozed_until <= ${now}::timestamptz)`
  const where = {
    inbox,
    unread: sql`${inbox} and read_at is null`,
    archived: sql`archived_at is not null`,
    snoozed: sql`snoozed_until is not null and snoozed_until > ${now}::timestamptz`,
  }[view]
  const order = view === 'snoozed' ? sql`snoozed_until asc, id asc` : sql`created_at desc, id desc`
  const rows = rowsOf<{ id: string }>(
    await handle.db.execute(
      sql`select id from notifications where user_id = ${userId} and org_id = ${orgId} and ${where} ${category === undefined ? sql`` : sql`and category = ${category}`} order by ${order}`,
    ),
  )
  return rows.map((r) => r.id)
}

/** Every page of a view of `limit`, each after the previous page's `next_cursor`. */
async function walk(handle: DatabaseHandle, ids: Ids, view: NotificationView, limit: number, category?: NotificationCategory): Promise<NotificationsPage[]> {
  const pages: NotificationsPage[] = []
  let next: string | null | undefined
  do {
    const after = next == null ? undefined : decodeNotificationCursor(next)
    if (next != null) expect(after, next).toBeDefined()
    const json = await listNotifications(handle.db, ids.userId, ids.orgId, 1, limit, { view, category, nowMs: NOW, ...(after === undefined ? {} : { after }) })
    const page = JSON.parse(json ?? 'null') as NotificationsPage
    expect(validate(NotificationsPage, page).ok).toBe(true)
    pages.push(page)
    next = page.next_cursor
    expect(next === null, 'next_cursor is null exactly on the last page').toBe(!page.hasMore)
    expect(pages.length).toBeLessThan(1_000)
  } while (next != null)
  return pages
}

/** The scenarios both drivers run, on a handle opened, migrated and seeded by `open`. */
function pagingScenarios(open: () => Promise<DatabaseHandle>, close: () => Promise<void> = async () => {}) {
  let handle: DatabaseHandle
  let ids: Ids
  beforeAll(async () => {
    handle = await open()
    ids = await inAcme(handle)
  }, 120_000)
  afterAll(async () => {
    await handle?.close()
    await close()
  })

  test('Scenario: every view paged by cursor lists each row exactly once, in order, rows of the same microsecond included', async () => {
    await seedRows(handle, ids, 260)
    const cases: Array<[NotificationView, number, NotificationCategory?]> = [
      ['inbox', 20],
      ['inbox', 7],
      ['unread', 6],
      ['archived', 4],
      ['snoozed', 2],
      ['inbox', 5, 'message'],
      ['unread', 3, 'alert'],
    ]
    for (const [view, limit, category] of cases) {
      const label = `${view} by ${limit}${category === undefined ? '' : ` in ${category}`}`
      const expected = await expectedIds(handle, ids, view, category)
      expect(expected.length, label).toBeGreaterThan(limit)
      const pages = await walk(handle, ids, view, limit, category)
      const listed = pages.flatMap((p) => p.notifications.map((n) => n._id))
      expect(listed, label).toEqual(expected)
      expect(
        pages.slice(0, -1).every((p) => p.notifications.length === limit),
        label,
      ).toBe(true)
    }
  })

  test('Scenario: the page after a cursor is the page the offset names, and a cursor of the last row ends the list', async () => {
    await seedRows(handle, ids, 260)
    const [first] = await walk(handle, ids, 'inbox', 50).then((pages) => pages.slice(0, 1))
    const byOffset = JSON.parse((await listNotifications(handle.db, ids.userId, ids.orgId, 2, 50, { nowMs: NOW })) ?? 'null') as NotificationsPage
    const byCursor = JSON.parse(
      (await listNotifications(handle.db, ids.userId, ids.orgId, 1, 50, { nowMs: NOW, after: decodeNotificationCursor(first!.next_cursor ?? '') })) ?? 'null',
    ) as NotificationsPage
    expect(byCursor.notifications).toEqual(byOffset.notifications)
    expect(byCursor.next_cursor).toBe(byOffset.next_cursor)
  })

  test('Scenario: the counts stop at 100 (more than 100 unread answers 100) and are exact below, the list and the counts alike', async () => {
    await seedRows(handle, ids, 1_000)
    const truth = async (where: ReturnType<typeof sql>) =>
      Number(
        rowsOf<{ n: number }>(
          await handle.db.execute(sql`select count(*)::int as n from notifications where user_id = ${ids.userId} and org_id = ${ids.orgId} and ${where}`),
        )[0]?.n,
      )
    const inInbox = sql`archived_at is null and (snoozed_until is null or snoozed_until <= ${new Date(NOW).toISOString()}::timestamptz)`
    expect(await truth(sql`read_at is null and ${inInbox}`)).toBeGreaterThan(NOTIFICATION_COUNT_CAP)
    const many = await countNotifications(handle.db, ids.userId, ids.orgId, NOW)
    expect(many).toMatchObject({ inbox: 100, unread: 100, unseen: 100 })
    for (const category of NotificationCategories)
      expect(many?.categories[category], category).toBe(Math.min(100, await truth(sql`category = ${category} and ${inInbox}`)))
    expect(many?.archived).toBe(Math.min(100, await truth(sql`archived_at is not null`)))
    expect(many?.snoozed).toBe(Math.min(100, await truth(sql`snoozed_until > ${new Date(NOW).toISOString()}::timestamptz`)))
    const page = JSON.parse((await listNotifications(handle.db, ids.userId, ids.orgId, 1, 20, { nowMs: NOW })) ?? 'null') as NotificationsPage
    expect([page.unread_count, page.unseen_count]).toEqual([100, 100])

    // Leave 42 unread (and unseen) in the inbox, 99 in one category: exact numbers come back.
    await handle.db
      .execute(sql`update notifications set read_at = ${new Date(NOW).toISOString()}::timestamptz, seen_at = ${new Date(NOW).toISOString()}::timestamptz
      where user_id = ${ids.userId} and org_id = ${ids.orgId} and id not in (
        select id from notifications where user_id = ${ids.userId} and org_id = ${ids.orgId} and read_at is null and ${inInbox} order by id limit 42)`)
    await handle.db.execute(sql`delete from notifications where user_id = ${ids.userId} and org_id = ${ids.orgId} and category = 'message' and id not in (
        select id from notifications where user_id = ${ids.userId} and org_id = ${ids.orgId} and category = 'message' and ${inInbox} order by id limit 99)`)
    const few = await countNotifications(handle.db, ids.userId, ids.orgId, NOW)
    expect(few).toMatchObject({ unread: 42, unseen: 42 })
    expect(few?.categories.message).toBe(99)
    const again = JSON.parse((await listNotifications(handle.db, ids.userId, ids.orgId, 1, 20, { nowMs: NOW })) ?? 'null') as NotificationsPage
    expect([again.unread_count, again.unseen_count]).toEqual([42, 42])
  })

  test('Scenario: an empty inbox counts zero everywhere and lists one last page', async () => {
    await seedRows(handle, ids, 0)
    expect(await countNotifications(handle.db, ids.userId, ids.orgId, NOW)).toEqual({ inbox: 0, unread: 0, unseen: 0, archived: 0, snoozed: 0, categories: {} })
    const page = JSON.parse((await listNotifications(handle.db, ids.userId, ids.orgId, 1, 20, { nowMs: NOW })) ?? 'null') as NotificationsPage
    expect(page).toEqual({ notifications: [], unread_count: 0, unseen_count: 0, hasMore: false, next_cursor: null })
  })

  return () => ({ handle, ids })
}

describe('keyset paging and capped counts on PGlite', () => {
  pagingScenarios(preparedPglite)
})

const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
const skipReason = await postgresUnavailableBecause(adminUrl)
if (skipReason !== undefined) console.warn(`Skipping the notification paging tests on PostgreSQL: ${skipReason}`)

describe.skipIf(skipReason !== undefined)('keyset paging and capped counts on PostgreSQL', () => {
  const database = throwAwayDatabase(adminUrl, 'engage_paging')
  const { open, close } = preparedPostgres(database)
  const current = pagingScenarios(open, close)

  /** The plan's nodes, depth first: type and index name. */
  type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] }
  const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)]

  /** EXPLAIN (FORMAT JSON) of `text` with `params`, sequential scans off (so a missing index shows as a failure, not a cheap scan of a small table). */
  async function plan(text: string, params: ReadonlyArray<string | number>): Promise<PlanNode[]> {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      await client.query('begin')
      await client.query('set local enable_seqscan = off')
      await client.query(`prepare planned as ${text}`)
      const literals = params.map((p) => (typeof p === 'number' ? String(p) : `'${p.replaceAll("'", "''")}'`))
      const result = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`explain (format json) execute planned(${literals.join(', ')})`)
      await client.query('rollback')
      return nodesOf(result.rows[0]!['QUERY PLAN'][0]!.Plan)
    } finally {
      await client.end()
    }
  }

  test('Scenario: EXPLAIN shows every count and every page reading its index, with no Sort and no scan of the table', async () => {
    const { handle, ids } = current()
    // Two people's rows, as in any workspace: an index that is not the person's own (the snooze
    // timer's, by moment alone) then reads other people's rows too, and the planner weighs that.
    await seedRows(handle, ids, 20_000)
    await seedRows(handle, await inAcme(handle, 'agent@acme.test'), 20_000)
    // As autovacuum leaves a settled table: statistics and the visibility map (index-only scans).
    await handle.db.execute(sql`vacuum analyze notifications`)
    const now = new Date(NOW).toISOString()
    const cursor = ['2026-06-01T10:00:00.000000Z', 'ffff']
    // [view, by category, after a cursor, the index its page reads, in index order (no Sort)].
    // The Snoozed view holds what a person snoozed by hand: its page reads its own index, and
    // the planner may sort those few rows (it does when it takes them for fewer than they are).
    const cases: Array<[NotificationView, boolean, boolean, string, boolean]> = [
      ['inbox', false, false, 'notifications_inbox_idx', true],
      ['inbox', false, true, 'notifications_inbox_idx', true],
      ['unread', false, true, 'notifications_inbox_idx', true],
      ['inbox', true, true, 'notifications_inbox_category_idx', true],
      ['unread', true, true, 'notifications_inbox_category_idx', true],
      ['archived', false, true, 'notifications_archived_idx', true],
      ['snoozed', false, true, 'notifications_snoozed_idx', false],
    ]
    for (const [view, byCategory, afterCursor, index, inOrder] of cases) {
      const statement = listStatement(view, byCategory, afterCursor)
      const nodes = await plan(statement.text, [ids.userId, ids.orgId, 21, 0, now, ...(byCategory ? ['message'] : []), ...(afterCursor ? cursor : [])])
      const label = `${statement.name}: ${nodes.map((n) => `${n['Node Type']}${n['Index Name'] === undefined ? '' : ` ${n['Index Name']}`}`).join(' > ')}`
      if (inOrder) {
        expect(
          nodes.filter((n) => n['Node Type'].includes('Sort')).map((n) => n['Node Type']),
          label,
        ).toEqual([])
        expect(
          nodes.filter((n) => n['Node Type'].startsWith('Bitmap')).map((n) => n['Node Type']),
          label,
        ).toEqual([])
      }
      expect(
        nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']),
        label,
      ).toEqual([])
      const indexes = nodes.map((n) => n['Index Name']).filter((name) => name !== undefined)
      expect(indexes, label).toEqual(expect.arrayContaining([index, 'notifications_unread_idx', 'notifications_unseen_idx']))
    }

    // The counts: each one a capped scan (a Limit) of its own partial index.
    const nodes = await plan(COUNTS_STATEMENT.text, [ids.userId, ids.orgId, now])
    expect(nodes.filter((n) => n['Node Type'].includes('Sort') || n['Node Type'] === 'Seq Scan' || n['Node Type'].startsWith('Bitmap'))).toEqual([])
    const indexes = new Set(nodes.map((n) => n['Index Name']).filter((name) => name !== undefined))
    for (const index of [
      'notifications_unread_idx',
      'notifications_unseen_idx',
      'notifications_archived_idx',
      'notifications_snoozed_idx',
      'notifications_inbox_category_idx',
    ]) {
      expect(indexes.has(index), `${index} in ${[...indexes].join(', ')}`).toBe(true)
    }
    expect(nodes.filter((n) => n['Node Type'] === 'Limit')).toHaveLength(6)
  }, 120_000)
})
