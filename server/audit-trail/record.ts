/**
 * Writing the audit log (Audit log; table `audit_events`, contract/audit.ts).
 *
 * Call {@link recordAudit} with the transaction that makes the change, so the entry exists
 * exactly when the change does. Entries are never updated or deleted through the API.
 */
import type { AuditKind } from '../../contract/audit.ts'
import type { Database } from '../db/client.ts'
import { auditEvents } from '../db/schema.ts'

/** A database or an open transaction: anything Drizzle can insert through. */
export type Writer = Pick<Database, 'insert'>

/** One audit entry. Labels are stored as they are now, so the entry reads right later. */
export interface AuditEntry {
  readonly orgId: string
  /** Who did it; null for the system. */
  readonly actorId: string | null
  /** The actor's name or email at that moment. */
  readonly actorLabel: string
  readonly kind: AuditKind
  readonly targetId?: string | null
  /** What it was done to, as a person would name it (an email, a set's name, a workspace name). */
  readonly targetLabel?: string
  /** Kind-specific facts (e.g. `{ from, to }` of a rename, the set names assigned). JSON only. */
  readonly details?: Record<string, unknown>
  /** The client address (server/http/rate-limit.ts `clientAddress`), when there was a request. */
  readonly ipAddress?: string | null
  /** When it happened; defaults to the database's now(). */
  readonly at?: Date
}

/**
 * Appends one entry (or several) to the audit log through `writer`.
 * @throws whatever the insert throws: the caller's transaction then rolls back with its change.
 */
export async function recordAudit(writer: Writer, ...entries: ReadonlyArray<AuditEntry>): Promise<void> {
  if (entries.length === 0) return
  await writer.insert(auditEvents).values(
    entries.map((e) => ({
      orgId: e.orgId,
      actorId: e.actorId,
      actorLabel: e.actorLabel,
      kind: e.kind,
      targetId: e.targetId ?? null,
      targetLabel: e.targetLabel ?? '',
      details: e.details ?? {},
      ipAddress: e.ipAddress ?? null,
      ...(e.at === undefined ? {} : { createdAt: e.at }),
    })),
  )
}
