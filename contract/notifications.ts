/**
 * Notifications and notification preferences (SPEC.md §3 Notification, Notification preferences;
 * §4 Notifications, Polling; §7 /common-services/notifications*; §9 page sizes and cache).
 *
 * The reference server always sends the canonical fields below. SPEC §3 also names an action URL
 * kept in `metadata.action_url`; `notificationActionHref` is the one rule that reads either.
 */
import { isTimeZone } from './time-zone.ts'
import { NotificationCategories, type NotificationCategory } from './notification-categories.ts'
import { Schema } from 'effect'
import { endpoint } from './endpoint.ts'

// SPEC §3's categories and their names: ./notification-categories.ts (the shell reads them without this module's Schemas).
export { NotificationCategories, type NotificationCategory, NOTIFICATION_CATEGORY_LABELS, isNotificationCategory, notificationCategoryLabel } from './notification-categories.ts'

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
  /**
   * The inbox fields (the reference server always sends the four below; optional because SPEC §3
   * does not have them, and a notification built from a push payload does not carry them). Seen:
   * listed in
   * an opened panel (`PUT /notifications/seen`); the badge counts the unseen. Reading one also
   * sees it. Absent: read ones count as seen.
   */
  seen: Schema.optional(Schema.Boolean),
  /** Archived (out of the inbox and its counts, listed by `view=archived`). Absent: false. */
  archived: Schema.optional(Schema.Boolean),
  /**
   * ISO 8601 moment until which it is hidden from the inbox, then back as unread;
   * null when not snoozed. A moment already past means it is back (the wake-up may lag ~15 s).
   */
  snoozed_until: Schema.optional(Schema.NullOr(Schema.String)),
  /** Notifications with the same key show as one row with a count; null: on its own. */
  group_key: Schema.optional(Schema.NullOr(Schema.String)),
})
export type Notification = typeof Notification.Type

/**
 * Which notifications a list shows.
 * - `inbox` (default, the spec's list): not archived and not snoozed now, newest first;
 * - `unread`: the inbox's unread ones, newest first;
 * - `archived`: archived ones, newest first (by creation, like the inbox);
 * - `snoozed`: snoozed until a moment still ahead, the soonest to come back first.
 */
export const NotificationViews = ['inbox', 'unread', 'archived', 'snoozed'] as const
export type NotificationView = (typeof NotificationViews)[number]

/**
 * The most any notification count says (SPEC §2.6: the badge shows '99+' above 99, so no count
 * beyond 100 is ever shown exactly). The server stops counting there, so a count costs at most
 * this many index entries however large the inbox: a count equal to the cap means "this many or
 * more" ({@link isCappedCount}).
 */
export const NOTIFICATION_COUNT_CAP = 100

/** Whether a count from the server means "{@link NOTIFICATION_COUNT_CAP} or more" rather than exactly itself. */
export function isCappedCount(count: number): boolean {
  return count >= NOTIFICATION_COUNT_CAP
}

/**
 * `GET /common-services/notifications?page&limit&view&category&cursor` (pages start at 1). The
 * counts are of the INBOX whatever the view or category asked, each capped at
 * {@link NOTIFICATION_COUNT_CAP} (100 means 100 or more): `unread_count` (SPEC §7) and
 * `unseen_count`. `next_cursor` is the `cursor` of the page after this one (null on the last).
 */
export const NotificationsPage = Schema.Struct({
  notifications: Schema.Array(Notification),
  unread_count: Schema.Number,
  /** Inbox notifications not yet seen (the reference server always sends it; SPEC §7 does not). */
  unseen_count: Schema.optional(Schema.Number),
  hasMore: Schema.Boolean,
  /**
   * Opaque (base64url): the position after this page's last row, to send back as `cursor` for the
   * next page (keyset paging: each row exactly once, whatever arrives meanwhile); null on the last
   * page. The reference server always sends it; SPEC §7 does not (its clients page by `page`).
   */
  next_cursor: Schema.optional(Schema.NullOr(Schema.String)),
})
export type NotificationsPage = typeof NotificationsPage.Type

/** The longest `cursor` the list accepts, characters (the server's are about 100). */
export const NOTIFICATIONS_CURSOR_MAX_LENGTH = 256

/**
 * Query of the list: page ≥ 1, limit 1–100; ours: `view` (default `inbox`), `category`
 * (one of {@link NotificationCategories}; absent: every category) and `cursor` (a page's
 * `next_cursor` of the same view: the rows after it; then `page` is 1 or absent).
 */
