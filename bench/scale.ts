/**
 * Scale section (`npm run bench -- --only scale`): does the cost of a page stay flat as one
 * workspace grows? The largest tenant is modelled as one workspace (Acme Support) holding every
 * row and one person (admin@acme.test), at three sizes (bench/lib/scale-sizes.ts): members
 * 10 / 1,000 / 10,000, notifications and audit entries 1k / 100k / 1M, workspaces 5 / 100 /
 * 1,000, custom permission sets 10 / 200 / 200.
 *
 * - Seeding: each size in its own database of one throw-away PostgreSQL cluster, plus the middle
 *   size on PGlite, by bench/lib/seed-scale.ts (generate_series inserts straight into the tables,
 *   then `vacuum (analyze)`), all before any server starts and beside the production build.
 * - API: per size, the real server (server/main.ts, bench/lib/app.ts) on that database, signed in
 *   with a real access token; per request of {@link SCALE_PATHS} (the calls of the Team Members,
 *   notifications, audit log and roles pages and of the workspace switcher), {@link API_REPETITIONS}
 *   sequential GETs over HTTP, each timed to its last byte: median, p95, response size. 'Load
 *   more' deep goes {@link LOAD_MORE_DEPTH} rows down (half the inbox at the small size): by the
 *   list's `next_cursor` when it answers one, else by page number (offset).
 * - CSV: the audit log's CSV export, time to the last byte, alternating with PostgreSQL's own
 *   `COPY (SELECT …) TO STDOUT` of the same rows (as many as the export held, newest first in the
 *   order of the workspace's (created_at, id) index) through psql, its `\timing` read (the
 *   statement's round trip, not psql's start-up).
 * - Plans: at the large size, every statement each request runs is logged with its
 *   EXPLAIN (ANALYZE, FORMAT TEXT) by auto_explain (bench/lib/auto-explain.ts), one request at a
 *   time; the statements on the figure's tables are kept and printed.
 * - The Team Members page in Chromium at the small and large sizes (bench/lib/team-page.ts):
 *   first rows on screen, JS heap, the longest task while scrolling; {@link PAGE_LOADS} loads each
 *   (fewer when a load takes long), every step capped.
 * - Server memory after a full gc (RSS, V8 heap) and its peak RSS, per size and database: PGlite's
 *   database lives in the server process, PostgreSQL's in its own.
 *
 * Goals (BUDGETS in bench/index.ts): every API answer at the large size at most 2× its median at
 * the small size and at most 20 ms; the page at 10,000 members: first rows at most 1.5× and heap
 * at most 2× those at 10, no task over 200 ms while scrolling; the CSV of the large size at most
 * 2× its COPY.
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Browser } from 'playwright-core'
import pg from 'pg'
import { findPostgresBin, startLocalPostgres } from '../server/test/local-postgres.ts'
import { ROOT, type Build, apiSignIn, buildApp, launchChromium, loadAverage1m, median, round, signedInState, startEngage, tempDir } from './lib/app.ts'
import { type LoggedPlan, capturePlans, prepareAutoExplain } from './lib/auto-explain.ts'
import { SCALE_SIZES, SCALE_SIZE_NAMES, SCALE_MEMBER_NAME, type ScaleSizeName, type SeededScale } from './lib/scale-sizes.ts'
import { type TeamPageLimits, type TeamPageLoad, WHEEL_STEP_PX, loadTeamPage } from './lib/team-page.ts'
import { type Repetitions, type Timed, getOnce, timeGets } from './lib/timed-requests.ts'

const run = promisify(execFile)

/** Per API figure: warm-up, then up to 20 timed requests (at least 5; no more once 4 s were spent). */
export const API_REPETITIONS: Repetitions = { warmup: 3, count: 20, minCount: 5, budgetMs: 4_000 }
/** CSV exports (each beside a COPY): one warm-up, then 3. */
export const CSV_REPETITIONS = 3
/** How far 'Load more' goes down the inbox, rows (capped at half the inbox). */
export const LOAD_MORE_DEPTH = 50_000
/** Rows per 'Load more' (the list's page size, SPEC §9). */
const PAGE_ROWS = 20
/** What the member search and the audit kind filter ask for (matches some members at every size). */
export const MEMBER_SEARCH = `${SCALE_MEMBER_NAME} 0000`
export const AUDIT_FILTER_KIND = 'member.invited'
/** Loads of the Team Members page per size; no further load once {@link PAGE_BUDGET_MS} were spent on the size. */
export const PAGE_LOADS = 3
const PAGE_BUDGET_MS = 60_000
const PAGE_LIMITS: TeamPageLimits = { firstRowsMs: 45_000, heapMs: 30_000, scrollMs: 20_000 }

/**
 * The measured requests (under the server's origin). The members' paging and search parameters
 * and the notifications' cursor parameter are what the API is expected to offer; an API without
 * them answers the whole list (the figure's `answer` says how many rows came back).
 */
