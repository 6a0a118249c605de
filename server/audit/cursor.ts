/**
 * The opaque cursor of the audit log's keyset paging (Audit log): the position of the
 * last entry of a page, `(created_at, id)`, as base64url JSON. The time keeps PostgreSQL's
 * microseconds (a JavaScript Date would round them to milliseconds, and two entries in the same
 * millisecond could then be skipped or shown twice).
 */
import { decodeCursor, encodeCursor, isCursorKey, isCursorTime } from '../http/cursor.ts'

/** A position in the log: entries strictly older than it come next. */
export interface AuditCursor {
  /** `created_at` in UTC with microseconds, e.g. `2026-03-01T09:30:00.123456Z`. */
  readonly at: string
  /** The entry's id, which orders entries of the same instant. */
  readonly id: string
}

/** The cursor as the API hands it out (`next_cursor`). */
export function encodeAuditCursor(cursor: AuditCursor): string {
  return encodeCursor([cursor.at, cursor.id])
}

/**
 * Reads a cursor given back as `before`.
 * @returns the position, or undefined when `text` is not a cursor this server handed out
 *   (the caller answers 400 `invalid_request`).
 */
export function decodeAuditCursor(text: string): AuditCursor | undefined {
  const [at, id] = decodeCursor(text, 2) ?? []
  return at !== undefined && id !== undefined && isCursorTime(at) && isCursorKey(id) ? { at, id } : undefined
}
