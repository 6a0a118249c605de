/**
 * A Web Push receiver for tests: a node:http server on 127.0.0.1 that plays browser and push
 * service at once. It holds its own P-256 key pair and auth secret (the subscription's `p256dh` and
 * `auth`), records every push the server sends to it, answers with the status the test sets (201
 * Created, as push services do), and decrypts `aes128gcm` bodies (RFC 8188 / RFC 8291) itself.
 * Used by server/push/protocol.test.ts and the e2e spec that follows a push into Chromium.
 */
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** One push as the receiver got it. */
export interface ReceivedPush {
  readonly headers: http.IncomingHttpHeaders
  readonly body: Buffer
}

export interface PushReceiver {
  /** `http://127.0.0.1:<port>`: the origin of every endpoint. */
  readonly origin: string
  /** `127.0.0.1:<port>`, for PUSH_ENDPOINT_ALLOW_HOSTS. */
  readonly host: string
  /** Everything received, in order. */
  readonly inbox: ReadonlyArray<ReceivedPush>
  /** A `PushSubscriptionJSON` for an endpoint path of this receiver, with its keys. */
  subscription(path: string): { endpoint: string; keys: { p256dh: string; auth: string } }
  /** The next push to arrive. */
  nextPush(): Promise<ReceivedPush>
  /** What the receiver answers from now on (e.g. 410 Gone). */
  answerWith(status: number): void
  /** The plaintext of a push sent to this receiver's keys. @throws when the header, keys or tag do not match. */
  decrypt(body: Buffer): string
  close(): Promise<void>
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest()

/**
 * RFC 8291 §3.4 + RFC 8188 §2: decrypts one aes128gcm push message for the receiver's keys.
 * @throws Error when the header, the keys or the authentication tag do not match.
 */
export function decryptAes128gcm(body: Buffer, receiver: { privateEcdh: ReturnType<typeof createECDH>; publicKey: Buffer; authSecret: Buffer }): string {
  // Header: salt (16) | record size (uint32) | key id length (1) | key id (the sender's public key).
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body.readUInt8(20)
  const senderPublicKey = body.subarray(21, 21 + idLength)
  const ciphertext = body.subarray(21 + idLength)
  if (idLength !== 65) throw new Error(`The key id is ${idLength} bytes, not a P-256 public key's 65`)
  if (ciphertext.length > recordSize) throw new Error(`The record is ${ciphertext.length} bytes, over its size ${recordSize}`)

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
  if (padded[end] !== 2) throw new Error('The last record does not end with the 0x02 delimiter')
  return padded.subarray(0, end).toString('utf8')
}

/** Starts a receiver on a free port of 127.0.0.1. */
export async function startPushReceiver(): Promise<PushReceiver> {
  // The receiving browser's keys (RFC 8291): a P-256 pair and a 16-byte auth secret.
  const ecdh = createECDH('prime256v1')
  const publicKey = ecdh.generateKeys()
  const authSecret = randomBytes(16)
  let status = 201
  const inbox: ReceivedPush[] = []
  const waiting: Array<(push: ReceivedPush) => void> = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const push = { headers: request.headers, body: Buffer.concat(chunks) }
      response.writeHead(status).end()
      inbox.push(push)
      waiting.shift()?.(push)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  const origin = `http://${host}`
  return {
    origin,
    host,
    inbox,
    subscription: (path) => ({ endpoint: `${origin}${path}`, keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') } }),
    nextPush: () => new Promise<ReceivedPush>((resolve) => waiting.push(resolve)),
    answerWith: (next) => {
      status = next
    },
    decrypt: (body) => decryptAes128gcm(body, { privateEcdh: ecdh, publicKey, authSecret }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
