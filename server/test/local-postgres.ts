/**
 * A throw-away local PostgreSQL cluster for the tests, `npm test` and the bench, when the machine has one installed
 * (`pg_ctl` and `initdb` on PATH or under /usr/lib/postgresql/<n>/bin). Trust auth on 127.0.0.1
 * only, a free port, data in a temp directory removed at stop. As root, the cluster runs as the
 * `postgres` user (PostgreSQL refuses to run as root).
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface LocalPostgres {
  /** `postgres://engage@127.0.0.1:<port>/engage_bench` */
  readonly url: string
  /** Stops the server, keeping its data (fault tests: PostgreSQL going away). */
  pause(): void
  /** Starts it again on the same port and data. */
  resume(): void
  /** Stops the server and removes its data. */
  stop(): Promise<void>
}

/** The directory holding pg_ctl and initdb, or undefined when PostgreSQL is not installed. */
export function findPostgresBin(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (existsSync(path.join(dir, 'pg_ctl')) && existsSync(path.join(dir, 'initdb'))) return dir
  }
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return undefined
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a))
  for (const v of versions) {
    const dir = path.join(base, v, 'bin')
    if (existsSync(path.join(dir, 'pg_ctl'))) return dir
  }
  return undefined
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * Creates and starts the cluster, and an `engage_bench` database in it.
 * @throws Error when initdb or pg_ctl fail (their output is in the message).
 */
export async function startLocalPostgres(bin: string): Promise<LocalPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'engage-bench-pg-'))
  const asRoot = process.getuid?.() === 0
  const run = (file: string, args: string[]) => {
    const [command, fullArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, file), ...args]] : [path.join(bin, file), args]
    return execFileSync(command, fullArgs, { stdio: ['ignore', 'pipe', 'pipe'] }).toString()
  }
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()))
  const data = path.join(dir, 'data')
  const port = await freePort()
  run('initdb', ['-D', data, '-U', 'engage', '--auth=trust', '--no-sync', '-E', 'UTF8'])
  const startServer = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-w',
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ])
  startServer()
  const pg = (await import('pg')).default
  const admin = new pg.Client({ connectionString: `postgres://engage@127.0.0.1:${port}/postgres` })
  await admin.connect()
  await admin.query('create database engage_bench')
  await admin.end()
  return {
    url: `postgres://engage@127.0.0.1:${port}/engage_bench`,
    pause: () => void run('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']),
    resume: () => void startServer(),
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop'])
      } catch {
        // already stopped (a paused cluster)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/**
 * Why the PostgreSQL tests cannot run against `adminUrl` (TEST_DATABASE_URL or DATABASE_URL),
 * or undefined when a connection and `select 1` succeed within 2 s. For `describe.skipIf`.
 */
export async function postgresUnavailableBecause(adminUrl: string | undefined): Promise<string | undefined> {
  if (!adminUrl) return 'neither TEST_DATABASE_URL nor DATABASE_URL is set'
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.query('select 1')
    return undefined
  } catch (error) {
    return `PostgreSQL at ${process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : 'DATABASE_URL'} is not reachable (${(error as Error).message})`
  } finally {
    await client.end().catch(() => {})
  }
}

/** A database made for one test file on the PostgreSQL server at an admin URL (see {@link throwAwayDatabase}). */
export interface ThrowAwayDatabase {
  /** Its name, `<prefix>_<12 hex digits>`. */
  readonly name: string
  /** Its connection URL: the admin URL with the database name as path. */
  readonly url: string
  /** Creates it (empty). */
  create(): Promise<void>
  /** Drops it, forcing out any connection left open. Safe when it does not exist. */
  drop(): Promise<void>
}

/**
 * A uniquely named database on the server of `adminUrl` (TEST_DATABASE_URL), for a test that
 * needs an empty PostgreSQL database of its own; nothing happens until `create()`.
 */
export function throwAwayDatabase(adminUrl: string | undefined, prefix: string): ThrowAwayDatabase {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const url = new URL(adminUrl ?? 'postgres://localhost/none')
  url.pathname = `/${name}`
  const admin = async (text: string) => {
    const pg = (await import('pg')).default
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(text)
    } finally {
      await client.end()
    }
  }
  return {
    name,
    url: url.toString(),
    create: () => admin(`create database ${name}`),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  }
}
