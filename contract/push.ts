/**
 * Browser push (SPEC.md §3 Push subscription, §4 Push permission, §7 `/common-services/web-push/*`):
 * the request and response bodies of the web-push calls, the device information the browser
 * detects, and the payload the server encrypts for the service worker.
 *
 * The endpoint URL is only checked for shape here (an absolute http(s) URL); which hosts the
 * server will actually send to (https, no private addresses, the allow-list) is server policy
 * (server/push/endpoint-policy.ts), because it depends on configuration.
 */
import { Schema } from 'effect'
import { endpoint } from './endpoint.ts'
import { NotificationPriorities } from './notifications.ts'

/** SPEC §3: the browsers, operating systems and device types a deviceInfo may name. */
export const PushBrowsers = ['Firefox', 'Chrome', 'Safari', 'Edge', 'Opera', 'Unknown'] as const
export type PushBrowser = (typeof PushBrowsers)[number]
export const PushOperatingSystems = ['Windows', 'MacOS', 'Linux', 'Android', 'iOS', 'Unknown'] as const
export type PushOperatingSystem = (typeof PushOperatingSystems)[number]
export const PushDeviceTypes = ['tablet', 'mobile', 'desktop'] as const
export type PushDeviceType = (typeof PushDeviceTypes)[number]

/** SPEC §3 stored values: localStorage key of the device id (generated from time plus random). */
export const DEVICE_ID_STORAGE_KEY = 'engage_device_id'

/** A device id: what the browser generated (time plus random), 8–128 URL-safe characters. */
export const DeviceIdentifier = Schema.String.check(
  Schema.isPattern(/^[A-Za-z0-9._-]{8,128}$/, { message: 'A device identifier is 8 to 128 letters, digits, dots, dashes or underscores' }),
)

/** `GET /common-services/web-push/vapid-public-key` → the VAPID public key (base64url, 65-byte P-256 point). */
export const VapidPublicKeyResponse = Schema.Struct({ publicKey: Schema.String.check(Schema.isMinLength(1)) })
export type VapidPublicKeyResponse = typeof VapidPublicKeyResponse.Type

/**
 * A browser push subscription as `PushSubscription.toJSON()` gives it: the push service's
 * endpoint and the keys the message is encrypted to (RFC 8291): `p256dh`, the 65-byte uncompressed
 * P-256 point (base64url, starts with `B`), and `auth`, the 16-byte secret.
 */
export const PushSubscriptionJson = Schema.Struct({
  endpoint: Schema.String.check(
    Schema.isMaxLength(2048, { message: 'The endpoint is longer than 2048 characters' }),
    Schema.isPattern(/^https?:\/\/[^\s/?#]+/i, { message: 'The endpoint must be an absolute http(s) URL' }),
  ),
  expirationTime: Schema.optional(Schema.NullOr(Schema.Number)),
  keys: Schema.Struct({
    p256dh: Schema.String.check(Schema.isPattern(/^B[A-Za-z0-9_-]{86}=?$/, { message: 'p256dh must be a base64url P-256 public key (65 bytes)' })),
    auth: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{22}(==)?$/, { message: 'auth must be a base64url 16-byte secret' })),
  }),
})
export type PushSubscriptionJson = typeof PushSubscriptionJson.Type

/** SPEC §3 deviceInfo. */
export const DeviceInfo = Schema.Struct({
  browser: Schema.Literals(PushBrowsers),
  os: Schema.Literals(PushOperatingSystems),
  user_agent: Schema.String.check(Schema.isMaxLength(1024)),
  device_type: Schema.Literals(PushDeviceTypes),
})
export type DeviceInfo = typeof DeviceInfo.Type

/** `POST /common-services/web-push/subscribe` (SPEC §7): upserted by user, org and device. */
export const SubscribeRequest = Schema.Struct({
  deviceIdentifier: DeviceIdentifier,
  subscription: PushSubscriptionJson,
  deviceInfo: DeviceInfo,
})
export type SubscribeRequest = typeof SubscribeRequest.Type

/** `PUT /common-services/web-push/device-status/{deviceId}` (SPEC §7). */
export const DeviceStatusRequest = Schema.Struct({ isCurrentlyActive: Schema.Boolean })
export type DeviceStatusRequest = typeof DeviceStatusRequest.Type

