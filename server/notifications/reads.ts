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
import type { Notification, NotificationCategory, NotificationCounts, NotificationView } from '../../contract/notifications.ts'
import { type Database, rowsOf } from '../db/client.ts'
import { runPrepared, type PreparedStatement } from '../db/prepared.ts'
import { memberships, notifications } from '../db/schema.ts'
import { type NotificationRow, rowJson, serializeNotification } from './rows.ts'

/** SQL (alias `n`): "in the inbox at `now`" (./rows.ts): not archived, not snoozed until a moment after `now`. */
const inboxSql = (n: string, now: string) => `${n}.archived_at is null and (${n}.snoozed_until is null or ${n}.snoozed_until <= ${now})`

/**
 * Newest first. `nulls last` as the indexes are built (Drizzle's `.desc()`): a plain `desc` means
 * NULLS FIRST, which PostgreSQL does not match to those indexes (NOT NULL columns or not) and
 * sorts every row of the person instead of reading the first page off the index.
 */
const NEWEST_FIRST = 'n.created_at desc nulls last, n.id desc nulls last'

/** Each view's rows (alias `n`, `$5` = now) and their order (contract `NotificationViews`). */
const VIEW_SQL: Readonly<Record<NotificationView, { readonly where: string; readonly order: string }>> = {
  inbox: { where: inboxSql('n', '$5'), order: NEWEST_FIRST },
  unread: { where: `${inboxSql('n', '$5')} and n.read_at is null`, order: NEWEST_FIRST },
  archived: { where: 'n.archived_at is not null', order: NEWEST_FIRST },
  snoozed: { where: 'n.snoozed_until is not null and n.snoozed_until > $5', order: 'n.snoozed_until asc, n.id asc' },
}

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

/**
 * The list query of `view` (with `$6` the category when `byCategory`): `$1` user id, `$2` org id,
 * `$3` rows to read (limit + 1: the extra row only probes `hasMore`), `$4` offset, `$5` now
 * (timestamptz). One statement: the membership test, the inbox's unread and unseen counts (over
 * the partial indexes `notifications_unread_idx` / `notifications_unseen_idx`, answered from the
 * index), and the page (the inbox views over the partial `notifications_inbox_idx`, or
 * `notifications_inbox_category_idx` for a category; archived over `notifications_archived_idx`;
 * snoozed over `notifications_snoozed_idx`). Columns, in text form: `member`, `unread`, `unseen`,
 * `rows` (the first `$3 - 1` rows of the page as a JSON array of contract `Notification`s, each written by
 * {@link wireJson}, so the answer is assembled without parsing it) and `has_more` (the probe row
 * was there). A named prepared statement per view and category-or-not ({@link runPrepared}):
 * parsed and planned once per session, each with a plan for its own index. Plain SQL, so the table
 * and column names are those of schema.ts (the notifications tests run it).
 */
export function listStatement(view: NotificationView, byCategory: boolean): PreparedStatement {
  const { where, order } = VIEW_SQL[view]
  return {
    name: `notifications_list_${view}${byCategory ? '_category' : ''}`,
    text: `select
  exists (select 1 from memberships m where m.user_id = $1 and m.org_id = $2) as member,
  (select count(*)::int from notifications u where u.user_id = $1 and u.org_id = $2 and u.read_at is null and ${inboxSql('u', '$5')}) as unread,
  (select count(*)::int from notifications u where u.user_id = $1 and u.org_id = $2 and u.seen_at is null and ${inboxSql('u', '$5')}) as unseen,
  p.rows, p.has_more
from (select '[' || coalesce(string_agg(q.doc, ',' order by q.ord) filter (where q.ord < $3 + $4), '') || ']' as rows, count(*) >= $3 as has_more
  from (select row_number() over (order by ${order}) as ord, ${wireJson} as doc
    from notifications n
    where n.user_id = $1 and n.org_id = $2 and ${where}${byCategory ? ' and n.category = $6' : ''}
    order by ${order}
    limit $3 offset $4) q) p`,
  }
}

/** Every list statement, by `${view} ${byCategory}`. */
const LIST_STATEMENTS = new Map<string, PreparedStatement>()
for (const view of Object.keys(VIEW_SQL) as NotificationView[]) {
  for (const byCategory of [false, true]) LIST_STATEMENTS.set(`${view} ${byCategory}`, listStatement(view, byCategory))
}