export const NotificationsQuery = Schema.Struct({
  page: Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1)),
  limit: Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1), Schema.isLessThanOrEqualTo(100)),
  view: Schema.optional(Schema.Literals(NotificationViews)),
  category: Schema.optional(Schema.Literals(NotificationCategories)),
  cursor: Schema.optional(
    Schema.String.check(
      Schema.isPattern(/^[A-Za-z0-9_-]+$/, { message: 'Not a cursor from this list' }),
      Schema.isMaxLength(NOTIFICATIONS_CURSOR_MAX_LENGTH, { message: 'Not a cursor from this list' }),
    ),
  ),
})
export type NotificationsQuery = typeof NotificationsQuery.Type

/**
 * `GET /common-services/notifications/counts`, all from one query and at one moment, each capped
 * at {@link NOTIFICATION_COUNT_CAP} (100 means 100 or more; the server never counts further):
 * `inbox` (not archived, not snoozed now), `unread` and `unseen` (of the inbox; `unread` equals
 * the list's `unread_count`), `archived`, `snoozed` (until a moment still ahead), and `categories`:
 * inbox notifications per category, only categories that have some (a tab per category with items).
 */
export const NotificationCounts = Schema.Struct({
  inbox: Schema.Number,
  unread: Schema.Number,
  unseen: Schema.Number,
  archived: Schema.Number,
  snoozed: Schema.Number,
  categories: Schema.Record(Schema.String, Schema.Number),
})
export type NotificationCounts = typeof NotificationCounts.Type

/** The longest a notification may be snoozed, ms (365 days). */
export const SNOOZE_MAX_AHEAD_MS = 365 * 24 * 60 * 60 * 1000

/**
 * An ISO 8601 date and time with a zone (`2026-11-25T09:00:00Z`, `2026-11-25T09:00:00.000+01:00`):
 * what `Date.prototype.toISOString` writes, or an offset; years 2000–9999. No date-only or
 * zone-less forms (their meaning would depend on the server's zone).
 */
export const IsoDateTime = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, {
    message: 'Expected an ISO 8601 date and time with a zone, e.g. 2026-11-25T09:00:00Z',
  }),
  Schema.makeFilter((s: string) => {
    const ms = Date.parse(s)
    return (Number.isFinite(ms) && ms >= Date.UTC(2000, 0, 1) && ms < Date.UTC(10000, 0, 1)) || 'Not a real date and time'
  }),
)

/**
 * `PUT /common-services/notifications/seen` body: marks seen every inbox notification
 * created at or before `before` (the newest one the opened panel shows); `{}` means up to now.
 */
export const MarkSeenRequest = Schema.Struct({ before: Schema.optional(IsoDateTime) })
export type MarkSeenRequest = typeof MarkSeenRequest.Type

/**
 * `PUT /common-services/notifications/{id}/snooze` body: hidden until `until`, which
 * must be after now and at most {@link SNOOZE_MAX_AHEAD_MS} ahead ({@link snoozeUntilIssue}).
 */
export const SnoozeRequest = Schema.Struct({ until: IsoDateTime })
export type SnoozeRequest = typeof SnoozeRequest.Type

/** What a snooze moment in the past, or too far ahead, is told (server and client). */
export const SNOOZE_IN_PAST = 'Choose a moment in the future'
export const SNOOZE_TOO_FAR = 'Snooze for at most a year'

/**
 * Why `until` (an {@link IsoDateTime}) cannot be a snooze moment at `nowMs`, or
 * undefined when it can: it must be after now and at most {@link SNOOZE_MAX_AHEAD_MS} ahead.
 */
export function snoozeUntilIssue(until: string, nowMs: number): string | undefined {
  const ms = Date.parse(until)
  if (!(ms > nowMs)) return SNOOZE_IN_PAST
  if (ms - nowMs > SNOOZE_MAX_AHEAD_MS) return SNOOZE_TOO_FAR
  return undefined
}

/** The longest `group_key`, characters. */
export const GROUP_KEY_MAX_LENGTH = 200

/**
 * The delivery channels a preference category can be switched on per channel. In-app is
 * not among them: every notification is listed in the inbox whatever the preferences say.
 */
export const PreferenceChannelNames = ['push', 'email'] as const
export type PreferenceChannel = (typeof PreferenceChannelNames)[number]

/** Our extension of SPEC §3 (docs/api.md): one category's choice per channel. */
export const PreferenceChannels = Schema.Struct({ push: Schema.Boolean, email: Schema.Boolean })
export type PreferenceChannels = typeof PreferenceChannels.Type

