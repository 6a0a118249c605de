/**
 * The HTTP application (Hono), without listening: `main.ts` serves it, tests call
 * `app.request(...)` directly. Layout of the URL space:
 *
 * - `/api/*`: the JSON API (docs/api.md): `/users`, `/permissions`, `/organizations`,
 *   `/org-billing`, `/common-services/notifications` (+ its SSE stream), `/health`, and the operator's key-protected `/internal` (admin CLI); unknown
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
import { sql } from 'drizzle-orm'
import { ErrorCode } from '../contract/api.ts'
import type { SigningKey } from './auth/access-token.ts'
import type { ServerConfig } from './config.ts'
import type { Database, DriverName, ListenFn } from './db/client.ts'
import { internalRoutes } from './admin/internal-routes.ts'
import { billingRoutes } from './billing/routes.ts'
import { ApiError, internalErrorBody, notFound } from './http/errors.ts'
import { securityHeaders } from './http/security.ts'
import { staticHandler, versionHandler } from './http/static.ts'
import { createNotificationHub, type NotificationHub } from './notifications/hub.ts'
import { notificationRoutes } from './notifications/routes.ts'
import { permissionRoutes } from './permissions/routes.ts'
import { teamRoutes } from './team/routes.ts'
import { userRoutes } from './users/routes.ts'
import { workspaceRoutes } from './workspaces/routes.ts'

export interface AppDeps {
  readonly db: Database
  readonly driver: DriverName
  readonly config: Pick<
    ServerConfig,
    'accessTokenTtlS' | 'refreshTokenTtlS' | 'staticDir' | 'appVersion' | 'bodyLimitBytes' | 'waitlistEnabled'
  >
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
  /** Clock in ms since the epoch; defaults to `Date.now`. */
  readonly now?: () => number
  /** Where unexpected errors go; defaults to `console.error`. */
  readonly logError?: (message: string, error: unknown) => void
  /** Where notices for the operator go (invite links: there is no email server); defaults to `console.log`. */
  readonly logInfo?: (message: string) => void
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/')

/** Builds the application. Does not touch the database until a request arrives. */
export function createApp(deps: AppDeps): Hono {
  const now = deps.now ?? Date.now
  const logError = deps.logError ?? ((message, error) => console.error(message, error))
  const logInfo = deps.logInfo ?? ((message) => console.log(message))
  const app = new Hono()

  app.use('*', securityHeaders())

  const api = new Hono()
  api.use(
    '*',
    bodyLimit({
      maxSize: deps.config.bodyLimitBytes,
      onError: () => {
        const kB = Math.floor(deps.config.bodyLimitBytes / 1024)
        throw new ApiError(413, ErrorCode.invalidRequest, `The request body is larger than ${kB} kB.`, [
          { path: [], message: `At most ${kB} kB` },
        ])
      },
    }),
  )
  api.route(
    '/users',
    userRoutes({
      db: deps.db,
      signingKey: deps.signingKey,
      accessTokenTtlS: deps.config.accessTokenTtlS,
      refreshTokenTtlS: deps.config.refreshTokenTtlS,
      now,
      waitlistEnabled: deps.config.waitlistEnabled,
    }),
  )
  api.route('/permissions', permissionRoutes({ db: deps.db, signingKey: deps.signingKey, now }))
  api.route('/organizations', teamRoutes({ db: deps.db, signingKey: deps.signingKey, now, logInfo }))
  api.route('/organizations', workspaceRoutes({ db: deps.db, signingKey: deps.signingKey, now, waitlistEnabled: deps.config.waitlistEnabled }))
  api.route('/org-billing', billingRoutes({ db: deps.db, signingKey: deps.signingKey, now }))
  const notificationHub = deps.notificationHub ?? createNotificationHub(deps.listen, logError)
  api.route('/common-services', notificationRoutes({ db: deps.db, signingKey: deps.signingKey, hub: notificationHub, now, logError }))
  api.route('/internal', internalRoutes({ db: deps.db, internalApiKey: deps.internalApiKey }))
  api.get('/health', async (c) => {
    try {
      await deps.db.execute(sql`select 1`)
      return c.json({ ok: true, database: deps.driver })
    } catch (error) {
      logError('Health check: the database did not answer', error)
      return c.json({ ok: false, database: deps.driver }, 503)
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
    logError(`Unhandled error on ${c.req.method} ${c.req.path}`, error)
    return c.json(internalErrorBody(), 500)
  })
  return app
}
