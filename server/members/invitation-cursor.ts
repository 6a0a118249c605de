/**
 * The opaque cursor of the pending invitations' keyset paging (ours: `GET /organizations/invitations`):
 * the position of the last invitation of a page, `(created_at, kind, key)`, as base64url JSON. The
 * time is the database's own, to the microsecond (a JavaScript `Date` keeps only milliseconds, and
 * two invitations a few microseconds apart must not be skipped or listed twice); `key` is the
 * invitation's id for `account`, the invitee's user id for `link` (each kind's own indexed column).
 */
import { isUnsafeText } from '../../contract/validate.ts'

/** A position in the list: invitations sorting strictly after it come next. */
export interface InvitationCursor {
  /** `created_at` in UTC to the microsecond, `2026-11-22T08:00:00.123456Z`. */
  readonly createdAt: string
  readonly kind: 'account' | 'link'
  /** `account`: the invitation's id; `link`: the invitee's user id. */
  readonly key: string
}

const MAX_KEY_LENGTH = 64
const MAX_CURSOR_LENGTH = 512
/** The form {@link invitationTimeText} writes: UTC, six fractional digits. */
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

/** The cursor as the API hands it out (`next_cursor`). */
export function encodeInvitationCursor(cursor: InvitationCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.kind, cursor.key]), 'utf8').toString('base64url')
}

/**
 * Reads a cursor given back as `cursor`.
 * @returns the position, or undefined when `text` is not a cursor this server handed out
 *   (the caller answers 400 `invalid_request`).
 */
export function decodeInvitationCursor(text: string): InvitationCursor | undefined {
  if (text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return undefined
  const [createdAt, kind, key] = parsed as unknown[]
  if (typeof createdAt !== 'string' || !TIME.test(createdAt) || !isRealTime(createdAt)) return undefined
  if (kind !== 'account' && kind !== 'link') return undefined
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH || isUnsafeText(key)) return undefined
  return { createdAt, kind, key }
}

/**
 * Whether `text` (of the form {@link TIME}) names a real instant since 1970 (nothing is older): its
 * date and time fields are in range (PostgreSQL would refuse year 0 or a 30 February with an error).
 */
function isRealTime(text: string): boolean {
  const millis = Date.parse(`${text.slice(0, 23)}Z`)
  return !Number.isNaN(millis) && millis >= 0 && new Date(millis).toISOString().slice(0, 19) === text.slice(0, 19)
}
