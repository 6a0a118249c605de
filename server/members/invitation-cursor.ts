/**
 * The opaque cursor of the pending invitations' keyset paging (ours: `GET /organizations/invitations`):
 * the position of the last invitation of a page, `(created_at, kind, key)`, as base64url JSON. The
 * time is the database's own, to the microsecond (a JavaScript `Date` keeps only milliseconds, and
 * two invitations a few microseconds apart must not be skipped or listed twice); `key` is the
 * invitation's id for `account`, the invitee's user id for `link` (each kind's own indexed column).
 */
import { decodeCursor, encodeCursor, isCursorKey, isCursorTime } from '../http/cursor.ts'

/** A position in the list: invitations sorting strictly after it come next. */
export interface InvitationCursor {
  /** `created_at` in UTC to the microsecond, `2026-11-22T08:00:00.123456Z`. */
  readonly createdAt: string
  readonly kind: 'account' | 'link'
  /** `account`: the invitation's id; `link`: the invitee's user id. */
  readonly key: string
}

const MAX_CURSOR_LENGTH = 512

/** The cursor as the API hands it out (`next_cursor`). */
export function encodeInvitationCursor(cursor: InvitationCursor): string {
  return encodeCursor([cursor.createdAt, cursor.kind, cursor.key])
}

/**
 * Reads a cursor given back as `cursor`.
 * @returns the position, or undefined when `text` is not a cursor this server handed out
 *   (the caller answers 400 `invalid_request`).
 */
export function decodeInvitationCursor(text: string): InvitationCursor | undefined {
  const [createdAt, kind, key] = decodeCursor(text, 3, MAX_CURSOR_LENGTH) ?? []
  if (kind !== 'account' && kind !== 'link') return undefined
  return createdAt !== undefined && key !== undefined && isCursorTime(createdAt) && isCursorKey(key) ? { createdAt, kind, key } : undefined
}
