/**
 * The server floors (docs/performance.md): a server with nothing of ours (no auth, no middleware,
 * no contract, no serialisation step) that runs the SQL of Engage's two hot calls as named
 * prepared statements and writes the rows as JSON, in one of two HTTP stacks:
 *
 *   FLOOR_HTTP=hono   the framework floor: Hono on @hono/node-server, the stack Engage runs on,
 *                     one route per call answering `c.json(rows)`; Engage's goal is measured
 *                     against it
 *   FLOOR_HTTP=node   (default) bare `node:http`, the limit below any framework, printed beside
 *
 * bench/server.ts measures them in the same run, with the same load generator and the same number
 * of processes as Engage, and divides Engage's rate by theirs.
 *
 *   GET /notifications  the list statement of `GET /api/common-services/notifications?page=1&limit=20`
 *                       (server/notifications/reads.ts, inbox view, no category): $1 user, $2 org,
 *                       $3 21 rows (limit + 1), $4 offset 0, $5 now
 *   GET /verify-token   the member-context statement of `GET /api/users/verify-token`
 *                       (server/users/queries.ts): $1 user, $2 org, $3 session
 *   anything else       404
 *
 * Answer: `JSON.stringify(rows)`, the rows in PostgreSQL's text form as the driver returns them.
 * Both statements write their answer's JSON text in a column (the list's `rows`,
 * verify-token's `answer`), as Engage sends it; the floor still stringifies the whole row set.
 *
 * Environment: FLOOR_USER_ID and FLOOR_ORG_ID (whose list, in which org), FLOOR_SESSION_ID (the
 * session of Engage's measured token, so verify-token reads the same row); DATABASE_URL (PostgreSQL
 * through `pg`, a pool of 10 like server/db/client.ts) or DATA_DIR (PGlite in DATA_DIR/pglite, the
 * directory an Engage server prepared and has let go of: one process per data directory);
 * FLOOR_WORKERS=n (default 1, PostgreSQL only) runs n processes on one port through node:cluster,
 * as Engage's WEB_CONCURRENCY and bench/hello-server.ts's HELLO_WORKERS do. Prints
 * `listening at <url>` once every process listens; SIGTERM stops it.
 *
 * The statements (bench/floor/statements.ts) are Engage's own, renamed; bench/server.ts
 * checks in every run that both servers answer the same notifications and member.
 */
import cluster from 'node:cluster'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { serve as serveHono } from '@hono/node-server'
import { Hono } from 'hono'
import pg from 'pg'
import type { Database } from '../../server/db/client.ts'
import { runPrepared } from '../../server/db/prepared.ts'
import { LIST_STATEMENT, MEMBER_CONTEXT_STATEMENT } from './statements.ts'
import { runClustered } from '../lib/cluster.ts'

const workers = Number(process.env.FLOOR_WORKERS ?? '1')
const http = process.env.FLOOR_HTTP ?? 'node'
if (http !== 'node' && http !== 'hono') throw new Error(`FLOOR_HTTP must be node or hono, not ${http}`)

async function serve(): Promise<void> {
  const userId = process.env.FLOOR_USER_ID
  const orgId = process.env.FLOOR_ORG_ID
  // The session the measured access token belongs to: verify-token reads how it began.
  const sessionId = process.env.FLOOR_SESSION_ID || null
  const databaseUrl = process.env.DATABASE_URL
  const dataDir = process.env.DATA_DIR
  if (!userId || !orgId || (!databaseUrl && !dataDir)) throw new Error('FLOOR_USER_ID, FLOOR_ORG_ID and DATABASE_URL or DATA_DIR are required')
  // runPrepared takes the driver's client the way Drizzle exposes it (`$client`): a pg pool
  // ({ name, text, values } prepares once per pooled connection) or PGlite (Parse once, then
  // Bind/Execute), the same execution path Engage's hot calls use.
  const client = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : await PGlite.create(path.join(dataDir as string, 'pglite'))
  const db = { $client: client } as unknown as Database
  // As Engage's start does on PGlite (server/admin/seed.ts prepareDatabase): it has no autovacuum, and
  // without statistics the planner reads the list about 3.5 times slower (1.5 against 0.42 ms).
  if (!(client instanceof pg.Pool)) await client.query('vacuum (analyze)')

  const list = () => runPrepared(db, LIST_STATEMENT, [userId, orgId, 21, 0, new Date().toISOString()])
  const member = () => runPrepared(db, MEMBER_CONTEXT_STATEMENT, [userId, orgId, sessionId])
  let server: Server
  if (http === 'hono') {
    const app = new Hono()
    app.get('/notifications', async (c) => c.json(await list()))
    app.get('/verify-token', async (c) => c.json(await member()))
    app.onError((error, c) => {
      console.error(error)
      return c.body(null, 500)
    })
    server = serveHono({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server
  } else {
    server = createServer((request, response) => {
      const run = request.url === '/notifications' ? list() : request.url === '/verify-token' ? member() : undefined
      if (run === undefined) {
        response.writeHead(404).end()
        return
      }
      run.then(
        (rows) => {
          const body = JSON.stringify(rows)
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
          response.end(body)
        },
        (error: unknown) => {
          console.error(error)
          response.writeHead(500).end()
        },
      )
    })
  }
  const announce = () => {
    if (cluster.isPrimary) console.log(`listening at http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  }
  // @hono/node-server has already called listen; node:http listens here.
  if (http === 'hono') server.once('listening', announce)
  else server.listen(0, '127.0.0.1', announce)
  const close = client instanceof pg.Pool ? () => client.end() : () => client.close()
  process.once('SIGTERM', () => {
    server.closeAllConnections()
    server.close(() => void close().finally(() => process.exit(0)))
  })
}

if (workers > 1 && !process.env.DATABASE_URL) throw new Error('FLOOR_WORKERS > 1 needs DATABASE_URL: PGlite serves one process per data directory')
await runClustered(workers, serve)
