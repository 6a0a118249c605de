/**
 * Notifications and preferences in the database (SPEC.md §3 Notification, Notification
 * preferences; §4 Notifications; §7). Every function that serves a request checks membership of
 * the org inside its single SQL statement (STACK.md: each PGlite query costs about 0.25 ms, so the
 * hot list endpoint is one round trip).
 *
 * Ownership: a notification is reachable only by its recipient, in its org. Another user's id,
 * another org's id and an unknown id all look the same (`found: false` → 404 at the route).
 *
 * Issue #18 (the inbox): every notification is in exactly one of three places: the INBOX (not
 * archived, and not snoozed or its snooze moment has passed), ARCHIVED, or SNOOZED (until a
 * moment still ahead). Archiving clears a snooze; snoozing un-archives. "Now" for the views is
 * the app's clock (`nowMs`, ISO text to SQL), so the views, the snooze checks and the wake-up
 * timer (server/notifications/snooze.ts) agree, also under a test's moved clock; the stored
 * times (`read_at`, `seen_at`, `archived_at`) are the database's now().
 */
import { sql } from 'drizzle-orm'
import {
  DEFAULT_PREFERENCES,
  type CreateNotificationRequest,
  type Notification,
  type NotificationCategory,
  type NotificationCounts,
  type NotificationPreferences,
  type NotificationPriority,
  type NotificationView,
} from '../../contract/notifications.ts'
import { ErrorCode } from '../../contract/api.ts'
import { type Database, rowsOf } from '../db/client.ts'
import { runPrepared, type PreparedStatement } from '../db/prepared.ts'
import { memberships, notificationPreferences, notifications, organizations, users } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import { normalizePreferences } from './preferences.ts'

/**
 * The channel of `pg_notify` on create; payload `{ id, user_id, org_id }` as JSON. Issue #18: a
 * notification back from a snooze is announced the same way, with `woken` (its snooze moment, ms
 * since the epoch) added so listeners do not mistake it for an earlier announcement of that id.
 */
export const NOTIFICATIONS_CHANNEL = 'notifications'

/**
 * SQL for `pg_notify` of the row alias `r` (columns id, user_id, org_id) as a new notification;
 * `woken` (SQL of a timestamptz, or omitted) marks a wake-up from a snooze.
 */
export function announceSql(r: string, woken?: string): string {
  const extra = woken === undefined ? '' : `, 'woken', floor(extract(epoch from ${woken}) * 1000)::float8`
  return `pg_notify('${NOTIFICATIONS_CHANNEL}', json_build_object('id', ${r}.id, 'user_id', ${r}.user_id, 'org_id', ${r}.org_id${extra})::text)`
}

/** A notification row as the queries below select it (`created_ms`: ms since the epoch). */
export interface NotificationRow {
  readonly id: string
  readonly title: string
  readonly body: string
  readonly category: string
  readonly priority: string
  readonly read: boolean
  readonly action_url: string | null
  readonly action_text: string | null
  readonly metadata: Record<string, unknown> | null
  readonly created_ms: number | string
  /** Issue #18. */
  readonly seen: boolean
  readonly archived: boolean
  /** Ms since the epoch, null when not snoozed. */
  readonly snoozed_ms: number | string | null
  readonly group_key: string | null
}

/** SQL object for one row of `n` (alias of `notifications`), the shape of {@link NotificationRow}. */
const rowJson = sql.raw(`json_build_object(
  'id', n.id, 'title', n.title, 'body', n.body, 'category', n.category, 'priority', n.priority,
  'read', n.read_at is not null, 'action_url', n.action_url, 'action_text', n.action_text,
  'metadata', n.metadata, 'created_ms', floor(extract(epoch from n.created_at) * 1000)::float8,
  'seen', n.seen_at is not null, 'archived', n.archived_at is not null,
  'snoozed_ms', floor(extract(epoch from n.snoozed_until) * 1000)::float8, 'group_key', n.group_key)`)

/**
 * The canonical wire form (contract `Notification`): `status` mirrors `read`,
 * `created_at_timestamp` is whole SECONDS since the epoch, `createdAt` ISO 8601, absent action
 * fields are null (never undefined). Issue #18: `seen`, `archived`, `snoozed_until` (ISO, ms
 * precision, or null) and `group_key` (or null) are always sent.
 */
