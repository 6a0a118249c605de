/**
 * `npm run admin -- copy-to-postgres`: from a seeded PGlite DATA_DIR with
 * notifications, a signed-in session and a push subscription into an empty PostgreSQL database
 * (skipped without PostgreSQL, like server/db/postgres.test.ts). The same answers come from both
 * databases, the session goes on (its refresh token rotates on the copy), a second copy into the
 * now full target is refused, and the foreign-key order defers exactly the cycle.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { S3Client } from '@aws-sdk/client-s3'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { loadSigningKey } from '../auth/access-token.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { pushSubscriptions, uploads, users } from '../db/schema.ts'
import { DEMO_PASSWORD, prepareDatabase } from './seed.ts'
import { postgresUnavailableBecause, throwAwayDatabase } from '../test/local-postgres.ts'
import { TEST_CONFIG } from '../test/harness.ts'
import { runAdminCli } from './cli.ts'
import { copyOrder, copyToPostgres } from './copy-to-postgres.ts'

const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
const skipReason = await postgresUnavailableBecause(adminUrl)
if (skipReason !== undefined) console.warn(`Skipping the copy-to-postgres tests: ${skipReason}`)

describe('copyOrder', () => {
  test('Scenario: referenced tables first; the reference closing a cycle is deferred, self-references too', () => {
    const { order, deferred } = copyOrder([
      { name: 'memberships', primaryKey: ['id'], references: [{ column: 'user_id', table: 'users' }, { column: 'org_id', table: 'organizations' }] },
      { name: 'organizations', primaryKey: ['id'], references: [{ column: 'created_by', table: 'users' }] },
      { name: 'users', primaryKey: ['id'], references: [{ column: 'default_org_id', table: 'organizations' }] },
      { name: 'tree', primaryKey: ['id'], references: [{ column: 'parent_id', table: 'tree' }] },
    ])
    expect(order.indexOf('memberships')).toBeGreaterThan(order.indexOf('users'))
    expect(order.indexOf('memberships')).toBeGreaterThan(order.indexOf('organizations'))
    expect([...deferred.entries()]).toEqual([
      ['organizations', ['created_by']],
      ['tree', ['parent_id']],
    ])
  })
})

describe.skipIf(skipReason !== undefined)('copy-to-postgres', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'engage-copy-test-'))
  const database = throwAwayDatabase(adminUrl, 'engage_copy')
  const targetUrl = database.url
  /** A finished local upload (DATA_DIR/uploads/<key>) that the admin's profile photo links to. */
  const uploadKey = 'AbCdEfGhIjKlMnOpQr_s-t'
  const uploadBytes = Buffer.from('\x89PNG\r\n\x1a\n-not-really-a-png')
  const localPhotoUrl = `http://127.0.0.1:3000/api/data-storage/files/${uploadKey}/photo.png`
  const lines: string[] = []
  const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) }
  let session: { access_token: string; refresh_token: string; org_id: string }
  const sourceAnswers: Record<string, unknown> = {}

  const appOver = async (handle: DatabaseHandle) => createApp({ db: handle.db, driver: handle.driver, config: TEST_CONFIG, signingKey: await loadSigningKey(handle.db, undefined), botCheck: { provider: 'off' } })
  const get = async (app: Awaited<ReturnType<typeof appOver>>, url: string) => {
    const response = await app.request(url, { headers: { authorization: `Bearer ${session.access_token}`, 'x-org-id': session.org_id } })
    expect(response.status).toBe(200)
    return response.json()
  }

  beforeAll(async () => {
    // The embedded database as a host has it after some use: demo data, a session, a push subscription.
    const source = await openDatabase({ databaseUrl: undefined, dataDir })
    try {
      await prepareDatabase(source)
      const app = await appOver(source)
      const signIn = await app.request('/api/users/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@acme.test', password: DEMO_PASSWORD }),
      })
      session = (await signIn.json()) as typeof session
      const [admin] = await source.db.select({ id: users.id }).from(users).limit(1)
      await source.db.insert(pushSubscriptions).values({
        userId: admin!.id,
        orgId: session.org_id,
        deviceId: 'device-copy-test',
        endpoint: 'https://push.example.test/abc',
        p256dh: 'p256dh-value',
        auth: 'auth-value',
      })
      mkdirSync(path.join(dataDir, 'uploads'), { recursive: true })
      writeFileSync(path.join(dataDir, 'uploads', uploadKey), uploadBytes)
      await source.db.insert(uploads).values({ key: uploadKey, userId: admin!.id, fileName: 'photo.png', contentType: 'image/png', sizeBytes: uploadBytes.length, expiresAt: new Date(), uploadedAt: new Date() })
      await source.db.update(users).set({ image: localPhotoUrl }).where(eq(users.id, admin!.id))
      for (const url of ['/api/common-services/notifications?limit=20', '/api/users/my-workspaces', '/api/org-billing/monthly-credits-usage']) {
        sourceAnswers[url] = await get(app, url)
      }
    } finally {
      await source.close()
    }
    await database.create()
  }, 120_000)

  afterAll(async () => {
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('Scenario: every table copied with equal counts; the same answers, the session and the push subscription live on', async () => {
    expect(await runAdminCli(['copy-to-postgres', targetUrl], { DATA_DIR: dataDir }, output)).toBe(0)
    expect(lines.join('\n')).toMatch(/Copied \d+ tables, \d+ rows; every table has the same number of rows on both sides\./)
    const target = await openDatabase({ databaseUrl: targetUrl, dataDir })
    try {
      const app = await appOver(target)
      // The same signing key (server_secrets copied): the access token issued on PGlite is accepted.
      for (const [url, answer] of Object.entries(sourceAnswers)) expect(await get(app, url)).toEqual(answer)
      const refreshed = await app.request('/api/users/refresh-token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: session.refresh_token }),
      })
      expect(refreshed.status).toBe(200)
      const [subscriptions] = await target.db.select({ n: count() }).from(pushSubscriptions)
      expect(subscriptions?.n).toBe(1)
      // Without --uploads-to-s3 the files stay where they are, and so do the links.
      expect((await target.db.select({ image: users.image }).from(users).where(eq(users.image, localPhotoUrl))).length).toBe(1)
    } finally {
      await target.close()
    }
  }, 120_000)

  test('Scenario: a target that holds data is refused, and nothing changes', async () => {
    lines.length = 0
    expect(await runAdminCli(['copy-to-postgres', targetUrl], { DATA_DIR: dataDir }, output)).toBe(1)
    expect(lines.join('\n')).toContain('The target database is not empty')
  }, 60_000)

  test('Scenario: usage errors say how', async () => {
    lines.length = 0
    expect(await runAdminCli(['copy-to-postgres'], { DATA_DIR: dataDir }, output)).toBe(2)
    expect(await runAdminCli(['copy-to-postgres', 'mysql://x'], { DATA_DIR: dataDir }, output)).toBe(2)
    expect(await runAdminCli(['copy-to-postgres', targetUrl], { DATA_DIR: path.join(dataDir, 'nothing-here') }, output)).toBe(1)
    expect(lines.join('\n')).toContain('There is no embedded database')
  })
})

