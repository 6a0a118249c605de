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

const workers = Number(process.env.HELLO_WORKERS ?? '1')

if (workers > 1 && cluster.isPrimary) {
  let listening = 0
  cluster.on('listening', (_worker, address) => {
    listening += 1
    if (listening === workers) console.log(`listening at http://127.0.0.1:${address.port}`)
  })
  for (let i = 0; i < workers; i++) cluster.fork()
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    cluster.on('exit', () => {
      if (Object.values(cluster.workers ?? {}).every((w) => w === undefined || w.isDead())) process.exit(0)
    })
  })
} else {
  const app = new Hono()
  app.get('/', (c) => c.text('Hello'))
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
    if (cluster.isPrimary) console.log(`listening at http://127.0.0.1:${info.port}`)
  })
  process.once('SIGTERM', () => server.close(() => process.exit(0)))
}
