/**
 * The operator's command line, `npm run admin -- <command>` (scripts/admin.mjs):
 *
 *     npm run admin -- list-waitlist
 *     npm run admin -- approve-waitlist <workspace name or id>
 *     npm run admin -- notify --email <user> --org <name or id> --title "..." [--body ...]
 *         [--priority low|normal|high|urgent] [--category system|...] [--url /app/...] [--action-text ...]
 *         [--group <key>]
 *     npm run admin -- bug-reports [--limit N] [--json]
 *     npm run admin -- mail [--to EMAIL] [--limit N] [--json] | mail --retry <id>
 *
 * It works on the database of the current environment (DATA_DIR / DATABASE_URL, as the server
 * reads them, server/config.ts), in one of two modes:
 *
 * - **through the running server** when DATA_DIR/server.json names a live process: PGlite serves
 *   one process per data directory, so the CLI calls the server's internal API
 *   (`/api/internal/*`, server/admin/internal-routes.ts) with the internal API key
 *   (INTERNAL_API_KEY, else DATA_DIR/internal-api-key);
 * - **directly** otherwise: it opens the database itself, applies pending migrations, and makes
 *   the change (the same functions the internal API runs, server/admin/waitlist.ts and
 *   server/notifications/create.ts). A notification created directly is delivered as the server
 *   delivers one: pushed to the recipient's devices, emailed when urgent and the preferences
 *   allow (SMTP_URL, else the outbox), or left for the next digest, which a server sends; the CLI
 *   waits for that before it exits. It also reaches the open streams of a server on the same
 *   PostgreSQL database (pg_notify); with PGlite no server runs.
 *
 * Results go to stdout; the mode used and errors go to stderr. Exit codes: 0 done (approving an
 * approved workspace included), 1 refused or failed (unknown or ambiguous workspace, server
 * unreachable, key refused, database in use), 2 usage or configuration error.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ConfigError, loadConfig, publicOriginOf, type ServerConfig } from '../config.ts'
import { type Database, DataDirInUseError, openDatabase } from '../db/client.ts'
import { ApiError } from '../http/errors.ts'
import { INTERNAL_KEY_FILE, INTERNAL_KEY_HEADER, SERVER_INFO_FILE, processIsAlive, readInternalApiKey, readServerInfo, type ServerInfo } from './runtime.ts'
import { CreateNotificationRequest, type CreateNotificationRequest as CreateNotificationBody } from '../../contract/notifications.ts'
import { validate } from '../../contract/validate.ts'
import { createNotification, type CreateNotificationResult } from '../notifications/create.ts'
import type { BugReportEntry } from '../../contract/bugReports.ts'
import { listBugReports } from '../bugReports/queries.ts'
import { createMailer } from '../mail/mailer.ts'
import { createUnsubscribeTokens } from '../mail/unsubscribe.ts'
import { createEmailDelivery } from '../notifications/email-delivery.ts'
import { createPushService } from '../push/service.ts'
import { listOutbox, type OutboxEntry } from '../mail/outbox.ts'
import { CopyRefusedError, copyToPostgres } from './copy-to-postgres.ts'
import { approveWaitlist, listWaitlist, type ApproveWaitlistResult, type WaitlistEntry, type WaitlistList } from './waitlist.ts'

/** Where the CLI writes: one call per line, without the newline. */
export interface CliOutput {
  out(line: string): void
  err(line: string): void
}

const USAGE = `Usage: npm run admin -- <command>

Commands:
  list-waitlist                       list workspaces waiting for approval (id, name, created, owner)
  approve-waitlist <name or id>       approve a workspace: its exact name (any case) or its id
  notify --email <user> --org <name or id> --title "..." [--body "..."] [--priority urgent]
         [--category alert] [--url /app/...] [--action-text "..."] [--group <key>]
                                      create an in-app notification for a member of a workspace
  bug-reports [--limit N] [--json]    list the newest bug reports (default 20, at most 500);
                                      --json prints them whole (device, browser, screenshot URL)
  mail [--to EMAIL] [--limit N] [--json]
                                      the newest emails of the outbox (default 20, at most 500):
                                      when, status, kind, recipient, subject and the links in it;
                                      without SMTP_URL this is where mail goes; --json prints
                                      them whole (text, headers, last SMTP error)
  mail --retry <id>                   send a failed message again (needs SMTP_URL)
  copy-to-postgres <postgres://...> [--uploads-to-s3]
                                      copy the embedded database of DATA_DIR (server stopped) into
                                      an empty PostgreSQL database, secrets included; with
                                      --uploads-to-s3 the uploaded files go to S3_BUCKET too; then
                                      start the servers with DATABASE_URL (docs/deploy.md)

Works on the database of DATA_DIR / DATABASE_URL: through the running server if there is one
(DATA_DIR/server.json), otherwise directly.`

