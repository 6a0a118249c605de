/**
 * Reading the audit log (docs/api.md "Audit log"): one workspace's entries,
 * newest first, paged by keyset on `(created_at, id)`, and the choices of its person filter.
 * Every query is scoped by `org_id`, so another workspace's entries never match.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm'
import { AUDIT_KIND_LABELS, type AuditActor, type AuditKind, type AuditLogItem } from '../../contract/audit.ts'
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
 * The WHERE of every read: the workspace, the filter, and the keyset position `filter.before`
 * (a cursor the list handed out).
 */
function filterSql(filter: AuditLogFilter): SQL | undefined {
  return and(
    eq(auditEvents.orgId, filter.orgId),
    filter.actorId === undefined ? undefined : eq(auditEvents.actorId, filter.actorId),
    filter.kind === undefined ? undefined : eq(auditEvents.kind, filter.kind),
    filter.before === undefined ? undefined : sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${filter.before.at}::timestamptz, ${filter.before.id})`,
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

/**
 * A text as a CSV cell shows it: one that a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a carriage return; OWASP "CSV injection") gets a leading apostrophe, so it
 * shows as the text it is. For the labels, the only free text of an entry besides its details
 * (JSON, which starts with `{`); its ids are the server's own and its address an IP's digits.
 */
const asCellText = (value: SQL) =>
  // The first character's code point (=, +, -, @, tab, carriage return): cheaper per row than a one-character text compared six times.
  sql`case when ascii(${value}) in (61, 43, 45, 64, 9, 13) then '''' || ${value} else ${value} end`

/** The kinds' English labels as one JSON text, the CSV statement's lookup table (written once, not per export). */
const KIND_LABELS_JSON = JSON.stringify(AUDIT_KIND_LABELS)

/**
 * The statement of the CSV export (server/audit/routes.ts, through server/db/copy.ts), not yet
 * run (the plan test explains it): up to `maxRows` entries matching `filter`, newest first from
 * `filter.before`, one keyset range read of the filter's index, with the file's columns as the
 * file shows them: the time in UTC as spreadsheet apps read it (`2026-06-01 11:59:59.999`, the
 * list's `created_at` to the millisecond, PostgreSQL's ISO output dropping zeros at the end), who
 * (guarded, see {@link asCellText}) and their id, the kind's English label and the kind, the
 * target (guarded) and its id, the details as the JSON text the database writes (null when there
 * are none), the IP address. Nulls stay null (an empty field).
 */
export function auditCsvQuery(filter: AuditLogFilter, maxRows: number): SQL {
  // Truncated to milliseconds, as the driver's `Date` (and so the list's `created_at`) is; a
  // timestamp's own output costs less per row than `to_char`.
  return sql`select date_trunc('milliseconds', ${auditEvents.createdAt} at time zone 'UTC'),
      ${asCellText(sql`${auditEvents.actorLabel}`)}, ${auditEvents.actorId},
      coalesce(${KIND_LABELS_JSON}::jsonb ->> ${auditEvents.kind}, ${auditEvents.kind}), ${auditEvents.kind},
      ${asCellText(sql`${auditEvents.targetLabel}`)}, ${auditEvents.targetId},
      nullif(${auditEvents.details}::text, '{}'), ${auditEvents.ipAddress}
    from ${auditEvents}
    where ${filterSql(filter)}
    order by ${sql.join([...newestFirst], sql`, `)}
    limit ${maxRows}`
}

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
 * - The others come off `audit_actors` (the log's actors, kept by a trigger on the log) in label order on
 *   `audit_actors_org_label_idx`, members skipped by a primary-key probe each, up to B too: the
 *   actors whose labels sort before the `limit`-th choice, not every actor of a large log.
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
  // An actor of the log who is not a member now, matching the search.
  const formerMatches = sql`not exists (select 1 from memberships m where m.user_id = x.user_id and m.org_id = ${orgId} offset 0)${
    pattern === undefined ? sql`` : sql` and lower(x.label) like lower(${pattern})`
  }`
  // The range of names (and of the others' labels) is written with both ends ('' is the least text) so the planner reads it off
  // the name index: against a bound it cannot see when planning, one end alone looks like a third of
  // the table. `offset 0` keeps the membership check one primary-key probe per actor read: as an
  // anti-join, PostgreSQL would read and sort every membership of the workspace instead.
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
    former as (
      (select x.user_id as id, x.label from audit_actors x
        where x.org_id = ${orgId} and not exists (select 1 from bound) and ${formerMatches}
        order by lower(x.label), x.user_id
        limit ${limit})
      union all
      (select x.user_id as id, x.label from audit_actors x
        where x.org_id = ${orgId} and lower(x.label) >= '' and lower(x.label) <= (select b from bound) and ${formerMatches}
        order by lower(x.label), x.user_id
        limit ${limit})
    )
    select id, label from (select id, label from members union all select id, label from former) people
    order by lower(label), id
    limit ${limit}`
}
