/**
 * Notifications and preferences in the database (SPEC.md §3 Notification, Notification
 * preferences; §4 Notifications; §7). Every function that serves a request checks membership of
 * the org inside its single SQL statement (STACK.md: each PGlite query costs about 0.25 ms, so the
 * hot list endpoint is one round trip).
 *
 * Ownership: a notification is reachable only by its recipient, in its org. Another user's id,
 * another org's id and an unknown id all look the same (`found: false` → 404 at the route).
 */
import { sql } from 'drizzle-orm'
import {
  DEFAULT_PREFERENCES,
  type CreateNotificationRequest,
  type Notification,
  type NotificationPreferences,
  type NotificationPriority,
} from '../../contract/notifications.ts'
import { ErrorCode } from '../../contract/api.ts'
import { type Database, rowsOf } from '../db/client.ts'
import { runPrepared, type PreparedStatement } from '../db/prepared.ts'
import { memberships, notificationPreferences, notifications, organizations, users } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import { normalizePreferences } from './preferences.ts'

/** The channel of `pg_notify` on create; payload `{ id, user_id, org_id }` as JSON. */
export const NOTIFICATIONS_CHANNEL = 'notifications'

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
}

/** SQL object for one row of `n` (alias of `notifications`), the shape of {@link NotificationRow}. */
const rowJson = sql.raw(`json_build_object(
  'id', n.id, 'title', n.title, 'body', n.body, 'category', n.category, 'priority', n.priority,
  'read', n.read_at is not null, 'action_url', n.action_url, 'action_text', n.action_text,
  'metadata', n.metadata, 'created_ms', floor(extract(epoch from n.created_at) * 1000)::float8)`)

/**
 * The canonical wire form (contract `Notification`): `status` mirrors `read`,
 * `created_at_timestamp` is whole SECONDS since the epoch, `createdAt` ISO 8601, absent action
 * fields are null (never undefined).
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
  }
}


/** One page of the list; `undefined` when the caller is not a member of the org. */
export interface PageResult {
  readonly notifications: ReadonlyArray<Notification>
  readonly unread_count: number
  readonly hasMore: boolean
}

/**
 * The list query, with `$1` user id, `$2` org id, `$3` rows to read (limit + 1: the extra row
 * only probes `hasMore`), `$4` offset. One statement: the membership test, the unread count over
 * the partial index `notifications_unread_idx`, and the page over
 * `notifications_user_org_created_idx`, aggregated into ONE json text column so the driver parses
 * a single value instead of 20 rows (PGlite's row decoding in JavaScript dominated the old query).
 * A named prepared statement ({@link runPrepared}): parsed and planned once per session. Plain
 * SQL, so the table and column names are those of schema.ts (the notifications tests run it).
 */
const LIST_STATEMENT: PreparedStatement = {
  name: 'notifications_list_page',
  text: `select
  exists (select 1 from memberships m where m.user_id = $1 and m.org_id = $2) as member,
  (select count(*)::int from notifications u where u.user_id = $1 and u.org_id = $2 and u.read_at is null) as unread,
  (select coalesce(json_agg(p), '[]')::text from (
    select n.id, n.title, n.body, n.category, n.priority, n.read_at is not null as read,
      n.action_url, n.action_text, n.metadata, n.created_at
    from notifications n
    where n.user_id = $1 and n.org_id = $2
    order by n.created_at desc, n.id desc
    limit $3 offset $4) p) as rows`,
}

/** A row of {@link LIST_STATEMENT}'s json: `created_at` is PostgreSQL's ISO 8601 text of the timestamptz. */
type ListRow = Omit<NotificationRow, 'created_ms'> & { readonly created_at: string }

/**
 * Page `page` (from 1) of `limit` notifications of `userId` in `orgId`, newest first
 * (created_at desc, id desc), with the unread count and whether a further page exists, in ONE
 * query ({@link LIST_STATEMENT}); the bench (`npm run bench`) measures this endpoint.
 * @returns undefined if the user is not a member of the org (→ 403).
 */