export const SCALE_PATHS = {
  membersFirstPage: '/api/organizations/members?limit=50',
  membersSearch: `/api/organizations/members?limit=50&q=${encodeURIComponent(MEMBER_SEARCH)}`,
  notificationsPage1: `/api/common-services/notifications?page=1&limit=${PAGE_ROWS}`,
  counts: '/api/common-services/notifications/counts',
  loadMoreByOffset: (depth: number) => `/api/common-services/notifications?page=${Math.floor(depth / PAGE_ROWS) + 1}&limit=${PAGE_ROWS}`,
  /** Ways to ask for the page after `cursor`, tried in order until one answers 200. */
  loadMoreByCursor: [
    (cursor: string, limit: number) => `/api/common-services/notifications?limit=${limit}&cursor=${encodeURIComponent(cursor)}`,
    (cursor: string, limit: number) => `/api/common-services/notifications?page=1&limit=${limit}&cursor=${encodeURIComponent(cursor)}`,
  ],
  invitations: '/api/organizations/invitations',
  auditPage1: '/api/organizations/audit-log',
  auditByPerson: (actorId: string) => `/api/organizations/audit-log?actor=${encodeURIComponent(actorId)}`,
  auditByKind: `/api/organizations/audit-log?kind=${AUDIT_FILTER_KIND}`,
  auditCsv: '/api/organizations/audit-log.csv',
  auditActors: '/api/organizations/audit-log/actors',
  workspaces: '/api/users/my-workspaces',
  roles: '/api/permissions/permission-sets',
} as const

/** The API figures, in report order; `tables` picks the figure's own statements out of a request's logged plans. */
const FIGURES = [
  { key: 'membersFirstPage', label: 'members, first page', tables: /\bfull_name\b/ },
  { key: 'membersSearch', label: 'members, search', tables: /\bfull_name\b/ },
  { key: 'notificationsPage1', label: 'notifications, page 1', tables: /\bnotifications\b/ },
  { key: 'counts', label: 'notifications, counts', tables: /\bnotifications\b/ },
  { key: 'loadMoreDeep', label: "notifications, 'Load more' deep", tables: /\bnotifications\b/ },
  { key: 'invitations', label: 'invitations (Team Members page)', tables: /\bpassword_hash\b|\binvitations\b/ },
  { key: 'auditPage1', label: 'audit log, page 1', tables: /\baudit_events\b/ },
  { key: 'auditByPerson', label: 'audit log, by person', tables: /\baudit_events\b/ },
  { key: 'auditByKind', label: 'audit log, by kind', tables: /\baudit_events\b/ },
  { key: 'auditActors', label: 'audit log, person filter options', tables: /\baudit_events\b/ },
  // The list is the statement sorted by workspace name (the access checks join organizations too).
  // Reported without a verdict: the issue's goals are for the figures of its table, and the switcher's
  // list answers every workspace of the person by design (the switcher, virtualised, searches them).
  {
    key: 'workspaces',
    label: 'workspaces (switcher)',
    tables: /lower\("?organizations"?\."?name"?\)/,
    reported: 'every workspace of the person, by design: the switcher searches them in the browser',
  },
  { key: 'roles', label: 'roles page API (permission sets)', tables: /\bpermission_sets\b/ },
] as const
type FigureKey = (typeof FIGURES)[number]['key']

export interface ApiFigure {
  readonly key: FigureKey
  readonly label: string
  readonly path: string
  readonly medianMs: number | null
  readonly p95Ms: number | null
  readonly samples: ReadonlyArray<number>
  readonly bytes: number | null
  /** What came back: rows of the answer's list, and whether it carried a `next_cursor`. */
  readonly answer: string
  /** How the path was reached ('Load more': by cursor or offset, and why). */
  readonly note?: string
  readonly error?: string
}

export interface CsvFigure {
  readonly path: string
  readonly medianMs: number | null
  readonly samples: ReadonlyArray<number>
  readonly bytes: number
  /** Data rows of the export (lines minus the header). */
  readonly rows: number
  /** PostgreSQL's COPY of the same rows (PostgreSQL only), psql's \timing, ms. */
  readonly copy: { readonly medianMs: number; readonly samples: ReadonlyArray<number>; readonly statement: string } | null
  /** CSV median ÷ COPY median. */
  readonly ratio: number | null
  readonly error?: string
}

/** The server process's memory after a full gc, and its peak resident set, bytes. */
export interface ServerMemory {
  readonly rssBytes: number
  readonly heapUsedBytes: number
  readonly peakRssBytes: number | null
}

/** A figure's statements at the large size, each with its EXPLAIN ANALYZE (identical statements once, with how often they ran). */
export interface FigurePlans {
  readonly key: FigureKey | 'auditCsv'
  readonly label: string
  readonly path: string
  readonly plans: ReadonlyArray<LoggedPlan & { readonly times: number }>
  /** Why the request failed (its statements up to then are kept). */
  readonly error?: string
}

/** The Team Members page at one size: every load, and the figures over them. */
export interface TeamPageFigures {
  readonly loads: ReadonlyArray<TeamPageLoad>
  /** Medians over the loads that got that far; null when none did. */
  readonly firstRowsMs: number | null
  readonly heapBytes: number | null
  /** The longest task while scrolling, over every load. */
  readonly longestTaskMs: number | null
  readonly longestFrameMs: number | null
  /** Some step of some load timed out. */
  readonly timedOut: boolean
}

