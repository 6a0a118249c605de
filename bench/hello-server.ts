/**
 * The bench's ceiling: a bare Hono app on @hono/node-server answering `GET /` with a short text,
 * the same HTTP stack as the Engage server with nothing behind it. Prints `listening at <url>`.
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const app = new Hono()
app.get('/', (c) => c.text('Hello'))
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(`listening at http://127.0.0.1:${info.port}`)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))
