/**
 * The notifications' calls: the list and its changes, the counts, the live stream's ticket, the
 * preferences and email unsubscribe (contract/notifications.ts). Loaded with the first of these
 * calls (src/api/endpoints.ts); each returns the contract-decoded response or rejects with
 * `ApiError`.
 */
import { type NotificationPreferences, type NotificationsQuery, type NotificationView, notificationsApi } from '../../../contract/notifications.ts'
import { pageQuery } from '../paging.ts'
import type { Call } from '../call.ts'

/** The notification calls over `call` (src/api/call.ts). */
export function notificationsCalls(call: Call) {
  return {
    /** `GET /common-services/notifications/preferences` (SPEC §7): the body's `preferences`. */
    notificationPreferences: async () => (await call(notificationsApi.preferences)).preferences,
    /** `PUT /common-services/notifications/preferences` (SPEC §7): the whole object; answers the saved one. */
    saveNotificationPreferences: async (preferences: NotificationPreferences) =>
      (await call(notificationsApi.savePreferences, { body: preferences })).preferences,
    /** `/common-services/notifications*` (SPEC §7): the in-app notifications of the current org. */
    notifications: {
      /**
       * `GET ?page&limit` (SPEC §9): newest first, pages from 1; `unread_count` counts the inbox.
       * `view` (absent: the inbox) picks `unread`, `archived` or `snoozed`; `category` (a
       * SPEC §3 category) narrows it.
       */
      list: (page: number, limit: number, view?: NotificationView, category?: string) =>
        // A category the contract does not list is sent as given: the server answers it 400.
        call(notificationsApi.list, { query: pageQuery({ page, size: limit }, { view, category }) as unknown as NotificationsQuery }),
      /**
       * `GET ?cursor&limit` (ours): the `limit` rows after a page's `next_cursor` of the same `view`
       * (keyset 'Load more': rows that arrived meanwhile shift nothing); 400 for a cursor the list did not hand out.
       */
      listAfter: (cursor: string, limit: number, view?: NotificationView, category?: string) =>
        call(notificationsApi.list, {
          query: { cursor, limit, ...(view === undefined ? {} : { view }), ...(category === undefined ? {} : { category }) } as unknown as NotificationsQuery,
        }),
      /** `GET /counts`: the inbox, unread, unseen, archived and snoozed counts and the inbox per category, at one moment. */
      counts: () => call(notificationsApi.counts),
      /**
       * `PUT /{id}/snooze { until }`: 204, out of the inbox until `until` (ISO 8601), unread; 400 for a moment past or over a year ahead.
       * Snooze, archive and delete may outlive the page (`keepalive`); one held for 'Undo' is sent as the page closes (`asPageCloses`).
       */
      snooze: (id: string, until: string, asPageCloses = false) =>
        call(notificationsApi.snooze, { params: { id }, body: { until }, keepalive: true, asPageCloses }),
      /** `DELETE /{id}/snooze`: 204, back in the inbox now, unread. */
      unsnooze: (id: string) => call(notificationsApi.unsnooze, { params: { id } }),
      /** `PUT /{id}/read`: 204; 404 for another user's or an unknown id. */
      markRead: (id: string) => call(notificationsApi.markRead, { params: { id } }),
      /** `PUT /{id}/unread`: 204 (it stays seen); 404 for another user's or an unknown id. */
      markUnread: (id: string) => call(notificationsApi.markUnread, { params: { id } }),
      /** `PUT /{id}/archive`: 204, out of the inbox (listed by `view=archived`); 404 as above. */
      archive: (id: string, asPageCloses = false) => call(notificationsApi.archive, { params: { id }, keepalive: true, asPageCloses }),
      /** `PUT /{id}/restore`: 204, back in the inbox with its read state; 404 as above. */
      restore: (id: string) => call(notificationsApi.restore, { params: { id } }),
      /** `PUT /archive-read`: 204, every read inbox notification of the org archived. */
      archiveRead: () => call(notificationsApi.archiveRead),
      /**
       * `PUT /seen { before? }`: 204, every inbox notification created at or before
       * `before` (ISO 8601, contract `MarkSeenRequest`; absent: now) is seen.
       */
      markSeen: (before?: string) => call(notificationsApi.markSeen, { body: before === undefined ? {} : { before } }),
      /** `PUT /mark-all-read`: 204. */
      markAllRead: () => call(notificationsApi.markAllRead),
      /** `DELETE /{id}`: 204 (SPEC §7: delete-all issues one per notification). */
      remove: (id: string, asPageCloses = false) => call(notificationsApi.remove, { params: { id }, keepalive: true, asPageCloses }),
      /** `POST /stream-ticket`: a single-use ticket (30 s) that opens the live stream with `?ticket=`. */
      streamTicket: () => call(notificationsApi.streamTicket),
    },
    /**
     * One-click unsubscribe of notification emails (docs/api.md "Email unsubscribe"). No
     * session: the link's signed `token` is the whole authority. Both answer contract
     * `UnsubscribeResponse`; 400 `invalid_request` (issue at `token`) for a missing, forged or foreign link.
     */
    mail: {
      /** `GET /mail/unsubscribe?token`: what the link would turn off and whether it is off already; changes nothing. */
      describeUnsubscribe: (token: string) => call(notificationsApi.describeUnsubscribe, { query: { token } }),
      /** `POST /mail/unsubscribe?token`: turns that category's emails off (idempotent); answers `unsubscribed: true`. */
      unsubscribe: (token: string) => call(notificationsApi.unsubscribe, { query: { token }, body: {} }),
    },
  }
}
