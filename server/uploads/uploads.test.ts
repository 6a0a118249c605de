import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_MAX_BYTES, UPLOAD_URL_TTL_S, type PresignedUrlResponse } from '../../contract/uploads.ts'
import { uploads } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { createLocalUploadStorage } from './local.ts'
import { UPLOADED_FILE_CSP } from './routes.ts'
import { loadUploadSigningKey, signUpload, verifyUploadSignature } from './signing.ts'
import { detectImageType } from './sniff.ts'

/** The smallest valid-looking PNG: the 8-byte signature and an IHDR start. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4])
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1])
const HTML = new TextEncoder().encode('<script>alert(document.cookie)</script>')

let server: TestServer
let dir: string
let token: string

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'engage-uploads-test-'))
  server = await startTestServer({}, async (handle, clock) => ({
    uploadStorage: createLocalUploadStorage({ db: handle.db, dir, secret: await loadUploadSigningKey(handle.db), now: () => clock.ms }),
  }))
  token = (await server.signIn('admin@acme.test')).access_token
}, 30_000)

afterAll(async () => {
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

const bearer = () => ({ authorization: `Bearer ${token}` })

async function presign(body: unknown = { fileName: 'screen shot.png', contentType: 'image/png' }): Promise<PresignedUrlResponse> {
  const response = await server.request('POST', '/api/data-storage/get-presigned-url', { body, headers: bearer() })
  expect(response.status).toBe(200)
  return (await response.json()) as PresignedUrlResponse
}

/** PUTs `bytes` to a presigned URL (made relative: the test app has no network). */
function put(uploadUrl: string, bytes: Uint8Array, contentType = 'image/png', headers: Record<string, string> = {}): Promise<Response> {
  const url = new URL(uploadUrl)
  return Promise.resolve(server.app.request(`${url.pathname}${url.search}`, { method: 'PUT', headers: { 'content-type': contentType, ...headers }, body: bytes as BodyInit }))
}

const get = (fileUrl: string) => Promise.resolve(server.app.request(new URL(fileUrl).pathname))

