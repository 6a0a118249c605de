/**
 * Reading notifications (SPEC.md §4 Notifications; §7): the list of each view with the inbox's
 * counts, every count of the badge and tabs, one notification for the stream, and the membership
 * test. Each request is one SQL statement that also checks membership of the org (STACK.md: each
 * PGlite query costs about 0.25 ms, so the hot list endpoint is one round trip).
 *
 * Ownership: a notification is reachable only by its recipient, in its org. Another user's id,
 * another org's id and an unknown id all look the same (no row → 404 at the route).
 */
import { sql } from 'drizzle-orm'
import {
  NOTIFICATION_COUNT_CAP,
  NotificationCategories,
  type Notification,
  type NotificationCategory,
  type NotificationCounts,
  type NotificationView,
} from '../../contract/notifications.ts'
import { type Database, rowsOf } from '../db/client.ts'
import { runPrepared, type PreparedStatement } from '../db/prepared.ts'
import { notifications } from '../db/schema.ts'
import { cursorOrderOf, encodeNotificationCursor, type NotificationCursor } from './cursor.ts'
import { type NotificationRow, rowJson, serializeNotification } from './rows.ts'

/** SQL (alias `n`): "in the inbox at `now`" (./rows.ts): not archived, not snoozed until a moment after `now`. */
const inboxSql = (n: string, now: string) => `${n}.archived_at is null and (${n}.snoozed_until is null or ${n}.snoozed_until <= ${now})`

/**
 * Newest first. `nulls last` as the indexes are built (Drizzle's `.desc()`): a plain `desc` means
 * NULLS FIRST, which PostgreSQL does not match to those indexes (NOT NULL columns or not) and
 * sorts every row of the person instead of reading the first page off the index.
 */
const NEWEST_FIRST = 'n.created_at desc nulls last, n.id desc nulls last'

/**
 * Each view's rows (alias `n`, `$5` = now), their order (contract `NotificationViews`), and the
 * keyset of that order: `key`, the time column the order starts with, and `after`, the comparison
 * that keeps the rows after a cursor `(at, id)` (a row comparison over the same columns as the
 * index, so the index scan starts at the cursor rather than reading the rows before it).
 */
const VIEW_SQL: Readonly<Record<NotificationView, { readonly where: string; readonly order: string; readonly key: string; readonly after: '<' | '>' }>> = {
  inbox: { where: inboxSql('n', '$5'), order: NEWEST_FIRST, key: 'n.created_at', after: '<' },
  unread: { where: `${inboxSql('n', '$5')} and n.read_at is null`, order: NEWEST_FIRST, key: 'n.created_at', after: '<' },
  archived: { where: 'n.archived_at is not null', order: NEWEST_FIRST, key: 'n.created_at', after: '<' },
  snoozed: { where: 'n.snoozed_until is not null and n.snoozed_until > $5', order: 'n.snoozed_until asc, n.id asc', key: 'n.snoozed_until', after: '>' },
}

/**
 * SQL (alias `u`): how many rows of `user`/`org` match `where`, counting no further than
 * {@link NOTIFICATION_COUNT_CAP} (contract: a count at the cap means "that many or more"). The
 * inner `limit` stops the scan there, so the cost is at most the cap's index entries, not the
 * person's whole inbox. `order`, when given, is the order of the partial index meant to serve the
 * count (the first rows of a view): with it the planner reads that index rather than one by
 * person alone, which would also pass over the person's rows outside the view.
 */
const cappedCount = (user: string, org: string, where: string, order?: string) =>
  `(select count(*)::int from (select 1 from notifications u where u.user_id = ${user} and u.org_id = ${org} and ${where}${
    order === undefined ? '' : ` order by ${order}`
  } limit ${NOTIFICATION_COUNT_CAP}) c)`

/** {@link NEWEST_FIRST} for the alias `u`. */
const NEWEST_FIRST_U = NEWEST_FIRST.replaceAll('n.', 'u.')