/** `POST /common-services/web-push/test-notification/{deviceId}` (SPEC §7); every field optional (ours: defaults on the server). */
export const TestNotificationRequest = Schema.Struct({
  title: Schema.optional(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200))),
  body: Schema.optional(Schema.String.check(Schema.isMaxLength(1000))),
  icon: Schema.optional(Schema.String.check(Schema.isMaxLength(2048))),
  badge: Schema.optional(Schema.String.check(Schema.isMaxLength(2048))),
})
export type TestNotificationRequest = typeof TestNotificationRequest.Encoded

/** One subscribed device of the caller in the current org (ours: the settings list). */
export const PushDevice = Schema.Struct({
  deviceIdentifier: Schema.String,
  browser: Schema.String,
  os: Schema.String,
  device_type: Schema.String,
  isCurrentlyActive: Schema.Boolean,
  /** ISO 8601. */
  createdAt: Schema.String,
  /** ISO 8601: last subscribe or status report. */
  updatedAt: Schema.String,
})
export type PushDevice = typeof PushDevice.Type

/** `POST /subscribe` answer (ours: the spec does not show one). */
export const SubscribeResponse = Schema.Struct({ device: PushDevice })
export type SubscribeResponse = typeof SubscribeResponse.Type

/** `GET /common-services/web-push/devices` (ours). */
export const PushDevicesResponse = Schema.Struct({ devices: Schema.Array(PushDevice) })
export type PushDevicesResponse = typeof PushDevicesResponse.Type

/** `POST /test-notification/{deviceId}` answer (ours): the push service accepted the message. */
export const TestNotificationResponse = Schema.Struct({ sent: Schema.Literal(true) })
export type TestNotificationResponse = typeof TestNotificationResponse.Type

/** Where a successful test notification leads (SPEC §7). */
export const TEST_NOTIFICATION_URL = '/app/dashboard'

/**
 * What the server encrypts into a push message and the service worker reads: SPEC's
 * `{title, body, url, id, priority}`, plus `category` and `createdAt` (ours) so an open tab can add
 * it to the list as a whole notification. `url` is already a safe action URL (or a default page).
 */
export const PushPayload = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  body: Schema.String,
  url: Schema.String,
  priority: Schema.Literals(NotificationPriorities),
  category: Schema.optional(Schema.String),
  /** ms since the epoch. */
  createdAt: Schema.optional(Schema.Number),
  /** True for `test-notification` messages: the tab does not add those to the list. */
  test: Schema.optional(Schema.Boolean),
  /** Test notifications only: as sent to `test-notification`; the service worker uses them only when same-origin or https. */
  icon: Schema.optional(Schema.String),
  badge: Schema.optional(Schema.String),
})
export type PushPayload = typeof PushPayload.Type

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts): `/common-services/web-push/*` (SPEC §7, docs/api.md), this
// person's devices in the workspace of `x-org-id` (403 otherwise, or while it requires
// two-factor the caller lacks); 404 for a device id the server does not know for them.

const inWorkspace = ['forbidden', 'two_factor_required'] as const
const oneDevice = [...inWorkspace, 'not_found'] as const
const base = '/common-services/web-push'

/**
 * - `subscribe`: upserts this device's subscription, 200 (201 when it is new); 400 at
 *   `subscription.endpoint` for a push service the server refuses.
 * - `testNotification`: the body may be left out; 502 `internal_error` when the push service
 *   refused it, 404 when the subscription has expired.
 */
export const pushApi = {
  vapidPublicKey: endpoint('GET', `${base}/vapid-public-key`, { response: VapidPublicKeyResponse, errors: inWorkspace }),
  subscribe: endpoint('POST', `${base}/subscribe`, { body: SubscribeRequest, response: SubscribeResponse, errors: inWorkspace }),
  devices: endpoint('GET', `${base}/devices`, { response: PushDevicesResponse, errors: inWorkspace }),
  unsubscribe: endpoint('DELETE', `${base}/unsubscribe/:deviceId`, { errors: oneDevice }),
  deviceStatus: endpoint('PUT', `${base}/device-status/:deviceId`, { body: DeviceStatusRequest, errors: oneDevice }),
  testNotification: endpoint('POST', `${base}/test-notification/:deviceId`, {
    body: TestNotificationRequest,
    optionalBody: true,
    response: TestNotificationResponse,
    errors: oneDevice,
  }),
}
