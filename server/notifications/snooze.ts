/**
 * Snooze wake-up (a snoozed notification comes back as unread at its moment,
 * live if the app is open; docs/decisions.md "Snooze wakes as unread").
 *
 * Every server process runs a timer ({@link SnoozeWaker.start}, every
 * {@link SNOOZE_WAKE_INTERVAL_MS} in production, unref'd) that claims the due rows in ONE
 * statement: `UPDATE notifications SET snoozed_until = null, read_at = null, seen_at = null` for
 * rows whose `snoozed_until` has passed, `FOR UPDATE SKIP LOCKED`, and announces each claimed row
 * with `pg_notify` exactly as a created notification is announced (server/db/channels.ts `announceSql`, with
 * `woken` added), so the open notification streams (hub.ts, routes.ts) send it as a new item.
 * Several processes never wake the same row twice: a row is claimed by whichever UPDATE locks it
 * first, and the other's re-check of `snoozed_until <= now` finds it null.
 *
 * Correctness never depends on the timer: the list and counts already treat a passed
 * `snoozed_until` as back in the inbox (reads.ts), and snoozing marked the row unread. The timer
 * only tidies the column and makes the return live.
 */
import { sql } from 'drizzle-orm'
import { type Database, rowsOf } from '../db/client.ts'
import { notifications } from '../db/schema.ts'
import { announceSql } from '../db/channels.ts'
import { periodicJob } from '../jobs/periodic.ts'

/** How often each server process looks for due snoozes, ms: a snoozed notification is back at most this late on the stream. */
export const SNOOZE_WAKE_INTERVAL_MS = 15_000

/** Most rows one claim wakes; a run repeats the claim while it comes back full. */
export const SNOOZE_WAKE_BATCH = 500

export interface SnoozeWakerDeps {
  readonly db: Database
  /** Clock, ms since the epoch (the app's: tests move it). */
  readonly now: () => number
  readonly logError: (message: string, error: unknown) => void
}

export interface SnoozeWaker {
  /**
   * Wakes every notification whose snooze moment is at or before now: unread, unseen, no longer
   * snoozed, announced on the `notifications` channel. @returns the ids woken, in claim order.
   * Rejects when the database does.
   */
  wakeDue(): Promise<string[]>
  /** Runs {@link wakeDue} every `intervalMs` (unref'd: never keeps the process alive); one run at a time; failures logged. */
  start(intervalMs: number): void
  /** Stops the periodic runs (a run under way finishes; see {@link settled}). */
  stop(): void
  /** Resolves when the run under way, if any, has finished (shutdown, tests). */
  settled(): Promise<void>
}

/** A waker on `deps.db`; nothing runs until {@link SnoozeWaker.start} or {@link SnoozeWaker.wakeDue}. */
export function createSnoozeWaker(deps: SnoozeWakerDeps): SnoozeWaker {

  const claim = async (nowIso: string): Promise<string[]> => {
    const result = await deps.db.execute(sql`
      with due as (
        select n.id, n.snoozed_until from ${notifications} n
        where n.snoozed_until is not null and n.snoozed_until <= ${nowIso}::timestamptz
        order by n.snoozed_until
        limit ${SNOOZE_WAKE_BATCH}
        for update skip locked),
      woke as (
        update ${notifications} n set snoozed_until = null, read_at = null, seen_at = null
        from due where n.id = due.id and n.snoozed_until is not null
        returning n.id, n.user_id, n.org_id, due.snoozed_until as was)
      select w.id, ${sql.raw(announceSql('w', 'w.was'))} as notified from woke w order by w.was, w.id`)
    return rowsOf<{ id: string }>(result).map((r) => r.id)
  }

  const wakeDue = async (): Promise<string[]> => {
    const nowIso = new Date(deps.now()).toISOString()
    const woken: string[] = []
    for (;;) {
      const batch = await claim(nowIso)
      woken.push(...batch)
      if (batch.length < SNOOZE_WAKE_BATCH) return woken
    }
  }

  const job = periodicJob(wakeDue, (error) => deps.logError('Snooze wake-up failed', error))

  return {
    wakeDue,
    start: (intervalMs) => job.start(intervalMs),
    stop: () => job.stop(),
    async settled() {
      for (let run = job.current(); run !== undefined; run = job.current()) await run
    },
  }
}
