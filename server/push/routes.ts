/**
 * `/api/common-services/web-push/*` (SPEC.md §3 Push subscription, §4 Push permission, §7).
 * Every call but the public key needs the bearer token and `x-org-id`, and membership of that org
 * (403 `forbidden`). A device is reachable only by the user who subscribed it, in that org: another
 * user's device, another org's device and an unknown id all answer 404 `not_found`.
 *
 * - `GET    /web-push/vapid-public-key` → 200 `{ publicKey }` (bearer, any member)
 * - `POST   /web-push/subscribe` contract `SubscribeRequest` → 201 (new device) / 200 (updated) `{ device }`;
 *   400 with issues for a bad body or an endpoint the policy refuses (issue at `["subscription","endpoint"]`)
 * - `DELETE /web-push/unsubscribe/{deviceId}` → 204; 404
 * - `PUT    /web-push/device-status/{deviceId}` `{ isCurrentlyActive }` → 204; 404
 * - `POST   /web-push/test-notification/{deviceId}` `{ title?, body?, icon?, badge? }` → 200 `{ sent: true }`;
 *   404 (unknown device, or the push service said the subscription is gone: it is deleted);
 *   502 `internal_error` when the push service refused or could not be reached
 * - `GET    /web-push/devices` (ours) → 200 `{ devices }`, the caller's devices in the org
 */
import { Hono } from 'hono'
import { ErrorCode } from '../../contract/api.ts'
import { pushApi as api, TEST_NOTIFICATION_URL, type PushPayload } from '../../contract/push.ts'
import type { SigningKey } from '../auth/access-token.ts'
import type { Database } from '../db/client.ts'
import { requireAccessToken, type AuthVariables } from '../http/auth.ts'
import { contractRoutes } from '../http/route.ts'
import { ApiError, forbiddenOrg, invalidRequest, notFound } from '../http/errors.ts'
import type { PushDelivery } from './delivery.ts'
import { checkEndpoint, type EndpointPolicy } from '../http/endpoint-policy.ts'
import { languageOf, mailTranslator } from '../mail/translate.ts'
import { isMember } from '../members/access.ts'
import { pushPayloadMessages } from '../../contract/push.messages.ts'
import { deleteSubscription, listDevices, loadDevice, setDeviceStatus, upsertSubscription, type DeviceChange } from './queries.ts'
import type { VapidKeys } from './vapid.ts'

export interface PushRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  readonly now: () => number
  readonly vapid: () => Promise<VapidKeys>
  readonly policy: EndpointPolicy
  readonly delivery: PushDelivery
}

/**
 * Default text of the test notification (ours: the spec shows the fields, not their values), in
 * the caller's saved language.
 */
export async function testNotificationDefaults(language: string | null): Promise<{ title: string; body: string }> {
  const { t } = await mailTranslator(languageOf(language))
  return { title: t(pushPayloadMessages.testTitle), body: t(pushPayloadMessages.testBody) }
}

const deviceNotFound = () => notFound('There is no such device.')

const answerChange = (result: DeviceChange) => {
  if (!result.member) throw forbiddenOrg()
  if (!result.found) throw deviceNotFound()
}

/** The web-push routes, to be mounted at `/api/common-services`. */
export function pushRoutes(deps: PushRoutesDeps): Hono<{ Variables: AuthVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AuthVariables }>()
  const authenticated = [requireAccessToken(deps.signingKey, deps.now)]
  const route = contractRoutes(app, '/common-services')

  route(api.vapidPublicKey, authenticated, async (c) => {
    if (!(await isMember(db, c.var.userId, c.var.orgId))) throw forbiddenOrg()
    return { publicKey: (await deps.vapid()).publicKey }
  })

  route(api.subscribe, authenticated, async (c, { body }) => {
    const check = checkEndpoint(body.subscription.endpoint, deps.policy)
    if (!check.ok) throw invalidRequest('The push endpoint is not allowed.', [{ path: ['subscription', 'endpoint'], message: check.reason }])
    const result = await upsertSubscription(db, c.var.userId, c.var.orgId, body)
    if (result === undefined) throw forbiddenOrg()
    return c.json({ device: result.device }, result.created ? 201 : 200)
  })

  route(api.devices, authenticated, async (c) => {
    const devices = await listDevices(db, c.var.userId, c.var.orgId)
    if (devices === undefined) throw forbiddenOrg()
    return { devices }
  })

  route(api.unsubscribe, authenticated, async (c, { params }) => {
    answerChange(await deleteSubscription(db, c.var.userId, c.var.orgId, params.deviceId))
  })

  route(api.deviceStatus, authenticated, async (c, { params, body }) => {
    answerChange(await setDeviceStatus(db, c.var.userId, c.var.orgId, params.deviceId, body.isCurrentlyActive))
  })

  route(api.testNotification, authenticated, async (c, { params, body }) => {
    const { member, target, language } = await loadDevice(db, c.var.userId, c.var.orgId, params.deviceId)
    if (!member) throw forbiddenOrg()
    if (target === undefined) throw deviceNotFound()
    const defaults = await testNotificationDefaults(language)
    // The person asked for it: no preferences, quiet hours or activity check, and one attempt.
    const payload: PushPayload = {
      id: `test-${crypto.randomUUID()}`,
      title: body.title ?? defaults.title,
      body: body.body ?? defaults.body,
      url: TEST_NOTIFICATION_URL,
      priority: 'normal',
      test: true,
      ...(body.icon === undefined ? {} : { icon: body.icon }),
      ...(body.badge === undefined ? {} : { badge: body.badge }),
    }
    const outcome = await deps.delivery.sendTo(target, payload, false)
    if (outcome === 'gone') throw notFound("This device's push subscription has expired: turn push on again.")
    if (outcome === 'failed') throw new ApiError(502, ErrorCode.internal, 'The push service did not accept the test notification.')
    return { sent: true as const }
  })

  return app
}