export interface SizeRun {
  readonly size: ScaleSizeName
  readonly database: 'PostgreSQL' | 'PGlite'
  readonly seeded: SeededScale
  readonly api: ReadonlyArray<ApiFigure>
  readonly csv: CsvFigure
  readonly memory: ServerMemory | null
  readonly plans?: ReadonlyArray<FigurePlans>
  readonly page?: TeamPageFigures
  /** 1-minute load average when this size's measurements ended. */
  readonly loadAverage1m: number
}

export interface ScaleResult {
  readonly loadAverage1mStart: number
  readonly loadAverage1mEnd: number
  readonly buildMs: number
  readonly repetitions: Repetitions
  readonly sizes: typeof SCALE_SIZES
  /** Small, middle, large on PostgreSQL (empty when PostgreSQL is not installed: see `postgresSkipped`). */
  readonly postgres: ReadonlyArray<SizeRun>
  readonly postgresVersion?: string
  readonly postgresSkipped?: string
  /** The middle size on PGlite. */
  readonly pglite: SizeRun | null
  readonly errors: ReadonlyArray<string>
}

/** Seeds one size (bench/lib/seed-scale.ts in a child process) into `target`. */
async function seed(size: ScaleSizeName, target: { databaseUrl: string } | { dataDir: string }): Promise<SeededScale> {
  const where = 'databaseUrl' in target ? ['--database-url', target.databaseUrl] : ['--data-dir', target.dataDir]
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/lib/seed-scale.ts'), size, ...where], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  })
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as SeededScale
}

/** The answer's size in words: the length of its list (the body, or its first array field) and its `next_cursor`. */
function describeAnswer(text: string | undefined): string {
  if (text === undefined) return ''
  try {
    const body = JSON.parse(text) as unknown
    if (Array.isArray(body)) return `${body.length} items`
    if (typeof body !== 'object' || body === null) return ''
    const entries = Object.entries(body)
    const list = entries.find(([, v]) => Array.isArray(v))
    const parts = list === undefined ? [`${entries.length} fields`] : [`${(list[1] as unknown[]).length} ${list[0]}`]
    if ('next_cursor' in body) parts.push(`next_cursor ${(body as { next_cursor: unknown }).next_cursor === null ? 'null' : 'set'}`)
    return parts.join(', ')
  } catch {
    return 'not JSON'
  }
}

/**
 * The path of the page {@link LOAD_MORE_DEPTH} rows down the inbox (at most half of it): by
 * following `next_cursor` from page 1 when the list answers one (pages of 100), else by page number.
 */
async function deepLoadMorePath(baseUrl: string, headers: Record<string, string>, inbox: number): Promise<{ path: string; note: string }> {
  const depth = Math.min(LOAD_MORE_DEPTH, Math.floor(inbox / 2 / PAGE_ROWS) * PAGE_ROWS)
  const byOffset = { path: SCALE_PATHS.loadMoreByOffset(depth), note: `by offset (page number), row ${depth}` }
  const first = await getOnce(baseUrl, SCALE_PATHS.notificationsPage1, headers)
  const cursorOf = (text: string | undefined) => {
    const body = JSON.parse(text ?? '{}') as { next_cursor?: unknown; notifications?: unknown[] }
    return { cursor: typeof body.next_cursor === 'string' ? body.next_cursor : undefined, rows: body.notifications?.length ?? 0 }
  }
  let { cursor, rows } = cursorOf(first.text)
  if (cursor === undefined) return { ...byOffset, note: `${byOffset.note}: the list answers no next_cursor` }
  let reached = rows
  let ask: ((cursor: string, limit: number) => string) | undefined
  let refusal = ''
  for (const candidate of SCALE_PATHS.loadMoreByCursor) {
    const answer = await getOnce(baseUrl, candidate(cursor, 100), headers)
    if (answer.status === 200) {
      ask = candidate
      ;({ cursor, rows } = cursorOf(answer.text))
      reached += rows
      break
    }
    refusal = `${answer.status} ${answer.text?.slice(0, 160) ?? ''}`
  }
  if (ask === undefined) return { ...byOffset, note: `${byOffset.note}: the cursor was refused (${refusal})` }
  while (cursor !== undefined && reached + 100 <= depth) {
    const answer = await getOnce(baseUrl, ask(cursor, 100), headers)
    if (answer.status !== 200) return { ...byOffset, note: `${byOffset.note}: following the cursor failed at row ${reached} (${answer.status})` }
    ;({ cursor, rows } = cursorOf(answer.text))
    reached += rows
  }
  if (cursor === undefined) return { ...byOffset, note: `${byOffset.note}: the cursor ended at row ${reached}` }
  return { path: ask(cursor, PAGE_ROWS), note: `by cursor, row ${reached} (followed in pages of 100)` }
}

