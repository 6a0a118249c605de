/**
 * The bench's ceiling: a bare Hono app on @hono/node-server answering `GET /` with a short text,
 * the same HTTP stack as the Engage server with nothing behind it. Prints `listening at <url>`.
 *
 * HELLO_WORKERS=n (default 1): n processes on one port through node:cluster, as Engage runs with
 * WEB_CONCURRENCY=n (server/cluster.ts), so a clustered Engage is compared with a clustered
 * ceiling. The primary prints the URL once every worker listens, and passes SIGTERM on.
 */
import cluster from 'node:cluster'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { runClustered } from './lib/cluster.ts'

const workers = Number(process.env.HELLO_WORKERS ?? '1')

await runClustered(workers, () => {
  const app = new Hono()
  app.get('/', (c) => c.text('Hello'))
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
    if (cluster.isPrimary) console.log(`listening at http://127.0.0.1:${info.port}`)
  })
  process.once('SIGTERM', () => server.close(() => process.exit(0)))
})
