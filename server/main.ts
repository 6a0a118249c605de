/**
 * The server process: configuration, database (open, migrate, seed on first start), signing key,
 * internal API key, then HTTP on HOST:PORT. Prints `Engage is running at http://HOST:PORT` once
 * listening (the end-to-end harness parses that line; with PORT=0 it carries the real port) and
 * the demo sign-in. SIGINT/SIGTERM shut down gracefully: readiness turns 503, the notification
 * streams end with a retry hint, no new connection is accepted, in-flight requests and pushes
 * finish (at most SHUTDOWN_GRACE_MS each), then the database closes.
 *
 * For the admin CLI (`npm run admin`, server/admin/cli.ts) it writes DATA_DIR/internal-api-key
 * (mode 0600) at start and DATA_DIR/server.json (`{ url, pid }`) once listening, and removes
 * server.json at shutdown (server/admin/runtime.ts).
 *
 * WEB_CONCURRENCY > 1 with DATABASE_URL: this process becomes the cluster's primary (migrations,
 * seeding, secrets and the published files once), and that many workers serve HTTP on the same
 * port (server/cluster.ts). With embedded PGlite it is ignored, with a warning.
 *
 * Run through `npm start` (scripts/start.mjs), or directly with `node --import tsx server/main.ts`.
 */
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import { loadInternalApiKey, localUrl, publishInternalApiKey, publishServerInfo } from './admin/runtime.ts'
import { createApp } from './app.ts'
import { type Mailer, smtpDestination } from './mail/mailer.ts'
import type { EmailDelivery } from './notifications/email-delivery.ts'
import { SNOOZE_WAKE_INTERVAL_MS, type SnoozeWaker } from './notifications/snooze.ts'
import { botCheckStartupLine } from './botcheck/routes.ts'
import { loadSigningKey } from './auth/access-token.ts'
import { createSessionRevocations, type SessionRevocations } from './auth/revocations.ts'
import { isEngageWorker, runPrimary } from './cluster.ts'
import { ConfigError, loadConfig, publicOriginOf, type ServerConfig } from './config.ts'
import { DataDirInUseError, openDatabase, type DatabaseHandle } from './db/client.ts'
import { DEMO_PASSWORD, DEMO_USERS, prepareDatabase } from './admin/seed.ts'
import { createLogger, log, printPlain, readLogSettings, setLog } from './log.ts'
import { createNotificationHub } from './notifications/hub.ts'
import type { PushService } from './push/service.ts'
import { loadVapidKeys } from './push/vapid.ts'
import { createUploadStorage } from './uploads/create.ts'
import { type DemoSso, startDemoSso } from './sso/demo-setup.ts'
import { createSsoSecretBox } from './sso/secret.ts'
import { WEBHOOK_SWEEP_INTERVAL_MS, type WebhookDeliveryService } from './webhooks/delivery.ts'

/** Interval of the embedded database's vacuum and analyze pass, ms. */
const PGLITE_MAINTENANCE_MS = 15 * 60_000

/** How long in-flight requests get to finish at shutdown, ms. */
const SHUTDOWN_GRACE_MS = 5_000

/** The secrets and storage every serving process needs (generated on first start, then read). */
async function loadRuntime(handle: DatabaseHandle, config: ServerConfig) {
  const signingKey = await loadSigningKey(handle.db, config.jwtSecret)
  // Local disk under DATA_DIR/uploads, or S3 when S3_BUCKET is set (server/uploads).
  const uploadStorage = await createUploadStorage(handle.db, config)
  const internalKey = await loadInternalApiKey(handle.db, config.internalApiKey)
  // Web Push: the VAPID pair is generated here on first start (or taken from VAPID_*), so the key is stable before any browser subscribes.
  const vapid = { vapidPublicKey: config.vapidPublicKey, vapidPrivateKey: config.vapidPrivateKey, vapidSubject: config.vapidSubject }
  await loadVapidKeys(handle.db, vapid)
  return { signingKey, uploadStorage, internalKey, push: { vapid, allowHosts: config.pushEndpointAllowHosts } }
}

/** Waits for `work` at most `ms` (shutdown must end even if a push service hangs). */
async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))])
  clearTimeout(timer)
}

/**
 * The banner: plain lines on stdout, not log records (the end-to-end harness and the bench parse
 * its first line; its values are the operator's own configuration).
 */