/** The newest-first ORDER BY of the workspace's (org_id, created_at, id) audit index, read from the catalogue, so COPY reads the rows the way PostgreSQL serves them best. */
async function auditIndexOrder(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where tablename = 'audit_events' and indexdef ~ '\\(org_id, created_at' order by length(indexdef) limit 1`,
    )
    return /\(org_id, (created_at[^)]*)\)/.exec(rows[0]?.indexdef ?? '')?.[1] ?? 'created_at desc, id desc'
  } finally {
    await client.end()
  }
}

/** One COPY through psql; the statement's time from `\timing`, ms. */
async function copyOnce(psql: string, url: string, statement: string): Promise<number> {
  const { stdout } = await run(psql, ['-X', '-q', '-d', url, '-o', '/dev/null', '-c', '\\timing on', '-c', statement], { maxBuffer: 1024 * 1024 })
  const ms = /Time: ([\d.]+) ms/.exec(stdout)?.[1]
  if (ms === undefined) throw new Error(`psql printed no timing: ${stdout.slice(0, 200)}`)
  return Number(ms)
}

async function measureCsv(
  baseUrl: string,
  headers: Record<string, string>,
  copy: { psql: string; url: string; orgId: string } | undefined,
): Promise<CsvFigure> {
  const path = SCALE_PATHS.auditCsv
  try {
    const warm = await getOnce(baseUrl, path, headers)
    if (warm.status !== 200) throw new Error(`GET ${path}: ${warm.status} ${warm.text?.slice(0, 200) ?? ''}`)
    const rows = Math.max(0, warm.lines - 1)
    const statement =
      copy === undefined
        ? undefined
        : `copy (select created_at, actor_label, actor_id, kind, target_label, target_id, details, ip_address from audit_events where org_id = '${copy.orgId.replace(/'/g, "''")}' order by ${await auditIndexOrder(copy.url)} limit ${rows}) to stdout with (format csv, header)`
    if (copy !== undefined && statement !== undefined) await copyOnce(copy.psql, copy.url, statement)
    const samples: number[] = []
    const copySamples: number[] = []
    let bytes = warm.bytes
    for (let i = 0; i < CSV_REPETITIONS; i++) {
      const answer = await getOnce(baseUrl, path, headers)
      samples.push(answer.ms)
      bytes = answer.bytes
      if (copy !== undefined && statement !== undefined) copySamples.push(await copyOnce(copy.psql, copy.url, statement))
    }
    const csvMedian = round(median(samples), 1)
    const copyMedian = copySamples.length > 0 ? round(median(copySamples), 1) : null
    return {
      path,
      medianMs: csvMedian,
      samples: samples.map((s) => round(s, 1)),
      bytes,
      rows,
      copy: copyMedian === null || statement === undefined ? null : { medianMs: copyMedian, samples: copySamples.map((s) => round(s, 1)), statement },
      ratio: copyMedian === null || copyMedian === 0 ? null : round(csvMedian / copyMedian, 2),
    }
  } catch (error) {
    return { path, medianMs: null, samples: [], bytes: 0, rows: 0, copy: null, ratio: null, error: (error as Error).message }
  }
}

/** psql beside pg_ctl (through a symlink too), else the one on PATH. */
function findPsql(bin: string): string {
  for (const dir of [bin, path.dirname(realpathSync(path.join(bin, 'pg_ctl')))]) if (existsSync(path.join(dir, 'psql'))) return path.join(dir, 'psql')
  return 'psql'
}

/** Peak resident set of a process (VmHWM), bytes; null where /proc is not readable. */
function peakRss(pid: number): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb === undefined ? null : Number(kb) * 1024
  } catch {
    return null
  }
}

/** Every request's path at this size (the deep 'Load more' found by walking the list first). */
async function figurePaths(baseUrl: string, headers: Record<string, string>, seeded: SeededScale): Promise<Record<FigureKey, { path: string; note?: string }>> {
  const deep = await deepLoadMorePath(baseUrl, headers, seeded.counts.notifications).catch((error: unknown) => {
    const depth = Math.min(LOAD_MORE_DEPTH, Math.floor(seeded.counts.notifications / 2 / PAGE_ROWS) * PAGE_ROWS)
    return { path: SCALE_PATHS.loadMoreByOffset(depth), note: `by offset, row ${depth}: walking the list failed (${(error as Error).message})` }
  })
  return {
    membersFirstPage: { path: SCALE_PATHS.membersFirstPage },
    membersSearch: { path: SCALE_PATHS.membersSearch },
    notificationsPage1: { path: SCALE_PATHS.notificationsPage1 },
    counts: { path: SCALE_PATHS.counts },
    loadMoreDeep: deep,
    invitations: { path: SCALE_PATHS.invitations },
    auditPage1: { path: SCALE_PATHS.auditPage1 },
    auditByPerson: { path: SCALE_PATHS.auditByPerson(seeded.adminId) },
    auditByKind: { path: SCALE_PATHS.auditByKind },
    auditActors: { path: SCALE_PATHS.auditActors },
    workspaces: { path: SCALE_PATHS.workspaces },
    roles: { path: SCALE_PATHS.roles },
  }
}

