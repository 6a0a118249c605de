/**
 * The operator's side: the key-protected internal API (`/api/internal/*`) and the admin CLI
 * (`npm run admin`) in both of its modes: through a running server, and directly on a data
 * directory no server holds.
 */
import { spawn, spawnSync } from 'node:child_process'
import { createECDH, randomBytes } from 'node:crypto'
import http from 'node:http'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '../db/client.ts'
import { organizations, pushSubscriptions, users } from '../db/schema.ts'
import { startSmtpServer } from '../test/smtp.ts'
import { prepareDatabase } from './seed.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { runAdminCli } from './cli.ts'
import {
  INTERNAL_KEY_FILE,
  SERVER_INFO_FILE,
  internalKeyMatches,
  loadInternalApiKey,
  localUrl,
  publishInternalApiKey,
  publishServerInfo,
  readServerInfo,
} from './runtime.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

let server: TestServer
let workDir: string
beforeAll(async () => {
  server = await startTestServer()
  workDir = await mkdtemp(path.join(tmpdir(), 'engage-admin-'))
})
afterAll(async () => {
  await server.close()
  await rm(workDir, { recursive: true, force: true })
})

const internal = (method: string, url: string, key: string | undefined, body?: unknown) =>
  server.request(method, url, { headers: key === undefined ? {} : { 'x-internal-api-key': key }, ...(body === undefined ? {} : { body }) })