export async function listNotifications(db: Database, userId: string, orgId: string, page: number, limit: number): Promise<PageResult | undefined> {
  const [row] = await runPrepared(db, LIST_STATEMENT, [userId, orgId, limit + 1, (page - 1) * limit])
  if (row === undefined || row.member !== 't') return undefined
  const rows = JSON.parse(row.rows ?? '[]') as ListRow[]
  return {
    // Fields named one by one: object rest/spread here cost ~40 µs per page of 20 (bench).
    notifications: rows.slice(0, limit).map((r) =>
      serializeNotification({
        id: r.id,
        title: r.title,
        body: r.body,
        category: r.category,
        priority: r.priority,
        read: r.read,
        action_url: r.action_url,
        action_text: r.action_text,
        metadata: r.metadata,
        created_ms: Date.parse(r.created_at),
      }),
    ),
    unread_count: Number(row.unread),
    hasMore: rows.length > limit,
  }
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

/** Marks one of the caller's notifications read (reading a read one keeps its first read time). */
export async function markRead(db: Database, userId: string, orgId: string, id: string): Promise<ChangeResult> {
  const r = await change(
    db,
    userId,
    orgId,
    sql`update ${notifications} set read_at = coalesce(read_at, now())
      where id = ${id} and user_id = ${userId} and org_id = ${orgId} and exists (select 1 from member) returning 1`,
  )
  return { member: r.member, found: r.changed > 0 }
}

/** Marks every unread notification of the caller in the org read; `found` is always true. */
export async function markAllRead(db: Database, userId: string, orgId: string): Promise<ChangeResult> {
  const r = await change(
    db,
    userId,
    orgId,
    sql`update ${notifications} set read_at = now()
      where user_id = ${userId} and org_id = ${orgId} and read_at is null and exists (select 1 from member) returning 1`,
  )
  return { member: r.member, found: true }
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
export async function savePreferences(db: Database, userId: string, orgId: string, preferences: NotificationPreferences): Promise<NotificationPreferences | undefined> {
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
 * Changes one person's preferences outside any org (issue #17: the unsubscribe link), in one
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
export async function loadUserPreferences(db: Database, userId: string): Promise<{ readonly email: string; readonly preferences: NotificationPreferences } | undefined> {
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
    if (found.org_ids.length === 0) throw new ApiError(404, ErrorCode.notFound, `No workspace has the id or name "${ref}".`, [{ path: ['org'], message: 'No such workspace' }])
    if (found.org_ids.length > 1) {
      throw new ApiError(409, 'conflict', `"${ref}" names ${found.org_ids.length} workspaces; use its id: ${found.org_ids.join(', ')}.`, found.org_ids.map((id) => ({ path: ['org'], message: id })))
    }
    const orgId = found.org_ids[0] as string
    const inserted = await tx.execute(sql`
      with n as (
        insert into ${notifications} (id, user_id, org_id, title, body, category, priority, action_url, action_text)
        select ${crypto.randomUUID()}, m.user_id, m.org_id, ${request.title}, ${request.body ?? ''}, ${request.category ?? 'system'},
          ${request.priority ?? 'normal'}, ${request.action_url ?? null}, ${request.action_text ?? null}
        from ${memberships} m where m.user_id = ${found.user_id} and m.org_id = ${orgId}
        returning *
      )
      select ${rowJson} as row,
        pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('id', n.id, 'user_id', n.user_id, 'org_id', n.org_id)::text) as notified
      from n`)
    const [row] = rowsOf<{ row: NotificationRow }>(inserted)
    if (row === undefined) {
      throw new ApiError(404, ErrorCode.notFound, `${email} is not a member of that workspace.`, [{ path: ['email'], message: 'Not a member of the workspace' }])
    }
    return { notification: serializeNotification(row.row) }
  })
}