/** The statements of each figure's request, logged by auto_explain (see the module doc). */
async function collectPlans(
  adminUrl: string,
  logFile: string,
  baseUrl: string,
  headers: Record<string, string>,
  paths: Record<FigureKey, { path: string }>,
): Promise<FigurePlans[]> {
  return capturePlans(adminUrl, logFile, async (capture) => {
    const out: FigurePlans[] = []
    for (const figure of FIGURES) {
      const entry = { key: figure.key, label: figure.label, path: paths[figure.key].path, tables: figure.tables as RegExp }
      let error: string | undefined
      const logged = await capture(() =>
        getOnce(baseUrl, entry.path, headers).catch((e: unknown) => {
          error = (e as Error).message
        }),
      )
      const unique = new Map<string, LoggedPlan & { times: number }>()
      for (const plan of logged.filter((p) => entry.tables.test(p.query))) {
        const seen = unique.get(plan.query)
        unique.set(plan.query, seen === undefined ? { ...plan, times: 1 } : { ...seen, times: seen.times + 1 })
      }
      out.push({ key: entry.key, label: entry.label, path: entry.path, plans: [...unique.values()], ...(error === undefined ? {} : { error }) })
    }
    // The CSV export is one COPY of one statement: its plan.
    const csv = await capture(() => getOnce(baseUrl, SCALE_PATHS.auditCsv, headers).catch(() => undefined))
    const statements = csv.filter((p) => /\baudit_events\b/.test(p.query))
    const [copy] = statements
    if (copy !== undefined)
      out.push({
        key: 'auditCsv',
        label: statements.length === 1 ? 'audit log CSV export (one COPY)' : `audit log CSV export (first of ${statements.length} statements)`,
        path: SCALE_PATHS.auditCsv,
        plans: [{ ...copy, times: statements.length }],
      })
    return out
  })
}

/** The Team Members page at one size: up to {@link PAGE_LOADS} loads within {@link PAGE_BUDGET_MS}. */
async function measureTeamPage(browser: Browser, baseUrl: string): Promise<TeamPageFigures> {
  const session = await signedInState(browser, baseUrl)
  const loads: TeamPageLoad[] = []
  const started = performance.now()
  while (loads.length < PAGE_LOADS && (loads.length === 0 || performance.now() - started < PAGE_BUDGET_MS)) {
    const load = await loadTeamPage(browser, baseUrl, session, PAGE_LIMITS)
    loads.push(load)
    if (load.timedOut.length > 0 || load.error !== undefined) break
  }
  const medianOf = (values: Array<number | null | undefined>) => {
    const known = values.filter((v): v is number => typeof v === 'number')
    return known.length === 0 ? null : round(median(known))
  }
  const maxOf = (values: Array<number | null | undefined>) => {
    const known = values.filter((v): v is number => typeof v === 'number')
    return known.length === 0 ? null : Math.max(...known)
  }
  return {
    loads,
    firstRowsMs: medianOf(loads.map((l) => l.firstRowsMs)),
    heapBytes: medianOf(loads.map((l) => l.heapBytes)),
    longestTaskMs: maxOf(loads.map((l) => l.scroll?.longestTaskMs)),
    longestFrameMs: maxOf(loads.map((l) => l.scroll?.longestFrameMs)),
    timedOut: loads.some((l) => l.timedOut.length > 0),
  }
}

interface SizeOptions {
  readonly size: ScaleSizeName
  readonly database: SizeRun['database']
  readonly seeded: SeededScale
  readonly build: Build
  /** PostgreSQL: the database's URL (else the server runs PGlite on `dataDir`). */
  readonly databaseUrl?: string
  readonly dataDir: string
  /** PostgreSQL: psql and the cluster's superuser URL, for COPY and the plans. */
  readonly postgres?: { readonly psql: string; readonly adminUrl: string; readonly logFile: string | undefined }
  readonly withPlans: boolean
  readonly browser?: () => Promise<Browser>
  /** Where failures that leave a figure out are recorded (the section's `errors`). */
  readonly errors: string[]
}

/** One size on one database: the server started, every figure measured, the server stopped. */
async function measureSize(options: SizeOptions): Promise<SizeRun> {
  const { seeded } = options
  const server = await startEngage({
    dataDir: options.dataDir,
    staticDir: options.build.outDir,
    memoryProbe: true,
    ...(options.databaseUrl === undefined ? {} : { env: { DATABASE_URL: options.databaseUrl } }),
  })
  try {
    const { accessToken } = await apiSignIn(server.url)
    const headers = { authorization: `Bearer ${accessToken}`, 'x-org-id': seeded.orgId }
    const paths = await figurePaths(server.url, headers, seeded)
    const api: ApiFigure[] = []
    for (const figure of FIGURES) {
      const { path, note } = paths[figure.key]
      const base = { key: figure.key, label: figure.label, path, ...(note === undefined ? {} : { note }) }
      try {
        const timed: Timed = await timeGets(server.url, path, headers, API_REPETITIONS)
        api.push({ ...base, medianMs: timed.medianMs, p95Ms: timed.p95Ms, samples: timed.samples, bytes: timed.bytes, answer: describeAnswer(timed.text) })
      } catch (error) {
        api.push({ ...base, medianMs: null, p95Ms: null, samples: [], bytes: null, answer: '', error: (error as Error).message })
      }
    }
    const csv = await measureCsv(
      server.url,
      headers,
      options.postgres === undefined || options.databaseUrl === undefined
        ? undefined
        : { psql: options.postgres.psql, url: options.databaseUrl, orgId: seeded.orgId },
    )
    const memoryUsage = await server.memoryAfterGc?.()
    const memory: ServerMemory | null =
      memoryUsage === undefined ? null : { rssBytes: memoryUsage.rss, heapUsedBytes: memoryUsage.heapUsed, peakRssBytes: peakRss(server.pid) }
    const plans =
      options.withPlans && options.postgres?.logFile !== undefined
        ? await collectPlans(options.postgres.adminUrl, options.postgres.logFile, server.url, headers, paths).catch((error: unknown) => {
            options.errors.push(`plans at the ${options.size} size: ${(error as Error).message}`)
            return undefined
          })
        : undefined
    const page =
      options.browser === undefined
        ? undefined
        : await measureTeamPage(await options.browser(), server.url).catch((error: unknown) => {
            options.errors.push(`Team Members page at the ${options.size} size: ${(error as Error).message}`)
            return undefined
          })
    return {
      size: options.size,
      database: options.database,
      seeded,
      api,
      csv,
      memory,
      ...(plans === undefined ? {} : { plans }),
      ...(page === undefined ? {} : { page }),
      loadAverage1m: loadAverage1m(),
    }
  } finally {
    await server.stop()
  }
}

