/**
 * The Web Push protocol end to end: a push receiver on 127.0.0.1
 * (node:http) plays browser and push service at once. It generates its own P-256 key pair and
 * auth secret (node:crypto), subscribes through the real API, and when a notification is created
 * it receives the server's real HTTP request (the real sender, the endpoint allow-listed), checks
 * the VAPID header (RFC 8292) and decrypts the `aes128gcm` body (RFC 8188 / RFC 8291) itself.
 * A 410 from it deletes the subscription.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PushPayload } from '../../contract/push.ts'
import { validate } from '../../contract/validate.ts'
import { startPushTestServer, type PushTestServer } from '../test/push-server.ts'

interface ReceivedPush {
  readonly headers: http.IncomingHttpHeaders
  readonly body: Buffer
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest()

/**
 * RFC 8291 §3.4 + RFC 8188 §2: decrypts one aes128gcm push message for the receiver's keys.
 * @throws when the header, the keys or the authentication tag do not match.
 */
function decryptAes128gcm(body: Buffer, receiver: { privateEcdh: ReturnType<typeof createECDH>; publicKey: Buffer; authSecret: Buffer }): string {
  // Header: salt (16) | record size (uint32) | key id length (1) | key id (the sender's public key).
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body.readUInt8(20)
  const senderPublicKey = body.subarray(21, 21 + idLength)
  const ciphertext = body.subarray(21 + idLength)
  expect(idLength).toBe(65)
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize)

  const sharedSecret = receiver.privateEcdh.computeSecret(senderPublicKey)
  // IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32)
  const prkKey = hmac(receiver.authSecret, sharedSecret)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderPublicKey, Buffer.from([1])])
  const ikm = hmac(prkKey, keyInfo)
  // CEK and nonce from HKDF(salt, IKM) (RFC 8188 §2.2, §2.3).
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12)

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()])
  // The last (only) record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  expect(padded[end]).toBe(2)
  return padded.subarray(0, end).toString('utf8')
}

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
  let receiver: http.Server
  let origin: string
  /** What the receiver answers next (201 Created, as push services do). */
  let status = 201
  const inbox: ReceivedPush[] = []
  const waiting: Array<(push: ReceivedPush) => void> = []
  const nextPush = () => new Promise<ReceivedPush>((resolve) => waiting.push(resolve))

  // The receiving browser's keys (RFC 8291): a P-256 pair and a 16-byte auth secret.
  const ecdh = createECDH('prime256v1')
  const publicKey = ecdh.generateKeys()
  const authSecret = randomBytes(16)

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const push = { headers: request.headers, body: Buffer.concat(chunks) }
        response.writeHead(status).end()
        inbox.push(push)
        waiting.shift()?.(push)
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    // The real sender; only this receiver is allow-listed (it is http and loopback).
    server = await startPushTestServer({ allowHosts: [new URL(origin).host] })
  })
  afterAll(async () => {
    await server.close()
    await new Promise((resolve) => receiver.close(resolve))
  })

  test('Scenario: subscribe through the API, create a notification, receive and decrypt it; a 410 deletes the subscription', async () => {
    const headers = await server.headersFor('admin@acme.test', 'Acme Support')
    const keyResponse = await server.request('GET', '/api/common-services/web-push/vapid-public-key', { headers })
    const { publicKey: vapidPublicKey } = (await keyResponse.json()) as { publicKey: string }

    const subscribe = await server.request('POST', '/api/common-services/web-push/subscribe', {
      headers,
      body: {
        deviceIdentifier: 'protocol-receiver-1',
        subscription: { endpoint: `${origin}/push/receiver-1`, keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') } },
        deviceInfo: { browser: 'Unknown', os: 'Linux', user_agent: 'node:http receiver', device_type: 'desktop' },
      },
    })
    expect(subscribe.status).toBe(201)

    const arrival = nextPush()
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

    const plaintext = decryptAes128gcm(push.body, { privateEcdh: ecdh, publicKey, authSecret })
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
    status = 410
    const gone = nextPush()
    await server.request('POST', '/api/internal/notifications', {
      headers: { 'x-internal-api-key': server.internalApiKey },
      body: { email: 'admin@acme.test', org: 'Acme Support', title: 'Second' },
    })
    await gone
    await server.push.delivery.settled()
    const devices = await server.request('GET', '/api/common-services/web-push/devices', { headers })
    expect(await devices.json()).toEqual({ devices: [] })
    expect(inbox).toHaveLength(2)
    expect(server.loggedErrors).toEqual([])
  })
})