/**
 * SQL text (alias `n`) of one notification as the contract's wire JSON, exactly what
 * {@link serializeNotification} writes for that row: the same keys in the same order, compact,
 * strings escaped by `to_json` (the same escapes as `JSON.stringify`), times as `toISOString`
 * writes them (UTC, milliseconds truncated, as `Date.parse` of the timestamp does), whole seconds
 * floored, absent action fields and snooze as null, a JSON-null `metadata` as `{}`. `metadata` is
 * the stored jsonb's own text (its numbers and key order as stored; `": "` and `", "` spacing).
 * Built in the statement so the list's answer is this text, unparsed (parsing the page's
 * JSON, mapping each row and stringifying it again was about a sixth of the server's CPU on the list).
 */
const wireJson = (() => {
  const iso = (column: string) => `'"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`
  const text = (column: string) => `to_json(${column})::text`
  const nullable = (expression: string) => `coalesce(${expression}, 'null')`
  const bool = (condition: string) => `case when ${condition} then 'true' else 'false' end`
  const fields: ReadonlyArray<readonly [string, string]> = [
    ['_id', text('n.id')],
    ['title', text('n.title')],
    ['body', text('n.body')],
    ['read', bool('n.read_at is not null')],
    ['status', `case when n.read_at is not null then '"read"' else '"unread"' end`],
    ['priority', text('n.priority')],
    ['category', text('n.category')],
    ['created_at_timestamp', `floor(extract(epoch from n.created_at))::bigint::text`],
    ['createdAt', iso('n.created_at')],
    ['actionUrl', nullable(text('n.action_url'))],
    ['actionText', nullable(text('n.action_text'))],
    ['metadata', `case when n.metadata is null or jsonb_typeof(n.metadata) = 'null' then '{}' else n.metadata::text end`],
    ['seen', bool('n.seen_at is not null')],
    ['archived', bool('n.archived_at is not null')],
    ['snoozed_until', nullable(iso('n.snoozed_until'))],
    ['group_key', nullable(text('n.group_key'))],
  ]
  return fields.map(([key, expression], i) => `'${i === 0 ? '{' : ','}"${key}":' || ${expression}`).join(' || ') + ` || '}'`
})()

/** SQL of a timestamptz column as the cursor keeps it: UTC with microseconds (./cursor.ts). */
const cursorTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/**
 * The list query of `view` (with the category when `byCategory`, the rows after a cursor when
 * `afterCursor`): `$1` user id, `$2` org id, `$3` rows to read (limit + 1: the extra row only
 * probes `hasMore`), `$4` offset (0 with a cursor), `$5` now (timestamptz), then `$6` the category
 * if any, then the cursor's time and id if any. One statement: the membership test, the inbox's
 * unread and unseen counts, each stopped at {@link NOTIFICATION_COUNT_CAP} (over the partial indexes
 * `notifications_unread_idx` / `notifications_unseen_idx`, answered from the index), and the page
 * (the inbox views over the partial `notifications_inbox_idx`, or `notifications_inbox_category_idx`
 * for a category; archived over `notifications_archived_idx`; snoozed over
 * `notifications_snoozed_idx`; a cursor starts the index scan at its position). Columns, in text
 * form: `member`, `unread`, `unseen`, `rows` (the first `$3 - 1` rows of the page as a JSON array
 * of contract `Notification`s, each written by {@link wireJson}, so the answer is assembled
 * without parsing it), `has_more` (the probe row was there), and `next_at` / `next_id`, the
 * keyset position of the last row shown when `has_more`. A named prepared statement per view,
 * category-or-not and cursor-or-not ({@link runPrepared}): parsed and planned once per session,
 * each with a plan for its own index. Plain SQL, so the table and column names are those of
 * schema.ts (the notifications tests run it).
 */