/** Runs the CLI in this process, capturing its output. */
async function cli(argv: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdminCli(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const unknownPath = { error: { code: 'not_found', message: 'There is nothing at this address.', issues: [] } }

describe('the internal API', () => {
  test('Scenario: without the right key every internal path answers like an unknown path', async () => {
    for (const [method, url] of [
      ['GET', '/api/internal/waitlist'],
      ['POST', '/api/internal/waitlist/approve'],
      ['GET', '/api/internal/nothing'],
    ] as const) {
      for (const key of [undefined, '', 'wrong', `${server.internalApiKey}x`, server.internalApiKey.slice(1)]) {
        const response = await internal(method, url, key, method === 'POST' ? { org: 'Waitlist Labs' } : undefined)
        expect(response.status, `${method} ${url} key=${key}`).toBe(404)
        expect(await response.json()).toEqual(unknownPath)
      }
    }
    // Nothing was approved along the way.
    const [labs] = await server.handle.db.select().from(organizations).where(eq(organizations.name, 'Waitlist Labs'))
    expect(labs?.waitlistApproved).toBe(false)
  })

  test('Scenario: the waitlist lists every unapproved workspace with its owner', async () => {
    const response = await internal('GET', '/api/internal/waitlist', server.internalApiKey)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      organizations: [
        {
          org_id: await server.orgId('Waitlist Labs'),
          org_name: 'Waitlist Labs',
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
          owner_email: 'waiting@waitlist.test',
          waitlist_approved: false,
        },
      ],
    })
  })

  test('Scenario: approve by id, unknown workspace 404, bad body 400, ambiguous name 409 with the ids', async () => {
    const db = server.handle.db
    const twins = await db
      .insert(organizations)
      .values([{ name: 'Twin' }, { name: 'TWIN' }])
      .returning({ id: organizations.id })
    const unknown = await internal('POST', '/api/internal/waitlist/approve', server.internalApiKey, { org: 'No Such Org' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({
      error: { code: 'not_found', message: 'No workspace has the id or name "No Such Org".', issues: [{ path: ['org'], message: 'No such workspace' }] },
    })
    const bad = await internal('POST', '/api/internal/waitlist/approve', server.internalApiKey, { org: '  ' })
    expect(bad.status).toBe(400)

    const ambiguous = await internal('POST', '/api/internal/waitlist/approve', server.internalApiKey, { org: 'twin' })
    expect(ambiguous.status).toBe(409)
    const body = (await ambiguous.json()) as { error: { message: string; issues: Array<{ message: string }> } }
    for (const twin of twins) {
      expect(body.error.message).toContain(twin.id)
      expect(body.error.issues.map((i) => i.message)).toContain(twin.id)
    }
    expect(await db.$count(organizations, eq(organizations.waitlistApproved, true))).toBe(4)

    const byId = await internal('POST', '/api/internal/waitlist/approve', server.internalApiKey, { org: twins[0]?.id })
    expect(byId.status).toBe(200)
    expect(await byId.json()).toMatchObject({ organization: { org_id: twins[0]?.id, org_name: 'Twin', waitlist_approved: true, owner_email: null }, already_approved: false })
  })

  test('Scenario: keys are compared whole, whatever their lengths', () => {
    expect(internalKeyMatches('k'.repeat(43), 'k'.repeat(43))).toBe(true)
    expect(internalKeyMatches('k'.repeat(43), 'k'.repeat(42))).toBe(false)
    expect(internalKeyMatches('k'.repeat(43), undefined)).toBe(false)
    expect(internalKeyMatches('k'.repeat(43), '')).toBe(false)
  })
})

describe('the server side of the CLI files', () => {
  test('Scenario: the generated key is persisted and written 0600; an operator key is not written', async () => {
    const dir = await mkdtemp(path.join(workDir, 'key-'))
    const key = await loadInternalApiKey(server.handle.db, undefined)
    expect(key).toEqual({ key: server.internalApiKey, generated: true })
    await publishInternalApiKey(dir, key)
    expect((await stat(path.join(dir, INTERNAL_KEY_FILE))).mode & 0o777).toBe(0o600)
    await publishInternalApiKey(dir, { key: 'o'.repeat(32), generated: false })
    await expect(stat(path.join(dir, INTERNAL_KEY_FILE))).rejects.toThrow()
  })

  test('Scenario: server.json names a loopback URL and is removed only by its own server', async () => {
    const dir = await mkdtemp(path.join(workDir, 'info-'))
    expect(localUrl('0.0.0.0', 'IPv4', 3000)).toBe('http://127.0.0.1:3000')
    expect(localUrl('::', 'IPv6', 3000)).toBe('http://[::1]:3000')
    const remove = await publishServerInfo(dir, { url: 'http://127.0.0.1:1', pid: process.pid })
    expect(await readServerInfo(dir)).toEqual({ url: 'http://127.0.0.1:1', pid: process.pid })
    await remove()
    expect(await readServerInfo(dir)).toBeUndefined()
    // A newer server took over the file: the old one leaves it alone.
    const removeOld = await publishServerInfo(dir, { url: 'http://127.0.0.1:1', pid: process.pid })
    await writeFile(path.join(dir, SERVER_INFO_FILE), JSON.stringify({ url: 'http://127.0.0.1:2', pid: 1 }))
    await removeOld()
    expect(await readServerInfo(dir)).toEqual({ url: 'http://127.0.0.1:2', pid: 1 })
  })
})

describe('npm run admin, through a running server', () => {
  let dataDir: string
  let http: ReturnType<typeof serve>
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(workDir, 'running-'))
    const address = await new Promise<AddressInfo>((resolve) => {
      http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, resolve)
    })
    // What main.ts publishes for the server it runs (here: the test's own process).
    await publishServerInfo(dataDir, { url: localUrl(address.address, address.family, address.port), pid: process.pid })
    await publishInternalApiKey(dataDir, { key: server.internalApiKey, generated: true })
  })
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())))

  test('Scenario: list-waitlist and approve-waitlist go through the internal API', async () => {
    const env = { DATA_DIR: dataDir }
    const listed = await cli(['list-waitlist'], env)
    expect(listed.code).toBe(0)
    expect(listed.err).toMatch(/^Using the running server at http:\/\/127\.0\.0\.1:\d+ \(pid \d+\)\.$/)
    expect(listed.out).toMatch(/^2 workspaces are waiting for approval:\nID +NAME +CREATED \(UTC\) +OWNER\n/)
    expect(listed.out).toMatch(/Waitlist Labs +\d{4}-\d\d-\d\d \d\d:\d\d +waiting@waitlist\.test/)

    const approved = await cli(['approve-waitlist', 'waitlist', 'LABS'], env)
    expect(approved).toMatchObject({ code: 0, out: `Approved "Waitlist Labs" (${await server.orgId('Waitlist Labs')}). Its members can now complete sign-up.` })
    const [labs] = await server.handle.db.select().from(organizations).where(eq(organizations.name, 'Waitlist Labs'))
    expect(labs?.waitlistApproved).toBe(true)

    const again = await cli(['approve-waitlist', 'Waitlist Labs'], env)
    expect(again.code).toBe(0)
    expect(again.out).toContain('was already approved: nothing changed.')

    const unknown = await cli(['approve-waitlist', 'Nope'], env)
    expect(unknown).toMatchObject({ code: 1, out: '' })
    expect(unknown.err).toContain('No workspace has the id or name "Nope".')
  })

  test('Scenario: mail lists the outbox with the links of each message, filtered by --to', async () => {
    const env = { DATA_DIR: dataDir }
    expect((await server.request('POST', '/api/users/password-reset', { body: { email: 'agent@acme.test' } })).status).toBe(202)
    await server.mailer.settled()
    const listed = await cli(['mail', '--to', 'AGENT@acme.test'], env)
    expect(listed.code).toBe(0)
    expect(listed.out).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}kept {5}password_reset {6}agent@acme\.test {2}\(\S+\)\n {2}Reset your Engage password\n {2}http:\/\/localhost\/reset-password\?token=[\w-]{43}$/)
    const json = await cli(['mail', '--limit', '1', '--json'], env)
    expect(JSON.parse(json.out)).toMatchObject([{ to: 'agent@acme.test', kind: 'password_reset', status: 'kept', attempts: 0 }])
    expect((await cli(['mail', '--to', 'nobody@acme.test'], env)).out).toBe('The outbox is empty.')
    // Without SMTP_URL there is nothing to retry.
    const id = (JSON.parse(json.out) as { id: string }[])[0]?.id ?? ''
    const retried = await cli(['mail', '--retry', id], env)
    expect(retried.code).toBe(1)
    expect(retried.err).toContain('only a failed message can be, and only with SMTP_URL set')
    expect((await cli(['mail', '--limit', '0'], env)).code).toBe(2)
    expect((await cli(['mail', '--retry'], env)).code).toBe(2)
    expect((await cli(['mail', '--frobnicate'], env)).code).toBe(2)
  })

  test('Scenario: a wrong key is refused with advice, nothing changed', async () => {
    const result = await cli(['approve-waitlist', 'TWIN'], { DATA_DIR: dataDir, INTERNAL_API_KEY: 'w'.repeat(40) })
    expect(result.code).toBe(1)
    expect(result.err).toContain('did not accept the internal API key')
  })
})

