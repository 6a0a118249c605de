import { S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PresignedUrlResponse } from '../../contract/uploads.ts'
import { uploads } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { withConnectSource } from './csp.ts'
import { createS3UploadStorage, publicObjectUrl, type S3Settings, uploadOriginOf } from './s3.ts'

// Presigning is local: fixed credentials, an endpoint nobody listens on, and no request is made.
const settings: S3Settings = { bucket: 'engage-uploads', region: 'eu-west-3', endpoint: 'http://minio.invalid:9000', publicUrl: undefined }
const client = new S3Client({
  region: settings.region,
  endpoint: settings.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: 'AKIAEXAMPLEEXAMPLE', secretAccessKey: 'secret-example-secret-example-secret-exam' },
})

let server: TestServer
let token: string
beforeAll(async () => {
  server = await startTestServer({}, (handle, clock) => ({ uploadStorage: createS3UploadStorage({ db: handle.db, settings, client, now: () => clock.ms }) }))
  token = (await server.signIn('agent@acme.test')).access_token
}, 30_000)
afterAll(async () => server?.close())

async function presign(body: unknown): Promise<PresignedUrlResponse> {
  const response = await server.request('POST', '/api/data-storage/get-presigned-url', { body, headers: { authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  return (await response.json()) as PresignedUrlResponse
}

describe('S3 upload storage (offline presigning)', () => {
  it('Scenario: a SigV4 PUT URL for the bucket, expiring in 300 s, with the content type and declared size signed', async () => {
    const answer = await presign({ fileName: 'My Screen.PNG', contentType: 'image/png', size: 1234 })
    const url = new URL(answer.uploadUrl)
    expect(url.origin).toBe('http://minio.invalid:9000')
    expect(url.pathname).toMatch(/^\/engage-uploads\/uploads\/[A-Za-z0-9_-]{22}\/My_Screen\.png$/)
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256')
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300')
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIAEXAMPLEEXAMPLE\/\d{8}\/eu-west-3\/s3\/aws4_request$/)
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'content-type', 'host'])
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
    expect(answer.fileUrl).toBe(`http://minio.invalid:9000${url.pathname}`)
    expect(Date.parse(answer.expiresAt) - Math.floor(server.clock.ms / 1000) * 1000).toBe(300_000)
    const rows = await server.handle.db.select().from(uploads)
    expect(rows.find((r) => url.pathname.endsWith(r.key))).toMatchObject({ contentType: 'image/png', sizeBytes: 1234, fileName: 'My_Screen.png' })
  })

  it('Scenario: without a declared size only the content type is signed; each URL has its own key', async () => {
    const a = new URL((await presign({ fileName: 'a.gif', contentType: 'image/gif' })).uploadUrl)
    const b = new URL((await presign({ fileName: 'a.gif', contentType: 'image/gif' })).uploadUrl)
    expect(a.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-type', 'host'])
    expect(a.pathname).not.toBe(b.pathname)
  })

  it('Scenario: file URLs come from S3_PUBLIC_URL, else the endpoint, else AWS', () => {
    expect(publicObjectUrl({ ...settings, publicUrl: 'https://cdn.example.com/f/' }, 'uploads/k/a b.png')).toBe('https://cdn.example.com/f/uploads/k/a%20b.png')
    expect(publicObjectUrl(settings, 'uploads/k/a.png')).toBe('http://minio.invalid:9000/engage-uploads/uploads/k/a.png')
    expect(publicObjectUrl({ ...settings, endpoint: undefined }, 'uploads/k/a.png')).toBe('https://engage-uploads.s3.eu-west-3.amazonaws.com/uploads/k/a.png')
  })

  it('Scenario: the browser may connect to the bucket: its origin joins connect-src, nothing else changes', async () => {
    const policy = (await server.request('GET', '/api/health')).headers.get('content-security-policy') ?? ''
    expect(policy).toContain("connect-src 'self' http://minio.invalid:9000")
    expect(policy).toContain("script-src 'self';")
    expect(uploadOriginOf({ ...settings, endpoint: undefined })).toBe('https://engage-uploads.s3.eu-west-3.amazonaws.com')
    expect(withConnectSource("default-src 'self'", 'https://b.test')).toBe("default-src 'self'; connect-src 'self' https://b.test")
    expect(withConnectSource("connect-src 'self' https://b.test", 'https://b.test')).toBe("connect-src 'self' https://b.test")
  })

  it('Scenario: the embedded PUT route is not served with S3 storage', async () => {
    const response = await server.app.request(`/api/data-storage/uploads/${'A'.repeat(22)}?expires=1&signature=x`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: 'x' })
    expect(response.status).toBe(404)
  })
})
