/**
 * The HTTP application (Hono), without listening: `main.ts` serves it, tests call
 * `app.request(...)` directly. Layout of the URL space:
 *
 * - `/api/*`: the JSON API (docs/api.md): `/users`, `/permissions`, `/organizations`,
 *   `/org-billing`, `/common-services/notifications` (+ its SSE stream), `/common-services/web-push` (server/push), `/health`, and the operator's key-protected `/internal` (admin CLI); unknown
 *   (also `/data-storage` uploads, `/cms/report-bug` bug reports and `/mail/unsubscribe`);
 *   paths answer 404 JSON.
 * - `/version.json`: the app version (SPEC.md §7), never cached.
 * - everything else: the built SPA from STATIC_DIR with client-side-routing fallback.
 *
 * Every response carries the security headers (http/security.ts); every error is an
 * `ApiErrorBody`; an unexpected error is logged here and answered with a generic 500.
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { allEndpoints } from '../contract/all-endpoints.ts'
import { ErrorCode } from '../contract/api.ts'
import { openApiDocument } from '../contract/openapi.ts'
import type { SigningKey } from './auth/access-token.ts'
import { publicOriginOf, type ServerConfig } from './config.ts'
import { type Database, type DriverName, type ListenFn, migrationStatus } from './db/client.ts'
import { internalRoutes } from './admin/internal-routes.ts'
import { billingRoutes } from './billing/routes.ts'
import { type BotCheckConfig, DEFAULT_BOT_CHECK } from './botcheck/config.ts'
import { turnstileCsp } from './botcheck/csp.ts'
import { botCheckProofs } from './botcheck/proof.ts'
import { botCheckRoutes } from './botcheck/routes.ts'
import { refuseUnsafeAddress } from './http/address.ts'
import { requestContext } from './http/request-context.ts'
import { refuseRevokedSessions } from './http/revoked-sessions.ts'
import { createSessionRevocations, type SessionRevocations } from './auth/revocations.ts'
import { twoFactorRequirement } from './http/two-factor-requirement.ts'
import { ApiError, internalErrorBody, notFound } from './http/errors.ts'
import { createRateLimiters, limitByAddress, type RateLimitOptions } from './http/rate-limit.ts'
import { securityHeaders } from './http/security.ts'
import { errorLogger, infoLogger, log, type Logger } from './log.ts'
import { staticHandler, versionHandler } from './http/static.ts'
import { createNotificationHub, type NotificationHub } from './notifications/hub.ts'
import { notificationRoutes } from './notifications/routes.ts'
import { permissionRoutes } from './permissions/routes.ts'
import { pushRoutes } from './push/routes.ts'
import { createPushService, type PushOptions, type PushService } from './push/service.ts'
import { createMailer, type Mailer, type MailOptions } from './mail/mailer.ts'
import { createUnsubscribeTokens } from './mail/unsubscribe.ts'
import { unsubscribeRoutes } from './mail/unsubscribe-routes.ts'
import { createEmailDelivery, type EmailDelivery } from './notifications/email-delivery.ts'
import { createSnoozeWaker, type SnoozeWaker } from './notifications/snooze.ts'
import { auditRoutes } from './audit/routes.ts'
import { overviewRoutes } from './overview/routes.ts'
import { teamRoutes } from './team/routes.ts'
import { userRoutes } from './users/routes.ts'
import { twoFactorRoutes } from './users/two-factor-routes.ts'
import { createTwoFactorService } from './auth/two-factor.ts'
import { profileRoutes } from './users/profile-routes.ts'
import { invitationRoutes } from './users/invitations-routes.ts'
import { sessionRoutes } from './users/sessions-routes.ts'
import { passkeyRoutes } from './passkeys/routes.ts'
import { reverificationRoutes } from './users/reverification-routes.ts'
import { accountRoutes, queueEmailConfirmation } from './users/account-routes.ts'
import { authenticateApiKeys } from './http/api-keys.ts'
import { apiKeyRoutes } from './apiKeys/routes.ts'
import { workspaceRoutes } from './workspaces/routes.ts'
import { bugReportRoutes } from './bugReports/routes.ts'
import { ssoRoutes } from './sso/routes.ts'
import { createWebhookDelivery, type WebhookDeliveryDeps, type WebhookDeliveryService } from './webhooks/delivery.ts'
import { webhookRoutes } from './webhooks/routes.ts'
import type { LocalUploadStorage } from './uploads/local.ts'
import { presignRoutes, uploadFileRoutes } from './uploads/routes.ts'
import { uploadOriginCsp } from './uploads/csp.ts'
import type { UploadStorage } from './uploads/storage.ts'

export interface AppDeps {
  readonly db: Database
  readonly driver: DriverName
  readonly config: Pick<
    ServerConfig,
    'accessTokenTtlS' | 'refreshTokenTtlS' | 'staticDir' | 'appVersion' | 'bodyLimitBytes' | 'waitlistEnabled'
  > &
    Partial<Pick<ServerConfig, 'appUrl' | 'streamsPerUser' | 'reverificationWindowS'>>
  /** From `loadSigningKey` (auth/access-token.ts). */
  readonly signingKey: SigningKey
  /**
   * Key of the internal API (`/api/internal`, used by the admin CLI), from `loadInternalApiKey`
   * (admin/runtime.ts). Absent: the internal API is off and answers 404 like any unknown path.
   */
  readonly internalApiKey?: string
  /**
   * LISTEN on the database (DatabaseHandle.listen), feeding the notification stream (one LISTEN
   * per app). Absent: `GET /api/common-services/notifications/stream` answers 503.
   */
  readonly listen?: ListenFn
  /** The notification hub; defaults to one on `listen`. main.ts passes its own to close it at shutdown. */
  readonly notificationHub?: NotificationHub
  /**
   * Where uploads go (server/uploads): the embedded local storage (its PUT and GET routes are
   * then served too) or S3. Absent: `POST /api/data-storage/get-presigned-url` answers 503.
   */
  readonly uploadStorage?: UploadStorage | LocalUploadStorage
  /** Clock in ms since the epoch; defaults to `Date.now`. */
  readonly now?: () => number
  /** RATE_LIMITS and TRUST_PROXY (server/http/rate-limit.ts); defaults to limits on, no proxy. */
  readonly rateLimits?: RateLimitOptions
  /** The structured log (server/log.ts); defaults to the process's (stdout, LOG_LEVEL, LOG_FORMAT). */
  readonly logger?: Logger
  /** Where unexpected errors go (constant message, the error as a field); defaults to `logger.error`. */
  readonly logError?: (message: string, error: unknown) => void
  /**
   * Where notices for the operator go (invite links: there is no email server), the variable parts
   * (emails, names, links) as `fields`, never in `message`; defaults to `logger.info`.
   */
  readonly logInfo?: (message: string, fields?: Readonly<Record<string, unknown>>) => void
  /** The human-verification bot check (server/botcheck); defaults to ALTCHA with the default cost. */
  readonly botCheck?: BotCheckConfig
  /** Outbound HTTP for Turnstile's siteverify; defaults to the global `fetch` (tests pass a fake). */
  readonly botCheckFetch?: typeof fetch
  /**
   * Web Push (server/push): VAPID keys, the endpoint allow-list, and for tests a sender.
   * Absent: keys generated on first use and kept in `server_secrets`; no allow-listed hosts.
   */
  readonly push?: PushOptions
  /** Receives the push service the app built (main.ts waits for its deliveries at shutdown; tests). */
  readonly onPushService?: (service: PushService) => void
  /**
   * The public origin absolute links are built from (server/config.ts `publicOriginOf`: APP_URL,
   * else the address the server listens on, which main.ts passes in). Defaults to
   * `publicOriginOf(config)`: APP_URL, else http://localhost, where an app called in-process
   * (tests) receives its requests.
   */
  readonly publicOrigin?: () => string
  /**
   * Email (server/mail): SMTP_URL and MAIL_FROM, or a test transport. Absent: the
   * outbox only, From `Engage <no-reply@localhost>`.
   */
  readonly mail?: MailOptions
  /** Receives the mailer the app built (main.ts waits for its deliveries at shutdown; tests read the outbox). */
  readonly onMailer?: (mailer: Mailer) => void
  /** EMAIL_DIGEST_INTERVAL_S: seconds between notification digests; defaults to 900. */
  readonly emailDigestIntervalS?: number
  /** Receives the notification email delivery the app built (main.ts stops it and waits for it at shutdown; tests run digests). */
  readonly onEmailDelivery?: (delivery: EmailDelivery) => void
  /**
   * Ms between wake-ups of snoozed notifications (server/notifications/snooze.ts;
   * main.ts passes SNOOZE_WAKE_INTERVAL_MS). Absent: no timer (the lists still treat a passed
   * snooze as back; tests call `wakeDue` or pass an interval).
   */
  readonly snoozeWakeIntervalMs?: number
  /** Receives the snooze waker the app built (main.ts stops it at shutdown; tests wake on demand). */
  readonly onSnoozeWaker?: (waker: SnoozeWaker) => void
  /** True once the process is shutting down: readiness then answers 503 so a load balancer stops sending. */
  readonly isStopping?: () => boolean
  /**
   * The signed-out sessions (server/auth/revocations.ts); defaults to a set on `listen`. main.ts
   * passes its own to stop it at shutdown.
   */
  readonly revocations?: SessionRevocations
  /**
   * Webhooks (server/webhooks): the endpoint allow-list (WEBHOOK_ENDPOINT_ALLOW_HOSTS) and, for
   * tests, a sender and shorter retry delays. Absent: no allow-listed hosts.
   */
  readonly webhooks?: { readonly allowHosts?: ReadonlyArray<string> } & Partial<Pick<WebhookDeliveryDeps, 'send' | 'retryDelaysMs' | 'timeoutMs' | 'leaseMs'>>
  /** Receives the webhook delivery service the app built (main.ts starts it and stops it at shutdown; tests run it). */
  readonly onWebhookDelivery?: (service: WebhookDeliveryService) => void
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/')

