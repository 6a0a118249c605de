/**
 * The opaque cursor of the notification list's keyset paging ('Load more', SPEC.md §4
 * Notifications): the position of a page's last row in its view's order, as base64url JSON
 * `[order, at, id]`. `order` is `c` for the views newest first (`created_at desc, id desc`: the
 * inbox, unread and archived) and `s` for the snoozed view (`snoozed_until asc, id asc`), so a
 * cursor of one order is refused by a view of the other. `at` keeps PostgreSQL's microseconds
 * (a JavaScript Date rounds to milliseconds, and two rows of the same millisecond could then be
 * skipped or listed twice).
 */
import type { NotificationView } from '../../contract/notifications.ts'
import { decodeCursor, encodeCursor, isCursorKey, isCursorTime } from '../http/cursor.ts'

/** The order a view lists its rows in: `c` newest first by creation, `s` soonest back first. */
export type CursorOrder = 'c' | 's'

/** A position in a view's order: the rows after it come next. */
export interface NotificationCursor {
  readonly order: CursorOrder
  /** The row's `created_at` (order `c`) or `snoozed_until` (order `s`), UTC with microseconds: `2026-03-01T09:30:00.123456Z`. */
  readonly at: string
  /** The row's id, which orders rows of the same instant. */
  readonly id: string
}

/** The order of `view`'s rows. */
export function cursorOrderOf(view: NotificationView): CursorOrder {
  return view === 'snoozed' ? 's' : 'c'
}

/** The cursor as the API hands it out (`next_cursor`). */
export function encodeNotificationCursor(cursor: NotificationCursor): string {
  return encodeCursor([cursor.order, cursor.at, cursor.id])
}

/**
 * Reads a cursor given back as `cursor`.
 * @returns the position, or undefined when `text` is not a cursor this server hands out (the
 *   caller answers 400 `invalid_request`).
 */
export function decodeNotificationCursor(text: string): NotificationCursor | undefined {
  const [order, at, id] = decodeCursor(text, 3) ?? []
  if (order !== 'c' && order !== 's') return undefined
  return at !== undefined && id !== undefined && isCursorTime(at) && isCursorKey(id) ? { order, at, id } : undefined
}
