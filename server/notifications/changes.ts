/**
 * The changes a person makes to their own notifications (SPEC.md §4 Notifications): read,
 * unread, seen, archive, restore, snooze, wake, delete. Each moves a notification between the
 * inbox, the archive and the snoozed list (./rows.ts), in one statement guarded by membership of
 * the org, and is idempotent. A result says whether the caller is a member (else 403) and whether
 * the notification was theirs (else 404).
 */
import { sql } from 'drizzle-orm'
import { announceSql } from '../db/channels.ts'
import { type Database, rowsOf } from '../db/client.ts'
import { memberships, notifications } from '../db/schema.ts'

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
 * Applies `set` (an UPDATE's SET list) to the caller's notification `id` in `orgId`, guarded by
 * membership as {@link change} is: `found` says whether it was theirs.
 */
async function updateOne(db: Database, userId: string, orgId: string, id: string, set: ReturnType<typeof sql>): Promise<ChangeResult> {
  const r = await change(
    db,
    userId,
    orgId,
    sql`update ${notifications} set ${set}
      where id = ${id} and user_id = ${userId} and org_id = ${orgId} and exists (select 1 from member) returning 1`,
  )
  return { member: r.member, found: r.changed > 0 }
}

/**
 * Marks one of the caller's notifications read (reading a read one keeps its first read time);
 * Reading implies seeing, so it is marked seen too.
 */
export async function markRead(db: Database, userId: string, orgId: string, id: string): Promise<ChangeResult> {
  return updateOne(db, userId, orgId, id, sql`read_at = coalesce(read_at, now()), seen_at = coalesce(seen_at, now())`)
}

/**
 * Marks every unread notification of the caller's inbox in the org read (and seen): exactly what
 * `unread_count` counts, so it is 0 afterwards (SPEC §4). Archived and snoozed ones are
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
  return updateOne(db, userId, orgId, id, sql`read_at = null`)
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
  return updateOne(db, userId, orgId, id, sql`archived_at = coalesce(archived_at, now()), snoozed_until = null, seen_at = coalesce(seen_at, now())`)
}

/** Restores (un-archives) one of the caller's notifications, read state as it was. Idempotent. */
export async function restoreNotification(db: Database, userId: string, orgId: string, id: string): Promise<ChangeResult> {
  return updateOne(db, userId, orgId, id, sql`archived_at = null`)
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
  return updateOne(db, userId, orgId, id, sql`snoozed_until = ${until}::timestamptz, archived_at = null, read_at = null, seen_at = null`)
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
