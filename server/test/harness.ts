/**
 * Test harness: the real app on a fresh in-memory PGlite (migrated and seeded), called through
 * `app.request` without a network. One harness per test file: PGlite takes about 3 s to start.
 */
import { count, eq, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { SignInResponse } from '../../contract/api.ts'
import { loadInternalApiKey } from '../admin/runtime.ts'
import { type AppDeps, createApp } from '../app.ts'
import { loadSigningKey, type SigningKey } from '../auth/access-token.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import * as schema from '../db/schema.ts'
import { DEMO_PASSWORD, prepareDatabase } from '../admin/seed.ts'
import { prettyFields } from '../log.ts'
import { issueProof, loadProofKey } from '../botcheck/proof.ts'
import type { Mailer } from '../mail/mailer.ts'
import { listOutbox, type OutboxEntry } from '../mail/outbox.ts'
import { MAX_STREAMS_PER_USER } from '../notifications/stream-limit.ts'
import type { MailKind } from '../db/schema.ts'

export interface TestServer {
  readonly handle: DatabaseHandle
  readonly app: ReturnType<typeof createApp>
  readonly signingKey: SigningKey
  /** The app's clock, ms; tests move it to expire tokens. */
  readonly clock: { ms: number }
  /** The key the app's internal API (`/api/internal`) accepts. */
  readonly internalApiKey: string
  /** Errors the app logged as unexpected. */
  readonly loggedErrors: unknown[]
  /** Operator notices the app logged (invite links), oldest first: the message, then its fields as ` key=value` (server/log.ts prettyFields). */
  readonly loggedInfo: string[]
  /** The app's mailer: without a test SMTP server every message stays in the outbox. */
  readonly mailer: Mailer
  /**
   * The messages to `email`, newest first, once every email being composed or sent has settled.
   * @param kind only messages of this kind.
   */
  mailTo(email: string, kind?: MailKind): Promise<OutboxEntry[]>
  /**
   * The token of the newest link to `path` (`/set-password`, `/reset-password`, `/confirm-email`)
   * mailed to `email`. Throws when there is none.
   */
  tokenMailedTo(email: string, path: string): Promise<string>
  /** Sends a request; `body` objects are sent as JSON. */
  request(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<Response>
  /** Signs a demo user in (password `demo-password`); throws unless it succeeds. */
  signIn(email: string): Promise<SignInResponse>
  /**
   * A valid bot-check proof, as a passed check would answer it: sign-in and sign-up
   * require one while the bot check is on. Tests of the check itself go through its endpoints.
   */
  proof(): Promise<string>
  /** `body` with a fresh {@link proof} as `bot_check_proof` when it is a plain object without one; anything else as it is. */
  withProof(body: unknown): Promise<unknown>
  /** Bearer + x-org-id headers. */
  authHeaders(accessToken: string, orgId: string): Record<string, string>
  /** An organisation's id by name. */
  orgId(name: string): Promise<string>
  /** Row counts of every table, to show that a refused request wrote nothing. */
  rowCounts(): Promise<Record<string, number>>
  /**
   * A checksum (md5 of every row's text, in order) of every table of the public schema, by table
   * name: unlike {@link rowCounts} it also changes when a row is updated.
   */
  snapshot(): Promise<Record<string, string>>
  close(): Promise<void>
}

/** The `token` of the first link to `path` (`/reset-password`...) in a message's plain text; undefined when there is none. */
export function linkToken(text: string, path: string): string | undefined {
  for (const match of text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0])
    const token = url.searchParams.get('token')
    if (url.pathname === path && token) return token
  }
  return undefined
}

/** {@link TestServer.request} for any app: `body` objects are sent as JSON. */
export function requester(app: ReturnType<typeof createApp>): TestServer['request'] {
  return (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    let body: string | undefined
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    return Promise.resolve(app.request(path, { method, headers, body }))
  }
}

export const TEST_CONFIG = {
  accessTokenTtlS: 300,
  refreshTokenTtlS: 30 * 24 * 60 * 60,
  staticDir: '/nonexistent-engage-static',
  appVersion: '9.9.9-test',
  bodyLimitBytes: 64 * 1024,
  waitlistEnabled: true as boolean,
  streamsPerUser: MAX_STREAMS_PER_USER as number,
} as const

/**
 * Opens, migrates and seeds an in-memory database and builds the app on it.
 * @param extraDeps more app dependencies built on the database and the test clock (e.g. an upload storage).
 */