/** A refusal to report on stderr with exit code 1 (or 2 for usage). */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message)
  }
}

/** The two operations, whichever way they reach the database. */
interface Backend {
  readonly description: string
  list(): Promise<WaitlistList>
  approve(org: string): Promise<ApproveWaitlistResult>
  notify(request: CreateNotificationBody): Promise<CreateNotificationResult>
  bugReports(limit: number): Promise<{ bug_reports: BugReportEntry[] }>
  mail(query: { to?: string; limit: number }): Promise<{ messages: OutboxEntry[] }>
  /** True once sent or failed again; false when the message is not failed or no SMTP is configured. */
  retryMail(id: string): Promise<boolean>
  close(): Promise<void>
}

/**
 * Runs one CLI invocation.
 * @param argv the arguments after `--` (command first).
 * @param env the environment (DATA_DIR, DATABASE_URL, INTERNAL_API_KEY...).
 * @returns the process exit code (0, 1 or 2, see the module comment). Never throws for expected
 *   failures; unexpected ones are reported and answered with 1.
 */
export async function runAdminCli(argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  const [command, ...rest] = argv
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    output.out(USAGE)
    return command === undefined ? 2 : 0
  }
  let backend: Backend | undefined
  try {
    if (command === 'copy-to-postgres') return await runCopy(rest, env, output)
    const known = command === 'list-waitlist' || command === 'approve-waitlist' || command === 'notify' || command === 'bug-reports' || command === 'mail'
    if (!known) throw new CliError(`Unknown command "${command}".\n\n${USAGE}`, 2)
    // Checked before connecting, so a typo does not need a database.
    const notification = command === 'notify' ? parseNotifyArgs(rest) : undefined
    const bugReportOptions = command === 'bug-reports' ? parseBugReportsArgs(rest) : undefined
    const mailOptions = command === 'mail' ? parseMailArgs(rest) : undefined
    // Several words are one name, so `approve-waitlist Waitlist Labs` needs no quotes.
    const org = rest.join(' ').trim()
    if (command === 'approve-waitlist' && org === '') throw new CliError(`approve-waitlist needs the workspace's name or id.\n\n${USAGE}`, 2)
    if (command === 'list-waitlist' && rest.length > 0) throw new CliError(`list-waitlist takes no arguments.\n\n${USAGE}`, 2)

    const config = configFrom(env)
    backend = await connect(config, env)
    output.err(backend.description)
    if (notification !== undefined) {
      const { notification: created } = await backend.notify(notification)
      output.out(`Created notification ${created._id} ("${created.title}", ${created.priority}, ${created.category}) for ${notification.email}.`)
    } else if (mailOptions?.retry !== undefined) {
      if (!(await backend.retryMail(mailOptions.retry))) throw new CliError(`Message ${mailOptions.retry} was not retried: only a failed message can be, and only with SMTP_URL set.`)
      const [entry] = (await backend.mail({ limit: 500 })).messages.filter((m) => m.id === mailOptions.retry)
      output.out(entry?.status === 'sent' ? `Sent message ${mailOptions.retry}.` : `Message ${mailOptions.retry} is ${entry?.status ?? 'gone'}: ${entry?.lastError ?? ''}`.trimEnd())
    } else if (mailOptions !== undefined) {
      printMail((await backend.mail({ limit: mailOptions.limit, ...(mailOptions.to === undefined ? {} : { to: mailOptions.to }) })).messages, mailOptions.json, output)
    } else if (bugReportOptions !== undefined) {
      printBugReports((await backend.bugReports(bugReportOptions.limit)).bug_reports, bugReportOptions.json, output)
    } else if (command === 'list-waitlist') {
      printWaitlist(await backend.list(), output)
    } else {
      const { organization, already_approved } = await backend.approve(org)
      output.out(
        already_approved
          ? `"${organization.org_name}" (${organization.org_id}) was already approved: nothing changed.`
          : `Approved "${organization.org_name}" (${organization.org_id}). Its members can now complete sign-up.`,
      )
    }
    return 0
  } catch (error) {
    if (error instanceof CliError) {
      output.err(error.message)
      return error.exitCode
    }
    if (error instanceof ApiError) {
      output.err(error.message)
      return 1
    }
    output.err(`Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    return 1
  } finally {
    await backend?.close()
  }
}

/** `copy-to-postgres <url>`: see server/admin/copy-to-postgres.ts. */
async function runCopy(args: ReadonlyArray<string>, env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  const toS3 = args.includes('--uploads-to-s3')
  const [url, ...extra] = args.filter((a) => a !== '--uploads-to-s3')
  if (url === undefined || extra.length > 0 || !/^postgres(ql)?:\/\//.test(url)) {
    throw new CliError(`copy-to-postgres takes the target's postgres://... URL, and --uploads-to-s3 at most.\n\n${USAGE}`, 2)
  }
  const config = configFrom({ ...env, DATABASE_URL: '' })
  if (toS3 && config.s3 === undefined) throw new CliError('--uploads-to-s3 needs S3_BUCKET (and S3_REGION, S3_ENDPOINT, credentials as the server uses them).', 2)
  if (env.DATABASE_URL) throw new CliError('DATABASE_URL is set: the source is the embedded database of DATA_DIR. Unset DATABASE_URL and pass the target as the argument.', 2)
  if (!existsSync(path.join(config.dataDir, 'pglite'))) throw new CliError(`There is no embedded database in ${config.dataDir}: set DATA_DIR to the server's data directory.`)
  output.err(`Copying the embedded database of ${config.dataDir} into PostgreSQL...`)
  try {
    const report = await copyToPostgres(config.dataDir, url, output.out, toS3 && config.s3 ? { settings: config.s3 } : undefined)
    const rows = report.tables.reduce((sum, t) => sum + t.rows, 0)
    output.out(`Copied ${report.tables.length} tables, ${rows} rows; every table has the same number of rows on both sides.`)
    output.out(
      toS3
        ? `Next: start the servers with DATABASE_URL set to that database and the same S3_* settings (${report.filesToS3} uploaded files are in the bucket).`
        : `Next: start the servers with DATABASE_URL set to that database (uploaded files stay in ${path.join(config.dataDir, 'uploads')}).`,
    )
    return 0
  } catch (error) {
    if (error instanceof CopyRefusedError) throw new CliError(error.message)
    if (error instanceof DataDirInUseError) throw new CliError(`${error.message}\nStop the server before copying: the copy must see a database nobody writes to.`)
    throw error
  }
}

