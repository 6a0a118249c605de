/**
 * Server bench (SPEC §7 calls on the hot path): autocannon against
 * `GET /api/common-services/notifications?page=1&limit=20` and `GET /api/users/verify-token`
 * signed in as admin@acme.test (120 seeded notifications), each compared with its FLOORS measured
 * in the same run: bench/floor/server.ts running the same SQL as named prepared statements on the
 * same database and writing the rows as JSON, once on Hono with @hono/node-server (the framework
 * floor: Engage's stack with nothing of ours; the goal is against it) and once on bare node:http
 * (the limit, printed beside). Like for like:
 *
 *   PGlite, 1 process          Engage on a fresh data directory (it migrates and seeds it), then each
 *                              floor in turn on that same directory once Engage has let go of it
 *   PostgreSQL, 1 process      a throw-away local cluster (skipped when PostgreSQL is not installed)
 *   PostgreSQL, N processes    Engage with WEB_CONCURRENCY=N (server/cluster.ts), the floor with
 *                              FLOOR_WORKERS=N (node:cluster), N = the number of cores (at least 2)
 *
 * The same autocannon settings for both (connections, duration, a 2 s warm-up per target, the same
 * request headers). On PostgreSQL the three servers run side by side and are measured in turn,
 * target by target; on PGlite one after the other (one process per data directory). Each server runs in its own process(es); the load generator runs here. Before
 * measuring, the servers' answers are compared (same notification ids in the same order and
 * the same unread count; same user and org), so the floors cannot drift from Engage's query unseen.
 *
 * Figures: requests/s (mean), latency p50 / p99 (ms), and Engage's rate as a share of the framework
 * floor's (goal in bench/index.ts, and p99 at most 15 ms), and of bare node:http's (printed). A bare Hono hello-world (one process,
 * bench/hello-server.ts) is measured too and printed as context only.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { startProcess, type Started } from './lib/processes.ts'
import { findPostgresBin, startLocalPostgres } from '../server/test/local-postgres.ts'

export interface LoadResult {
  readonly target: string
  readonly requestsPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly non2xx: number
  readonly errors: number
}

export type ServerTarget = 'notifications list' | 'verify-token'

/** One hot call of Engage against its floors, same database, same number of processes. */
export interface FloorComparison {
  readonly target: ServerTarget
  readonly engage: LoadResult
  /** The framework floor: Hono on @hono/node-server, the same statement, nothing of ours. */
  readonly floor: LoadResult
  /** Bare node:http, the same statement: the limit below any framework. */
  readonly bare: LoadResult
  /** Engage's requests/s divided by the framework floor's (the goal). */
  readonly ratio: number
  /** Engage's requests/s divided by bare node:http's (printed). */
  readonly bareRatio: number
}

export interface ServerConfiguration {
  /** e.g. 'PGlite, 1 process', 'PostgreSQL, 2 processes'. */
  readonly label: string
  readonly database: 'PGlite' | 'PostgreSQL'
  readonly processes: number
  readonly comparisons: ReadonlyArray<FloorComparison>
  /** Whether Engage and both floors answered the same rows (see the module doc); `note` says what differed. */
  readonly sameAnswers: { readonly ok: boolean; readonly note: string }
}

export interface ServerBenchResult {
  readonly durationS: number
  readonly connections: number
  /** Server processes of the clustered runs (WEB_CONCURRENCY, FLOOR_WORKERS): the number of cores, at least 2. */
  readonly workers: number
  /** 1-minute load average at the start and at the end of the section. */
  readonly loadAverage1m: number
  readonly loadAverage1mEnd: number
  /** Context only: a bare Hono hello-world, one process (bench/hello-server.ts). */
  readonly hello: LoadResult
  readonly configurations: ReadonlyArray<ServerConfiguration>
  /** Why the PostgreSQL configurations are missing, when they are. */
  readonly postgresSkipped?: string
}

const root = path.resolve(import.meta.dirname, '..')

