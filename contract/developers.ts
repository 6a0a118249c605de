/**
 * The Developers section (SPEC.md §2.4 route table: `/app/developers`, resources `API_KEYS` and
 * `WEBHOOKS`; docs/api.md "API keys" and "Webhooks"), shared by the server (server/apiKeys,
 * server/webhooks) and the page (src/pages/developers, machines/apiKeys, machines/webhooks).
 *
 * - An API key is `eng_` followed by 40 base62 characters. Its secret is answered once, by the
 *   create call; afterwards only its first {@link API_KEY_PREFIX_LENGTH} characters are shown.
 * - A webhook endpoint receives the workspace's events signed per Standard Webhooks
 *   (`webhook-id`, `webhook-timestamp`, `webhook-signature`); its signing secret (`whsec_…`) is
 *   answered once, by create and by rotate.
 *
 * Times are ISO 8601 strings (UTC, ms).
 */
import { Schema } from 'effect'
import { Permission } from './api.ts'
import { endpoint } from './endpoint.ts'
import { CreateNotificationRequest, IsoDateTime, Notification } from './notifications.ts'
import { guarded, guardedChange } from './permissions.ts'
import { Trimmed } from './validate.ts'

// ---------------------------------------------------------------------------------------------
// API keys

/** What every key starts with: secret scanners match it (docs/api.md "API keys"). */
export const API_KEY_PREFIX = 'eng_'
/** Random base62 characters after {@link API_KEY_PREFIX}: 40 × log2(62) ≈ 238 bits. */
export const API_KEY_RANDOM_LENGTH = 40
/** The characters of a key stored and shown in clear (`eng_` + 8): how the server finds the row. */
export const API_KEY_PREFIX_LENGTH = API_KEY_PREFIX.length + 8
/** Whether `token` has the shape of an API key (not whether it is one). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX)

/** The expiry choices the create dialog offers, in days (null: never). The API takes any future date. */
export const API_KEY_EXPIRY_CHOICES: ReadonlyArray<{ readonly days: number | null; readonly label: string }> = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
  { days: null, label: 'No expiry' },
]

/** Who made something, as stored at that moment (null id: the account has since been deleted). */
export const CreatedBy = Schema.Struct({ id: Schema.NullOr(Schema.String), label: Schema.String })

/** One key as the list shows it. `status` is derived from `revoked_at` and `expires_at` at answer time. */
export const ApiKeyItem = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  /** The secret's first characters, e.g. `eng_3fK9xQ2a`. */
  prefix: Schema.String,
  permission_set: Schema.Struct({ ref: Schema.String, name: Schema.String }),
  /** What the key may do: the set's permissions when it was created (never more than its creator holds when it is used). */
  permissions: Schema.Array(Permission),
  super_admin: Schema.Boolean,
  created_by: CreatedBy,
  created_at: Schema.String,
  last_used_at: Schema.NullOr(Schema.String),
  expires_at: Schema.NullOr(Schema.String),
  status: Schema.Literals(['active', 'expired']),
})
export type ApiKeyItem = typeof ApiKeyItem.Type

/** `GET /organizations/api-keys`: the workspace's keys not revoked, newest first. */
export const ApiKeyList = Schema.Struct({ items: Schema.Array(ApiKeyItem) })
export type ApiKeyList = typeof ApiKeyList.Type

/**
 * `POST /organizations/api-keys` body. `permission_set` is a set reference as members hold them
 * (a system set's key, a custom set's `_id`); the caller must hold every permission in it (403
 * otherwise, naming the first missing one). `expires_at` must be in the future; absent or null: never.
 */
export const CreateApiKeyRequest = Schema.Struct({
  name: Trimmed('Name', 1, 80),
  permission_set: Schema.String.check(Schema.isMinLength(1, { message: 'Choose a permission set' }), Schema.isMaxLength(100)),
  expires_at: Schema.optional(Schema.NullOr(IsoDateTime)),
})
export type CreateApiKeyRequest = typeof CreateApiKeyRequest.Encoded

/** The create call's answer: the key, and its secret, answered this once. */
export const CreatedApiKey = Schema.Struct({ key: ApiKeyItem, secret: Schema.String })
export type CreatedApiKey = typeof CreatedApiKey.Type

/** `PATCH /organizations/api-keys/{id}`: renames the key. */
export const UpdateApiKeyRequest = Schema.Struct({ name: Trimmed('Name', 1, 80) })
export type UpdateApiKeyRequest = typeof UpdateApiKeyRequest.Encoded

/** Requests allowed per key per window (docs/api.md "Rate limits"); answered in `RateLimit-*` headers. */
export const API_KEY_RATE_LIMIT = { points: 600, durationS: 60 } as const

// ---------------------------------------------------------------------------------------------
// Webhooks

