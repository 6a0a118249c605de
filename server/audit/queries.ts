/**
 * Reading the audit log (docs/api.md "Audit log"): one workspace's entries,
 * newest first, paged by keyset on `(created_at, id)`, and the choices of its person filter.
 * Every query is scoped by `org_id`, so another workspace's entries never match.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { AuditActor, AuditKind, AuditLogItem } from '../../contract/audit.ts'
import { type Database, rowsOf } from '../db/client.ts'
import { auditEvents } from '../db/schema.ts'
import type { AuditCursor } from './cursor.ts'

/** Which entries to list. */
export interface AuditLogFilter {
  readonly orgId: string
  /** Only this person's entries. */
  readonly actorId?: string
  readonly kind?: AuditKind
  /** Only entries older than this position (the previous page's last). */
  readonly before?: AuditCursor
}

/** A page of entries and the position of the next one (null when none is left). */
export interface AuditLogSlice {
  readonly items: AuditLogItem[]
  readonly next: AuditCursor | null
}

/**
 * Newest first, as the indexes are built (server/db/schema.ts `auditEvents`): Drizzle's index
 * `.desc()` means `DESC NULLS LAST`, and PostgreSQL serves an ORDER BY from an index only when the
 * null placement matches too, NOT NULL columns or not: a plain `desc` (NULLS FIRST) would read and
 * sort every entry of the workspace for each page. Both columns are NOT NULL, so `nulls last`
 * changes no result; writing it here keeps every index as Drizzle writes it (the notifications
 * list follows the same rule) rather than spelling `nulls first` into the schema.
 */
const newestFirst = [sql`${auditEvents.createdAt} desc nulls last`, sql`${auditEvents.id} desc nulls last`] as const

/**
 * The WHERE of every read: the workspace, the filter, and the keyset position. `afterId` (the
 * CSV export's next batch) starts after that entry of the workspace, its `created_at` read by
 * primary key once per statement; otherwise `filter.before`, a cursor the list handed out.
 */
function filterSql(filter: AuditLogFilter, afterId?: string): SQL | undefined {
  const position =
    afterId !== undefined
      ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < ((select p.created_at from ${auditEvents} p where p.id = ${afterId} and p.org_id = ${filter.orgId}), ${afterId})`
      : filter.before !== undefined
        ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${filter.before.at}::timestamptz, ${filter.before.id})`
        : undefined
  return and(
    eq(auditEvents.orgId, filter.orgId),
    filter.actorId === undefined ? undefined : eq(auditEvents.actorId, filter.actorId),
    filter.kind === undefined ? undefined : eq(auditEvents.kind, filter.kind),
    position,
  )
}

/**
 * The statement behind {@link listAuditEvents}, not yet run (the plan test explains it): up to
 * `rows` entries matching `filter`, newest first, starting after `filter.before`. The row
 * comparison on `(created_at, id)` is an index condition of `audit_events_org_created_idx`,
 * `audit_events_org_actor_created_idx` or `audit_events_org_kind_created_idx` (by the filter), so
 * the scan starts at the cursor and stops after `rows` index entries: a page costs the same
 * at the first entry and the millionth.
 */
