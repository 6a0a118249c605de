/**
 * Server bench (issue #8, SPEC §7 calls on the hot path): autocannon against
 * `GET /api/common-services/notifications?page=1&limit=20` and `GET /api/users/verify-token`
 * signed in as admin@acme.test (120 seeded notifications), on embedded PGlite and, when
 * PostgreSQL is installed, on a throw-away local cluster, first as one server process and then
 * with WEB_CONCURRENCY = the number of cores (server/cluster.ts); a bare Hono hello-world measured
 * in the same run is the ceiling, as one process and clustered likewise (bench/hello-server.ts
 * HELLO_WORKERS), so each Engage figure is compared like for like. Each server runs in its own
 * process(es); the load generator runs here.
 *
 * Figures: requests/s (mean), latency p50 / p99 (ms), the ratio to the ceiling with the same
 * number of processes and, for the clustered runs, also to the one-process ceiling.
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
  /** requests/s divided by the hello-world ceiling's with the same number of processes, measured in the same run. */
  readonly ratioToCeiling?: number
  /** Clustered runs only: requests/s divided by the ONE-process ceiling's (not like for like; for comparison). */
  readonly ratioToSingleCeiling?: number
}

export interface ServerBenchResult {
  readonly durationS: number
  readonly connections: number
  /** Server processes of the clustered runs (WEB_CONCURRENCY, HELLO_WORKERS): the number of cores. */
  readonly workers: number
  readonly loadAverage1m: number
  readonly ceiling: LoadResult
  readonly ceilingClustered: LoadResult
  readonly pglite: ReadonlyArray<LoadResult>
  readonly postgres: ReadonlyArray<LoadResult> | { readonly skipped: string }
  readonly postgresClustered: ReadonlyArray<LoadResult> | { readonly skipped: string }
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

async function measureEngage(label: string, env: Record<string, string>, durationS: number, connections: number, ceiling: number, singleCeiling?: number): Promise<LoadResult[]> {
  const server = await startEngage(env)
  try {
    const headers = await signInHeaders(server.url)
    const targets = [
      ['notifications list', `${server.url}/api/common-services/notifications?page=1&limit=20`],
      ['verify-token', `${server.url}/api/users/verify-token`],
    ] as const
    const results: LoadResult[] = []
    for (const [name, url] of targets) {
      // A short warm-up so JIT and the database's caches are in the same state for every target.
      await load(name, url, headers, 2, connections)
      const r = await load(`${label}: ${name}`, url, headers, durationS, connections)
      results.push({ ...r, ratioToCeiling: r.requestsPerSecond / ceiling, ...(singleCeiling === undefined ? {} : { ratioToSingleCeiling: r.requestsPerSecond / singleCeiling }) })
    }
    return results
  } finally {
    await server.stop()
  }
}

async function measureCeiling(label: string, workers: number, durationS: number, connections: number): Promise<LoadResult> {
  const hello = await startProcess(process.execPath, ['--import', 'tsx', 'bench/hello-server.ts'], {
    cwd: root,
    env: { HELLO_WORKERS: String(workers) },
    ready: /listening at (\S+)/,
  })
  try {
    await load('hello', hello.url, {}, 2, connections)
    return await load(label, hello.url, {}, durationS, connections)
  } finally {
    await hello.stop()
  }
}

/** The whole server section. `durationS` per measured target (s). */
export async function benchServer(durationS = 10, connections = 10): Promise<ServerBenchResult> {
  const workers = Math.max(2, os.cpus().length)
  const loadAverage1m = os.loadavg()[0] ?? 0
  const ceiling = await measureCeiling('hello-world ceiling', 1, durationS, connections)
  const ceilingClustered = await measureCeiling(`hello-world ceiling, ${workers} processes`, workers, durationS, connections)

  const dataDir = mkdtempSync(path.join(tmpdir(), 'engage-bench-'))
  let pglite: LoadResult[]
  try {
    pglite = await measureEngage('PGlite', { DATA_DIR: dataDir }, durationS, connections, ceiling.requestsPerSecond)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }

  let postgres: ServerBenchResult['postgres']
  let postgresClustered: ServerBenchResult['postgresClustered']
  const bin = findPostgresBin()
  if (bin === undefined) {
    postgres = { skipped: 'PostgreSQL is not installed here (no pg_ctl/initdb): only PGlite was measured.' }
    postgresClustered = postgres
  } else {
    const cluster = await startLocalPostgres(bin)
    const pgDataDir = mkdtempSync(path.join(tmpdir(), 'engage-bench-'))
    try {
      postgres = await measureEngage('PostgreSQL', { DATABASE_URL: cluster.url, DATA_DIR: pgDataDir }, durationS, connections, ceiling.requestsPerSecond)
      // The same database (seeded by the first run; the primary migrates again, a no-op).
      postgresClustered = await measureEngage(
        `PostgreSQL, ${workers} processes`,
        { DATABASE_URL: cluster.url, DATA_DIR: pgDataDir, WEB_CONCURRENCY: String(workers) },
        durationS,
        connections,
        ceilingClustered.requestsPerSecond,
        ceiling.requestsPerSecond,
      )
    } finally {
      await cluster.stop()
      rmSync(pgDataDir, { recursive: true, force: true })
    }
  }
  return { durationS, connections, workers, loadAverage1m, ceiling, ceilingClustered, pglite, postgres, postgresClustered }
}

const pct = (ratio: number | undefined) => `${((ratio ?? 0) * 100).toFixed(1)}%`

/** One printed line per measured target. */
export const formatLoad = (r: LoadResult) =>
  `${r.target.padEnd(44)} ${String(r.requestsPerSecond).padStart(7)} req/s   p50 ${String(r.p50Ms).padStart(3)} ms   p99 ${String(r.p99Ms).padStart(3)} ms` +
  (r.ratioToCeiling === undefined ? '' : `   ${pct(r.ratioToCeiling)} of ceiling`) +
  (r.ratioToSingleCeiling === undefined ? '' : ` (${pct(r.ratioToSingleCeiling)} of the one-process ceiling)`) +
  (r.non2xx + r.errors > 0 ? `   (${r.non2xx} non-2xx, ${r.errors} errors)` : '')

const verdict = (ok: boolean) => (ok ? 'meets budget' : 'OVER BUDGET')

/**
 * The section's printed lines and verdicts. The PostgreSQL budgets are judged for each
 * configuration, like for like: one Engage process against the one-process ceiling, N processes
 * against the N-process ceiling; the ratio to the one-process ceiling of a clustered run is
 * printed for comparison only.
 */
export function reportServer(r: ServerBenchResult, budgets: { notificationsListPgliteRps: number; notificationsListPostgresRatio: number; postgresP99Ms: number }): string[] {
  const lines = [`(load average ${r.loadAverage1m.toFixed(2)} at start; ${r.workers} processes in the clustered runs)`, formatLoad(r.ceiling), formatLoad(r.ceilingClustered), ...r.pglite.map(formatLoad)]
  const list = r.pglite.find((x) => x.target.endsWith('notifications list'))
  if (list) lines.push(`  → PGlite notifications list ${list.requestsPerSecond} req/s vs ${budgets.notificationsListPgliteRps}: ${verdict(list.requestsPerSecond >= budgets.notificationsListPgliteRps)}`)
  for (const [runs, processes] of [[r.postgres, 1], [r.postgresClustered, r.workers]] as const) {
    if ('skipped' in runs) {
      lines.push(`PostgreSQL, ${processes} process${processes === 1 ? '' : 'es'}: ${runs.skipped}`)
      continue
    }
    lines.push(...runs.map(formatLoad))
    const pgList = runs.find((x) => x.target.endsWith('notifications list'))
    if (pgList === undefined) continue
    const label = `PostgreSQL notifications list, ${processes} process${processes === 1 ? '' : 'es'}`
    lines.push(
      `  → ${label}: ${pct(pgList.ratioToCeiling)} of the ${processes}-process ceiling vs ${budgets.notificationsListPostgresRatio * 100}%: ${verdict((pgList.ratioToCeiling ?? 0) >= budgets.notificationsListPostgresRatio)}; ` +
        `p99 ${pgList.p99Ms} ms vs ${budgets.postgresP99Ms} ms: ${verdict(pgList.p99Ms <= budgets.postgresP99Ms)}`,
    )
  }
  return lines
}