/** Runs autocannon for `durationS` seconds (s) with `connections` keep-alive connections. */
export async function load(target: string, url: string, headers: Record<string, string>, durationS: number, connections: number): Promise<LoadResult> {
  const result = await autocannon({ url, headers, duration: durationS, connections, pipelining: 1 })
  return {
    target,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

async function startEngage(env: Record<string, string>): Promise<Started> {
  return startProcess(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // BOT_CHECK=off is refused in production, so NODE_ENV stays unset: the measured code is the same.
    env: { PORT: '0', HOST: '127.0.0.1', ACCESS_TOKEN_TTL_S: '3600', NODE_ENV: '', BOT_CHECK: 'off', ...env },
    ready: /Engage is running at (http:\/\/127\.0\.0\.1:\d+)/,
    timeoutMs: 180_000,
  })
}

/** Signs in as the seeded admin: the bearer and org headers every measured call sends. */
export async function signInHeaders(baseUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@acme.test', password: 'demo-password' }),
  })
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
  const body = (await response.json()) as { access_token: string; org_id: string }
  return { authorization: `Bearer ${body.access_token}`, 'x-org-id': body.org_id }
}

/** What both servers must agree on: the page's notification ids in order, the unread count, the member. */
interface Answers {
  readonly ids: ReadonlyArray<string>
  readonly unread: number
  readonly userId: string
  readonly orgId: string
}

