/**
 * The LISTEN/NOTIFY channel new notifications are announced on, and the SQL that announces one.
 * In db/ because the writers sit in several folders (notifications, their snooze waker, the team
 * invitations in server/members/) and the one listener in server/notifications/hub.ts; all of
 * them have to agree on the channel and the payload.
 */

/**
 * The channel of `pg_notify` when a notification is created; payload `{ id, user_id, org_id }` as
 * JSON. A notification back from a snooze is announced the same way, with `woken` (its snooze
 * moment, ms since the epoch) added so listeners do not mistake it for an earlier announcement of
 * that id.
 */
export const NOTIFICATIONS_CHANNEL = 'notifications'

/**
 * SQL for `pg_notify` of the row alias `r` (columns id, user_id, org_id) as a new notification;
 * `woken` (SQL of a timestamptz, or omitted) marks a wake-up from a snooze.
 */
export function announceSql(r: string, woken?: string): string {
  const extra = woken === undefined ? '' : `, 'woken', floor(extract(epoch from ${woken}) * 1000)::float8`
  return `pg_notify('${NOTIFICATIONS_CHANNEL}', json_build_object('id', ${r}.id, 'user_id', ${r}.user_id, 'org_id', ${r}.org_id${extra})::text)`
}

/**
 * The channel of `pg_notify` when sessions are signed out; payload: their ids, comma-separated
 * (at most {@link REVOKED_IDS_PER_NOTIFY} per payload, under PostgreSQL's 8000-byte limit). The
 * writers are in server/auth/refresh-token.ts, the listener is server/auth/revocations.ts.
 */
export const SESSIONS_REVOKED_CHANNEL = 'sessions_revoked'

/** Session ids (UUIDs, 36 characters) per `sessions_revoked` payload. */
export const REVOKED_IDS_PER_NOTIFY = 150

/**
 * The channel of `pg_notify` when webhook deliveries are queued (server/webhook-events/events.ts); the
 * payload is empty: a delivery worker that hears it looks for due rows at once instead of waiting
 * for its next sweep (server/webhooks/delivery.ts).
 */
export const WEBHOOKS_CHANNEL = 'webhook_deliveries'