describe('presigned URLs (Host-header poisoning)', () => {
  it('Scenario: built on the configured origin, whatever Host the request names', async () => {
    const response = await server.app.request('http://evil.example/api/data-storage/get-presigned-url', {
      method: 'POST',
      headers: { ...bearer(), host: 'evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'a.png', contentType: 'image/png' }),
    })
    expect(response.status).toBe(200)
    const answer = (await response.json()) as PresignedUrlResponse
    expect(new URL(answer.uploadUrl).origin).toBe('http://localhost')
    expect(new URL(answer.fileUrl).origin).toBe('http://localhost')
  })
})

describe('POST /api/data-storage/get-presigned-url', () => {
  it('Scenario: a signed-in user gets an expiring upload URL and a file URL on this server; no x-org-id needed', async () => {
    const answer = await presign()
    expect(answer.uploadUrl).toMatch(/^http:\/\/localhost\/api\/data-storage\/uploads\/[A-Za-z0-9_-]{22}\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/)
    expect(answer.fileUrl).toMatch(/^http:\/\/localhost\/api\/data-storage\/files\/[A-Za-z0-9_-]{22}\/screen_shot\.png$/)
    expect(Date.parse(answer.expiresAt)).toBe((Math.floor(server.clock.ms / 1000) + UPLOAD_URL_TTL_S) * 1000)
    const key = new URL(answer.uploadUrl).pathname.split('/').pop()!
    const [row] = await server.handle.db.select().from(uploads).where(eq(uploads.key, key))
    expect(row).toMatchObject({ fileName: 'screen_shot.png', contentType: 'image/png', uploadedAt: null, sizeBytes: null })
    expect(row?.userId).not.toBeNull()
  })

  it('Scenario: file names are sanitised and get the extension of their content type', async () => {
    const answer = await presign({ fileName: '../../etc/<img onerror=x>.html', contentType: 'image/jpeg' })
    expect(answer.fileUrl).toMatch(/\/img_onerror_x\.jpg$/)
    expect(answer.fileUrl).not.toContain('..')
  })

  it('Scenario: SVG and other non-image types, empty names and oversized declared sizes are refused with every issue', async () => {
    const before = await server.rowCounts()
    for (const body of [
      { fileName: 'a.svg', contentType: 'image/svg+xml' },
      { fileName: 'a.html', contentType: 'text/html' },
      { fileName: '', contentType: 'image/png' },
      { fileName: 'a.png', contentType: 'image/png', size: UPLOAD_MAX_BYTES + 1 },
    ]) {
      const response = await server.request('POST', '/api/data-storage/get-presigned-url', { body, headers: bearer() })
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_request')
    }
    expect(await server.rowCounts()).toEqual(before)
  })

  it('Scenario: without a valid access token the answer is 401', async () => {
    const body = { fileName: 'a.png', contentType: 'image/png' }
    expect((await server.request('POST', '/api/data-storage/get-presigned-url', { body })).status).toBe(401)
    expect((await server.request('POST', '/api/data-storage/get-presigned-url', { body, headers: { authorization: 'Bearer nope' } })).status).toBe(401)
  })
})

describe('PUT /api/data-storage/uploads/{key} and GET /api/data-storage/files/{key}/{name}', () => {
  it('Scenario: an image uploaded once is served back with its type, nosniff and a sandboxing CSP', async () => {
    const answer = await presign()
    expect((await get(answer.fileUrl)).status).toBe(404)
    const response = await put(answer.uploadUrl, PNG)
    expect(response.status).toBe(204)
    const file = await get(answer.fileUrl)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expect(file.headers.get('content-security-policy')).toBe(UPLOADED_FILE_CSP)
    expect(file.headers.get('content-security-policy')).toContain('sandbox')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG)
    const key = new URL(answer.uploadUrl).pathname.split('/').pop()!
    const [row] = await server.handle.db.select().from(uploads).where(eq(uploads.key, key))
    expect(row?.sizeBytes).toBe(PNG.length)
    expect(row?.uploadedAt).not.toBeNull()
    // Another name for the same key is not the file.
    expect((await get(answer.fileUrl.replace(/[^/]+$/, 'other.png'))).status).toBe(404)
  })

  it('Scenario: a URL used twice is refused the second time', async () => {
    const answer = await presign()
    expect((await put(answer.uploadUrl, PNG)).status).toBe(204)
    const again = await put(answer.uploadUrl, PNG)
    expect(again.status).toBe(403)
    expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/already used/)
  })

  it('Scenario: a tampered signature, key, expiry or content type is refused and stores nothing', async () => {
    const answer = await presign()
    const url = new URL(answer.uploadUrl)
    const signature = url.searchParams.get('signature')!
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`
    const tampered = [
      answer.uploadUrl.replace(signature, flipped),
      answer.uploadUrl.replace(/signature=[^&]+/, 'signature='),
      answer.uploadUrl.replace(/expires=(\d+)/, (_, n: string) => `expires=${Number(n) + 3600}`),
      answer.uploadUrl.replace(/uploads\/[^?]+/, `uploads/${'A'.repeat(22)}`),
    ]
    for (const bad of tampered) expect((await put(bad, PNG)).status).toBe(403)
    // The signed type is PNG: the same URL with a JPEG (even a real one) is refused.
    expect((await put(answer.uploadUrl, JPEG, 'image/jpeg')).status).toBe(403)
    // None of that spent the URL: the genuine upload still works.
    expect((await put(answer.uploadUrl, PNG)).status).toBe(204)
  })

  it('Scenario: an expired URL is refused', async () => {
    const answer = await presign()
    server.clock.ms += (UPLOAD_URL_TTL_S + 1) * 1000
    try {
      const response = await put(answer.uploadUrl, PNG)
      expect(response.status).toBe(403)
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/expired/)
    } finally {
      server.clock.ms -= (UPLOAD_URL_TTL_S + 1) * 1000
    }
  })

  it('Scenario: a PNG content type with bytes that are not a PNG is refused (415), and the URL is spent', async () => {
    const answer = await presign()
    const response = await put(answer.uploadUrl, HTML)
    expect(response.status).toBe(415)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe('The file is not a PNG image.')
    expect((await get(answer.fileUrl)).status).toBe(404)
    expect((await put(answer.uploadUrl, PNG)).status).toBe(403)
  })

  it('Scenario: an upload over 5 MiB is refused (413) while streaming, without a Content-Length too', async () => {
    const answer = await presign()
    const big = new Uint8Array(UPLOAD_MAX_BYTES + 1)
    big.set(PNG)
    let sent = 0
    // A stream that would go on far beyond the cap: the server must stop reading.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > UPLOAD_MAX_BYTES * 3) return controller.close()
        const chunk = sent === 0 ? big.subarray(0, 1024 * 1024) : new Uint8Array(1024 * 1024)
        sent += chunk.length
        controller.enqueue(chunk)
      },
    })
    const url = new URL(answer.uploadUrl)
    const response = await server.app.request(`${url.pathname}${url.search}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body, duplex: 'half' } as RequestInit)
    expect(response.status).toBe(413)
    expect(sent).toBeLessThan(UPLOAD_MAX_BYTES * 2)
    expect((await get(answer.fileUrl)).status).toBe(404)

    const second = await presign()
    expect((await put(second.uploadUrl, big)).status).toBe(413)
    expect(readdirSync(dir).some((name) => name.endsWith('.part'))).toBe(false)
  })

  it('Scenario: an upload larger than its declared size is refused', async () => {
    const answer = await presign({ fileName: 'a.png', contentType: 'image/png', size: 10 })
    expect((await put(answer.uploadUrl, PNG)).status).toBe(413)
  })
})

describe('upload signatures and sniffing', () => {
  it('Scenario: a signature verifies only for the exact grant and key', () => {
    const secret = Buffer.alloc(32, 7)
    const grant = { key: 'k'.repeat(22), contentType: 'image/png', expiresS: 1_800_000_000 }
    const signature = signUpload(secret, grant)
    expect(verifyUploadSignature(secret, grant, signature)).toBe(true)
    expect(verifyUploadSignature(secret, { ...grant, contentType: 'image/gif' }, signature)).toBe(false)
    expect(verifyUploadSignature(secret, { ...grant, expiresS: grant.expiresS + 1 }, signature)).toBe(false)
    expect(verifyUploadSignature(Buffer.alloc(32, 8), grant, signature)).toBe(false)
    expect(verifyUploadSignature(secret, grant, undefined)).toBe(false)
    expect(verifyUploadSignature(secret, grant, `${signature}x`)).toBe(false)
  })

  it('Scenario: magic bytes name the four accepted types and nothing else', () => {
    expect(detectImageType(PNG)).toBe('image/png')
    expect(detectImageType(JPEG)).toBe('image/jpeg')
    expect(detectImageType(new TextEncoder().encode('GIF89a....'))).toBe('image/gif')
    expect(detectImageType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp')
    expect(detectImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
    expect(detectImageType(HTML)).toBeUndefined()
    expect(detectImageType(new Uint8Array([0x89, 0x50]))).toBeUndefined()
  })
})
