/**
 * A webhook delivery worker as a process of its own, for server/webhooks/kill.test.ts (which
 * kills it with SIGKILL mid-batch): the delivery service of server/webhooks/delivery.ts on the
 * PostgreSQL database at DATABASE_URL, endpoints on WEBHOOK_ENDPOINT_ALLOW_HOSTS allowed, a lease
 * of WEBHOOK_LEASE_MS. Prints `worker ready` once it is sweeping.
 */
import { openDatabase } from '../db/client.ts'
import { createWebhookDelivery } from './delivery.ts'

const databaseUrl = process.env.DATABASE_URL
if (!databaseUrl) throw new Error('DATABASE_URL is required')
const handle = await openDatabase({ databaseUrl, dataDir: '/nonexistent' })
const worker = createWebhookDelivery({
  db: handle.db,
  now: Date.now,
  logError: (message, error) => console.error(message, error),
  policy: { allowHosts: (process.env.WEBHOOK_ENDPOINT_ALLOW_HOSTS ?? '').split(',').filter((h) => h !== '') },
  listen: handle.listen,
  leaseMs: Number(process.env.WEBHOOK_LEASE_MS ?? 60_000),
})
worker.start(100)
console.log('worker ready')
process.once('SIGTERM', () => {
  void worker
    .stop()
    .then(() => worker.settled())
    .then(() => handle.close())
    .then(() => process.exit(0))
})