function configFrom(env: NodeJS.ProcessEnv): ServerConfig {
  try {
    return loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message, 2)
    throw error
  }
}

/**
 * The running server's internal API when server.json names a live process that answers;
 * otherwise the database itself. A server.json whose process is gone (a crash) is ignored, and
 * so is one whose server refuses connections (its pid was reused by another program): opening
 * the database then either works or fails clearly on the data directory's lock.
 */
async function connect(config: ServerConfig, env: NodeJS.ProcessEnv): Promise<Backend> {
  const info = await readServerInfo(config.dataDir)
  if (info !== undefined && processIsAlive(info.pid)) {
    const remote = await remoteBackend(info, config, env)
    if (remote !== undefined) return remote
  }
  return directBackend(config)
}

async function directBackend(config: ServerConfig): Promise<Backend> {
  // Opening would create an empty database: a mistyped DATA_DIR should say so instead.
  if (config.databaseUrl === undefined && !existsSync(path.join(config.dataDir, 'pglite'))) {
    throw new CliError(`There is no database in ${config.dataDir}: set DATA_DIR to the server's data directory (default ./.data), or start the server once.`)
  }
  let handle
  try {
    handle = await openDatabase(config)
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new CliError(
        `${error.message}\nThat server did not publish ${SERVER_INFO_FILE} in DATA_DIR (it predates the admin CLI?): restart it, then run this again.`,
      )
    }
    throw error
  }
  try {
    await handle.migrate()
  } catch (error) {
    await handle.close()
    throw error
  }
  const db = handle.db
  return {
    description:
      handle.driver === 'pglite' ? `No server is running on ${config.dataDir}: using its database directly.` : 'No server found: using the PostgreSQL database (DATABASE_URL) directly.',
    list: () => listWaitlist(db),
    approve: (org) => approveWaitlist(db, org),
    async notify(request) {
      const created = await createNotification(db, request)
      await deliverCreated(db, config, created.notification._id)
      return created
    },
    bugReports: (limit) => listBugReports(db, limit),
    mail: async (query) => ({ messages: await listOutbox(db, query) }),
    async retryMail(id) {
      // No server is running: the CLI sends it itself, through the configured SMTP server.
      if (config.mail.smtpUrl === undefined) return false
      const mailer = createMailer(db, config.mail, Date.now, () => {}, undefined)
      try {
        return await mailer.retry(id)
      } finally {
        mailer.close()
      }
    },
    close: () => handle.close(),
  }
}