export function serializeNotification(row: NotificationRow): Notification {
  const ms = Number(row.created_ms)
  const priority = row.priority as NotificationPriority
  return {
    _id: row.id,
    title: row.title,
    body: row.body,
    read: row.read,
    status: row.read ? 'read' : 'unread',
    priority,
    category: row.category,
    created_at_timestamp: Math.floor(ms / 1000),
    createdAt: new Date(ms).toISOString(),
    actionUrl: row.action_url ?? null,
    actionText: row.action_text ?? null,
    metadata: row.metadata ?? {},
    seen: row.seen,
    archived: row.archived,
    snoozed_until: row.snoozed_ms === null || row.snoozed_ms === undefined ? null : new Date(Number(row.snoozed_ms)).toISOString(),
    group_key: row.group_key ?? null,
  }
}

/** SQL (alias `n`): "in the inbox at `now`": not archived, not snoozed until a moment after `now`. */
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

/** Outcome of a change: `member` false → 403; `found` false → 404. */
export interface ChangeResult {
  readonly member: boolean
  readonly found: boolean
}

/**
 * Runs `change` (a data-modifying CTE named `changed` that returns one row per affected
 * notification) together with the membership test, in one statement. The change itself is
 * guarded by membership, so a non-member changes nothing.
 */
async function change(db: Database, userId: string, orgId: string, changed: ReturnType<typeof sql>): Promise<{ member: boolean; changed: number }> {
  const result = await db.execute(sql`
    with member as (select 1 from ${memberships} m where m.user_id = ${userId} and m.org_id = ${orgId}),
    changed as (${changed})
    select exists (select 1 from member) as member, (select count(*)::int from changed) as changed`)
  const [row] = rowsOf<{ member: boolean; changed: number }>(result)
  return { member: row?.member ?? false, changed: Number(row?.changed ?? 0) }
}

/**
 * Marks one of the caller's notifications read (reading a read one keeps its first read time);
 * Reading implies seeing, so it is marked seen too.
 */
export async function markRead(db: Database, userId: string, orgId: string, id: string): Promise<ChangeResult> {
  const r = await change(
    db,
    userId,
    orgId,
    sql`update ${notifications} set read_at = coalesce(read_at, now()), seen_at = coalesce(seen_at, now())
      where id = ${id} and user_id = ${userId} and org_id = ${orgId} and exists (select 1 from member) returning 1`,
  )
  return { member: r.member, found: r.changed > 0 }
}

/**
 * Marks every unread notification of the caller's inbox in the org read (and seen): exactly what
 * `unread_count` counts, so it is 0 afterwards (SPEC §4). Issue #18: archived and snoozed ones are
 * out of that count and keep their state (a snoozed one comes back unread anyway). `found` is
 * always true.
 */
export async function markAllRead(db: Database, userId: string, orgId: string, nowMs: number): Promise<ChangeResult> {
  const now = new Date(nowMs).toISOString()
  const r = await change(
    db,
    userId,
    orgId,
    sql`update ${notifications} set read_at = now(), seen_at = coalesce(seen_at, now())
      where user_id = ${userId} and org_id = ${orgId} and read_at is null and archived_at is null
        and (snoozed_until is null or snoozed_until <= ${now}::timestamptz) and exists (select 1 from member) returning 1`,
  )
  return { member: r.member, found: true }
}

/** Marks one of the caller's notifications unread (`read_at` null; seen stays). Idempotent. */
export async function markUnread(db: Database, userId: string, orgId: string, id: string): Promise<ChangeResult> {
  const r = await change(
    db,
    userId,
    orgId,
    sql`update ${notifications} set read_at = null
      where id = ${id} and user_id = ${userId} and org_id = ${orgId} and exists (select 1 from member) returning 1`,
  )
  return { member: r.member, found: r.changed > 0 }
}

/**
 * Marks seen every unseen notification of the caller's inbox (at `nowMs`) created at or
 * before `beforeMs` (the newest row of the panel when it opened). `found` is always true.
 */