/**
 * One preference category (SPEC §3). `enabled` keeps the spec's meaning, the category as a whole;
 * `channels` (optional: absent means both on) narrows it per channel.
 */
export const PreferenceCategory = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  enabled: Schema.Boolean,
  channels: Schema.optional(PreferenceChannels),
})
export type PreferenceCategory = typeof PreferenceCategory.Type

export { isTimeZone }

/** Quiet hours (ours: the spec does not show the inner fields): local "HH:MM" and an IANA zone. */
export const QuietHours = Schema.Struct({
  enabled: Schema.Boolean,
  start: Schema.String.check(Schema.isPattern(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Use HH:MM' })),
  end: Schema.String.check(Schema.isPattern(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Use HH:MM' })),
  timezone: Schema.String.check(Schema.makeFilter((z: string) => isTimeZone(z) || 'Choose a time zone from the list')),
})
export type QuietHours = typeof QuietHours.Type

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
    {
      id: 'messages',
      name: 'New messages and replies',
      description: 'Replies from contacts and messages from your agents',
      enabled: true,
      channels: { push: true, email: true },
    },
    {
      id: 'updates',
      name: 'System Updates',
      description: 'New features, maintenance and changes to Engage',
      enabled: true,
      channels: { push: true, email: true },
    },
    {
      id: 'team',
      name: 'Team Activity',
      description: 'Reminders, invitations and your teammates’ actions',
      enabled: true,
      channels: { push: true, email: true },
    },
    { id: 'payments', name: 'Payments & Billing', description: 'Invoices, payments and credits', enabled: true, channels: { push: true, email: true } },
    {
      id: 'analytics',
      name: 'Analytics & Reports',
      description: 'Alerts on your metrics, reports and usage summaries',
      enabled: false,
      channels: { push: true, email: true },
    },
    { id: 'marketing', name: 'Marketing & News', description: 'News and offers from Engage', enabled: false, channels: { push: true, email: true } },
  ],
  quiet_hours: null,
}

/**
 * The one preference category each SPEC §3 notification category belongs to (docs/
 * decisions.md "Notification categories and preference categories"). A category the table does
 * not know (the spec allows any string) counts as System Updates.
 */
export const PREFERENCE_CATEGORY_OF: Readonly<Record<NotificationCategory, string>> = {
  message: 'messages',
  system: 'updates',
  update: 'updates',
  reminder: 'team',
  transaction: 'payments',
  alert: 'analytics',
  marketing: 'marketing',
}


/** The preference category id a notification of `category` is governed by. */
export function preferenceCategoryOf(category: string): string {
  return (PREFERENCE_CATEGORY_OF as Readonly<Record<string, string>>)[category] ?? 'updates'
}

/** The notification categories a preference category covers, in SPEC §3 order (possibly none). */
export function notificationCategoriesOf(preferenceCategoryId: string): ReadonlyArray<NotificationCategory> {
  return NotificationCategories.filter((c) => PREFERENCE_CATEGORY_OF[c] === preferenceCategoryId)
}

/**
 * Whether `preferences` let a notification of `category` out on `channel` (push or
 * email), quiet hours aside: the channel's master switch, the category as a whole, and the
 * category's choice for that channel must all allow it. A preference category missing from the
 * saved list falls back to its default (SPEC §3 defaults).
 */
export function channelAllows(preferences: NotificationPreferences, category: string, channel: PreferenceChannel): boolean {
  const master = channel === 'push' ? preferences.push_enabled : preferences.email_enabled
  if (!master) return false
  const id = preferenceCategoryOf(category)
  const chosen = preferences.categories.find((c) => c.id === id) ?? DEFAULT_PREFERENCES.categories.find((c) => c.id === id)
  if (chosen === undefined) return true
  return chosen.enabled && (chosen.channels?.[channel] ?? true)
}

/** Quiet hours whose start equals their end are refused: the editor and the server say this. */
export const QUIET_HOURS_SAME_TIMES = 'Start and end must differ'

/** The answer to a bad unsubscribe link, on the page and from the server. */
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid. Change which emails you get in your notification preferences.'

/** What a digest's unsubscribe link turns off when its items span several categories (all notification email). */
export const ALL_EMAIL_SCOPE = { id: 'all', name: 'All notification emails' } as const

/**
 * `GET /mail/unsubscribe?token`: what a one-click unsubscribe link would turn off,
 * without changing anything (mail scanners follow links); `POST` with the same token turns it off.
 */
export const UnsubscribeResponse = Schema.Struct({
  category: Schema.Struct({ id: Schema.String, name: Schema.String }),
  email: Schema.String,
  /** Whether the category's email channel is off now. */
  unsubscribed: Schema.Boolean,
})
export type UnsubscribeResponse = typeof UnsubscribeResponse.Type

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
  /** Notifications of one recipient with the same key show as one row with a count. */
  group_key: Schema.optional(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(GROUP_KEY_MAX_LENGTH))),
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
 * SPEC §3/§4: where a notification's click goes, the one owner of that rule: its
 * `actionUrl`, else `metadata.action_url` when that is a string, through `safeActionUrl`. Null when
 * neither is a safe link (then no link is rendered and a system notification opens nothing).
 */
export function notificationActionHref(n: Pick<Notification, 'actionUrl' | 'metadata'>): string | null {
  const fromMetadata = n.metadata['action_url']
  return safeActionUrl(n.actionUrl ?? (typeof fromMetadata === 'string' ? fromMetadata : null))
}

/**
 * `POST /common-services/notifications/stream-ticket`: a single-use ticket that opens
 * the notification stream (`GET .../stream?ticket=`), so the access token never rides in a URL.
 * `expires_in` is in seconds (30).
 */
export const StreamTicketResponse = Schema.Struct({
  ticket: Schema.String.check(Schema.isMinLength(1)),
  expires_in: Schema.Number,
})
export type StreamTicketResponse = typeof StreamTicketResponse.Type

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts): `/common-services/notifications*` of the current workspace
// (`x-org-id`), and the public one-click unsubscribe of notification emails. A notification of
// another person or workspace answers 404 like an unknown id.