/**
 * Delivers notification `id` as a server does after creating one (server/app.ts
 * `notificationCreated`): push to the recipient's inactive devices (VAPID keys from VAPID_* or
 * `server_secrets`, PUSH_ENDPOINT_ALLOW_HOSTS), and email by the recipient's preferences: an urgent
 * one now (SMTP_URL, else the outbox), the others in a server's next digest. Resolves once every
 * push attempt and email attempt has finished (a temporary SMTP failure leaves the message queued
 * for a server's sweep).
 * @throws CliError naming what failed (the notification stays created).
 */
async function deliverCreated(db: Database, config: ServerConfig, id: string): Promise<void> {
  const errors: string[] = []
  const logError = (message: string, error: unknown) => errors.push(`${message}: ${error instanceof Error ? error.message : String(error)}`)
  const vapid = { vapidPublicKey: config.vapidPublicKey, vapidPrivateKey: config.vapidPrivateKey, vapidSubject: config.vapidSubject }
  const push = createPushService(db, { vapid, allowHosts: config.pushEndpointAllowHosts }, Date.now, logError)
  const mailer = createMailer(db, config.mail, Date.now, logError)
  const email = createEmailDelivery({
    db,
    mailer,
    now: Date.now,
    publicOrigin: publicOriginOf(config, () => `http://${config.host}:${config.port}`),
    unsubscribe: createUnsubscribeTokens(db, undefined),
    logError,
  })
  try {
    await Promise.all([push.delivery.notificationCreated(id), email.notificationCreated(id)])
    await Promise.all([push.delivery.settled(), email.settled()])
    await mailer.settled()
  } finally {
    mailer.close()
  }
  if (errors.length > 0) throw new CliError(`The notification was created, but delivering it failed:\n  ${errors.join('\n  ')}`)
}