describe('npm run admin, directly on a data directory', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(workDir, 'direct-'))
    const handle = await openDatabase({ databaseUrl: undefined, dataDir })
    try {
      await prepareDatabase(handle)
    } finally {
      await handle.close()
    }
    // A server.json left by a crashed server: its process is gone, so the CLI goes direct.
    const gone = spawnSync(process.execPath, ['-e', '']).pid
    await writeFile(path.join(dataDir, SERVER_INFO_FILE), JSON.stringify({ url: 'http://127.0.0.1:9', pid: gone }))
  })

  test('Scenario: usage errors exit 2', async () => {
    expect((await cli([], {})).code).toBe(2)
    expect((await cli(['frobnicate'], {})).code).toBe(2)
    expect((await cli(['approve-waitlist'], {})).code).toBe(2)
    expect((await cli(['list-waitlist', 'extra'], {})).code).toBe(2)
    expect((await cli(['list-waitlist'], { WAITLIST: 'maybe' })).code).toBe(2)
    expect((await cli(['--help'], {})).code).toBe(0)
  })

  test('Scenario: a DATA_DIR without a database is an error, and none is created', async () => {
    const empty = path.join(workDir, 'missing')
    const result = await cli(['list-waitlist'], { DATA_DIR: empty })
    expect(result.code).toBe(1)
    expect(result.err).toContain(`There is no database in ${empty}`)
    await expect(stat(empty)).rejects.toThrow()
  })

  test('Scenario: list-waitlist opens the database itself', async () => {
    const listed = await cli(['list-waitlist'], { DATA_DIR: dataDir })
    expect(listed.code).toBe(0)
    expect(listed.err).toBe(`No server is running on ${dataDir}: using its database directly.`)
    expect(listed.out).toMatch(/^1 workspace is waiting for approval:\n.*\n\S+ +Waitlist Labs +\S+ \S+ +waiting@waitlist\.test$/)
  })

  test('Scenario: notify, directly, pushes to the recipient\'s device and emails an urgent notification as the server does', async () => {
    // A device of agent@acme.test subscribed to push, on a receiver the CLI may reach.
    const pushes: string[] = []
    const receiver = http.createServer((request, response) => {
      pushes.push(`${request.method} ${request.url}`)
      request.resume()
      request.on('end', () => response.writeHead(201).end())
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const { port } = receiver.address() as AddressInfo
    const smtp = await startSmtpServer()
    try {
      const handle = await openDatabase({ databaseUrl: undefined, dataDir })
      try {
        const [agent] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'agent@acme.test'))
        const [acme] = await handle.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, 'Acme Support'))
        await handle.db.insert(pushSubscriptions).values({
          userId: agent?.id ?? '',
          orgId: acme?.id ?? '',
          deviceId: 'cli-direct-device',
          endpoint: `http://127.0.0.1:${port}/push/cli-direct`,
          p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        })
      } finally {
        await handle.close()
      }
      const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, PUSH_ENDPOINT_ALLOW_HOSTS: `127.0.0.1:${port}`, APP_URL: 'https://engage.example.com' }
      const created = await cli(['notify', '--email', 'agent@acme.test', '--org', 'Acme Support', '--title', 'Queue backing up', '--priority', 'urgent', '--category', 'message'], env)
      expect(created.err).toContain('using its database directly')
      expect(created.code).toBe(0)
      expect(pushes).toEqual(['POST /push/cli-direct'])
      const [mail] = await smtp.waitFor(1)
      expect(mail?.subject).toContain('Queue backing up')
      expect(mail?.text).toContain('https://engage.example.com/')
    } finally {
      receiver.close()
      await smtp.close()
    }
  })

  test('Scenario: scripts/admin.mjs approves, exits 0, and the change is in the database', async () => {
    const run = (...args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/admin.mjs'), ...args], {
          cwd: repoRoot,
          env: { ...process.env, DATA_DIR: dataDir, INTERNAL_API_KEY: '' },
        })
        let stdout = ''
        let stderr = ''
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
        child.on('close', (code) => resolve({ code, stdout, stderr }))
      })
    const approved = await run('approve-waitlist', 'Waitlist Labs')
    expect(approved.stderr).toContain('using its database directly')
    expect(approved.code).toBe(0)
    expect(approved.stdout).toMatch(/^Approved "Waitlist Labs" \([0-9a-f-]{36}\)\. Its members can now complete sign-up\.\n$/)

    const listed = await cli(['list-waitlist'], { DATA_DIR: dataDir })
    expect(listed).toMatchObject({ code: 0, out: 'No workspace is waiting for approval.' })
  })
})
