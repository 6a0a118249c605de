/**
 * Fault: the delivery worker killed (`kill -9`) in the middle of a batch (docs/api.md "Webhooks",
 * docs/decisions.md "lease-based claiming"). A second worker picks up what the first had claimed
 * once its lease runs out: no delivery is lost, and a receiver that deduplicates by `webhook-id`
 * processes each message exactly once (the few the first worker had in flight may arrive twice:
 * delivery is at least once). Runs against PostgreSQL (TEST_DATABASE_URL, set by `npm test` when
 * PostgreSQL is installed: scripts/with-postgres.ts); skipped with a note otherwise.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { prepareDatabase } from '../admin/seed.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import * as schema from '../db/schema.ts'
import { postgresUnavailableBecause, throwAwayDatabase } from '../test/local-postgres.ts'
import { WEBHOOK_BATCH_SIZE } from './delivery.ts'
import { enqueueWebhookEvent } from '../webhook-events/events.ts'
import { createWebhookSecretBox, newSigningSecret } from './secret.ts'

const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
const skipReason = await postgresUnavailableBecause(adminUrl)
if (skipReason !== undefined) console.warn(`Skipping the webhook kill -9 test: ${skipReason}`)

const EVENTS = 60
/** How long the receiver takes to answer, ms: long enough that the kill lands with requests in flight. */
const ANSWER_DELAY_MS = 150
const LEASE_MS = 2_000
const fixture = path.join(import.meta.dirname, 'worker.fixtures.ts')

/** A receiver that verifies each delivery and processes each `webhook-id` once. */
function startReceiver(secret: string) {
  const receipts: string[] = []
  const processed = new Map<string, number>()
  const duplicates: string[] = []
  const webhook = new Webhook(secret)
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const headers = { 'webhook-id': String(req.headers['webhook-id']), 'webhook-timestamp': String(req.headers['webhook-timestamp']), 'webhook-signature': String(req.headers['webhook-signature']) }
      try {
        webhook.verify(body, headers)
      } catch {
        res.writeHead(401).end()
        return
      }
      const id = headers['webhook-id']
      receipts.push(id)
      setTimeout(() => {
        // The deduplication: a message id seen before is acknowledged without being processed again.
        if (processed.has(id)) duplicates.push(id)
        else processed.set(id, 1)
        res.writeHead(200).end('ok')
      }, ANSWER_DELAY_MS)
    })
  })
  return { server, receipts, processed, duplicates }
}

function startWorker(env: Record<string, string>): Promise<{ child: ChildProcess; exited: Promise<unknown>; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()))
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString()
      if (output.includes('worker ready')) resolve({ child, exited, output: () => output })
    })
    void exited.then(() => reject(new Error(`the worker exited before it was ready:\n${output}`)))
  })
}

describe.skipIf(skipReason !== undefined)('webhook delivery killed mid-batch', () => {
  const database = throwAwayDatabase(adminUrl, 'engage_webhooks')
  let handle: DatabaseHandle
  const children: ChildProcess[] = []
  let receiver: ReturnType<typeof startReceiver>

  beforeAll(async () => {
    await database.create()
    handle = await openDatabase({ databaseUrl: database.url, dataDir: '/nonexistent' })
    await prepareDatabase(handle)
  }, 120_000)

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
    receiver?.server.closeAllConnections()
    receiver?.server.close()
    await handle?.close()
    await database.drop()
  })

  test('Scenario: kill -9 during deliveries loses none, and a receiver deduplicating by webhook-id processes each once', async () => {
    const secret = newSigningSecret()
    receiver = startReceiver(secret)
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve))
    const { port } = receiver.server.address() as AddressInfo

    const [org] = await handle.db.select().from(schema.organizations).where(eq(schema.organizations.name, 'Acme Support'))
    const orgId = org?.id as string
    const endpointId = crypto.randomUUID()
    await handle.db.insert(schema.webhookEndpoints).values({
      id: endpointId,
      orgId,
      url: `http://127.0.0.1:${port}/hook`,
      eventTypes: ['member.joined'],
      secret: await createWebhookSecretBox(handle.db).seal(endpointId, secret),
    })
    for (let i = 0; i < EVENTS; i++) await handle.db.transaction((tx) => enqueueWebhookEvent(tx, orgId, 'member.joined', { n: i }))
    const messageIds = (await handle.db.select({ id: schema.webhookDeliveries.messageId }).from(schema.webhookDeliveries)).map((r) => r.id)
    expect(new Set(messageIds).size).toBe(EVENTS)

    const env = { DATABASE_URL: database.url, WEBHOOK_ENDPOINT_ALLOW_HOSTS: `127.0.0.1:${port}`, WEBHOOK_LEASE_MS: String(LEASE_MS) }
    const first = await startWorker(env)
    children.push(first.child)
    // Mid-batch: some answered, some in flight.
    await expect.poll(() => receiver.receipts.length, { timeout: 30_000, interval: 10 }).toBeGreaterThanOrEqual(WEBHOOK_BATCH_SIZE + 3)
    first.child.kill('SIGKILL')
    // Requests it had sent and not yet seen answered: the claims it dies holding.
    const inFlight = receiver.receipts.length - receiver.processed.size
    await first.exited
    expect(inFlight).toBeGreaterThan(0)
    expect(receiver.processed.size).toBeLessThan(EVENTS)

    const second = await startWorker(env)
    children.push(second.child)
    await expect
      .poll(async () => (await handle.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.status, 'succeeded'))).length, { timeout: 60_000, interval: 200 })
      .toBe(EVENTS)

    // None lost: every message id arrived and was processed once; the repeats the deduplication
    // absorbed are only messages the killed worker had claimed.
    expect([...receiver.processed.keys()].sort()).toEqual([...messageIds].sort())
    expect(receiver.receipts.length).toBe(EVENTS + receiver.duplicates.length)
    expect(receiver.duplicates.length).toBeLessThanOrEqual(WEBHOOK_BATCH_SIZE)
    // The log: one attempt per delivery, the successful one (the killed worker recorded none of its last batch).
    const attempts = await handle.db.select().from(schema.webhookAttempts)
    expect(attempts).toHaveLength(EVENTS)
    expect(attempts.every((a) => a.statusCode === 200)).toBe(true)
    second.child.kill('SIGTERM')
    await second.exited
  }, 120_000)
})
