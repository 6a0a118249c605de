/**
 * Web Push wiring for the app: the VAPID keys (loaded once, on first use or at start),
 * the endpoint policy, the sender and the delivery service, built from one options object so
 * `createApp`, `main.ts` and tests configure push the same way.
 */
import type { Database } from '../db/client.ts'
import { createPushDelivery, type PushDelivery } from './delivery.ts'
import type { EndpointPolicy } from '../http/endpoint-policy.ts'
import { createPushSender, type SendPush } from './sender.ts'
import { loadVapidKeys, type VapidConfig, type VapidKeys } from './vapid.ts'

/** How push is configured (server/config.ts supplies the first two in production). */
export interface PushOptions {
  /** Configured keys and subject; absent: a generated pair kept in `server_secrets`, subject `mailto:push@engage.invalid`. */
  readonly vapid?: VapidConfig
  /** `PUSH_ENDPOINT_ALLOW_HOSTS`; absent: none. */
  readonly allowHosts?: ReadonlyArray<string>
  /** Replaces the HTTP sender (tests). */
  readonly send?: SendPush
  /** Replaces the wait between retries (tests), ms. */
  readonly sleep?: (ms: number) => Promise<void>
}

export interface PushService {
  readonly policy: EndpointPolicy
  /** The keys, loaded (and generated on first start) once. */
  readonly vapid: () => Promise<VapidKeys>
  readonly delivery: PushDelivery
}

/** Builds the push service; touches the database only when the keys are first needed. */
export function createPushService(db: Database, options: PushOptions, now: () => number, logError: (message: string, error: unknown) => void): PushService {
  const policy: EndpointPolicy = { allowHosts: options.allowHosts ?? [] }
  const config: VapidConfig = options.vapid ?? { vapidPublicKey: undefined, vapidPrivateKey: undefined, vapidSubject: 'mailto:push@engage.invalid' }
  let keys: Promise<VapidKeys> | undefined
  const vapid = () => {
    // Not remembered when it fails, so the next call tries again.
    keys ??= loadVapidKeys(db, config).catch((error: unknown) => {
      keys = undefined
      throw error
    })
    return keys
  }
  const send = options.send ?? createPushSender(policy)
  const delivery = createPushDelivery({ db, vapid, send, now, logError, ...(options.sleep ? { sleep: options.sleep } : {}) })
  return { policy, vapid, delivery }
}
