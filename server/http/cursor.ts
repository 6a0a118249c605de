/**
 * The envelope of the API's keyset cursors (the audit log, members, pending invitations and
 * notifications lists: docs/api.md `next_cursor`): the position of a page's last row as a base64url
 * JSON array of strings, opaque to clients. Each list names its own fields and checks them with
 * the helpers here; a text that is not a cursor of that list is answered 400 `invalid_request` by
 * its route, and never reaches SQL.
 */
import { isUnsafeText } from '../../contract/validate.ts'

/** The cursor text for `fields` (in the list's order). */
export function encodeCursor(fields: ReadonlyArray<string>): string {
  return Buffer.from(JSON.stringify(fields), 'utf8').toString('base64url')
}

/**
 * The `count` fields of a cursor text, or undefined when `text` is longer than `maxLength`
 * characters, not base64url, not JSON, or not an array of exactly `count` strings.
 */
export function decodeCursor(text: string, count: number, maxLength = 256): ReadonlyArray<string> | undefined {
  if (text.length === 0 || text.length > maxLength || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (!Array.isArray(parsed) || parsed.length !== count || !parsed.every((field) => typeof field === 'string')) return undefined
  return parsed as string[]
}

/** A row's id or key as a cursor carries it: 1 to `maxLength` characters, no NUL, no lone surrogate. */
export function isCursorKey(value: string, maxLength = 64): boolean {
  return value.length > 0 && value.length <= maxLength && !isUnsafeText(value)
}

const MICROSECOND_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

/**
 * A time as the lists write it into their cursors: UTC to the microsecond, as PostgreSQL keeps it
 * (`2026-03-01T09:30:00.123456Z`; a JavaScript `Date` would round it to milliseconds, and two rows
 * of the same millisecond could then be skipped or listed twice), naming a real instant since 1970
 * (PostgreSQL would answer year 0 or a 30 February with an error).
 */
export function isCursorTime(value: string): boolean {
  if (!MICROSECOND_TIME.test(value)) return false
  const millis = Date.parse(`${value.slice(0, 23)}Z`)
  return !Number.isNaN(millis) && millis >= 0 && new Date(millis).toISOString().slice(0, 19) === value.slice(0, 19)
}
