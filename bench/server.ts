/**
 * Server bench (issue #8, SPEC §7 calls on the hot path): autocannon against
 * `GET /api/common-services/notifications?page=1&limit=20` and `GET /api/users/verify-token`
 * signed in as admin@acme.test (120 seeded notifications), on embedded PGlite and, when
 * PostgreSQL is installed, on a throw-away local cluster; a bare Hono hello-world measured in the
 * same run is the ceiling. Each server runs in its own process; the load generator runs here.
 *
 * Figures: requests/s (mean), latency p50 / p99 (ms), and the ratio to the ceiling.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
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
  /** requests/s divided by the hello-world ceiling's, measured in the same run. */
  readonly ratioToCeiling?: number
}

export interface ServerBenchResult {
  readonly durationS: number
  readonly connections: number
  readonly ceiling: LoadResult
  readonly pglite: ReadonlyArray<LoadResult>
  readonly postgres: ReadonlyArray<LoadResult> | { readonly skipped: string }
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

async function measureEngage(label: string, env: Record<string, string>, durationS: number, connections: number, ceiling: number): Promise<LoadResult[]> {
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
      results.push({ ...r, ratioToCeiling: r.requestsPerSecond / ceiling })
    }
    return results
  } finally {
    await server.stop()
  }
}

/** The whole server section. `durationS` per measured target (s). */
export async function benchServer(durationS = 10, connections = 10): Promise<ServerBenchResult> {
  const hello = await startProcess(process.execPath, ['--import', 'tsx', 'bench/hello-server.ts'], { cwd: root, ready: /listening at (\S+)/ })
  let ceiling: LoadResult
  try {
    await load('hello', hello.url, {}, 2, connections)
    ceiling = await load('hello-world ceiling', hello.url, {}, durationS, connections)
  } finally {
    await hello.stop()
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'engage-bench-'))
  let pglite: LoadResult[]
  try {
    pglite = await measureEngage('PGlite', { DATA_DIR: dataDir }, durationS, connections, ceiling.requestsPerSecond)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }

  let postgres: ServerBenchResult['postgres']
  const bin = findPostgresBin()
  if (bin === undefined) {
    postgres = { skipped: 'PostgreSQL is not installed here (no pg_ctl/initdb): only PGlite was measured.' }
  } else {
    const cluster = await startLocalPostgres(bin)
    const pgDataDir = mkdtempSync(path.join(tmpdir(), 'engage-bench-'))
    try {
      postgres = await measureEngage('PostgreSQL', { DATABASE_URL: cluster.url, DATA_DIR: pgDataDir }, durationS, connections, ceiling.requestsPerSecond)
    } finally {
      await cluster.stop()
      rmSync(pgDataDir, { recursive: true, force: true })
    }
  }
  return { durationS, connections, ceiling, pglite, postgres }
}