/** The whole section (see the module doc). */
export async function benchScale(): Promise<ScaleResult> {
  const loadAverage1mStart = loadAverage1m()
  const errors: string[] = []
  const pgliteDir = path.join(tempDir('scale-pglite'), 'data')
  const bin = findPostgresBin()
  const cluster = bin === undefined ? undefined : await startLocalPostgres(bin)
  let browser: Browser | undefined
  try {
    const databaseUrl = (name: string) => {
      if (cluster === undefined) throw new Error('no PostgreSQL')
      const url = new URL(cluster.url)
      url.pathname = `/${name}`
      return url.toString()
    }
    let logFile: string | undefined
    let postgresVersion: string | undefined
    if (cluster !== undefined) {
      logFile = await prepareAutoExplain(cluster.url)
      const admin = new pg.Client({ connectionString: cluster.url })
      await admin.connect()
      try {
        for (const size of SCALE_SIZE_NAMES) await admin.query(`create database engage_scale_${size}`)
        postgresVersion = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version
      } finally {
        await admin.end()
      }
      if (logFile === undefined) errors.push('the PostgreSQL log file was not found: no plans')
    }

    // Seeding and the build together (nothing is measured yet): PostgreSQL sizes in turn, PGlite beside them.
    const [build, seededPostgres, seededPglite] = await Promise.all([
      buildApp(),
      (async () => {
        const out: SeededScale[] = []
        if (cluster !== undefined) for (const size of SCALE_SIZE_NAMES) out.push(await seed(size, { databaseUrl: databaseUrl(`engage_scale_${size}`) }))
        return out
      })(),
      seed('middle', { dataDir: pgliteDir }),
    ])

    /** Ends what the stopped server left running in `database` (a statement of a request given up on). */
    const terminateBackends = async (database: string) => {
      if (cluster === undefined) return
      const admin = new pg.Client({ connectionString: cluster.url })
      await admin.connect()
      try {
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database])
      } finally {
        await admin.end()
      }
    }
    const chromium = async () => (browser ??= await launchChromium())
    const postgres: SizeRun[] = []
    if (cluster !== undefined && bin !== undefined) {
      for (const seeded of seededPostgres) {
        postgres.push(
          await measureSize({
            size: seeded.size,
            database: 'PostgreSQL',
            seeded,
            build,
            databaseUrl: databaseUrl(`engage_scale_${seeded.size}`),
            dataDir: path.join(tempDir(`scale-${seeded.size}`), 'data'),
            postgres: { psql: findPsql(bin), adminUrl: cluster.url, logFile },
            withPlans: seeded.size === 'large',
            errors,
            ...(seeded.size === 'middle' ? {} : { browser: chromium }),
          }),
        )
        await terminateBackends(`engage_scale_${seeded.size}`)
      }
    }
    const pglite = await measureSize({ size: 'middle', database: 'PGlite', seeded: seededPglite, build, dataDir: pgliteDir, withPlans: false, errors })
    return {
      loadAverage1mStart,
      loadAverage1mEnd: loadAverage1m(),
      buildMs: build.buildMs,
      repetitions: API_REPETITIONS,
      sizes: SCALE_SIZES,
      postgres,
      ...(postgresVersion === undefined ? {} : { postgresVersion }),
      ...(cluster === undefined ? { postgresSkipped: 'PostgreSQL is not installed here (no pg_ctl/initdb): only PGlite was measured.' } : {}),
      pglite,
      errors,
    }
  } finally {
    await browser?.close()
    await cluster?.stop()
  }
}

// ---------------------------------------------------------------------------------------------
// Report

/** The goals the report checks (BUDGETS in bench/index.ts). */
export interface ScaleGoals {
  /** API: large median at most this multiple of the small median. */
  readonly largeToSmallRatio: number
  /** API: large median at most this, ms. */
  readonly apiMs: number
  readonly pageFirstRowsRatio: number
  readonly pageHeapRatio: number
  readonly scrollTaskMs: number
  readonly csvCopyRatio: number
}