/** Undefined when the server does not accept connections (then the caller goes direct). */
async function remoteBackend(info: ServerInfo, config: ServerConfig, env: NodeJS.ProcessEnv): Promise<Backend | undefined> {
  const key = await readInternalApiKey(config.dataDir, env)
  if (key === undefined) {
    throw new CliError(
      `A server is running on ${config.dataDir} (pid ${info.pid}), but there is no internal API key: set INTERNAL_API_KEY as the server has it, or make sure ${INTERNAL_KEY_FILE} in DATA_DIR is readable.`,
    )
  }
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(new URL(path, info.url), {
      method,
      headers: { [INTERNAL_KEY_HEADER]: key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    })
    const payload = (await response.json().catch(() => undefined)) as { error?: { message?: string; issues?: unknown[] } } | undefined
    if (response.ok) return payload as T
    // Every internal path answers a wrong key like an unknown path: a 404 without issues.
    if (response.status === 404 && (payload?.error?.issues?.length ?? 0) === 0) {
      throw new CliError(
        `The server at ${info.url} did not accept the internal API key. Use the key it started with (INTERNAL_API_KEY, or ${INTERNAL_KEY_FILE} in DATA_DIR).`,
      )
    }
    throw new CliError(payload?.error?.message ?? `The server answered ${response.status}.`)
  }
  try {
    // A cheap probe, so a dead address falls back to direct mode before anything is changed.
    await fetch(new URL('/api/health', info.url), { signal: AbortSignal.timeout(5_000) })
  } catch {
    return undefined
  }
  return {
    description: `Using the running server at ${info.url} (pid ${info.pid}).`,
    list: () => call<WaitlistList>('GET', '/api/internal/waitlist'),
    approve: (org) => call<ApproveWaitlistResult>('POST', '/api/internal/waitlist/approve', { org }),
    notify: (request) => call<CreateNotificationResult>('POST', '/api/internal/notifications', request),
    bugReports: (limit) => call<{ bug_reports: BugReportEntry[] }>('GET', `/api/internal/bug-reports?limit=${limit}`),
    mail: (query) =>
      call<{ messages: OutboxEntry[] }>('GET', `/api/internal/mail?${new URLSearchParams({ limit: String(query.limit), ...(query.to === undefined ? {} : { to: query.to }) })}`),
    async retryMail(id) {
      try {
        await call<{ retried: true }>('POST', `/api/internal/mail/${encodeURIComponent(id)}/retry`, {})
        return true
      } catch (error) {
        if (error instanceof CliError && /Only a failed message/.test(error.message)) return false
        throw error
      }
    },
    close: async () => {},
  }
}

/** `notify` options → the request's fields. */
const NOTIFY_OPTIONS: Readonly<Record<string, keyof CreateNotificationBody>> = {
  '--email': 'email',
  '--org': 'org',
  '--title': 'title',
  '--body': 'body',
  '--priority': 'priority',
  '--category': 'category',
  '--url': 'action_url',
  '--action-text': 'action_text',
  // Notifications with the same group key show as one row with a count.
  '--group': 'group_key',
}

/**
 * Parses `notify`'s `--option value` pairs (also `--option=value`) and validates them with the
 * contract, so the CLI refuses exactly what the internal API would.
 * @throws CliError (exit 2) for an unknown or repeated option, a missing value, or a value the
 *   contract refuses (every issue listed).
 */
export function parseNotifyArgs(args: ReadonlyArray<string>): CreateNotificationBody {
  const fields: Record<string, string> = {}
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    const eq = arg.indexOf('=')
    const [name, inline] = arg.startsWith('--') && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined]
    const field = NOTIFY_OPTIONS[name]
    if (field === undefined) throw new CliError(`notify: unknown option "${arg}".\n\n${USAGE}`, 2)
    if (field in fields) throw new CliError(`notify: ${name} is given twice.`, 2)
    const value = inline ?? args[++i]
    if (value === undefined) throw new CliError(`notify: ${name} needs a value.`, 2)
    fields[field] = value
  }
  const result = validate(CreateNotificationRequest, fields)
  if (!result.ok) {
    const problems = result.issues.map((issue) => `  --${String(issue.path[0] ?? '').replace('action_url', 'url').replace('group_key', 'group').replace('_', '-')}: ${issue.message}`)
    throw new CliError(`notify: invalid options:\n${problems.join('\n')}\n\n${USAGE}`, 2)
  }
  return fields as CreateNotificationBody
}

function printWaitlist(list: WaitlistList, output: CliOutput): void {
  const rows = list.organizations
  if (rows.length === 0) {
    output.out('No workspace is waiting for approval.')
    return
  }
  output.out(`${rows.length} workspace${rows.length === 1 ? ' is' : 's are'} waiting for approval:`)
  const table: string[][] = [['ID', 'NAME', 'CREATED (UTC)', 'OWNER'], ...rows.map(cells)]
  const widths = table[0]?.map((_, column) => Math.max(...table.map((row) => row[column]?.length ?? 0))) ?? []
  for (const row of table) output.out(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd())
}

const cells = (entry: WaitlistEntry): string[] => [
  entry.org_id,
  entry.org_name,
  entry.created_at.slice(0, 16).replace('T', ' '),
  entry.owner_email ?? '(none)',
]

