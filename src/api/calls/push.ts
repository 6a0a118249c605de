/**
 * Browser push of this device in the current org (contract/push.ts, SPEC §7 web-push). Loaded with
 * the first of these calls (src/api/endpoints.ts); each returns the contract-decoded response or
 * rejects with `ApiError`.
 */
import { pushApi, type SubscribeRequest, type TestNotificationRequest } from '../../../contract/push.ts'
import type { Call } from '../call.ts'

/** The web-push calls over `call` (src/api/call.ts). */
export function pushCalls(call: Call) {
  return {
    /** `/common-services/web-push/*` (SPEC §7, docs/api.md): browser push of this device in the current org. */
    webPush: {
      /** `GET /vapid-public-key`: the server's VAPID public key (base64url). */
      vapidPublicKey: async () => (await call(pushApi.vapidPublicKey)).publicKey,
      /** `POST /subscribe`: upserts this device's subscription; 400 for an endpoint the server refuses. */
      subscribe: async (body: SubscribeRequest) => call(pushApi.subscribe, { body }),
      /** `DELETE /unsubscribe/{deviceId}`: 204; 404 when the server has no such device. */
      unsubscribe: async (deviceId: string) => call(pushApi.unsubscribe, { params: { deviceId } }),
      /** `PUT /device-status/{deviceId}` `{ isCurrentlyActive }`: 204. */
      deviceStatus: async (deviceId: string, isCurrentlyActive: boolean) => call(pushApi.deviceStatus, { params: { deviceId }, body: { isCurrentlyActive } }),
      /** `POST /test-notification/{deviceId}`: 200 when the push service accepted it; 404 / 502 otherwise. */
      testNotification: async (deviceId: string, body: TestNotificationRequest) => call(pushApi.testNotification, { params: { deviceId }, body }),
      /** `GET /devices` (ours): this user's subscribed devices in the current org. */
      devices: async () => (await call(pushApi.devices)).devices,
    },
  }
}
