/**
 * The mail outbox's queries (table `mail_outbox`, server/db/schema.ts). Every claim
 * is one conditional UPDATE, so two server processes sharing a database never both hold a
 * message: the one whose UPDATE matched owns it, until its lease (`claimed_until`) runs out. A
 * process killed mid-send leaves its claim to expire; the next sweep takes the message again with
 * the same Message-ID. Delivery is therefore at least once: a message the SMTP server accepted
 * just before the kill goes again, recognisable as the same one by its Message-ID.
 */
import { and, desc, eq, lt, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { type MailKind, type MailStatus, mailOutbox } from '../db/schema.ts'

/** A message as the outbox lists it (the admin CLI, the internal API, tests). Times in ms since the epoch. */
export interface OutboxEntry {
  readonly id: string
  readonly to: string
  readonly kind: MailKind
  readonly subject: string
  readonly status: MailStatus
  readonly attempts: number
  readonly lastError: string | null
  readonly createdMs: number
  readonly sentMs: number | null
  /** The plain-text body (links readable); the HTML only with `withHtml`. */
  readonly text: string
  readonly html?: string
  readonly headers: Readonly<Record<string, string>>
}

/** Filters of {@link listOutbox}: newest first, `limit` 1–500 (default 20). */
export interface OutboxQuery {
  readonly to?: string
  readonly limit?: number
  readonly withHtml?: boolean
}

type Row = typeof mailOutbox.$inferSelect

const toEntry = (row: Row, withHtml: boolean): OutboxEntry => ({
  id: row.id,
  to: row.toAddress,
  kind: row.kind,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdMs: row.createdAt.getTime(),
  sentMs: row.sentAt?.getTime() ?? null,
  text: row.text,
  ...(withHtml ? { html: row.html } : {}),
  headers: row.headers,
})

/** Lists messages, newest first, optionally only those to one address (compared lower-cased). */
export async function listOutbox(db: Database, query: OutboxQuery = {}): Promise<OutboxEntry[]> {
  const limit = Math.min(Math.max(query.limit ?? 20, 1), 500)
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(query.to === undefined ? undefined : eq(mailOutbox.toAddress, query.to.trim().toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit)
  return rows.map((row) => toEntry(row, query.withHtml === true))
}

/** The message to hand to SMTP once claimed. */
export type ClaimedMail = Pick<Row, 'id' | 'toAddress' | 'subject' | 'html' | 'text' | 'headers' | 'attempts' | 'messageId'>

/** Whether a row may be claimed at `now`: queued, or `sending` under a lease that ran out (its process stopped mid-send). */
const claimable = (now: Date) =>
  or(eq(mailOutbox.status, 'queued'), and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedUntil, now)))

/**
 * Claims message `id` for one attempt (status → sending, attempts + 1, `claimed_until` = `now` +
 * `leaseMs`): a queued message, or one whose earlier claim's lease ran out before `now`.
 * @returns undefined when another process holds it or it is not waiting to be sent.
 */
export async function claimQueued(db: Database, id: string, now: Date, leaseMs: number): Promise<ClaimedMail | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, claimedUntil: new Date(now.getTime() + leaseMs) })
    .where(and(eq(mailOutbox.id, id), claimable(now)))
    .returning({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      html: mailOutbox.html,
      text: mailOutbox.text,
      headers: mailOutbox.headers,
      attempts: mailOutbox.attempts,
      messageId: mailOutbox.messageId,
    })
  return row
}

/**
 * Ids of messages nobody is sending (the sweep picks up what a stopped process left): queued ones
 * whose next attempt was due before `queuedBefore`, and `sending` ones whose lease ran out before `now`.
 */
export async function overdueQueued(db: Database, queuedBefore: Date, now: Date, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, queuedBefore)),
        and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedUntil, now)),
      ),
    )
    .orderBy(mailOutbox.createdAt)
    .limit(limit)
  return rows.map((r) => r.id)
}

/** Records the SMTP server's acceptance. */
export async function markSent(db: Database, id: string, at: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: at, lastError: null, nextAttemptAt: null, claimedUntil: null }).where(eq(mailOutbox.id, id))
}

/** Puts a claimed message back in the queue for `nextAttemptAt`, keeping why this attempt failed. */
export async function markRetry(db: Database, id: string, error: string, nextAttemptAt: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: 'queued', lastError: error, nextAttemptAt, claimedUntil: null }).where(eq(mailOutbox.id, id))
}

/** Records that the message will not be sent (refused for good, or out of attempts). */
export async function markFailed(db: Database, id: string, error: string): Promise<void> {
  await db.update(mailOutbox).set({ status: 'failed', lastError: error, nextAttemptAt: null, claimedUntil: null }).where(eq(mailOutbox.id, id))
}

/**
 * Queues a failed (or, with SMTP configured later, a kept) message again with fresh attempts.
 * @returns false when no message with that id is failed or kept.
 */
export async function requeue(db: Database, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: at })
    .where(and(eq(mailOutbox.id, id), sql`${mailOutbox.status} in ('failed', 'kept')`))
    .returning({ id: mailOutbox.id })
  return rows.length > 0
}
