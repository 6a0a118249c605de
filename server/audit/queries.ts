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
  /** The details as PostgreSQL writes jsonb as text: valid JSON, `{}` when there are none. */
  readonly details: string
  readonly ip_address: string | null
}

/**
 * The statement of one CSV export batch, not yet run (the plan test explains it): up to `rows`
 * entries matching `filter`, newest first, after the entry `afterId` (or from `filter.before` for
 * the first batch), on the same indexes as the list. Every column comes as text, the details
 * included (`details::text`, written into the CSV as they are): the list's `Date` parsing and
 * microsecond cursor, and parsing each entry's details only to write them back as JSON, cost more
 * than the database's own reading of the rows; only the batch's last id is needed to go on.
 */
export function auditExportQuery(filter: AuditLogFilter, afterId: string | undefined, rows: number): SQL {
  // `to_char` truncates to milliseconds, as the driver's `Date` (and so the list's `created_at`) does.
  return sql`select ${auditEvents.id} as id,
      to_char(${auditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      ${auditEvents.kind} as kind, ${auditEvents.actorId} as actor_id, ${auditEvents.actorLabel} as actor_label,
      ${auditEvents.targetId} as target_id, ${auditEvents.targetLabel} as target_label, ${auditEvents.details}::text as details,
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
 * The kinds of entry that name, as their target, everyone the log can show as an actor while they
 * are not a member (server/ as it is): a membership ends only by `removeMember`
 * (server/members/team.ts), whose callers write `member.removed` (a member removed) or
 * `invitation.revoked` (a new account's invitation taken back) in the same transaction; someone
 * who is not a member acts in a workspace only by declining its invitation (`invitation.declined`,
 * the person as both actor and target), or in the moment a removal races their request, which that
 * removal's entry names. Deleting an account clears `actor_id` in its entries (the foreign key's
 * `set null`), so they name nobody; a workspace deleted takes its log with it. A new way of
 * leaving a workspace must write one of these kinds, or be added here.
 */
const LEFT_KINDS = ['member.removed', 'invitation.revoked', 'invitation.declined'] as const satisfies ReadonlyArray<AuditKind>

/**
 * The person filter's choices for `orgId`, in one query, at most `limit` by label without case
 * (then id): members ("Full Name (email)", or the email alone when the name is empty) and
 * everyone else its log names as an actor (people since removed, by the label of their latest
 * entry); only those whose name or email (members) or label (the others) contains `search`
 * (ignoring case, matched literally) when it is non-empty. Docs: docs/api.md
 * "GET /api/organizations/audit-log/actors".
 *
 * Neither part reads the whole workspace ({@link auditActorsQuery}):
 * - Members come off `users_name_order_idx` (lower(full_name), id). The first `limit` matching
 *   members in that order bound the `limit`-th label from above (B, the largest of their labels),
 *   and a member whose label is at most B has a name at most B (the label starts with the name,
 *   and the collation sorts a text after its prefixes), so a range read of names up to B holds
 *   every member that can be chosen: about `limit` rows, however many members there are. When
 *   fewer than `limit` match, the first read already holds them all.
 * - The others are the targets of {@link LEFT_KINDS} entries (an index-only read per kind of
 *   `audit_events_org_kind_target_idx`) who are not members now and have acted (their latest
 *   entry off `audit_events_org_actor_created_idx`): a read that grows with the removals and
 *   declined invitations, not with every actor of a large log.
 */
export async function listAuditActors(db: Database, orgId: string, options: { search?: string; limit: number }): Promise<AuditActor[]> {
  const rows = await db.transaction(async (tx) => {
    // The estimate of a log with many removals passes jit_above_cost, and PostgreSQL would then
    // compile the statement's expressions first: about 15 ms, for a statement that reads in a few.
    await tx.execute(sql`set local jit = off`)
    return rowsOf<{ id: string; label: string }>(await tx.execute(auditActorsQuery(orgId, options)))
  })
  return rows.map((row) => ({ id: row.id, label: row.label }))
}

/** The statement behind {@link listAuditActors}, not yet run (its plan test reads it): rows `{ id, label }`. */
export function auditActorsQuery(orgId: string, options: { search?: string; limit: number }): SQL {
  const pattern = options.search === undefined || options.search === '' ? undefined : `%${options.search.replace(/[\\%_]/g, '\\$&')}%`
  const { limit } = options
  const label = sql`case when u.full_name <> '' then u.full_name || ' (' || u.email || ')' else u.email end`
  // Lower-cased on both sides by the database, so the case rules are its own; the email is stored lower-cased.
  const memberMatches = pattern === undefined ? sql`` : sql`and (lower(u.full_name) like lower(${pattern}) or u.email like lower(${pattern}))`
  const leftBy = sql.join(
    LEFT_KINDS.map((kind) => sql`select a.target_id from audit_events a where a.org_id = ${orgId} and a.kind = ${kind} and a.target_id is not null group by a.target_id`),
    sql` union `,
  )
  // The range of names is written with both ends ('' is the least text) so the planner reads it off
  // the name index: against a bound it cannot see when planning, one end alone looks like a third of
  // the table. `offset 0` keeps the membership check one primary-key probe per person who left: as
  // an anti-join, PostgreSQL would read and sort every membership of the workspace instead.
  return sql`
    with first as materialized (
      select u.id, ${label} as label
        from memberships m join users u on u.id = m.user_id
       where m.org_id = ${orgId} ${memberMatches}
       order by lower(u.full_name), u.id
       limit ${limit}
    ),
    bound as (select max(lower(label)) as b from first having count(*) >= ${limit}),
    members as (
      select id, label from first where not exists (select 1 from bound)
      union all
      select u.id, ${label}
        from memberships m join users u on u.id = m.user_id
       where m.org_id = ${orgId} ${memberMatches}
         and lower(u.full_name) >= '' and lower(u.full_name) <= (select b from bound)
    ),
    left_people(id) as (${leftBy}),
    former as (
      select l.id, latest.label
        from left_people l
        cross join lateral (
          select a.actor_label as label from audit_events a
           where a.org_id = ${orgId} and a.actor_id = l.id
           order by a.created_at desc nulls last, a.id desc nulls last limit 1
        ) latest
        where not exists (select 1 from memberships m where m.user_id = l.id and m.org_id = ${orgId} offset 0)
          ${pattern === undefined ? sql`` : sql`and lower(latest.label) like lower(${pattern})`}
    )
    select id, label from (select id, label from members union all select id, label from former) people
    order by lower(label), id
    limit ${limit}`
}
