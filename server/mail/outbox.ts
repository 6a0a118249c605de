/**
 * The mail outbox's queries (table `mail_outbox`, server/db/schema.ts). Every state
 * change is one conditional UPDATE, so two server processes sharing a database never both send a
 * message: the one whose UPDATE matched owns it.
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm'
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
export type ClaimedMail = Pick<Row, 'id' | 'toAddress' | 'subject' | 'html' | 'text' | 'headers' | 'attempts'>

/** Claims a queued message for sending (status → sending, attempts + 1); undefined when another process has it or it is not queued. */
export async function claimQueued(db: Database, id: string): Promise<ClaimedMail | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')))
    .returning({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      html: mailOutbox.html,
      text: mailOutbox.text,
      headers: mailOutbox.headers,
      attempts: mailOutbox.attempts,
    })
  return row
}

/** Ids of queued messages whose next attempt is due before `before` (the sweep picks up what a stopped process left). */
export async function overdueQueued(db: Database, before: Date, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, before)))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(limit)
  return rows.map((r) => r.id)
}

/** Records the SMTP server's acceptance. */
export async function markSent(db: Database, id: string, at: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: at, lastError: null, nextAttemptAt: null }).where(eq(mailOutbox.id, id))
}

/** Puts a claimed message back in the queue for `nextAttemptAt`, keeping why this attempt failed. */
export async function markRetry(db: Database, id: string, error: string, nextAttemptAt: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: 'queued', lastError: error, nextAttemptAt }).where(eq(mailOutbox.id, id))
}

/** Records that the message will not be sent (refused for good, or out of attempts). */
export async function markFailed(db: Database, id: string, error: string): Promise<void> {
  await db.update(mailOutbox).set({ status: 'failed', lastError: error, nextAttemptAt: null }).where(eq(mailOutbox.id, id))
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