export async function startTestServer(
  overrides: Partial<typeof TEST_CONFIG> = {},
  extraDeps?: (handle: DatabaseHandle, clock: { ms: number }) => Partial<AppDeps> | Promise<Partial<AppDeps>>,
): Promise<TestServer> {
  const handle = await openDatabase({ memory: true })
  await prepareDatabase(handle)
  const signingKey = await loadSigningKey(handle.db, undefined)
  const { key: internalApiKey } = await loadInternalApiKey(handle.db, undefined)
  const clock = { ms: Date.now() }
  const loggedErrors: unknown[] = []
  const loggedInfo: string[] = []
  const extra = (await extraDeps?.(handle, clock)) ?? {}
  let mailer: Mailer | undefined
  const app = createApp({
    // Off by default so files that sign in often share one address without tripping them;
    // server/http/rate-limit.test.ts turns them on (through `extraDeps`) and tests them.
    rateLimits: { enabled: false, trustProxy: false },
    ...extra,
    db: handle.db,
    driver: handle.driver,
    config: { ...TEST_CONFIG, ...overrides },
    signingKey,
    internalApiKey,
    listen: handle.listen,
    now: () => clock.ms,
    onMailer: (m) => {
      mailer = m
      extra.onMailer?.(m)
    },
    // A test that brings its own logger reads the log records themselves (server/log.test.ts).
    ...(extra.logger === undefined && {
      logError: (_message: string, error: unknown) => loggedErrors.push(error),
      logInfo: (message: string, fields?: Readonly<Record<string, unknown>>) =>
        loggedInfo.push(fields === undefined ? message : `${message}${prettyFields(fields)}`),
    }),
  })

  if (mailer === undefined) throw new Error('createApp did not hand out its mailer')
  const appMailer = mailer
  const request = requester(app)
  const mailTo = async (email: string, kind?: MailKind) => {
    await appMailer.settled()
    return (await listOutbox(handle.db, { to: email, limit: 500 })).filter((m) => kind === undefined || m.kind === kind)
  }
  const proof = async () => issueProof(await loadProofKey(handle.db), clock.ms).proof

  return {
    handle,
    app,
    signingKey,
    internalApiKey,
    clock,
    loggedErrors,
    loggedInfo,
    mailer: appMailer,
    mailTo,
    async tokenMailedTo(email, path) {
      for (const message of await mailTo(email)) {
        const token = linkToken(message.text, path)
        if (token !== undefined) return token
      }
      throw new Error(`no ${path} link mailed to ${email}`)
    },
    request,
    proof,
    async withProof(body) {
      if (typeof body !== 'object' || body === null || Array.isArray(body) || 'bot_check_proof' in body) return body
      return { ...body, bot_check_proof: await proof() }
    },
    async signIn(email) {
      const response = await request('POST', '/api/users/signin', { body: { email, password: DEMO_PASSWORD, bot_check_proof: await proof() } })
      if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`)
      return (await response.json()) as SignInResponse
    },
    authHeaders: (accessToken, orgId) => ({ authorization: `Bearer ${accessToken}`, 'x-org-id': orgId }),
    async orgId(name) {
      const [row] = await handle.db.select({ id: schema.organizations.id }).from(schema.organizations).where(eq(schema.organizations.name, name))
      if (row === undefined) throw new Error(`no org named ${name}`)
      return row.id
    },
    async rowCounts() {
      const tables: Record<string, PgTable> = {
        users: schema.users,
        organizations: schema.organizations,
        memberships: schema.memberships,
        permission_sets: schema.permissionSets,
        member_permission_sets: schema.memberPermissionSets,
        refresh_tokens: schema.refreshTokens,
        password_tokens: schema.passwordTokens,
        server_secrets: schema.serverSecrets,
        org_plans: schema.orgPlans,
        credit_ledger: schema.creditLedger,
        notifications: schema.notifications,
        notification_preferences: schema.notificationPreferences,
        bug_reports: schema.bugReports,
        uploads: schema.uploads,
        mail_outbox: schema.mailOutbox,
      }
      const entries = await Promise.all(
        Object.entries(tables).map(async ([name, table]) => {
          const [row] = await handle.db.select({ n: count() }).from(table)
          return [name, row?.n ?? -1] as const
        }),
      )
      return Object.fromEntries(entries)
    },
    async snapshot() {
      const tables = await handle.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )
      const names = (tables as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)
      const union = names
        .map((name) => `select '${name}' as t, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${name}" x`)
        .join(' union all ')
      const result = await handle.db.execute(sql.raw(union))
      return Object.fromEntries((result as unknown as { rows: { t: string; h: string }[] }).rows.map((r) => [r.t, r.h]))
    },
    close: () => handle.close(),
  }
}