describe.skipIf(skipReason !== undefined)('copy-to-postgres --uploads-to-s3', () => {
  test('Scenario: the files go to the bucket under the S3 storage\'s keys, and the links follow', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'engage-copy-s3-test-'))
    const database = throwAwayDatabase(adminUrl, 'engage_copy_s3')
    await database.create()
    // A stand-in for S3: stores each PUT's body by path (path-style: /<bucket>/<key>).
    const objects = new Map<string, { body: Buffer; contentType: string | undefined }>()
    const s3 = http.createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        if (request.method === 'PUT') objects.set(decodeURIComponent(request.url?.split('?')[0] ?? ''), { body: Buffer.concat(chunks), contentType: request.headers['content-type'] })
        response.writeHead(request.method === 'PUT' ? 200 : 404, { etag: '"x"' }).end()
      })
    })
    await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve))
    const endpoint = `http://127.0.0.1:${(s3.address() as AddressInfo).port}`
    try {
      const source = await openDatabase({ databaseUrl: undefined, dataDir })
      const key = 'ZyXwVuTsRqPoNmLkJiHgFe'
      const bytes = Buffer.from('GIF89a-screenshot')
      try {
        await prepareDatabase(source)
        const [someone] = await source.db.select({ id: users.id }).from(users).limit(1)
        mkdirSync(path.join(dataDir, 'uploads'), { recursive: true })
        writeFileSync(path.join(dataDir, 'uploads', key), bytes)
        await source.db.insert(uploads).values({ key, userId: someone!.id, fileName: 'shot.gif', contentType: 'image/gif', sizeBytes: bytes.length, expiresAt: new Date(), uploadedAt: new Date() })
        await source.db.update(users).set({ image: `https://old.example/api/data-storage/files/${key}/shot.gif` }).where(eq(users.id, someone!.id))
      } finally {
        await source.close()
      }
      const settings = { bucket: 'engage-files', region: 'us-east-1', endpoint, publicUrl: undefined }
      const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } })
      const report = await copyToPostgres(dataDir, database.url, () => {}, { settings, client })
      expect(report.filesToS3).toBe(1)
      expect(objects.get(`/engage-files/uploads/${key}/shot.gif`)).toEqual({ body: bytes, contentType: 'image/gif' })
      const target = await openDatabase({ databaseUrl: database.url, dataDir })
      try {
        const moved = await target.db.select({ image: users.image }).from(users).where(eq(users.image, `${endpoint}/engage-files/uploads/${key}/shot.gif`))
        expect(moved).toHaveLength(1)
        expect(await target.db.select({ key: uploads.key }).from(uploads)).toEqual([{ key: `uploads/${key}/shot.gif` }])
      } finally {
        await target.close()
      }
    } finally {
      s3.close()
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