export function listStatement(view: NotificationView, byCategory: boolean, afterCursor = false): PreparedStatement {
  const { where, order, key, after } = VIEW_SQL[view]
  const at = byCategory ? '$7' : '$6'
  const id = byCategory ? '$8' : '$7'
  const category = byCategory ? ' and n.category = $6' : ''
  const cursor = afterCursor ? ` and (${key}, n.id) ${after} (${at}::timestamptz, ${id})` : ''
  const inbox = inboxSql('u', '$5')
  return {
    name: `notifications_list_${view}${byCategory ? '_category' : ''}${afterCursor ? '_after' : ''}`,
    text: `select
  exists (select 1 from memberships m where m.user_id = $1 and m.org_id = $2) as member,
  ${cappedCount('$1', '$2', `u.read_at is null and ${inbox}`)} as unread,
  ${cappedCount('$1', '$2', `u.seen_at is null and ${inbox}`)} as unseen,
  p.rows, p.has_more, p.next_at, p.next_id
from (select '[' || coalesce(string_agg(q.doc, ',' order by q.ord) filter (where q.ord < $3 + $4), '') || ']' as rows, count(*) >= $3 as has_more,
    max(q.at) filter (where q.ord = $3 - 1 + $4) as next_at, max(q.id) filter (where q.ord = $3 - 1 + $4) as next_id
  from (select row_number() over (order by ${order}) as ord, ${wireJson} as doc, ${cursorTime(key)} as at, n.id
    from notifications n
    where n.user_id = $1 and n.org_id = $2 and ${where}${category}${cursor}
    order by ${order}
    limit $3 offset $4) q) p`,
  }
}

/** Every list statement, by `${view} ${byCategory} ${afterCursor}`. */
const LIST_STATEMENTS = new Map<string, PreparedStatement>()
for (const view of Object.keys(VIEW_SQL) as NotificationView[]) {
  for (const byCategory of [false, true]) {
    for (const afterCursor of [false, true]) LIST_STATEMENTS.set(`${view} ${byCategory} ${afterCursor}`, listStatement(view, byCategory, afterCursor))
  }
}

/** Options of {@link listNotifications}. */
export interface ListOptions {
  /** Default `inbox`. */
  readonly view?: NotificationView
  /** Only this category; absent: every one. */
  readonly category?: NotificationCategory
  /**
   * Only the rows after this position (a previous page's `next_cursor`, decoded by ./cursor.ts;
   * its order must be the view's, which the route checks); `page` is then 1.
   */
  readonly after?: NotificationCursor
  /** The clock, ms since the epoch: what "snoozed now" is measured against. */
  readonly nowMs: number
}

/**
 * Page `page` (from 1) of `limit` notifications of `userId` in `orgId` in `options.view` (the
 * inbox by default: newest first, created_at desc, id desc; snoozed: soonest back first), or the
 * `limit` after `options.after`, with the inbox's unread and unseen counts (each capped at
 * {@link NOTIFICATION_COUNT_CAP}), whether a further page exists and its cursor, in ONE query
 * ({@link listStatement}); the bench (`npm run bench`) measures the default.
 * @returns the answer as JSON text, contract `NotificationsPage` (keys `notifications`,
 *   `unread_count`, `unseen_count`, `hasMore`, `next_cursor`), ready to send; undefined if the
 *   user is not a member of the org (→ 403).
 */
export async function listNotifications(
  db: Database,
  userId: string,
  orgId: string,
  page: number,
  limit: number,
  options: ListOptions,
): Promise<string | undefined> {
  const view = options.view ?? 'inbox'
  const after = options.after
  const statement = LIST_STATEMENTS.get(`${view} ${options.category !== undefined} ${after !== undefined}`) as PreparedStatement
  const params: Array<string | number> = [userId, orgId, limit + 1, after === undefined ? (page - 1) * limit : 0, new Date(options.nowMs).toISOString()]
  if (options.category !== undefined) params.push(options.category)
  if (after !== undefined) params.push(after.at, after.id)
  const [row] = await runPrepared(db, statement, params)
  if (row === undefined || row.member !== 't') return undefined
  const hasMore = row.has_more === 't'
  const next =
    hasMore && row.next_at != null && row.next_id != null ? JSON.stringify(encodeNotificationCursor({ order: cursorOrderOf(view), at: row.next_at, id: row.next_id })) : 'null'
  // The counts are integers from count(*); Number() keeps them numbers in the JSON whatever the driver's text.
  return `{"notifications":${row.rows ?? '[]'},"unread_count":${Number(row.unread)},"unseen_count":${Number(row.unseen)},"hasMore":${hasMore},"next_cursor":${next}}`
}