export async function markSeen(db: Database, userId: string, orgId: string, beforeMs: number, nowMs: number): Promise<ChangeResult> {
  const now = new Date(nowMs).toISOString()
  const before = new Date(beforeMs).toISOString()
  const r = await change(
    db,
    userId,
    orgId,
    sql`update ${notifications} set seen_at = now()
      where user_id = ${userId} and org_id = ${orgId} and seen_at is null and archived_at is null
        and (snoozed_until is null or snoozed_until <= ${now}::timestamptz) and created_at <= ${before}::timestamptz
        and exists (select 1 from member) returning 1`,
  )
  return { member: r.member, found: true }
}

/**
 * Archives one of the caller's notifications (archiving an archived one keeps its
 * first time). It leaves the inbox and its counts; a snooze is dropped (nothing is waiting any
 * more) and it counts as seen (it was dealt with: a restore must not raise the badge). Idempotent.
 */
export async function archiveNotification(db: Database, userId: string, orgId: string, id: string): Promise<ChangeResult> {
  const r = await change(
    db,
    userId,
    orgId,
    sql`update ${notifications} set archived_at = coalesce(archived_at, now()), snoozed_until = null, seen_at = coalesce(seen_at, now())
      where id = ${id} and user_id = ${userId} and org_id = ${orgId} and exists (select 1 from member) returning 1`,
  )
  return { member: r.member, found: r.changed > 0 }
}

/** Restores (un-archives) one of the caller's notifications, read state as it was. Idempotent. */
export async function restoreNotification(db: Database, userId: string, orgId: string, id: string): Promise<ChangeResult> {
  const r = await change(
    db,
    userId,
    orgId,
    sql`update ${notifications} set archived_at = null
      where id = ${id} and user_id = ${userId} and org_id = ${orgId} and exists (select 1 from member) returning 1`,
  )
  return { member: r.member, found: r.changed > 0 }
}

/** Archives every READ notification of the caller's inbox (at `nowMs`). `found` is always true. */
export async function archiveRead(db: Database, userId: string, orgId: string, nowMs: number): Promise<ChangeResult> {
  const now = new Date(nowMs).toISOString()
  const r = await change(
    db,
    userId,
    orgId,
    sql`update ${notifications} set archived_at = now(), snoozed_until = null, seen_at = coalesce(seen_at, now())
      where user_id = ${userId} and org_id = ${orgId} and read_at is not null and archived_at is null
        and (snoozed_until is null or snoozed_until <= ${now}::timestamptz) and exists (select 1 from member) returning 1`,
  )
  return { member: r.member, found: true }
}

/**
 * Snoozes one of the caller's notifications until `untilMs` (the route has checked it
 * is ahead, at most a year). It leaves the inbox (and the archive, if it was there) and is made
 * unread and unseen at once, so it is back unread at that moment even before the wake-up timer
 * (server/notifications/snooze.ts) runs. Snoozing again moves the moment. Idempotent.
 */
export async function snoozeNotification(db: Database, userId: string, orgId: string, id: string, untilMs: number): Promise<ChangeResult> {
  const until = new Date(untilMs).toISOString()
  const r = await change(
    db,
    userId,
    orgId,
    sql`update ${notifications} set snoozed_until = ${until}::timestamptz, archived_at = null, read_at = null, seen_at = null
      where id = ${id} and user_id = ${userId} and org_id = ${orgId} and exists (select 1 from member) returning 1`,
  )
  return { member: r.member, found: r.changed > 0 }
}

/**
 * Wakes one of the caller's snoozed notifications now, as the timer would: back in the
 * inbox, unread and unseen, announced to the open streams (`pg_notify` with `woken`). One that is
 * not snoozed is left as it is and nothing is announced (idempotent; still `found`).
 */
