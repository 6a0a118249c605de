/**
 * The opaque cursor of the audit log's keyset paging (Audit log): the position of the
 * last entry of a page, `(created_at, id)`, as base64url JSON. The time keeps PostgreSQL's
 * microseconds (a JavaScript Date would round them to milliseconds, and two entries in the same
 * millisecond could then be skipped or shown twice).
 */
import { isUnsafeText } from '../../contract/validate.ts'

/** A position in the log: entries strictly older than it come next. */
export interface AuditCursor {
  /** `created_at` in UTC with microseconds, e.g. `2026-03-01T09:30:00.123456Z`. */
  readonly at: string
  /** The entry's id, which orders entries of the same instant. */
  readonly id: string
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
const MAX_ID_LENGTH = 64

/** The cursor as the API hands it out (`next_cursor`). */
export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id]), 'utf8').toString('base64url')
}

/**
 * Reads a cursor given back as `before`.
 * @returns the position, or undefined when `text` is not a cursor this server handed out
 *   (the caller answers 400 `invalid_request`).
 */
export function decodeAuditCursor(text: string): AuditCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,256}$/.test(text)) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return undefined
  const [at, id] = parsed as unknown[]
  if (typeof at !== 'string' || !AT.test(at) || Number.isNaN(Date.parse(at))) return undefined
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH || isUnsafeText(id)) return undefined
  return { at, id }
}