/**
 * Parses `bug-reports`' options: `--limit N` (1–500, default 20) and `--json`.
 * @throws CliError (exit 2) for anything else.
 */
export function parseBugReportsArgs(args: ReadonlyArray<string>): { limit: number; json: boolean } {
  let limit = 20
  let json = false
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (arg === '--json') json = true
    else if (arg === '--limit' || arg.startsWith('--limit=')) {
      const raw = arg === '--limit' ? args[++i] : arg.slice('--limit='.length)
      const n = raw !== undefined && /^\d{1,3}$/.test(raw) ? Number(raw) : 0
      if (n < 1 || n > 500) throw new CliError(`bug-reports: --limit needs a whole number from 1 to 500.`, 2)
      limit = n
    } else throw new CliError(`bug-reports: unknown option "${arg}".\n\n${USAGE}`, 2)
  }
  return { limit, json }
}

/** Newest first: a table of when, who, title and screenshot, or the whole reports as JSON. */
function printBugReports(reports: ReadonlyArray<BugReportEntry>, json: boolean, output: CliOutput): void {
  if (json) {
    output.out(JSON.stringify(reports, null, 2))
    return
  }
  if (reports.length === 0) {
    output.out('No bug reports yet.')
    return
  }
  output.out(`${reports.length} bug report${reports.length === 1 ? '' : 's'}, newest first:`)
  const oneLine = (s: string, max: number) => {
    const flat = s.replace(/\s+/g, ' ').trim()
    return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
  }
  const table: string[][] = [
    ['CREATED (UTC)', 'REPORTER', 'TITLE', 'SCREENSHOT'],
    ...reports.map((r) => [r.created_at.slice(0, 16).replace('T', ' '), r.reporter_email || '(anonymous)', oneLine(r.title, 60), r.screenshot_url ?? '-']),
  ]
  const widths = table[0]?.map((_, column) => Math.max(...table.map((row) => row[column]?.length ?? 0))) ?? []
  for (const row of table) output.out(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd())
}

/** `mail`'s options: `--to EMAIL`, `--limit N` (1–500, default 20), `--json`, or `--retry <id>` alone. */
export function parseMailArgs(args: ReadonlyArray<string>): { to?: string; limit: number; json: boolean; retry?: string } {
  const options: { to?: string; limit: number; json: boolean; retry?: string } = { limit: 20, json: false }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    if (arg === '--json') options.json = true
    else if (arg === '--to' || arg === '--limit' || arg === '--retry') {
      const value = args[++i]
      if (value === undefined || value.startsWith('--')) throw new CliError(`mail: ${arg} needs a value.\n\n${USAGE}`, 2)
      if (arg === '--to') options.to = value
      else if (arg === '--retry') options.retry = value
      else {
        if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 500) throw new CliError('mail: --limit must be a whole number from 1 to 500.', 2)
        options.limit = Number(value)
      }
    } else throw new CliError(`mail: unknown option "${arg}".\n\n${USAGE}`, 2)
  }
  if (options.retry !== undefined && (options.to !== undefined || options.json || args.includes('--limit'))) throw new CliError('mail: --retry takes no other option.', 2)
  return options
}

/** The outbox, newest first: one block per message with the links of its text part (or JSON). */
function printMail(messages: ReadonlyArray<OutboxEntry>, json: boolean, output: CliOutput): void {
  if (json) {
    output.out(JSON.stringify(messages, null, 2))
    return
  }
  if (messages.length === 0) {
    output.out('The outbox is empty.')
    return
  }
  for (const m of messages) {
    const when = new Date(m.createdMs).toISOString().slice(0, 16).replace('T', ' ')
    output.out(`${when} UTC  ${m.status.padEnd(7)}  ${m.kind.padEnd(18)}  ${m.to}  (${m.id})`)
    output.out(`  ${m.subject}`)
    for (const link of new Set(m.text.match(/https?:\/\/[^\s\]>)]+/g) ?? [])) output.out(`  ${link}`)
    if (m.status === 'failed' && m.lastError !== null) output.out(`  failed: ${m.lastError}`)
  }
}
