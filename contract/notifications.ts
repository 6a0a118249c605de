/**
 * Notifications and notification preferences (SPEC.md §3 Notification, Notification preferences;
 * §4 Notifications, Polling; §7 /common-services/notifications*; §9 page sizes and cache).
 *
 * The reference server always sends the canonical fields below. SPEC §3 also names an action URL
 * kept in `metadata.action_url`; `notificationActionHref` is the one rule that reads either.
 */
import { Schema } from 'effect'

/** SPEC §3: the categories (each with its own icon; unknown ones show a bell). */
export const NotificationCategories = ['system', 'marketing', 'transaction', 'reminder', 'alert', 'message', 'update'] as const
export type NotificationCategory = (typeof NotificationCategories)[number]

/** Priorities; `urgent` has special handling (system notification when the page is hidden). */
export const NotificationPriorities = ['low', 'normal', 'high', 'urgent'] as const
export type NotificationPriority = (typeof NotificationPriorities)[number]

/** SPEC §9: page size of the list, of a poll, cache bound and lifetime. */
export const NOTIFICATIONS_PAGE_SIZE = 20
export const NOTIFICATIONS_POLL_SIZE = 10
export const NOTIFICATIONS_POLL_INTERVAL_MS = 30_000
export const NOTIFICATIONS_CACHE_KEY = 'notifications_cache'
export const NOTIFICATIONS_CACHE_MAX_ITEMS = 50
export const NOTIFICATIONS_CACHE_TTL_MS = 300_000

/** One notification as the reference server sends it. */
export const Notification = Schema.Struct({
  _id: Schema.String,
  title: Schema.String,
  body: Schema.String,
  read: Schema.Boolean,
  status: Schema.Literals(['read', 'unread']),
  priority: Schema.Literals(NotificationPriorities),
  category: Schema.String,
  /** Creation time in seconds since the epoch (SPEC §3). */
  created_at_timestamp: Schema.Number,
  createdAt: Schema.String,
  actionUrl: Schema.NullOr(Schema.String),
  actionText: Schema.NullOr(Schema.String),
  metadata: Schema.Record(Schema.String, Schema.Unknown),
})
export type Notification = typeof Notification.Type

/** `GET /common-services/notifications?page&limit` (pages start at 1; newest first). */
export const NotificationsPage = Schema.Struct({
  notifications: Schema.Array(Notification),
  unread_count: Schema.Number,
  hasMore: Schema.Boolean,
})
export type NotificationsPage = typeof NotificationsPage.Type

/** Query of the list: page ≥ 1, limit 1–100. */
export const NotificationsQuery = Schema.Struct({
  page: Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1)),
  limit: Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1), Schema.isLessThanOrEqualTo(100)),
})

/** One preference category (SPEC §3). */
export const PreferenceCategory = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  enabled: Schema.Boolean,
})

/** Quiet hours (ours: the spec does not show the inner fields): local "HH:MM" and an IANA zone. */
export const QuietHours = Schema.Struct({
  enabled: Schema.Boolean,
  start: Schema.String.check(Schema.isPattern(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Use HH:MM' })),
  end: Schema.String.check(Schema.isPattern(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Use HH:MM' })),
  timezone: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64)),
})

/** SPEC §3 Notification preferences; `PUT` takes the whole object and answers it. */
export const NotificationPreferences = Schema.Struct({
  push_enabled: Schema.Boolean,
  email_enabled: Schema.Boolean,
  categories: Schema.Array(PreferenceCategory),
  quiet_hours: Schema.optional(Schema.NullOr(QuietHours)),
})
export type NotificationPreferences = typeof NotificationPreferences.Type

/** `GET`/`PUT /common-services/notifications/preferences` response. */
export const PreferencesResponse = Schema.Struct({ preferences: NotificationPreferences })

/** SPEC §3: the defaults, also used when loading fails (§8). */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  push_enabled: true,
  email_enabled: true,
  categories: [
    { id: 'messages', name: 'New messages and replies', description: 'Replies from contacts and messages from your agents', enabled: true },
    { id: 'updates', name: 'System Updates', description: 'New features, maintenance and changes to Engage', enabled: true },
    { id: 'team', name: 'Team Activity', description: 'Invitations, role changes and your teammates’ actions', enabled: true },
    { id: 'payments', name: 'Payments & Billing', description: 'Invoices, payments and credits', enabled: true },
    { id: 'analytics', name: 'Analytics & Reports', description: 'Scheduled reports and usage summaries', enabled: false },
    { id: 'marketing', name: 'Marketing & News', description: 'News and offers from Engage', enabled: false },
  ],
  quiet_hours: null,
}

/** Internal create (ours; key-protected): who, in which org, and the notification. */
export const CreateNotificationRequest = Schema.Struct({
  email: Schema.String.check(Schema.isMinLength(3)),
  org: Schema.String.check(Schema.isMinLength(1)),
  title: Schema.String.check(Schema.isMinLength(1, { message: 'title is required' }), Schema.isMaxLength(200)),
  body: Schema.optional(Schema.String.check(Schema.isMaxLength(2000))),
  category: Schema.optional(Schema.Literals(NotificationCategories)),
  priority: Schema.optional(Schema.Literals(NotificationPriorities)),
  action_url: Schema.optional(Schema.String.check(Schema.isMaxLength(2048))),
  action_text: Schema.optional(Schema.String.check(Schema.isMaxLength(60))),
})
export type CreateNotificationRequest = typeof CreateNotificationRequest.Encoded

/**
 * SPEC §2.6/§4: a safe click target for an action URL: a same-origin path (returned as is) or an
 * absolute http(s) URL; anything else (`javascript:`, `data:`, protocol-relative, backslashes,
 * control characters) gives null and no link is rendered.
 */
export function safeActionUrl(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null
  if (raw.startsWith('/')) return raw.startsWith('//') ? null : raw
  try {
    const url = new URL(raw)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/**
 * SPEC §3/§4: where a notification's click goes, the one owner of that rule (issue #15): its
 * `actionUrl`, else `metadata.action_url` when that is a string, through `safeActionUrl`. Null when
 * neither is a safe link (then no link is rendered and a system notification opens nothing).
 */
export function notificationActionHref(n: Pick<Notification, 'actionUrl' | 'metadata'>): string | null {
  const fromMetadata = n.metadata['action_url']
  return safeActionUrl(n.actionUrl ?? (typeof fromMetadata === 'string' ? fromMetadata : null))
}

/**
 * `POST /common-services/notifications/stream-ticket` (issue #19): a single-use ticket that opens
 * the notification stream (`GET .../stream?ticket=`), so the access token never rides in a URL.
 * `expires_in` is in seconds (30).
 */
export const StreamTicketResponse = Schema.Struct({
  ticket: Schema.String.check(Schema.isMinLength(1)),
  expires_in: Schema.Number,
})
export type StreamTicketResponse = typeof StreamTicketResponse.Type