function printBanner(info: AddressInfo, config: ServerConfig, driver: DatabaseHandle['driver'], seeded: boolean, processes: number, demoSso?: DemoSso): void {
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address
  printPlain(
    [
      `Engage is running at http://${host}:${info.port}`,
      `  database: ${driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ', demo data created' : ''}` +
        (processes > 1 ? `; ${processes} server processes (WEB_CONCURRENCY)` : ''),
      `  uploads: ${config.s3 ? `S3 bucket ${config.s3.bucket}` : `local disk in ${path.join(config.dataDir, 'uploads')}`}`,
      // Say where mail goes, so nobody waits for an email the outbox is keeping.
      `  mail: ${config.mail.smtpUrl ? `SMTP ${smtpDestination(config.mail.smtpUrl)} from ${config.mail.from}` : 'kept in the database outbox (no SMTP_URL): read it with npm run admin -- mail'}`,
      `  sign in with ${DEMO_USERS[0]?.email} / ${DEMO_PASSWORD}`,
      `  waitlist ${config.waitlistEnabled ? 'on: approve new sign-ups with npm run admin -- approve-waitlist <name>' : 'off: new sign-ups are approved at once'}`,
      botCheckStartupLine(config.botCheck),
      ...(demoSso === undefined ? [] : [demoSso.bannerLine]),
    ].join('\n'),
  )
}

/**
 * One serving process: the whole server (`worker` false), or a worker forked by server/cluster.ts
 * (`worker` true: no migrations, seeding or published files, no banner).
 */
async function serveProcess(config: ServerConfig, worker: boolean): Promise<void> {
  const handle: DatabaseHandle = await openDatabase(config)
  let server: ReturnType<typeof serve> | undefined
  let unpublish: () => Promise<void> = async () => {}
  // Created here, not in createApp, so shutdown can end the open notification streams at once.
  const notificationHub = createNotificationHub(handle.listen)
  let stopping = false
  let pushService: PushService | undefined
  let mailer: Mailer | undefined
  let emailDelivery: EmailDelivery | undefined
  let snoozeWaker: SnoozeWaker | undefined
  let webhookDelivery: WebhookDeliveryService | undefined
  // The signed-out sessions (server/auth/revocations.ts): its LISTEN and reloads end before the database closes.
  let revocations: SessionRevocations | undefined
  // The embedded demo identity provider (SSO_DEMO_IDP), when on.
  let demoSso: DemoSso | undefined
  let listenOrigin = `http://${config.host}:${config.port}`
  // Graceful shutdown: readiness answers 503 at once, the notification streams end
  // with a retry hint, no new connection is accepted, in-flight requests and push deliveries get
  // SHUTDOWN_GRACE_MS to finish, then the database closes.
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    if (!worker) log().info({ signal }, `${signal} received: stopping Engage`)
    notificationHub.close()
    // No new snooze wake-up; one under way finishes before the database closes.
    snoozeWaker?.stop()
    // No new webhook claimed; attempts under way finish below (an unfinished one is sent again after its lease).
    await webhookDelivery?.stop()
    const closed = server === undefined ? Promise.resolve() : new Promise<void>((resolve) => server?.close(() => resolve()))
    // Idle keep-alive connections would hold close() open until they time out.
    if (server && 'closeIdleConnections' in server) server.closeIdleConnections()
    const grace = setTimeout(() => {
      if (server && 'closeAllConnections' in server) server.closeAllConnections()
    }, SHUTDOWN_GRACE_MS)
    await closed
    clearTimeout(grace)
    if (pushService) await settledWithin(pushService.delivery.settled(), SHUTDOWN_GRACE_MS)
    // No new digest run; one under way finishes (it feeds the mailer, so first).
    emailDelivery?.stop()
    if (emailDelivery) await settledWithin(emailDelivery.settled(), SHUTDOWN_GRACE_MS)
    // A message mid-send finishes; one waiting for a retry stays queued for the next start's sweep.
    if (mailer) await settledWithin(mailer.settled(), SHUTDOWN_GRACE_MS)
    mailer?.close()
    if (snoozeWaker) await settledWithin(snoozeWaker.settled(), SHUTDOWN_GRACE_MS)
    if (webhookDelivery) await settledWithin(webhookDelivery.settled(), SHUTDOWN_GRACE_MS)
    await unpublish().catch((error: unknown) => log().error({ err: error }, 'Could not remove server.json'))
    await demoSso?.close()
    await revocations?.stop()
    await handle.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))
  // A worker whose primary is gone (its IPC channel closed) stops too.
  if (worker) process.once('disconnect', () => void stop('disconnect'))

  try {
    const seeded = worker ? false : (await prepareDatabase(handle)).seeded
    const { signingKey, uploadStorage, internalKey, push } = await loadRuntime(handle, config)
    if (!worker) await publishInternalApiKey(config.dataDir, internalKey)
    if (handle.driver === 'pglite') {
      // PGlite has no autovacuum: refresh the planner's statistics and the visibility map now and
      // then, as prepareDatabase did at start (see server/admin/seed.ts).
      const maintenance = setInterval(() => {
        handle.db.execute(sql`vacuum (analyze)`).catch((error: unknown) => log().error({ err: error }, 'Database maintenance (vacuum) failed'))
      }, PGLITE_MAINTENANCE_MS)
      maintenance.unref()
    }
    // On PostgreSQL every process and host counts in the database; PGlite, in memory.
    const rateLimits = { ...config.rateLimits, store: handle.pool ? { kind: 'postgres' as const, pool: handle.pool } : { kind: 'memory' as const } }
    revocations = createSessionRevocations({
      db: handle.db,
      listen: handle.listen,
      now: Date.now,
      accessTokenTtlS: config.accessTokenTtlS,
      logError: (message, error) => log().error({ err: error }, message),
    })
    const app = createApp({
      db: handle.db,
      driver: handle.driver,
      config,
      revocations,
      signingKey,
      internalApiKey: internalKey.key,
      listen: handle.listen,
      notificationHub,
      uploadStorage,
      push,
      botCheck: config.botCheck,
      rateLimits,
      onPushService: (service) => (pushService = service),
      mail: config.mail,
      emailDigestIntervalS: config.emailDigestIntervalS,
      onMailer: (m) => (mailer = m),
      onEmailDelivery: (d) => (emailDelivery = d),
      snoozeWakeIntervalMs: SNOOZE_WAKE_INTERVAL_MS,
      onSnoozeWaker: (w) => (snoozeWaker = w),
      webhooks: { allowHosts: config.webhookEndpointAllowHosts },
      onWebhookDelivery: (w) => (webhookDelivery = w),
      isStopping: () => stopping,
      // APP_URL, else the address this server listens on (known once it listens, before any request).
      publicOrigin: publicOriginOf(config, () => listenOrigin),
    })
    const info = await new Promise<AddressInfo>((resolve, reject) => {
      server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info: AddressInfo) => {
        listenOrigin = localUrl(info.address, info.family, info.port)
        resolve(info)
      })
      server.once('error', reject)
    })
    if (!stopping) webhookDelivery?.start(WEBHOOK_SWEEP_INTERVAL_MS)
    // server.json before the banner: whoever waits for the banner (the CLI, the tests) finds it.
    if (!stopping && !worker) {
      unpublish = await publishServerInfo(config.dataDir, { url: localUrl(info.address, info.family, info.port), pid: process.pid })
      // Once the public origin is known: the demo provider sends people back to its /sso/callback.
      if (config.ssoDemoIdp.enabled) {
        demoSso = await startDemoSso(handle.db, createSsoSecretBox(handle.db), config.ssoDemoIdp.port, publicOriginOf(config, () => listenOrigin)()).catch((error: unknown) => {
          log().warn({ err: error }, 'The single sign-on demo provider did not start; serving without it')
          return undefined
        })
      }
      printBanner(info, config, handle.driver, seeded, 1, demoSso)
    }
  } catch (error) {
    await handle.close()
    throw error
  }
}