/** The events a workspace sends to its endpoints, with what the page says about each. */
export const WEBHOOK_EVENT_TYPES = {
  'notification.created': 'A notification was created for a member',
  'member.joined': 'Someone joined the workspace',
  'member.removed': 'A member was removed',
  'invitation.accepted': 'An invitation was accepted',
  'role.assigned': "A member's permission sets changed",
  'api_key.created': 'An API key was created',
  'api_key.revoked': 'An API key was revoked',
} as const
export type WebhookEventType = keyof typeof WEBHOOK_EVENT_TYPES
export const WebhookEventTypes = Object.keys(WEBHOOK_EVENT_TYPES) as ReadonlyArray<WebhookEventType>
/** The type of the event 'Send test event' sends (to that endpoint only, whatever it subscribes to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

/** The longest endpoint URL accepted, characters. */
export const WEBHOOK_URL_MAX_LENGTH = 2048
/** How long the previous signing secret still signs after a rotation, hours. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24
/** An endpoint whose deliveries have failed for this long is disabled, days. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3

/**
 * The body every delivery carries (docs/api.md "Webhooks"): `type`, `timestamp` (ISO) and
 * `data`, the event's facts (ids, emails, names, never secrets).
 */
export const WebhookPayload = Schema.Struct({
  type: Schema.String,
  timestamp: Schema.String,
  data: Schema.Record(Schema.String, Schema.Unknown),
})
export type WebhookPayload = typeof WebhookPayload.Type

/** An absolute http(s) URL without credentials, at most {@link WEBHOOK_URL_MAX_LENGTH}; the server's endpoint policy decides the rest. */
export const WebhookUrl = Schema.String.check(
  Schema.makeFilter((value: string) => {
    if (value.length > WEBHOOK_URL_MAX_LENGTH || value.trim() !== value) return 'Enter an https:// URL'
    try {
      const url = new URL(value)
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Enter an https:// URL'
      if (url.username !== '' || url.password !== '') return 'The URL must not carry a user name or password'
      return undefined
    } catch {
      return 'Enter an https:// URL'
    }
  }),
)

const EventTypeList = Schema.Array(Schema.Literals(WebhookEventTypes as [WebhookEventType, ...WebhookEventType[]])).check(
  Schema.isMinLength(1, { message: 'Choose at least one event' }),
  Schema.makeFilter((list: ReadonlyArray<string>) => (new Set(list).size === list.length ? undefined : 'Each event once')),
)

/** One endpoint. `disabled_reason` `failing`: turned off after failing for three days; null otherwise. */
export const WebhookEndpoint = Schema.Struct({
  id: Schema.String,
  url: Schema.String,
  description: Schema.String,
  event_types: Schema.Array(Schema.String),
  enabled: Schema.Boolean,
  disabled_reason: Schema.NullOr(Schema.Literal('failing')),
  /** The first failure of the current run of failures; null while deliveries succeed. */
  failing_since: Schema.NullOr(Schema.String),
  /** Until when the previous secret still signs after a rotation; null when there is none. */
  previous_secret_expires_at: Schema.NullOr(Schema.String),
  created_at: Schema.String,
})
export type WebhookEndpoint = typeof WebhookEndpoint.Type

/** `GET /organizations/webhooks`. */
export const WebhookEndpointList = Schema.Struct({ items: Schema.Array(WebhookEndpoint) })
export type WebhookEndpointList = typeof WebhookEndpointList.Type

/** `POST /organizations/webhooks` body. */
export const CreateWebhookRequest = Schema.Struct({
  url: WebhookUrl,
  description: Schema.optional(Trimmed('Description', 0, 200)),
  event_types: EventTypeList,
  enabled: Schema.optional(Schema.Boolean),
})
export type CreateWebhookRequest = typeof CreateWebhookRequest.Encoded

/** `PATCH /organizations/webhooks/{id}` body: what changes. Enabling clears `disabled_reason`. */
export const UpdateWebhookRequest = Schema.Struct({
  url: Schema.optional(WebhookUrl),
  description: Schema.optional(Trimmed('Description', 0, 200)),
  event_types: Schema.optional(EventTypeList),
  enabled: Schema.optional(Schema.Boolean),
})
export type UpdateWebhookRequest = typeof UpdateWebhookRequest.Encoded

/** The answer of create and of rotate: the endpoint and its signing secret, answered this once. */
export const WebhookWithSecret = Schema.Struct({ endpoint: WebhookEndpoint, secret: Schema.String })
export type WebhookWithSecret = typeof WebhookWithSecret.Type

/** One attempt of a delivery. `status_code` null: no answer (refused, timed out, address not allowed). */
export const WebhookAttempt = Schema.Struct({
  at: Schema.String,
  status_code: Schema.NullOr(Schema.Number),
  duration_ms: Schema.Number,
  error: Schema.NullOr(Schema.String),
  /** The answer's first characters (at most 500), as text. */
  response_excerpt: Schema.String,
})
export type WebhookAttempt = typeof WebhookAttempt.Type