/** Options of {@link listNotifications}. */
export interface ListOptions {
  /** Default `inbox`. */
  readonly view?: NotificationView
  /** Only this category; absent: every one. */
  readonly category?: NotificationCategory
  /** The clock, ms since the epoch: what "snoozed now" is measured against. */
  readonly nowMs: number
}

/**
 * Page `page` (from 1) of `limit` notifications of `userId` in `orgId` in `options.view` (the
 * inbox by default: newest first, created_at desc, id desc; snoozed: soonest back first), with the
 * inbox's unread and unseen counts and whether a further page exists, in ONE query
 * ({@link listStatement}); the bench (`npm run bench`) measures the default.
 * @returns the answer as JSON text, contract `NotificationsPage` (keys
 *   `notifications`, `unread_count`, `unseen_count`, `hasMore`), ready to send; undefined if the
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
  const statement = LIST_STATEMENTS.get(`${view} ${options.category !== undefined}`) as PreparedStatement
  const params: Array<string | number> = [userId, orgId, limit + 1, (page - 1) * limit, new Date(options.nowMs).toISOString()]
  if (options.category !== undefined) params.push(options.category)
  const [row] = await runPrepared(db, statement, params)
  if (row === undefined || row.member !== 't') return undefined
  // The counts are integers from count(*); Number() keeps them numbers in the JSON whatever the driver's text.
  return `{"notifications":${row.rows ?? '[]'},"unread_count":${Number(row.unread)},"unseen_count":${Number(row.unseen)},"hasMore":${row.has_more === 't'}}`
}

/**
 * Every count of `GET /notifications/counts` in ONE statement, at one moment
 * (`nowMs`): the membership test; unread and unseen of the inbox over their partial indexes;
 * archived; snoozed; inbox rows per category (the inbox total is their sum, so the two always
 * agree). Categories without inbox rows are absent.
 * @returns undefined if the user is not a member of the org (→ 403).
 */
export async function countNotifications(db: Database, userId: string, orgId: string, nowMs: number): Promise<NotificationCounts | undefined> {
  const now = new Date(nowMs).toISOString()
  const result = await db.execute(sql`
    select
      exists (select 1 from ${memberships} m where m.user_id = ${userId} and m.org_id = ${orgId}) as member,
      (select count(*)::int from ${notifications} u where u.user_id = ${userId} and u.org_id = ${orgId} and u.read_at is null
        and u.archived_at is null and (u.snoozed_until is null or u.snoozed_until <= ${now}::timestamptz)) as unread,
      (select count(*)::int from ${notifications} u where u.user_id = ${userId} and u.org_id = ${orgId} and u.seen_at is null
        and u.archived_at is null and (u.snoozed_until is null or u.snoozed_until <= ${now}::timestamptz)) as unseen,
      (select count(*)::int from ${notifications} u where u.user_id = ${userId} and u.org_id = ${orgId} and u.archived_at is not null) as archived,
      (select count(*)::int from ${notifications} u where u.user_id = ${userId} and u.org_id = ${orgId}
        and u.snoozed_until is not null and u.snoozed_until > ${now}::timestamptz) as snoozed,
      (select coalesce(json_object_agg(c.category, c.n), '{}'::json) from (
        select u.category, count(*)::int as n from ${notifications} u where u.user_id = ${userId} and u.org_id = ${orgId}
          and u.archived_at is null and (u.snoozed_until is null or u.snoozed_until <= ${now}::timestamptz)
        group by u.category order by u.category) c) as categories`)
  const [row] = rowsOf<{ member: boolean; unread: number; unseen: number; archived: number; snoozed: number; categories: Record<string, number> | null }>(
    result,
  )
  if (row === undefined || !row.member) return undefined
  const categories: Record<string, number> = {}
  let inbox = 0
  for (const [category, n] of Object.entries(row.categories ?? {})) {
    categories[category] = Number(n)
    inbox += Number(n)
  }
  return { inbox, unread: Number(row.unread), unseen: Number(row.unseen), archived: Number(row.archived), snoozed: Number(row.snoozed), categories }
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