/**
 * The cluster's primary (WEB_CONCURRENCY > 1 with DATABASE_URL): migrations, seeding and the
 * generated secrets once, then the workers (server/cluster.ts); the primary serves no HTTP and
 * keeps no database connection.
 */
async function servePrimary(config: ServerConfig): Promise<void> {
  let seeded = false
  let unpublish: () => Promise<void> = async () => {}
  await runPrimary({
    workers: config.workers,
    async prepare() {
      const handle = await openDatabase(config)
      try {
        seeded = (await prepareDatabase(handle)).seeded
        const { internalKey } = await loadRuntime(handle, config)
        await publishInternalApiKey(config.dataDir, internalKey)
      } finally {
        await handle.close()
      }
    },
    async onListening(info) {
      unpublish = await publishServerInfo(config.dataDir, { url: localUrl(info.address, info.family, info.port), pid: process.pid })
      printBanner(info, config, 'postgres', seeded, config.workers)
    },
    onStopped: () => unpublish(),
  })
}

async function main(): Promise<void> {
  // LOG_LEVEL and LOG_FORMAT first, so every later message goes through the chosen logger.
  const logging = readLogSettings(process.env, process.stdout.isTTY === true)
  setLog(createLogger(logging))
  if (logging.problems.length > 0) throw new ConfigError(logging.problems)
  const config = loadConfig()
  if (isEngageWorker()) return serveProcess(config, true)
  if (config.workers > 1 && config.databaseUrl === undefined) {
    log().warn(
      { workers: config.workers },
      `WEB_CONCURRENCY=${config.workers} is ignored: the embedded PGlite database is served by one process. ` +
        'Set DATABASE_URL (PostgreSQL) to run several server processes.',
    )
  }
  if (config.workers > 1 && config.databaseUrl !== undefined) return servePrimary(config)
  return serveProcess(config, false)
}

try {
  await main()
} catch (error) {
  // A refusal to start the operator can fix is plain text on stderr, like the banner; anything
  // else is an error record with its stack.
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    printPlain(error.message, process.stderr)
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    printPlain(`Port ${process.env.PORT ?? 3000} is already in use: stop the other server or set PORT.`, process.stderr)
  } else {
    log().fatal({ err: error }, 'Engage failed to start')
  }
  process.exit(1)
}