/** `GET /mail/unsubscribe` and `POST`: the link's signed `token` is the whole authority. */
export const UnsubscribeQuery = Schema.Struct({ token: Schema.String })
export type UnsubscribeQuery = typeof UnsubscribeQuery.Type

/** 403 for a non-member or a workspace that requires two-factor the caller lacks. */
const inWorkspace = ['forbidden', 'two_factor_required'] as const
/** ...and 404 for a notification that is not the caller's. */
const oneNotification = [...inWorkspace, 'not_found'] as const
const base = '/common-services/notifications'

/**
 * The notification endpoints. `list` ?page&limit&view&category&cursor (SPEC §9; 400 with issues
 * for a bad value, a cursor this list did not hand out among them); `counts` one query, capped; the per-id changes answer 204 and are idempotent; `snooze` 400
 * at `until` for a moment not ahead or over a year ahead; `savePreferences` 400 for quiet hours
 * with start = end; `streamTicket` a single-use ticket (30 s) for the live stream.
 */
export const notificationsApi = {
  list: endpoint('GET', base, { query: NotificationsQuery, response: NotificationsPage, errors: inWorkspace }),
  counts: endpoint('GET', `${base}/counts`, { response: NotificationCounts, errors: inWorkspace }),
  markAllRead: endpoint('PUT', `${base}/mark-all-read`, { errors: inWorkspace }),
  markSeen: endpoint('PUT', `${base}/seen`, { body: MarkSeenRequest, optionalBody: true, errors: inWorkspace }),
  archiveRead: endpoint('PUT', `${base}/archive-read`, { errors: inWorkspace }),
  preferences: endpoint('GET', `${base}/preferences`, { response: PreferencesResponse, errors: inWorkspace }),
  savePreferences: endpoint('PUT', `${base}/preferences`, { body: NotificationPreferences, response: PreferencesResponse, errors: inWorkspace }),
  markRead: endpoint('PUT', `${base}/:id/read`, { errors: oneNotification }),
  markUnread: endpoint('PUT', `${base}/:id/unread`, { errors: oneNotification }),
  archive: endpoint('PUT', `${base}/:id/archive`, { errors: oneNotification }),
  restore: endpoint('PUT', `${base}/:id/restore`, { errors: oneNotification }),
  snooze: endpoint('PUT', `${base}/:id/snooze`, { body: SnoozeRequest, errors: oneNotification }),
  unsnooze: endpoint('DELETE', `${base}/:id/snooze`, { errors: oneNotification }),
  remove: endpoint('DELETE', `${base}/:id`, { errors: oneNotification }),
  streamTicket: endpoint('POST', `${base}/stream-ticket`, { response: StreamTicketResponse, errors: inWorkspace }),
  describeUnsubscribe: endpoint('GET', '/mail/unsubscribe', { query: UnsubscribeQuery, response: UnsubscribeResponse, access: 'public' }),
  unsubscribe: endpoint('POST', '/mail/unsubscribe', { query: UnsubscribeQuery, response: UnsubscribeResponse, access: 'public' }),
}