const verdict = (ok: boolean) => (ok ? 'met' : 'over')
const ms = (x: number | null | undefined) => (x === null || x === undefined ? 'n/a' : x >= 100 ? `${Math.round(x)} ms` : `${x.toFixed(1)} ms`)
const size = (bytes: number | null | undefined) =>
  bytes === null || bytes === undefined
    ? 'n/a'
    : bytes >= 1e6
      ? `${(bytes / 1e6).toFixed(2)} MB`
      : bytes >= 1e3
        ? `${(bytes / 1e3).toFixed(1)} kB`
        : `${bytes} B`
const times = (x: number | null) => (x === null || !Number.isFinite(x) ? 'n/a' : `${x.toFixed(2)}×`)
const ratioOf = (large: number | null | undefined, small: number | null | undefined) =>
  large === null || large === undefined || small === null || small === undefined || small === 0 ? null : large / small

/**
 * The section's lines: the seeded sizes; per API figure its median (p95, size) at each size on
 * PostgreSQL, the large ÷ small ratio and the verdict, then PGlite's middle size; the CSV beside
 * COPY; the Team Members page; server memory; the plans at the large size.
 */
export function reportScale(r: ScaleResult, goals: ScaleGoals): string[] {
  const lines: string[] = []
  const n = r.repetitions
  lines.push(
    `one workspace (Acme Support) and one person (admin@acme.test) per size; ${n.count} sequential requests per figure after ${n.warmup} warm-up (at least ${n.minCount}, fewer once ${n.budgetMs / 1000} s were spent), median (p95, response size); load average ${r.loadAverage1mStart} at start, ${r.loadAverage1mEnd} at end`,
  )
  const runs = [...r.postgres, ...(r.pglite === null ? [] : [r.pglite])]
  for (const run of runs) {
    const c = run.seeded.counts
    lines.push(
      `seeded ${run.database} ${run.size}: ${c.members.toLocaleString('en')} members, ${c.notifications.toLocaleString('en')} notifications (${c.unread.toLocaleString('en')} unread), ${c.auditEntries.toLocaleString('en')} audit entries, ${c.workspaces.toLocaleString('en')} workspaces, ${c.sets} sets in ${(run.seeded.ms / 1000).toFixed(1)} s`,
    )
  }
  if (r.postgresSkipped !== undefined) lines.push(`PostgreSQL: ${r.postgresSkipped}`)
  const bySize = (name: ScaleSizeName) => r.postgres.find((x) => x.size === name)
  const small = bySize('small')
  const middle = bySize('middle')
  const large = bySize('large')
  const cell = (f: ApiFigure | undefined) =>
    f === undefined ? 'n/a' : f.error !== undefined ? 'ERROR' : `${ms(f.medianMs)} (p95 ${ms(f.p95Ms)}, ${size(f.bytes)})`
  if (r.postgres.length > 0) {
    lines.push(`PostgreSQL ${r.postgresVersion ?? ''}: small | middle | large, large ÷ small`)
    for (const figure of FIGURES) {
      const at = (run: SizeRun | undefined) => run?.api.find((f) => f.key === figure.key)
      const [s, m, l] = [at(small), at(middle), at(large)]
      const ratio = ratioOf(l?.medianMs, s?.medianMs)
      const ok = ratio !== null && ratio <= goals.largeToSmallRatio && (l?.medianMs ?? Infinity) <= goals.apiMs
      lines.push(`${figure.label.padEnd(34)} ${cell(s)} | ${cell(m)} | ${cell(l)}, ${times(ratio)}`)
      lines.push(`    answers: ${[s, m, l].map((f) => f?.answer || '-').join(' | ')}${l?.note === undefined ? '' : `; ${l.note}`}`)
      for (const f of [s, m, l]) if (f?.error !== undefined) lines.push(`    error: ${f.error}`)
      lines.push(
        'reported' in figure
          ? `  → ${figure.label}: large ${ms(l?.medianMs)}, ${times(ratio)} small (reported: ${figure.reported})`
          : `  → ${figure.label}: large ${ms(l?.medianMs)}, ${times(ratio)} small (goal ≤ ${goals.largeToSmallRatio}× and ≤ ${goals.apiMs} ms: ${verdict(ok)})`,
      )
    }
    const csvCell = (run: SizeRun | undefined) =>
      run === undefined
        ? 'n/a'
        : run.csv.error !== undefined
          ? 'ERROR'
          : `${ms(run.csv.medianMs)} (${run.csv.rows.toLocaleString('en')} rows, ${size(run.csv.bytes)}; COPY ${ms(run.csv.copy?.medianMs)}, ${times(run.csv.ratio)})`
    lines.push(`${'audit log CSV export (last byte)'.padEnd(34)} ${csvCell(small)} | ${csvCell(middle)} | ${csvCell(large)}`)
    for (const run of [small, middle, large]) if (run?.csv.error !== undefined) lines.push(`    error: ${run.csv.error}`)
    lines.push(
      `  → CSV at the large size: ${ms(large?.csv.medianMs)}, ${times(large?.csv.ratio ?? null)} PostgreSQL's COPY of the same ${large?.csv.rows.toLocaleString('en') ?? '?'} rows (goal ≤ ${goals.csvCopyRatio}×: ${verdict((large?.csv.ratio ?? Infinity) <= goals.csvCopyRatio)})`,
    )
  }
  if (r.pglite !== null) {
    lines.push(`PGlite, middle size:`)
    for (const f of r.pglite.api)
      lines.push(
        `${f.label.padEnd(34)} ${cell(f)}${f.answer ? `   ${f.answer}` : ''}${f.note === undefined ? '' : `; ${f.note}`}${f.error === undefined ? '' : `; error: ${f.error}`}`,
      )
    const csv = r.pglite.csv
    lines.push(
      `${'audit log CSV export (last byte)'.padEnd(34)} ${csv.error === undefined ? `${ms(csv.medianMs)} (${csv.rows.toLocaleString('en')} rows, ${size(csv.bytes)})` : `ERROR ${csv.error}`}`,
    )
  }

  const pageLine = (run: SizeRun | undefined) => {
    const p = run?.page
    if (p === undefined) return 'n/a'
    const failed = p.loads.flatMap((l) => [...l.timedOut.map((t) => `${t} timed out`), ...(l.error === undefined ? [] : [`error: ${l.error}`])])
    const each = p.loads.map((l) => `${l.firstRowsMs ?? '-'}/${l.heapBytes === null ? '-' : size(l.heapBytes)}/${l.scroll?.longestTaskMs ?? '-'}`).join(', ')
    return `first rows ${ms(p.firstRowsMs)}, JS heap ${size(p.heapBytes)}, longest task scrolling ${ms(p.longestTaskMs)} (longest frame ${ms(p.longestFrameMs)}); loads (rows ms/heap/task ms): ${each}${failed.length > 0 ? `; ${failed.join(', ')}` : ''}`
  }
  if (small?.page !== undefined || large?.page !== undefined) {
    const c = (run: SizeRun | undefined) => run?.seeded.counts.members.toLocaleString('en') ?? '?'
    lines.push(`Team Members page (Chromium, no throttling), ${c(small)} members: ${pageLine(small)}`)
    lines.push(`Team Members page, ${c(large)} members: ${pageLine(large)}`)
    const scroll = large?.page?.loads[0]?.scroll
    if (scroll)
      lines.push(
        `    scroll at the large size: ${scroll.wheelSteps} wheel steps of ${WHEEL_STEP_PX} px; ${scroll.scroller || 'nothing'} scrolled most (${scroll.scrollers} elements scrolled), to ${scroll.scrolledPx} of ${scroll.scrollMaxPx} px${scroll.reachedEnd ? ' (the end)' : ''}; ${scroll.longTasks} long tasks; ${scroll.wallMs} ms`,
      )
    const rows = ratioOf(large?.page?.firstRowsMs, small?.page?.firstRowsMs)
    const heap = ratioOf(large?.page?.heapBytes, small?.page?.heapBytes)
    const task = large?.page?.longestTaskMs ?? null
    const timedOut = large?.page?.timedOut === true ? ' (timed out)' : ''
    lines.push(
      `  → first rows on screen at the large size: ${times(rows)} the small size's (goal ≤ ${goals.pageFirstRowsRatio}×: ${verdict(rows !== null && rows <= goals.pageFirstRowsRatio)})${timedOut}`,
    )
    lines.push(
      `  → JS heap at the large size: ${times(heap)} the small size's (goal ≤ ${goals.pageHeapRatio}×: ${verdict(heap !== null && heap <= goals.pageHeapRatio)})${timedOut}`,
    )
    lines.push(
      `  → longest task while scrolling at the large size: ${ms(task)} (goal ≤ ${goals.scrollTaskMs} ms: ${verdict(task !== null && task <= goals.scrollTaskMs)})${timedOut}`,
    )
  }

  for (const run of runs) {
    if (run.memory === null) continue
    const m = run.memory
    lines.push(
      `server memory, ${run.database} ${run.size}, after the figures and a full gc: RSS ${size(m.rssBytes)} (peak ${size(m.peakRssBytes)}), V8 heap ${size(m.heapUsedBytes)}`,
    )
  }
  const pgliteMemory = r.pglite?.memory
  const postgresMiddle = middle?.memory
  if (pgliteMemory)
    lines.push(
      `  → PGlite's server at the middle size: RSS ${size(pgliteMemory.rssBytes)} (peak ${size(pgliteMemory.peakRssBytes)}); PostgreSQL's server process ${size(postgresMiddle?.rssBytes)} (peak ${size(postgresMiddle?.peakRssBytes)}), its database separate`,
    )
  for (const e of r.errors) lines.push(`error: ${e}`)

  if (large?.plans !== undefined) {
    lines.push('EXPLAIN (ANALYZE, FORMAT TEXT) at the large size, as auto_explain logged each statement the request ran (on the figure’s tables):')
    for (const group of large.plans) {
      lines.push(`  ${group.label}: GET ${group.path}`)
      if (group.error !== undefined) lines.push(`    error: ${group.error}`)
      if (group.plans.length === 0) lines.push('    (no statement on its tables was logged)')
      for (const plan of group.plans) {
        lines.push(`    ${plan.durationMs.toFixed(3)} ms${plan.times > 1 ? `, ran ${plan.times}×` : ''}: ${plan.query.replace(/\s+/g, ' ').slice(0, 400)}`)
        for (const line of plan.plan.split('\n')) lines.push(`      ${line}`)
      }
    }
  }
  return lines
}
