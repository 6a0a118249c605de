/**
 * The opaque cursor of the members list's keyset paging (ours: `GET /organizations/members`): the
 * position of the last member of a page, `(lower(full_name), user id)`, as base64url JSON. The
 * name is the database's own lower-cased form, so the next page compares exactly what it sorted.
 */
import { decodeCursor, encodeCursor, isCursorKey } from '../http/cursor.ts'

/** A position in the list: members sorting strictly after it come next. */
export interface MemberCursor {
  /** `lower(full_name)` as PostgreSQL computed it for the last member listed. */
  readonly name: string
  /** That member's user id, which orders members of the same name. */
  readonly id: string
}

/** Longer than any name a write path accepts (120), short of what a URL can carry. */
const MAX_NAME_LENGTH = 1024
const MAX_CURSOR_LENGTH = 4096

/** The cursor as the API hands it out (`next_cursor`). */
export function encodeMemberCursor(cursor: MemberCursor): string {
  return encodeCursor([cursor.name, cursor.id])
}

/**
 * Reads a cursor given back as `cursor`.
 * @returns the position, or undefined when `text` is not a cursor this server handed out
 *   (the caller answers 400 `invalid_request`).
 */
export function decodeMemberCursor(text: string): MemberCursor | undefined {
  const [name, id] = decodeCursor(text, 2, MAX_CURSOR_LENGTH) ?? []
  // An empty name is a real position (a member without a name sorts first).
  return name !== undefined && id !== undefined && (name === '' || isCursorKey(name, MAX_NAME_LENGTH)) && isCursorKey(id) ? { name, id } : undefined
}