export async function unsnoozeNotification(db: Database, userId: string, orgId: string, id: string): Promise<ChangeResult> {
  const result = await db.execute(sql`
    with member as (select 1 from ${memberships} m where m.user_id = ${userId} and m.org_id = ${orgId}),
    target as (
      select n.id, n.snoozed_until from ${notifications} n
      where n.id = ${id} and n.user_id = ${userId} and n.org_id = ${orgId} and exists (select 1 from member)
      for update),
    woke as (
      update ${notifications} n set snoozed_until = null, read_at = null, seen_at = null
      from target where n.id = target.id and target.snoozed_until is not null
      returning n.id, n.user_id, n.org_id, target.snoozed_until as was)
    select exists (select 1 from member) as member, (select count(*)::int from target) as found,
      (select count(*)::int from (select ${sql.raw(announceSql('w', 'w.was'))} as notified from woke w) a) as announced`)
  const [row] = rowsOf<{ member: boolean; found: number }>(result)
  return { member: row?.member ?? false, found: Number(row?.found ?? 0) > 0 }
}

/** Deletes one of the caller's notifications. */
export async function deleteNotification(db: Database, userId: string, orgId: string, id: string): Promise<ChangeResult> {
  const r = await change(
    db,
    userId,
    orgId,
    sql`delete from ${notifications}
      where id = ${id} and user_id = ${userId} and org_id = ${orgId} and exists (select 1 from member) returning 1`,
  )
  return { member: r.member, found: r.changed > 0 }
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

/** Whether `userId` is a member of `orgId` (one query). */
export async function isMember(db: Database, userId: string, orgId: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 as one from ${memberships} m where m.user_id = ${userId} and m.org_id = ${orgId}`)
  return rowsOf(result).length > 0
}

/**
 * The caller's preferences in the server's canonical shape (server/notifications/preferences.ts
 * `normalizePreferences`: every category, `channels` filled), {@link DEFAULT_PREFERENCES} when
 * none are saved; membership of the org is checked in the same query.
 * @returns undefined when the user is not a member of the org (→ 403); else the answer and the
 *   document as stored (null when none), which a PUT merges with.
 */
export async function loadPreferences(
  db: Database,
  userId: string,
  orgId: string,
): Promise<{ readonly preferences: NotificationPreferences; readonly saved: NotificationPreferences | null } | undefined> {
  const result = await db.execute(sql`
    select p.preferences from ${memberships} m
    left join ${notificationPreferences} p on p.user_id = m.user_id
    where m.user_id = ${userId} and m.org_id = ${orgId}`)
  const [row] = rowsOf<{ preferences: NotificationPreferences | null }>(result)
  if (row === undefined) return undefined
  return { preferences: normalizePreferences(row.preferences), saved: row.preferences }
}

/**
 * Saves the caller's (already validated and normalized) preferences, replacing any saved ones;
 * written only if the caller is a member of the org (one statement).
 * @returns the saved preferences (normalized), or undefined when not a member (nothing written → 403).
 */
export async function savePreferences(
  db: Database,
  userId: string,
  orgId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences | undefined> {
  const json = JSON.stringify(preferences)
  const result = await db.execute(sql`
    insert into ${notificationPreferences} (user_id, preferences, updated_at)
    select m.user_id, ${json}::jsonb, now() from ${memberships} m where m.user_id = ${userId} and m.org_id = ${orgId}
    on conflict (user_id) do update set preferences = excluded.preferences, updated_at = excluded.updated_at
    returning preferences`)
  const [row] = rowsOf<{ preferences: NotificationPreferences }>(result)
  return row === undefined ? undefined : normalizePreferences(row.preferences)
}

/**
 * Changes one person's preferences outside any org (the unsubscribe link), in one
 * transaction with the row locked, so a concurrent save is not lost: `change` gets the current
 * preferences (normalized; the defaults when none are saved) and returns the new ones.
 * @returns the user's email and the preferences now stored, or undefined when there is no such user.
 */
export async function updateUserPreferences(
  db: Database,
  userId: string,
  change: (current: NotificationPreferences) => NotificationPreferences,
): Promise<{ readonly email: string; readonly preferences: NotificationPreferences } | undefined> {
  return db.transaction(async (tx) => {
    const found = await tx.execute(sql`
      select u.email, p.preferences from ${users} u
      left join ${notificationPreferences} p on p.user_id = u.id
      where u.id = ${userId}
      for update of u`)
    const [row] = rowsOf<{ email: string; preferences: NotificationPreferences | null }>(found)
    if (row === undefined) return undefined
    const next = normalizePreferences(change(normalizePreferences(row.preferences)))
    await tx.execute(sql`
      insert into ${notificationPreferences} (user_id, preferences, updated_at)
      values (${userId}, ${JSON.stringify(next)}::jsonb, now())
      on conflict (user_id) do update set preferences = excluded.preferences, updated_at = excluded.updated_at`)
    return { email: row.email, preferences: next }
  })
}

/** One person's email and preferences (normalized), outside any org; undefined when there is no such user. */
export async function loadUserPreferences(
  db: Database,
  userId: string,
): Promise<{ readonly email: string; readonly preferences: NotificationPreferences } | undefined> {
  const found = await db.execute(sql`
    select u.email, p.preferences from ${users} u
    left join ${notificationPreferences} p on p.user_id = u.id
    where u.id = ${userId}`)
  const [row] = rowsOf<{ email: string; preferences: NotificationPreferences | null }>(found)
  return row === undefined ? undefined : { email: row.email, preferences: normalizePreferences(row.preferences) }
}

/** `POST /api/internal/notifications` answer. */
export interface CreateNotificationResult {
  readonly notification: Notification
}

/**
 * Creates a notification for the user with `email` in the org named by id or exact name (any
 * case), and announces it with `pg_notify('notifications', {id, user_id, org_id})` in the same
 * transaction (listeners hear of it only once it is committed). Shared by the internal API and
 * the admin CLI's direct mode, so both answer and refuse identically.
 * @throws ApiError 404 `not_found` (issue at `["email"]` or `["org"]`) for an unknown user, an
 *   unknown org, or a user who is not a member of it; 409 when the name matches several orgs.
 */
export async function createNotification(db: Database, request: CreateNotificationRequest): Promise<CreateNotificationResult> {
  const email = request.email.trim().toLowerCase()
  const ref = request.org.trim()
  return db.transaction(async (tx) => {
    const lookup = await tx.execute(sql`
      select
        (select u.id from ${users} u where u.email = ${email}) as user_id,
        coalesce(
          (select json_agg(o.id) from ${organizations} o where o.id = ${ref}),
          (select json_agg(o.id) from ${organizations} o where lower(o.name) = ${ref.toLowerCase()}),
          '[]'::json
        ) as org_ids`)
    const [found] = rowsOf<{ user_id: string | null; org_ids: string[] }>(lookup)
    if (!found?.user_id) throw new ApiError(404, ErrorCode.notFound, `No user has the email "${email}".`, [{ path: ['email'], message: 'No such user' }])
    if (found.org_ids.length === 0)
      throw new ApiError(404, ErrorCode.notFound, `No workspace has the id or name "${ref}".`, [{ path: ['org'], message: 'No such workspace' }])
    if (found.org_ids.length > 1) {
      throw new ApiError(
        409,
        'conflict',
        `"${ref}" names ${found.org_ids.length} workspaces; use its id: ${found.org_ids.join(', ')}.`,
        found.org_ids.map((id) => ({ path: ['org'], message: id })),
      )
    }
    const orgId = found.org_ids[0] as string
    const inserted = await tx.execute(sql`
      with n as (
        insert into ${notifications} (id, user_id, org_id, title, body, category, priority, action_url, action_text, group_key)
        select ${crypto.randomUUID()}, m.user_id, m.org_id, ${request.title}, ${request.body ?? ''}, ${request.category ?? 'system'},
          ${request.priority ?? 'normal'}, ${request.action_url ?? null}, ${request.action_text ?? null}, ${request.group_key ?? null}
        from ${memberships} m where m.user_id = ${found.user_id} and m.org_id = ${orgId}
        returning *
      )
      select ${rowJson} as row, ${sql.raw(announceSql('n'))} as notified
      from n`)
    const [row] = rowsOf<{ row: NotificationRow }>(inserted)
    if (row === undefined) {
      throw new ApiError(404, ErrorCode.notFound, `${email} is not a member of that workspace.`, [
        { path: ['email'], message: 'Not a member of the workspace' },
      ])
    }
    return { notification: serializeNotification(row.row) }
  })
}
