/**
 * One notification as the database gives it and as the contract sends it (SPEC.md §3
 * Notification): the row shape the reads and the create select, and its wire form.
 *
 * Every notification is in exactly one of three places: the INBOX (not archived, and not snoozed
 * or its snooze moment has passed), ARCHIVED, or SNOOZED (until a moment still ahead). Archiving
 * clears a snooze; snoozing un-archives (./changes.ts). "Now" for the views is the app's clock
 * (`nowMs`, ISO text to SQL), so the views, the snooze checks and the wake-up timer (./snooze.ts)
 * agree, also under a test's moved clock; the stored times (`read_at`, `seen_at`,
 * `archived_at`) are the database's now().
 */
import { sql } from 'drizzle-orm'
import type { Notification, NotificationPriority } from '../../contract/notifications.ts'

/** A notification row as the reads and the create select it (`created_ms`: ms since the epoch). */
export interface NotificationRow {
  readonly id: string
  readonly title: string
  readonly body: string
  readonly category: string
  readonly priority: string
  readonly read: boolean
  readonly action_url: string | null
  readonly action_text: string | null
  readonly metadata: Record<string, unknown> | null
  readonly created_ms: number | string
  /** Whether it has been seen (the bell's badge counts unseen ones). */
  readonly seen: boolean
  readonly archived: boolean
  /** Ms since the epoch, null when not snoozed. */
  readonly snoozed_ms: number | string | null
  readonly group_key: string | null
}

/** SQL object for one row of `n` (alias of `notifications`), the shape of {@link NotificationRow}. */
export const rowJson = sql.raw(`json_build_object(
  'id', n.id, 'title', n.title, 'body', n.body, 'category', n.category, 'priority', n.priority,
  'read', n.read_at is not null, 'action_url', n.action_url, 'action_text', n.action_text,
  'metadata', n.metadata, 'created_ms', floor(extract(epoch from n.created_at) * 1000)::float8,
  'seen', n.seen_at is not null, 'archived', n.archived_at is not null,
  'snoozed_ms', floor(extract(epoch from n.snoozed_until) * 1000)::float8, 'group_key', n.group_key)`)

/**
 * The canonical wire form (contract `Notification`): `status` mirrors `read`,
 * `created_at_timestamp` is whole SECONDS since the epoch, `createdAt` ISO 8601, absent action
 * fields are null (never undefined); `seen`, `archived`, `snoozed_until` (ISO, ms precision, or
 * null) and `group_key` (or null) are always sent.
 */
export function serializeNotification(row: NotificationRow): Notification {
  const ms = Number(row.created_ms)
  const priority = row.priority as NotificationPriority
  return {
    _id: row.id,
    title: row.title,
    body: row.body,
    read: row.read,
    status: row.read ? 'read' : 'unread',
    priority,
    category: row.category,
    created_at_timestamp: Math.floor(ms / 1000),
    createdAt: new Date(ms).toISOString(),
    actionUrl: row.action_url ?? null,
    actionText: row.action_text ?? null,
    metadata: row.metadata ?? {},
    seen: row.seen,
    archived: row.archived,
    snoozed_until: row.snoozed_ms === null || row.snoozed_ms === undefined ? null : new Date(Number(row.snoozed_ms)).toISOString(),
    group_key: row.group_key ?? null,
  }
}