const getJson = async (url: string, headers: Record<string, string>): Promise<unknown> => {
  const response = await fetch(url, { headers })
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`)
  return response.json()
}

const ENGAGE_PATHS: Readonly<Record<ServerTarget, string>> = {
  'notifications list': '/api/common-services/notifications?page=1&limit=20',
  'verify-token': '/api/users/verify-token',
}
const FLOOR_PATHS: Readonly<Record<ServerTarget, string>> = { 'notifications list': '/notifications', 'verify-token': '/verify-token' }
const TARGETS = Object.keys(ENGAGE_PATHS) as ServerTarget[]

/** Warm-up (2 s, so JIT and the database's caches are in the same state), then the measured run. */
async function measureTarget(label: string, url: string, headers: Record<string, string>, durationS: number, connections: number): Promise<LoadResult> {
  await load(label, url, headers, 2, connections)
  return load(label, url, headers, durationS, connections)
}

function startFloor(env: Record<string, string>): Promise<Started> {
  return startProcess(process.execPath, ['--import', 'tsx', 'bench/floor/server.ts'], { cwd: root, env, ready: /listening at (\S+)/, timeoutMs: 60_000 })
}

/** The session (`sid` claim) of the bearer in `headers`: the floors' verify-token reads the same session row. */
function sessionOf(headers: Record<string, string>): string {
  const payload = headers.authorization?.split('.')[1] ?? ''
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sid?: string }).sid ?? ''
}

async function engageAnswersOf(baseUrl: string, headers: Record<string, string>): Promise<Answers> {
  const list = (await getJson(`${baseUrl}${ENGAGE_PATHS['notifications list']}`, headers)) as { notifications: Array<{ _id: string }>; unread_count: number }
  const me = (await getJson(`${baseUrl}${ENGAGE_PATHS['verify-token']}`, headers)) as { user: { _id: string }; currentOrgData: { org_id: string } }
  return { ids: list.notifications.map((n) => n._id), unread: list.unread_count, userId: me.user._id, orgId: me.currentOrgData.org_id }
}

async function floorAnswersOf(baseUrl: string): Promise<Answers> {
  const [list] = (await getJson(`${baseUrl}${FLOOR_PATHS['notifications list']}`, {})) as Array<{ unread: string; rows: string }>
  const [row] = (await getJson(`${baseUrl}${FLOOR_PATHS['verify-token']}`, {})) as Array<{ answer: string }>
  // The statement's one column is verify-token's answer as JSON text (server/users/queries.ts).
  const me = row === undefined ? undefined : (JSON.parse(row.answer) as { user: { _id: string }; currentOrgData: { org_id: string } })
  return {
    // The statement's `rows` column is the page as contract Notifications (the probe row for hasMore left out).
    ids: (JSON.parse(list?.rows ?? '[]') as Array<{ _id: string }>).map((r) => r._id),
    unread: Number(list?.unread),
    userId: me?.user._id ?? '',
    orgId: me?.currentOrgData.org_id ?? '',
  }
}

/**
 * One configuration. Engage starts first (it prepares the database). With `together` (PostgreSQL)
 * the floors run beside it and the three are measured in turn, target by target (Engage list,
 * framework floor list, bare floor list, then verify-token), so each trio sees the same minute of
 * the shared machine; without (PGlite: one process per data directory) Engage is measured and
 * stopped, then each floor in turn opens the same directory. `engageEnv` / `floorEnv` select the
 * database and the number of processes.
 */
async function measureConfiguration(
  label: string,
  database: ServerConfiguration['database'],
  processes: number,
  engageEnv: Record<string, string>,
  floorEnv: Record<string, string>,
  together: boolean,
  durationS: number,
  connections: number,
): Promise<ServerConfiguration> {
  const running = new Set<Started>()
  const stop = async (server: Started) => {
    running.delete(server)
    await server.stop()
  }
  const kinds = ['hono', 'node'] as const
  const results = { engage: new Map<ServerTarget, LoadResult>(), hono: new Map<ServerTarget, LoadResult>(), node: new Map<ServerTarget, LoadResult>() }
  let engageAnswers: Answers
  const floorAnswers: Array<[string, Answers]> = []
  try {
    const engage = await startEngage(engageEnv)
    running.add(engage)
    const headers = await signInHeaders(engage.url)
    engageAnswers = await engageAnswersOf(engage.url, headers)
    const measure = async (who: 'engage' | (typeof kinds)[number], url: string, target: ServerTarget) =>
      results[who].set(target, await measureTarget(`${who === 'engage' ? 'Engage' : who === 'hono' ? 'floor (Hono)' : 'floor (node:http)'}, ${label}: ${target}`, url, headers, durationS, connections))
    const startFloorOf = async (kind: (typeof kinds)[number]) => {
      const floor = await startFloor({ ...floorEnv, FLOOR_HTTP: kind, FLOOR_USER_ID: engageAnswers.userId, FLOOR_ORG_ID: engageAnswers.orgId, FLOOR_SESSION_ID: sessionOf(headers) })
      running.add(floor)
      floorAnswers.push([kind, await floorAnswersOf(floor.url)])
      return floor
    }
    if (together) {
      const floors = { hono: await startFloorOf('hono'), node: await startFloorOf('node') }
      // The same request headers as Engage's (the floors ignore them), so all parse the same requests.
      for (const target of TARGETS) {
        await measure('engage', `${engage.url}${ENGAGE_PATHS[target]}`, target)
        for (const kind of kinds) await measure(kind, `${floors[kind].url}${FLOOR_PATHS[target]}`, target)
      }
    } else {
      for (const target of TARGETS) await measure('engage', `${engage.url}${ENGAGE_PATHS[target]}`, target)
      await stop(engage)
      for (const kind of kinds) {
        const floor = await startFloorOf(kind)
        for (const target of TARGETS) await measure(kind, `${floor.url}${FLOOR_PATHS[target]}`, target)
        await stop(floor)
      }
    }
  } finally {
    for (const server of [...running]) await stop(server)
  }
  const differences = floorAnswers.flatMap(([kind, floor]) =>
    [
      engageAnswers.ids.join() !== floor.ids.join() && `${kind}: notification ids differ (${engageAnswers.ids.length} vs ${floor.ids.length} rows)`,
      engageAnswers.unread !== floor.unread && `${kind}: unread ${engageAnswers.unread} vs ${floor.unread}`,
      (engageAnswers.userId !== floor.userId || engageAnswers.orgId !== floor.orgId) && `${kind}: member differs`,
    ].filter((x): x is string => typeof x === 'string'),
  )
  const rate = (engage: LoadResult, floor: LoadResult) => (floor.requestsPerSecond > 0 ? engage.requestsPerSecond / floor.requestsPerSecond : 0)
  return {
    label,
    database,
    processes,
    sameAnswers: {
      ok: differences.length === 0,
      note: differences.length === 0 ? `same ${engageAnswers.ids.length} notifications, unread ${engageAnswers.unread}, same member` : differences.join('; '),
    },
    comparisons: TARGETS.map((target) => {
      const engage = results.engage.get(target) as LoadResult
      const floor = results.hono.get(target) as LoadResult
      const bare = results.node.get(target) as LoadResult
      return { target, engage, floor, bare, ratio: rate(engage, floor), bareRatio: rate(engage, bare) }
    }),
  }
}

async function measureHello(durationS: number, connections: number): Promise<LoadResult> {
  const hello = await startProcess(process.execPath, ['--import', 'tsx', 'bench/hello-server.ts'], { cwd: root, env: { HELLO_WORKERS: '1' }, ready: /listening at (\S+)/ })
  try {
    await load('hello', hello.url, {}, 2, connections)
    return await load('hello-world (Hono, 1 process), context only', hello.url, {}, durationS, connections)
  } finally {
    await hello.stop()
  }
}

/** The whole server section. `durationS` per measured target and server (s). */
export async function benchServer(durationS = 10, connections = 10): Promise<ServerBenchResult> {
  const workers = Math.max(2, os.cpus().length)
  const loadAverage1m = os.loadavg()[0] ?? 0
  const hello = await measureHello(durationS, connections)
  const configurations: ServerConfiguration[] = []

  const dataDir = mkdtempSync(path.join(tmpdir(), 'engage-bench-'))
  try {
    configurations.push(await measureConfiguration('PGlite, 1 process', 'PGlite', 1, { DATA_DIR: dataDir }, { DATA_DIR: dataDir }, false, durationS, connections))
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }

  let postgresSkipped: string | undefined
  const bin = findPostgresBin()
  if (bin === undefined) {
    postgresSkipped = 'PostgreSQL is not installed here (no pg_ctl/initdb): only PGlite was measured.'
  } else {
    const cluster = await startLocalPostgres(bin)
    const pgDataDir = mkdtempSync(path.join(tmpdir(), 'engage-bench-'))
    try {
      const db = { DATABASE_URL: cluster.url }
      configurations.push(await measureConfiguration('PostgreSQL, 1 process', 'PostgreSQL', 1, { ...db, DATA_DIR: pgDataDir }, db, true, durationS, connections))
      // The same database (seeded by the first run; the primary migrates again, a no-op).
      configurations.push(
        await measureConfiguration(
          `PostgreSQL, ${workers} processes`,
          'PostgreSQL',
          workers,
          { ...db, DATA_DIR: pgDataDir, WEB_CONCURRENCY: String(workers) },
          { ...db, FLOOR_WORKERS: String(workers) },
          true,
          durationS,
          connections,
        ),
      )
    } finally {
      await cluster.stop()
      rmSync(pgDataDir, { recursive: true, force: true })
    }
  }
  return {
    durationS,
    connections,
    workers,
    loadAverage1m,
    loadAverage1mEnd: os.loadavg()[0] ?? 0,
    hello,
    configurations,
    ...(postgresSkipped === undefined ? {} : { postgresSkipped }),
  }
}

/** One printed line per measured target. */
export const formatLoad = (r: LoadResult) =>
  `${r.target.padEnd(50)} ${String(r.requestsPerSecond).padStart(7)} req/s   p50 ${String(r.p50Ms).padStart(3)} ms   p99 ${String(r.p99Ms).padStart(3)} ms` +
  (r.non2xx + r.errors > 0 ? `   (${r.non2xx} non-2xx, ${r.errors} errors)` : '')

const verdict = (ok: boolean) => (ok ? 'meets goal' : 'BELOW GOAL')

/**
 * The section's printed lines: per configuration, Engage and its floors side by side, then per
 * target the ratio against `goals.floorRatio` (Engage ÷ the framework floor, at least), the ratio to
 * bare node:http, and Engage's p99 against `goals.p99Ms` (ms, at most). An answer mismatch between
 * the servers is printed as a FAIL: that floor then no longer runs Engage's query.
 */
export function reportServer(r: ServerBenchResult, goals: { floorRatio: number; p99Ms: number }): string[] {
  const lines = [
    `load average ${r.loadAverage1m.toFixed(2)} at start, ${r.loadAverage1mEnd.toFixed(2)} at end; ${r.connections} connections, ${r.durationS} s per target; ${r.workers} processes in the clustered runs`,
    formatLoad(r.hello),
  ]
  for (const c of r.configurations) {
    lines.push(`${c.label}: Engage and its floors answer the same rows: ${c.sameAnswers.ok ? 'yes' : 'FAIL'} (${c.sameAnswers.note})`)
    for (const x of c.comparisons) lines.push(`  ${formatLoad(x.engage)}`, `  ${formatLoad(x.floor)}`, `  ${formatLoad(x.bare)}`)
    for (const x of c.comparisons)
      lines.push(
        `  → ${c.label}, ${x.target}: ${x.ratio.toFixed(2)}× the framework floor (goal ≥ ${goals.floorRatio}×: ${verdict(x.ratio >= goals.floorRatio)}; ` +
          `${x.bareRatio.toFixed(2)}× bare node:http); p99 ${x.engage.p99Ms} ms (goal ≤ ${goals.p99Ms} ms: ${verdict(x.engage.p99Ms <= goals.p99Ms)})`,
      )
  }
  if (r.postgresSkipped !== undefined) lines.push(`PostgreSQL: ${r.postgresSkipped}`)
  return lines
}
