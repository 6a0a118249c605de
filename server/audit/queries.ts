/**
 * Reading the audit log (docs/api.md "Audit log"): one workspace's entries,
 * newest first, paged by keyset on `(created_at, id)`, and the choices of its person filter.
 * Every query is scoped by `org_id`, so another workspace's entries never match.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { AuditActor, AuditKind, AuditLogItem } from '../../contract/audit.ts'
import type { Database } from '../db/client.ts'
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
 * Up to `limit` entries matching `filter`, newest first, in one query: it reads `limit + 1` rows
 * to learn whether another page exists (served by the `(org_id, created_at desc, id desc)` index,
 * or the actor's or kind's index when filtered).
 */
export async function listAuditEvents(db: Database, filter: AuditLogFilter, limit: number): Promise<AuditLogSlice> {
  const rows = await db
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
    .where(
      and(
        eq(auditEvents.orgId, filter.orgId),
        filter.actorId === undefined ? undefined : eq(auditEvents.actorId, filter.actorId),
        filter.kind === undefined ? undefined : eq(auditEvents.kind, filter.kind),
        filter.before === undefined
          ? undefined
          : sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${filter.before.at}::timestamptz, ${filter.before.id})`,
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit + 1)
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
 * The person filter's choices for `orgId`, in one query: every member ("Full Name (email)", or
 * the email alone when the name is empty) and everyone else its log names as an actor (people
 * since removed, by the label of their latest entry), ordered by label without case.
 */
export async function listAuditActors(db: Database, orgId: string): Promise<AuditActor[]> {
  const result = await db.execute(sql`
    select id, label from (
      select u.id, case when u.full_name <> '' then u.full_name || ' (' || u.email || ')' else u.email end as label
        from memberships m join users u on u.id = m.user_id
        where m.org_id = ${orgId}
      union all
      (select distinct on (a.actor_id) a.actor_id as id, a.actor_label as label
         from audit_events a
         where a.org_id = ${orgId} and a.actor_id is not null
           and not exists (select 1 from memberships m where m.org_id = ${orgId} and m.user_id = a.actor_id)
         order by a.actor_id, a.created_at desc)
    ) people
    order by lower(label), id`)
  return (result as unknown as { rows: Array<{ id: string; label: string }> }).rows.map((row) => ({ id: row.id, label: row.label }))
}
