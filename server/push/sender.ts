/**
 * Sending one Web Push message (RFC 8030) with the `web-push` library: it signs the VAPID JWT
 * (RFC 8292) and encrypts the payload (RFC 8291, `aes128gcm`); the HTTP request itself is ours,
 * so the endpoint policy applies at connect time (server/http/endpoint-policy.ts) and an
 * allow-listed http endpoint (tests, a local push service) works: `web-push`'s own sender always
 * speaks https.
 */
import http from 'node:http'
import https from 'node:https'
import webpush from 'web-push'
import { checkEndpoint, guardedLookup, type EndpointPolicy } from '../http/endpoint-policy.ts'
import type { VapidKeys } from './vapid.ts'

/** RFC 8030 urgencies. */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high'

/** One message: where, what (the UTF-8 JSON payload) and how long the push service keeps it. */
export interface PushMessage {
  readonly endpoint: string
  readonly keys: { readonly p256dh: string; readonly auth: string }
  readonly payload: string
  /** Seconds the push service may hold the message for an offline device. */
  readonly ttlS: number
  readonly urgency: PushUrgency
}

/** The push service's answer. */
export interface PushAnswer {
  readonly statusCode: number
  /** `Retry-After` in seconds, when the service sent one as a number. */
  readonly retryAfterS?: number
}

/** Sends a message; resolves with any HTTP answer, rejects on a refused endpoint or a network error. */
export type SendPush = (message: PushMessage, vapid: VapidKeys) => Promise<PushAnswer>

/** How long one request may take, ms. */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000

/** The real sender under `policy`. */
export function createPushSender(policy: EndpointPolicy, timeoutMs = PUSH_REQUEST_TIMEOUT_MS): SendPush {
  return async (message, vapid) => {
    const check = checkEndpoint(message.endpoint, policy)
    if (!check.ok) throw Object.assign(new Error(`Refused push endpoint: ${check.reason}`), { code: 'EPUSHADDRESS' })
    const details = webpush.generateRequestDetails({ endpoint: message.endpoint, keys: { p256dh: message.keys.p256dh, auth: message.keys.auth } }, message.payload, {
      TTL: message.ttlS,
      urgency: message.urgency,
      contentEncoding: 'aes128gcm',
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    })
    const url = check.url
    const transport = url.protocol === 'http:' ? http : https
    return new Promise<PushAnswer>((resolve, reject) => {
      const request = transport.request(
        url,
        {
          method: 'POST',
          headers: details.headers as Record<string, string | number>,
          timeout: timeoutMs,
          // Allow-listed hosts may be private (tests); every other name is resolved through the guard.
          ...(check.allowListed ? {} : { lookup: guardedLookup }),
        },
        (response) => {
          response.resume()
          response.on('end', () => {
            const retryAfter = Number(response.headers['retry-after'])
            resolve({ statusCode: response.statusCode ?? 0, ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterS: retryAfter } : {}) })
          })
          response.on('error', reject)
        },
      )
      request.on('timeout', () => request.destroy(new Error(`The push service did not answer within ${timeoutMs} ms`)))
      request.on('error', reject)
      request.end(details.body ?? undefined)
    })
  }
}