/**
 * The statement of {@link countNotifications}: `$1` user id, `$2` org id, `$3` now (timestamptz).
 * Columns, in text form: `member`, `unread`, `unseen`, `archived`, `snoozed`, `inbox` (each
 * capped), and `categories`, a JSON object of the capped inbox count per category that has rows.
 */
export const COUNTS_STATEMENT: PreparedStatement = (() => {
  const inbox = inboxSql('u', '$3')
  const categories = `array[${NotificationCategories.map((c) => `'${c}'`).join(', ')}]`
  return {
    name: 'notifications_counts',
    text: `select
  exists (select 1 from memberships m where m.user_id = $1 and m.org_id = $2) as member,
  ${cappedCount('$1', '$2', `u.read_at is null and ${inbox}`)} as unread,
  ${cappedCount('$1', '$2', `u.seen_at is null and ${inbox}`)} as unseen,
  ${cappedCount('$1', '$2', 'u.archived_at is not null', NEWEST_FIRST_U)} as archived,
  ${cappedCount('$1', '$2', 'u.snoozed_until is not null and u.snoozed_until > $3', 'u.snoozed_until asc, u.id asc')} as snoozed,
  ${cappedCount('$1', '$2', inbox, NEWEST_FIRST_U)} as inbox,
  (select coalesce(json_object_agg(g.category, k.n order by g.category), '{}'::json)::text
    from unnest(${categories}::text[]) as g(category)
    -- offset 0 keeps the count one subplan: pulled up, it would run again for the where clause.
    cross join lateral (select ${cappedCount('$1', '$2', `u.category = g.category and ${inbox}`, NEWEST_FIRST_U)} as n offset 0) k
    where k.n > 0) as categories`,
  }
})()

/**
 * Every count of `GET /notifications/counts` in ONE statement, at one moment (`nowMs`), each
 * stopped at {@link NOTIFICATION_COUNT_CAP} (contract `NotificationCounts`: the cap means "that
 * many or more"; SPEC §2.6 shows '99+' above 99), so none reads more than the cap's index entries
 * however large the inbox: the membership test; unread and unseen of the inbox over their
 * partial indexes; archived; snoozed; the inbox; inbox rows per category (one capped count per
 * SPEC §3 category, the only ones the table holds, over `notifications_inbox_category_idx`).
 * Categories without inbox rows are absent.
 * @returns undefined if the user is not a member of the org (→ 403).
 */
export async function countNotifications(db: Database, userId: string, orgId: string, nowMs: number): Promise<NotificationCounts | undefined> {
  const [row] = await runPrepared(db, COUNTS_STATEMENT, [userId, orgId, new Date(nowMs).toISOString()])
  if (row === undefined || row.member !== 't') return undefined
  const counted = JSON.parse(row.categories ?? '{}') as Record<string, number>
  const categoryCounts: Record<string, number> = {}
  for (const [category, n] of Object.entries(counted)) categoryCounts[category] = Number(n)
  return {
    inbox: Number(row.inbox),
    unread: Number(row.unread),
    unseen: Number(row.unseen),
    archived: Number(row.archived),
    snoozed: Number(row.snoozed),
    categories: categoryCounts,
  }
}

/**
 * One notification of `userId` in `orgId` by id (for the SSE stream after a NOTIFY); undefined
 * if there is none (deleted meanwhile).
 */
export async function loadNotification(db: Database, userId: string, orgId: string, id: string): Promise<Notification | undefined> {
  const result = await db.execute(sql`
    select ${rowJson} as row from ${notifications} n where n.id = ${id} and n.user_id = ${userId} and n.org_id = ${orgId}`)
  const [row] = rowsOf<{ row: NotificationRow }>(result)
  return row === undefined ? undefined : serializeNotification(row.row)
}