export function auditEventsQuery(db: Database, filter: AuditLogFilter, rows: number) {
  return db
    .select({
      id: auditEvents.id,
      kind: auditEvents.kind,
      actorId: auditEvents.actorId,
      actorLabel: auditEvents.actorLabel,
      targetId: auditEvents.targetId,
      targetLabel: auditEvents.targetLabel,
      details: auditEvents.details,
      ipAddress: auditEvents.ipAddress,
      createdAt: auditEvents.createdAt,
      // The cursor's time with PostgreSQL's microseconds (see cursor.ts).
      at: sql<string>`to_char(${auditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(auditEvents)
    .where(filterSql(filter))
    .orderBy(...newestFirst)
    .limit(rows)
}

/**
 * Up to `limit` entries matching `filter`, newest first, in one query ({@link auditEventsQuery}):
 * it reads `limit + 1` rows to learn whether another page exists. `next` is the position of the
 * page's last entry, from which the next call (the next page, or the CSV export's next batch)
 * continues on the same index.
 */
export async function listAuditEvents(db: Database, filter: AuditLogFilter, limit: number): Promise<AuditLogSlice> {
  const rows = await auditEventsQuery(db, filter, limit + 1)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    items: page.map((row) => ({
      id: row.id,
      kind: row.kind,
      actor: { id: row.actorId, label: row.actorLabel },
      target: { id: row.targetId, label: row.targetLabel },
      details: row.details,
      ip_address: row.ipAddress,
      created_at: row.createdAt.toISOString(),
    })),
    next: rows.length > limit && last !== undefined ? { at: last.at, id: last.id } : null,
  }
}

/** One entry as the CSV export reads it (the fields of an {@link AuditLogItem}, flat). */
export interface AuditExportRow {
  readonly id: string
  /** UTC with milliseconds, exactly the list's `created_at` (`Date#toISOString` of the row). */
  readonly created_at: string
  readonly kind: string
  readonly actor_id: string | null
  readonly actor_label: string
  readonly target_id: string | null
  readonly target_label: string
  readonly details: Record<string, unknown>
  readonly ip_address: string | null
}

/**
 * The statement of one CSV export batch, not yet run (the plan test explains it): up to `rows`
 * entries matching `filter`, newest first, after the entry `afterId` (or from `filter.before` for
 * the first batch), on the same indexes as the list. It selects plain columns and the time as
 * text: the list's `Date` parsing and its microsecond cursor on every row cost more than the
 * database's own reading of them, and only the batch's last id is needed to go on.
 */
export function auditExportQuery(filter: AuditLogFilter, afterId: string | undefined, rows: number): SQL {
  // `to_char` truncates to milliseconds, as the driver's `Date` (and so the list's `created_at`) does.
  return sql`select ${auditEvents.id} as id,
      to_char(${auditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      ${auditEvents.kind} as kind, ${auditEvents.actorId} as actor_id, ${auditEvents.actorLabel} as actor_label,
      ${auditEvents.targetId} as target_id, ${auditEvents.targetLabel} as target_label, ${auditEvents.details} as details,
      ${auditEvents.ipAddress} as ip_address
    from ${auditEvents}
    where ${filterSql(filter, afterId)}
    order by ${sql.join([...newestFirst], sql`, `)}
    limit ${rows}`
}

/**
 * The entries matching `filter` for the CSV export, newest first, at most `maxRows`, in batches
 * of up to `batchRows`: one keyset walk, each batch starting after the previous batch's last
 * entry on the filter's index (no offset, nothing read twice), so every batch costs the same
 * however deep it is. The next batch is asked for before the current one is handed over, so the
 * database reads it while the caller writes this one. Stopping early (the download cancelled)
 * leaves at most that one read to finish unawaited; its failure is then ignored.
 * @throws the driver's error when a read fails (the stream then cuts the download).
 */
export async function* readAuditExport(db: Database, filter: AuditLogFilter, maxRows: number, batchRows: number): AsyncGenerator<AuditExportRow[]> {
  const read = (afterId: string | undefined, rows: number) =>
    db.execute(auditExportQuery(filter, afterId, rows)).then((result) => rowsOf<AuditExportRow>(result))
  let pending: Promise<AuditExportRow[]> | undefined = read(undefined, Math.min(batchRows, maxRows))
  let left = maxRows
  try {
    while (pending !== undefined) {
      const batch: AuditExportRow[] = await pending
      const wanted = Math.min(batchRows, left)
      left -= batch.length
      const last = batch.at(-1)
      pending = batch.length === wanted && left > 0 && last !== undefined ? read(last.id, Math.min(batchRows, left)) : undefined
      if (batch.length > 0) yield batch
    }
  } finally {
    pending?.catch(() => {})
  }
}

/**
 * The person filter's choices for `orgId`, in one query, at most `limit` by label without case:
 * members ("Full Name (email)", or the email alone when the name is empty) and everyone else its
 * log names as an actor (people since removed, by the label of their latest entry); only those
 * whose label contains `search` (ignoring case, matched literally) when it is non-empty.
 * The log's actors are found by a loose index scan of `audit_events_org_actor_created_idx` (one
 * probe per distinct actor, not one row per entry), so a log of a million entries costs what its
 * few hundred actors do.
 */
export async function listAuditActors(db: Database, orgId: string, options: { search?: string; limit: number }): Promise<AuditActor[]> {
  const pattern = options.search === undefined || options.search === '' ? null : `%${options.search.replace(/[\\%_]/g, '\\$&')}%`
  const result = await db.execute(sql`
    with recursive acting(id) as (
      (select a.actor_id from audit_events a where a.org_id = ${orgId} and a.actor_id is not null order by a.actor_id limit 1)
      union all
      select (select a.actor_id from audit_events a where a.org_id = ${orgId} and a.actor_id > acting.id order by a.actor_id limit 1)
        from acting where acting.id is not null
    )
    select id, label from (
      select u.id, case when u.full_name <> '' then u.full_name || ' (' || u.email || ')' else u.email end as label
        from memberships m join users u on u.id = m.user_id
        where m.org_id = ${orgId}
          and (${pattern}::text is null or lower(u.full_name) like lower(${pattern}::text) or u.email like lower(${pattern}::text))
      union all
      select acting.id, latest.label
        from acting
        cross join lateral (
          select a.actor_label as label from audit_events a
           where a.org_id = ${orgId} and a.actor_id = acting.id
           order by a.created_at desc nulls last, a.id desc nulls last limit 1
        ) latest
        where acting.id is not null
          and not exists (select 1 from memberships m where m.org_id = ${orgId} and m.user_id = acting.id)
          and (${pattern}::text is null or lower(latest.label) like lower(${pattern}::text))
    ) people
    order by lower(label), id
    limit ${options.limit}`)
  return (result as unknown as { rows: Array<{ id: string; label: string }> }).rows.map((row) => ({ id: row.id, label: row.label }))
}