/** One event sent (or being sent) to one endpoint, with its attempts, oldest first. */
export const WebhookDelivery = Schema.Struct({
  id: Schema.String,
  /** The `webhook-id` header: the same on every attempt and resend. */
  message_id: Schema.String,
  event_type: Schema.String,
  status: Schema.Literals(['pending', 'sending', 'succeeded', 'failed']),
  attempts: Schema.Array(WebhookAttempt),
  next_attempt_at: Schema.NullOr(Schema.String),
  created_at: Schema.String,
  /** The JSON body sent. */
  payload: Schema.String,
})
export type WebhookDelivery = typeof WebhookDelivery.Type

/** `GET /organizations/webhooks/{id}/deliveries?before=`: newest first, 20 a page. */
export const WebhookDeliveryPage = Schema.Struct({ items: Schema.Array(WebhookDelivery), next_cursor: Schema.NullOr(Schema.String) })
export type WebhookDeliveryPage = typeof WebhookDeliveryPage.Type

export const WebhookDeliveriesQuery = Schema.Struct({ before: Schema.optional(Schema.String.check(Schema.isMaxLength(200))) })

// ---------------------------------------------------------------------------------------------
// Notifications through the public API (the browser never creates one, so this is not in the
// notifications contract it loads at start)

/**
 * `POST /common-services/notifications` body (the public API; docs/api.md "Notifications"): a
 * notification for one member of the current workspace, named by `user_id` or by `email` (exactly
 * one of them), with the fields of {@link CreateNotificationRequest}.
 */
export const CreateMemberNotificationRequest = Schema.Struct({
  user_id: Schema.optional(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(100))),
  email: Schema.optional(Schema.String.check(Schema.isMinLength(3), Schema.isMaxLength(320))),
  title: CreateNotificationRequest.fields.title,
  body: CreateNotificationRequest.fields.body,
  category: CreateNotificationRequest.fields.category,
  priority: CreateNotificationRequest.fields.priority,
  action_url: CreateNotificationRequest.fields.action_url,
  action_text: CreateNotificationRequest.fields.action_text,
  group_key: CreateNotificationRequest.fields.group_key,
}).check(
  Schema.makeFilter((r: { user_id?: string; email?: string }) =>
    (r.user_id === undefined) !== (r.email === undefined) ? undefined : { path: ['user_id'], issue: 'Give user_id or email, not both' },
  ),
)
export type CreateMemberNotificationRequest = typeof CreateMemberNotificationRequest.Encoded

/** The created notification (`POST /common-services/notifications`, and the internal API's). */
export const CreatedNotificationResponse = Schema.Struct({ notification: Notification })

/** The public API's own endpoints (listed with the notifications in the OpenAPI document). */
export const notificationsPublicApi = {
  /** Needs GENERAL create (docs/permissions.md); 404 at the recipient when they are not a member. */
  create: endpoint('POST', '/common-services/notifications', {
    body: CreateMemberNotificationRequest,
    response: CreatedNotificationResponse,
    status: 201,
    apiKeys: true,
    errors: ['forbidden', 'two_factor_required', 'not_found'],
  }),
}

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts) of the current workspace (`x-org-id`). API keys: API_KEYS
// read/create/update/delete; webhooks: WEBHOOKS read/create/update/delete, and execute for 'Send
// test event' and 'Resend'. A person's access token only: an API key cannot manage keys or webhooks.

export const apiKeysApi = {
  list: endpoint('GET', '/organizations/api-keys', { response: ApiKeyList, errors: guarded }),
  create: endpoint('POST', '/organizations/api-keys', { body: CreateApiKeyRequest, response: CreatedApiKey, status: 201, errors: guardedChange }),
  update: endpoint('PATCH', '/organizations/api-keys/:id', { body: UpdateApiKeyRequest, response: ApiKeyItem, errors: guardedChange }),
  revoke: endpoint('DELETE', '/organizations/api-keys/:id', { errors: guardedChange }),
}

export const webhooksApi = {
  list: endpoint('GET', '/organizations/webhooks', { response: WebhookEndpointList, errors: guarded }),
  create: endpoint('POST', '/organizations/webhooks', { body: CreateWebhookRequest, response: WebhookWithSecret, status: 201, errors: guardedChange }),
  update: endpoint('PATCH', '/organizations/webhooks/:id', { body: UpdateWebhookRequest, response: WebhookEndpoint, errors: guardedChange }),
  remove: endpoint('DELETE', '/organizations/webhooks/:id', { errors: guardedChange }),
  rotateSecret: endpoint('POST', '/organizations/webhooks/:id/rotate-secret', { response: WebhookWithSecret, errors: guardedChange }),
  sendTest: endpoint('POST', '/organizations/webhooks/:id/test', { response: WebhookDelivery, status: 202, errors: guardedChange }),
  deliveries: endpoint('GET', '/organizations/webhooks/:id/deliveries', { query: WebhookDeliveriesQuery, response: WebhookDeliveryPage, errors: [...guarded, 'not_found'] }),
  resend: endpoint('POST', '/organizations/webhooks/:id/deliveries/:deliveryId/resend', { response: WebhookDelivery, status: 202, errors: guardedChange }),
}