/** Builds the application. Does not touch the database until a request arrives. */
export function createApp(deps: AppDeps): Hono {
  const now = deps.now ?? Date.now
  const publicOrigin = deps.publicOrigin ?? publicOriginOf(deps.config)
  const logger = deps.logger ?? log()
  const logError = deps.logError ?? errorLogger(logger)
  const logInfo = deps.logInfo ?? infoLogger(logger)
  const app = new Hono()
  // Every message goes through the outbox; SMTP when configured (server/mail/mailer.ts).
  const mailer = createMailer(deps.db, deps.mail ?? { from: 'Engage <no-reply@localhost>' }, now, logError, logInfo)
  deps.onMailer?.(mailer)

  app.use('*', securityHeaders())
  // Every API request has an id (x-request-id), on every record logged while it runs.
  app.use('/api/*', requestContext())
  // With S3 the browser PUTs uploads to the bucket: its origin joins connect-src (server/uploads/csp.ts).
  if (deps.uploadStorage?.uploadOrigin !== undefined) app.use('*', uploadOriginCsp(deps.uploadStorage.uploadOrigin))
  // Turnstile's script and iframe come from Cloudflare: only then does the policy allow that origin.
  if (deps.botCheck?.provider === 'turnstile') app.use('*', turnstileCsp())

  // Before the API's body limit: an upload has its own cap, enforced while reading (server/uploads).
  const uploadStorage = deps.uploadStorage
  if (uploadStorage !== undefined && 'receive' in uploadStorage) app.route('/api/data-storage', uploadFileRoutes(uploadStorage))

  const api = new Hono()
  const limitBody = bodyLimit({
    maxSize: deps.config.bodyLimitBytes,
    onError: () => {
      const kB = Math.floor(deps.config.bodyLimitBytes / 1024)
      throw new ApiError(413, ErrorCode.invalidRequest, `The request body is larger than ${kB} kB.`, [
        { path: [], message: `At most ${kB} kB` },
      ])
    },
  })
  // A GET or HEAD has no body here (@hono/node-server gives it none), so bodyLimit would pass it on
  // anyway; skipped for them because asking for the body builds a whole fetch Request (the bench
  // measured that at about 5% of the server's CPU on the notifications list).
  api.use('*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)))
  // Path ids and query values with a NUL, an unpaired surrogate or broken
  // percent-encoding are a 400 before any route could hand them to PostgreSQL.
  api.use('*', refuseUnsafeAddress)
  // A signed-out session's access token is refused everywhere at once (401 session_revoked).
  const revocations =
    deps.revocations ?? createSessionRevocations({ db: deps.db, listen: deps.listen, now, accessTokenTtlS: deps.config.accessTokenTtlS, logError })
  api.use('*', refuseRevokedSessions({ signingKey: deps.signingKey, revocations, now }))
  // Rate limits (docs/api.md "Rate limits"), counted before the body is read: 429 + Retry-After.
  const limiters = createRateLimiters(deps.rateLimits)
  // A workspace API key (Bearer eng_…): refused at once when unknown, revoked or expired, counted
  // against its own rate limit, and let through only to the public API (server/http/api-keys.ts).
  api.use('*', authenticateApiKeys({ db: deps.db, now, limiter: limiters.perApiKey, logError }))
  // The proof a passed bot check yields, which sign-in and sign-up require.
  const botCheck = deps.botCheck ?? DEFAULT_BOT_CHECK
  const proofs = botCheckProofs({ db: deps.db, config: botCheck, now })
  api.use('/users/signin', limitByAddress(limiters, limiters.signInPerAddress))
  api.use('/users/signin/two-factor', limitByAddress(limiters, limiters.signInPerAddress))
  // Passkey sign-in (its prompt and its answer) counts like a password sign-in.
  api.use('/users/signin/passkey', limitByAddress(limiters, limiters.signInPerAddress))
  api.use('/users/signin/passkey/options', limitByAddress(limiters, limiters.signInPerAddress))
  // TOTP and recovery codes (server/auth/two-factor.ts); its key loads on first use.
  const twoFactor = createTwoFactorService(deps.db)
  api.use('/users/signup', limitByAddress(limiters, limiters.signUpPerAddress))
  // Single sign-on's start, callback and account proof count like sign-ins.
  api.use('/users/sso/*', limitByAddress(limiters, limiters.signInPerAddress))
  api.use('/users/verify-turnstile', limitByAddress(limiters, limiters.botCheckPerAddress))
  api.use('/cms/report-bug', limitByAddress(limiters, limiters.bugReportPerAddress))
  api.use('/data-storage/get-presigned-url', limitByAddress(limiters, limiters.uploadUrlPerAddress))
  api.use('/users/me/password', limitByAddress(limiters, limiters.passwordChangePerAddress))
  // 'Confirm it's you' checks a password or a code: limited like a password change.
  api.use('/users/me/reverification', limitByAddress(limiters, limiters.passwordChangePerAddress))
  // How long a factor allows sensitive changes (REVERIFICATION_WINDOW_S; server/http/reverification.ts).
  const reverificationWindowMs = (deps.config.reverificationWindowS ?? 600) * 1000
  // 'Forgot password?' is limited like sign-in; 'Resend' of the confirmation link too.
  api.use('/users/password-reset', limitByAddress(limiters, limiters.passwordResetPerAddress))
  api.use('/users/me/confirm-email/resend', limitByAddress(limiters, limiters.confirmationResendPerAddress))
  // A workspace's two-factor requirement on the routes that check membership themselves
  // (the permission-guarded ones apply it in server/members/access.ts).
  const requirement = twoFactorRequirement({ db: deps.db, signingKey: deps.signingKey, now })
  for (const prefix of ['/common-services/*', '/org-billing/*', '/data-storage/*']) api.use(prefix, requirement.middleware)
  api.route(
    '/users',
    userRoutes({
      limiters,
      proofs,
      db: deps.db,
      signingKey: deps.signingKey,
      accessTokenTtlS: deps.config.accessTokenTtlS,
      refreshTokenTtlS: deps.config.refreshTokenTtlS,
      now,
      waitlistEnabled: deps.config.waitlistEnabled,
      twoFactor,
      // Sign-up mails an address-confirmation link.
      onSignedUp: async (tx, userId) => {
        const outboxId = await queueEmailConfirmation(tx, { mailer, publicOrigin, now }, userId)
        return () => mailer.dispatch(outboxId === undefined ? [] : [outboxId])
      },
    }),
  )
  // Password reset and address confirmation (/users/password-reset*, /users/confirm-email; docs/api.md).
  api.route(
    '/users',
    accountRoutes({ db: deps.db, signingKey: deps.signingKey, mailer, publicOrigin, now, resetsPerEmail: limiters.passwordResetPerEmail }),
  )
  // Two-factor authentication (/users/me/two-factor*, /users/signin/two-factor; docs/api.md).
  api.route(
    '/users',
    twoFactorRoutes({
      db: deps.db,
      signingKey: deps.signingKey,
      twoFactor,
      limiters,
      rateLimits: deps.rateLimits,
      accessTokenTtlS: deps.config.accessTokenTtlS,
      refreshTokenTtlS: deps.config.refreshTokenTtlS,
      now,
      reverificationWindowMs,
    }),
  )
  // Ours: the signed-in person's profile and password (/users/me; docs/api.md).
  api.route(
    '/users',
    profileRoutes({
      db: deps.db,
      signingKey: deps.signingKey,
      accessTokenTtlS: deps.config.accessTokenTtlS,
      refreshTokenTtlS: deps.config.refreshTokenTtlS,
      now,
      address: limiters.address,
      reverificationWindowMs,
    }),
  )
  // 'Confirm it's you' (/users/me/reverification; docs/api.md "Reverification").
  api.route('/users', reverificationRoutes({ db: deps.db, signingKey: deps.signingKey, twoFactor, rateLimits: deps.rateLimits, now, windowMs: reverificationWindowMs }))
  // The person's signed-in sessions (/users/sessions; docs/api.md).
  api.route('/users', sessionRoutes({ db: deps.db, signingKey: deps.signingKey, now, address: limiters.address }))
  // Passkeys: adding, listing, renaming, deleting; signing in and confirming it's you with one (docs/api.md "Passkeys").
  api.route(
    '/users',
    passkeyRoutes({
      db: deps.db,
      signingKey: deps.signingKey,
      accessTokenTtlS: deps.config.accessTokenTtlS,
      refreshTokenTtlS: deps.config.refreshTokenTtlS,
      now,
      publicOrigin,
      address: limiters.address,
      reverificationWindowMs,
    }),
  )
  // The person's pending invitations to other workspaces, accepted or declined (/users/invitations).
  api.route('/users', invitationRoutes({ db: deps.db, signingKey: deps.signingKey, now, address: limiters.address }))
  // SPEC §7 POST /users/verify-turnstile and our bot-check config and challenge (public).
  api.route('/users', botCheckRoutes({ db: deps.db, config: botCheck, proofs, now, fetch: deps.botCheckFetch, logError }))
  api.route('/permissions', permissionRoutes({ db: deps.db, signingKey: deps.signingKey, now, address: limiters.address, reverificationWindowMs }))
  api.route('/organizations', teamRoutes({ db: deps.db, signingKey: deps.signingKey, now, logInfo, mailer, publicOrigin, address: limiters.address, reverificationWindowMs }))
  api.route(
    '/organizations',
    workspaceRoutes({
      db: deps.db,
      signingKey: deps.signingKey,
      now,
      waitlistEnabled: deps.config.waitlistEnabled,
      address: limiters.address,
      onTwoFactorRequirementChanged: requirement.invalidate,
    }),
  )
  // The workspace's audit log, its CSV export and the person filter (/organizations/audit-log*; docs/api.md).
  api.route('/organizations', auditRoutes({ db: deps.db, signingKey: deps.signingKey, now, logError }))
  // The workspace's API keys (/organizations/api-keys*; docs/api.md "API keys").
  api.route('/organizations', apiKeyRoutes({ db: deps.db, signingKey: deps.signingKey, now, address: limiters.address }))
  // Single sign-on (OpenID Connect): the workspace's connection (/organizations/sso*) and signing in
  // through it (/users/sso/*; docs/api.md "Single sign-on").
  const sso = ssoRoutes({
    db: deps.db,
    signingKey: deps.signingKey,
    now,
    accessTokenTtlS: deps.config.accessTokenTtlS,
    refreshTokenTtlS: deps.config.refreshTokenTtlS,
    publicOrigin,
    address: limiters.address,
    failuresPerEmail: limiters.signInFailuresPerEmail,
    sleep: (ms) => limiters.sleep(ms),
    twoFactor,
    reverificationWindowMs,
  })
  api.route('/organizations', sso.settings)
  api.route('/users', sso.signIn)
  // The Overview page's team size and getting-started checklist (/overview; docs/api.md).
  api.route('/overview', overviewRoutes({ db: deps.db, signingKey: deps.signingKey, now }))
  api.route('/org-billing', billingRoutes({ db: deps.db, signingKey: deps.signingKey, now }))
  const notificationHub = deps.notificationHub ?? createNotificationHub(deps.listen, logError)
  api.route(
    '/common-services',
    notificationRoutes({
      db: deps.db,
      signingKey: deps.signingKey,
      hub: notificationHub,
      now,
      logError,
      maxStreamsPerUser: deps.config.streamsPerUser,
      revocations,
      onCreated: (id) => notificationCreated(id),
    }),
  )
  // Snoozed notifications come back unread, announced to the streams like new ones.
  const snoozeWaker = createSnoozeWaker({ db: deps.db, now, logError })
  deps.onSnoozeWaker?.(snoozeWaker)
  if (deps.snoozeWakeIntervalMs !== undefined) snoozeWaker.start(deps.snoozeWakeIntervalMs)
  api.route('/data-storage', presignRoutes({ db: deps.db, signingKey: deps.signingKey, now, storage: uploadStorage, publicOrigin }))
  api.route('/cms', bugReportRoutes({ db: deps.db, signingKey: deps.signingKey, now }))
  const push = createPushService(deps.db, deps.push ?? {}, now, logError)
  deps.onPushService?.(push)
  api.route('/common-services', pushRoutes({ db: deps.db, signingKey: deps.signingKey, now, vapid: push.vapid, policy: push.policy, delivery: push.delivery }))
  // Notification emails (urgent at once, the rest in digests) and their one-click unsubscribe.
  const unsubscribeTokens = createUnsubscribeTokens(deps.db, deps.signingKey, () => Math.floor(now() / 1000))
  const emailDelivery = createEmailDelivery({ db: deps.db, mailer, now, publicOrigin, unsubscribe: unsubscribeTokens, logError })
  deps.onEmailDelivery?.(emailDelivery)
  if (deps.emailDigestIntervalS !== undefined) emailDelivery.start(deps.emailDigestIntervalS * 1000)
  api.route('/mail', unsubscribeRoutes({ db: deps.db, tokens: unsubscribeTokens }))
  // A created notification is pushed to its recipient's inactive devices (server/push/delivery.ts)
  // and emailed when the preferences allow (server/notifications/email-delivery.ts).
  function notificationCreated(id: string): void {
    void push.delivery.notificationCreated(id)
    void emailDelivery.notificationCreated(id)
  }
  api.route('/internal', internalRoutes({ db: deps.db, internalApiKey: deps.internalApiKey, mailer, onNotificationCreated: notificationCreated }))
  // Webhooks: endpoints and their delivery log (/organizations/webhooks*), and the worker that
  // sends the outbox (started by main.ts). Its notifications go out like any other.
  const { allowHosts: webhookAllowHosts, ...webhookOptions } = deps.webhooks ?? {}
  const webhookPolicy = { allowHosts: webhookAllowHosts ?? [] }
  const webhookDelivery = createWebhookDelivery({
    ...webhookOptions,
    db: deps.db,
    now,
    logError,
    policy: webhookPolicy,
    listen: deps.listen,
    onNotificationCreated: notificationCreated,
  })
  deps.onWebhookDelivery?.(webhookDelivery)
  api.route('/organizations', webhookRoutes({ db: deps.db, signingKey: deps.signingKey, now, policy: webhookPolicy, delivery: webhookDelivery, address: limiters.address }))
  // The API's OpenAPI 3.1 document, made from the contract once, on first request (contract/openapi.ts).
  let openApi: string | undefined
  api.get('/openapi.json', (c) => {
    openApi ??= JSON.stringify(openApiDocument(allEndpoints, deps.config.appVersion))
    c.header('cache-control', 'no-cache')
    return c.body(openApi, 200, { 'content-type': 'application/json; charset=utf-8' })
  })
  // Liveness: the process answers. It never asks the database, so an orchestrator
  // does not restart every server while PostgreSQL is down; readiness says that.
  api.get('/health', (c) => c.json({ ok: true, database: deps.driver }))
  // Readiness: the database answers and has every migration this code ships; 503 otherwise, and
  // from the moment shutdown begins.
  api.get('/health/ready', async (c) => {
    if (deps.isStopping?.()) return c.json({ ok: false, database: deps.driver, reason: 'stopping' }, 503)
    try {
      const migrations = await migrationStatus(deps.db)
      const current = migrations.applied >= migrations.expected
      return c.json({ ok: current, database: deps.driver, migrations, ...(current ? {} : { reason: 'migrations pending' }) }, current ? 200 : 503)
    } catch (error) {
      logError('Readiness check: the database did not answer', error)
      return c.json({ ok: false, database: deps.driver, reason: 'database unavailable' }, 503)
    }
  })
  app.route('/api', api)

  app.get('/version.json', versionHandler(deps.config.staticDir, deps.config.appVersion))
  const serveSpa = staticHandler(deps.config.staticDir)
  app.use('*', async (c, next) => (isApiPath(c.req.path) ? next() : serveSpa(c, next)))

  app.notFound((c) => c.json(notFound().body(), 404))
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.body(), error.status)
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: { code: ErrorCode.invalidRequest, message: error.message || 'Bad request.', issues: [] } }, error.status)
    }
    // The method, path and request id are on the record (server/http/request-context.ts).
    logError('Unhandled error', error)
    return c.json(internalErrorBody(), 500)
  })
  return app
}
