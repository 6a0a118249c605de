/**
 * The Web Push protocol end to end: a push receiver on 127.0.0.1
 * (server/test/push-receiver.ts) plays browser and push service at once. With its own P-256 key
 * pair and auth secret it subscribes through the real API, and when a notification is created
 * it receives the server's real HTTP request (the real sender, the endpoint allow-listed), checks
 * the VAPID header (RFC 8292) and decrypts the `aes128gcm` body (RFC 8188 / RFC 8291) itself.
 * A 410 from it deletes the subscription.
 */
import { createPublicKey, verify } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PushPayload } from '../../contract/push.ts'
import { validate } from '../../contract/validate.ts'
import { type PushReceiver, startPushReceiver } from '../test/push-receiver.ts'
import { startPushTestServer, type PushTestServer } from '../test/push-server.ts'

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; returns the JWT claims after checking the signature with `k`. */
function verifyVapid(authorization: string | undefined, expectedKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '')
  expect(match, authorization).not.toBeNull()
  const [, jwt, k] = match as unknown as [string, string, string]
  expect(k).toBe(expectedKey)
  const point = Buffer.from(k, 'base64url')
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' })
  const [header, claims, signature] = jwt.split('.') as [string, string, string]
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' })
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))
  expect(valid).toBe(true)
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>
}

describe('web-push protocol', () => {
  let server: PushTestServer
  let receiver: PushReceiver
  let origin: string

  beforeAll(async () => {
    receiver = await startPushReceiver()
    origin = receiver.origin
    // The real sender; only this receiver is allow-listed (it is http and loopback).
    server = await startPushTestServer({ allowHosts: [receiver.host] })
  })
  afterAll(async () => {
    await server.close()
    await receiver.close()
  })

  test('Scenario: subscribe through the API, create a notification, receive and decrypt it; a 410 deletes the subscription', async () => {
    const headers = await server.headersFor('admin@acme.test', 'Acme Support')
    const keyResponse = await server.request('GET', '/api/common-services/web-push/vapid-public-key', { headers })
    const { publicKey: vapidPublicKey } = (await keyResponse.json()) as { publicKey: string }

    const subscribe = await server.request('POST', '/api/common-services/web-push/subscribe', {
      headers,
      body: {
        deviceIdentifier: 'protocol-receiver-1',
        subscription: receiver.subscription('/push/receiver-1'),
        deviceInfo: { browser: 'Unknown', os: 'Linux', user_agent: 'node:http receiver', device_type: 'desktop' },
      },
    })
    expect(subscribe.status).toBe(201)

    const arrival = receiver.nextPush()
    const created = await server.request('POST', '/api/internal/notifications', {
      headers: { 'x-internal-api-key': server.internalApiKey },
      body: { email: 'admin@acme.test', org: 'Acme Support', title: 'Escalation ✓', body: 'A customer asked for a manager', priority: 'urgent', category: 'message', action_url: '/app/contacts' },
    })
    expect(created.status).toBe(201)
    const { notification } = (await created.json()) as { notification: { _id: string; created_at_timestamp: number } }
    const push = await arrival

    expect(push.headers['content-encoding']).toBe('aes128gcm')
    expect(push.headers['content-type']).toBe('application/octet-stream')
    expect(push.headers.ttl).toBe('86400')
    expect(push.headers.urgency).toBe('high')
    const claims = verifyVapid(push.headers.authorization, vapidPublicKey)
    expect(claims.aud).toBe(origin)
    expect(claims.sub).toBe('mailto:push@engage.invalid')
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000)

    const plaintext = receiver.decrypt(push.body)
    const payload = JSON.parse(plaintext) as unknown
    expect(validate(PushPayload, payload).ok).toBe(true)
    expect(payload).toEqual({
      id: notification._id,
      title: 'Escalation ✓',
      body: 'A customer asked for a manager',
      url: '/app/contacts',
      priority: 'urgent',
      category: 'message',
      createdAt: expect.any(Number),
    })
    expect(Math.floor((payload as { createdAt: number }).createdAt / 1000)).toBe(notification.created_at_timestamp)
    await server.push.delivery.settled()

    // The push service says the subscription is gone: the server forgets it.
    receiver.answerWith(410)
    const gone = receiver.nextPush()
    await server.request('POST', '/api/internal/notifications', {
      headers: { 'x-internal-api-key': server.internalApiKey },
      body: { email: 'admin@acme.test', org: 'Acme Support', title: 'Second' },
    })
    await gone
    await server.push.delivery.settled()
    const devices = await server.request('GET', '/api/common-services/web-push/devices', { headers })
    expect(await devices.json()).toEqual({ devices: [] })
    expect(receiver.inbox).toHaveLength(2)
    expect(server.loggedErrors).toEqual([])
  })
})
