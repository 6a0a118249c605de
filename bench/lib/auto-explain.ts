/**
 * The plans of the statements the server really runs, with their real parameters, on the bench's
 * throw-away PostgreSQL cluster (server/test/local-postgres.ts): PostgreSQL's `auto_explain`
 * module, loaded into every new session (`session_preload_libraries`), logs each statement's
 * `EXPLAIN (ANALYZE, FORMAT TEXT)` while {@link capturePlans} has it switched on; the plans are
 * read back from the cluster's log file (`log` beside its data directory, where pg_ctl writes it).
 * Prepared statements, ORM-built SQL and cursors are explained exactly as executed, which an
 * EXPLAIN written by hand next to the server's code could not promise.
 */
import { existsSync, openSync, readSync, closeSync, statSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'

/** One logged plan: the statement's text and its EXPLAIN ANALYZE lines. */
export interface LoggedPlan {
  /** Execution time auto_explain logged, ms. */
  readonly durationMs: number
  readonly query: string
  /** The plan as EXPLAIN (ANALYZE, FORMAT TEXT) prints it. */
  readonly plan: string
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

/**
 * Loads auto_explain into every session opened from now on (servers started afterwards), logging
 * nothing yet, and gives the seeding room (`max_wal_size`, so a million-row insert is not slowed by
 * a checkpoint a second). Run as the cluster's superuser.
 * @returns the cluster's log file, or undefined when it is not where pg_ctl writes it (no plans then).
 */
export async function prepareAutoExplain(url: string): Promise<string | undefined> {
  return withClient(url, async (client) => {
    await client.query(`alter system set session_preload_libraries = 'auto_explain'`)
    await client.query(`alter system set max_wal_size = '4GB'`)
    await client.query('select pg_reload_conf()')
    const { rows } = await client.query<{ data_directory: string }>('show data_directory')
    const log = path.join(path.dirname(rows[0]?.data_directory ?? ''), 'log')
    return existsSync(log) ? log : undefined
  })
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The log's bytes from `offset` to its end. */
function readFrom(file: string, offset: number): string {
  const size = statSync(file).size
  if (size <= offset) return ''
  const buffer = Buffer.alloc(size - offset)
  const fd = openSync(file, 'r')
  try {
    readSync(fd, buffer, 0, buffer.length, offset)
  } finally {
    closeSync(fd)
  }
  return buffer.toString('utf8')
}

/** The auto_explain entries of a stretch of the log (stderr format: continuation lines start with a tab). */
export function parsePlans(log: string): LoggedPlan[] {
  const entries = log.split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)/)
  const plans: LoggedPlan[] = []
  for (const entry of entries) {
    const head = /LOG:\s+duration: ([\d.]+) ms\s+plan:\n/.exec(entry)
    if (head === null) continue
    const body = entry
      .slice(head.index + head[0].length)
      .split('\n')
      .map((line) => line.replace(/^\t/, ''))
    const planStart = body.findIndex((line) => /\(cost=|\(actual time=|^\s*Result\b/.test(line))
    const queryLines = body.slice(0, planStart < 0 ? body.length : planStart)
    plans.push({
      durationMs: Number(head[1]),
      query: queryLines
        .join('\n')
        .replace(/^Query Text:\s*/, '')
        .trim(),
      plan: planStart < 0 ? '' : body.slice(planStart).join('\n').trimEnd(),
    })
  }
  return plans
}

/**
 * Switches auto_explain on for every session (ANALYZE, text format, every statement), runs `use`
 * with a `capture(action)` that returns the plans logged while `action` ran, then switches it off.
 * `capture` runs one action at a time; the server's sessions read the new settings on the
 * configuration reload, so each switch waits a moment.
 */
export async function capturePlans<T>(
  url: string,
  logFile: string,
  use: (capture: (action: () => Promise<unknown>) => Promise<LoggedPlan[]>) => Promise<T>,
): Promise<T> {
  const set = async (minDurationMs: number) =>
    withClient(url, async (client) => {
      await client.query(`alter system set auto_explain.log_min_duration = ${minDurationMs}`)
      await client.query(`alter system set auto_explain.log_analyze = ${minDurationMs >= 0 ? 'on' : 'off'}`)
      await client.query(`alter system set auto_explain.log_format = 'text'`)
      await client.query('select pg_reload_conf()')
    })
  await set(0)
  await settle(500)
  try {
    return await use(async (action) => {
      const offset = statSync(logFile).size
      await action()
      await settle(150)
      return parsePlans(readFrom(logFile, offset))
    })
  } finally {
    await set(-1)
    await settle(300)
  }
}
