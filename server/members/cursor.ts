/**
 * The opaque cursor of the members list's keyset paging (ours: `GET /organizations/members`): the
 * position of the last member of a page, `(lower(full_name), user id)`, as base64url JSON. The
 * name is the database's own lower-cased form, so the next page compares exactly what it sorted.
 */
import { isUnsafeText } from '../../contract/validate.ts'

/** A position in the list: members sorting strictly after it come next. */
export interface MemberCursor {
  /** `lower(full_name)` as PostgreSQL computed it for the last member listed. */
  readonly name: string
  /** That member's user id, which orders members of the same name. */
  readonly id: string
}

/** Longer than any name a write path accepts (120), short of what a URL can carry. */
const MAX_NAME_LENGTH = 1024
const MAX_ID_LENGTH = 64
const MAX_CURSOR_LENGTH = 4096

/** The cursor as the API hands it out (`next_cursor`). */
export function encodeMemberCursor(cursor: MemberCursor): string {
  return Buffer.from(JSON.stringify([cursor.name, cursor.id]), 'utf8').toString('base64url')
}

/**
 * Reads a cursor given back as `cursor`.
 * @returns the position, or undefined when `text` is not a cursor this server handed out
 *   (the caller answers 400 `invalid_request`).
 */
export function decodeMemberCursor(text: string): MemberCursor | undefined {
  if (text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return undefined
  const [name, id] = parsed as unknown[]
  if (typeof name !== 'string' || name.length > MAX_NAME_LENGTH || isUnsafeText(name)) return undefined
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH || isUnsafeText(id)) return undefined
  return { name, id }
}
