/**
 * `/api/internal/*`: the operator's API, for the admin CLI (`npm run admin`) to use while a
 * server holds the database (PGlite serves one process per data directory). Not part of the
 * product API and never called by the browser.
 *
 * Every request must carry the internal API key (server/admin/runtime.ts) in the
 * `x-internal-api-key` header. Without the right key, every path here, existing or not, answers
 * exactly like an unknown path (404 `not_found`), so the API is not advertised. Keys are
 * compared in constant time.
 *
 * - `GET  /api/internal/waitlist` → 200 `{ organizations: WaitlistEntry[] }` (not approved, oldest first)
 * - `POST /api/internal/waitlist/approve` `{ org: id or exact name }` → 200 `{ organization, already_approved }`;
 *   400 bad body; 404 no such workspace (issue at `["org"]`); 409 the name is ambiguous (ids in the message)
 * - `POST /api/internal/notifications` contract `CreateNotificationRequest` (with an
 *   optional `group_key`, 1–200 characters) → 201 `{ notification }`;
 *   400 bad body; 404 unknown user (issue at `["email"]`), unknown workspace (`["org"]`) or a user
 *   who is not a member of it (`["email"]`); 409 ambiguous workspace name. Announced to open
 *   notification streams through `pg_notify` (server/notifications/create.ts).
 * - `GET  /api/internal/bug-reports?limit=N` → 200 `{ bug_reports: BugReportEntry[] }` (contract
 *   bugReports.ts), newest first, N 1–500 (default 50); 400 for another limit.
 * - `GET  /api/internal/mail?to=EMAIL&limit=N` → 200 `{ messages: OutboxEntry[] }` (server/mail/
 *   outbox.ts), newest first, N 1–500 (default 20)
 * - `POST /api/internal/mail/:id/retry` → 200 `{ retried: true }` once delivered or failed again;
 *   409 when the message is not failed, or no SMTP_URL is configured
 */
import { Hono } from 'hono'
import type { Database } from '../db/client.ts'
import { readBody } from '../http/body.ts'
import { conflict, invalidRequest, notFound } from '../http/errors.ts'
import type { Mailer } from '../mail/mailer.ts'
import { listOutbox } from '../mail/outbox.ts'
import { listBugReports } from '../bugReports/queries.ts'
import { CreateNotificationRequest } from '../../contract/notifications.ts'
import { createNotification, type CreateNotificationResult } from '../notifications/create.ts'
import { INTERNAL_KEY_HEADER, internalKeyMatches } from './runtime.ts'
import { ApproveWaitlistRequest, approveWaitlist, listWaitlist, type ApproveWaitlistResult, type WaitlistList } from './waitlist.ts'

export interface InternalRoutesDeps {
  readonly db: Database
  /** The internal API key; undefined disables the internal API (every path answers 404). */
  readonly internalApiKey: string | undefined
  /** The mailer: its outbox is listed and its failed messages retried here. */
  readonly mailer?: Mailer
  /**
   * Told the id of each notification created here, once committed: Web Push (server/push/delivery.ts)
   * and email (server/notifications/email-delivery.ts) decide delivery from it.
   */
  readonly onNotificationCreated?: (id: string) => void
}

/** The internal routes, to be mounted at `/api/internal`. */
export function internalRoutes(deps: InternalRoutesDeps): Hono {
  const { db, internalApiKey } = deps
  const app = new Hono()

  // Runs for every path under /internal, so a wrong key cannot tell real paths from unknown ones.
  app.use('*', async (c, next) => {
    if (internalApiKey === undefined || !internalKeyMatches(internalApiKey, c.req.header(INTERNAL_KEY_HEADER))) throw notFound()
    await next()
  })

  app.get('/waitlist', async (c) => c.json((await listWaitlist(db)) satisfies WaitlistList))

  app.post('/waitlist/approve', async (c) => {
    const body = await readBody(c, ApproveWaitlistRequest)
    return c.json((await approveWaitlist(db, body.org)) satisfies ApproveWaitlistResult)
  })

  app.get('/bug-reports', async (c) => {
    const raw = c.req.query('limit') ?? '50'
    const limit = /^\d{1,3}$/.test(raw) ? Number(raw) : 0
    if (limit < 1 || limit > 500) throw invalidRequest('limit must be a whole number from 1 to 500.', [{ path: ['limit'], message: 'From 1 to 500' }])
    return c.json(await listBugReports(db, limit))
  })

  app.get('/mail', async (c) => {
    const raw = c.req.query('limit') ?? '20'
    const limit = /^\d{1,3}$/.test(raw) ? Number(raw) : 0
    if (limit < 1 || limit > 500) throw invalidRequest('limit must be a whole number from 1 to 500.', [{ path: ['limit'], message: 'From 1 to 500' }])
    const to = c.req.query('to')
    return c.json({ messages: await listOutbox(db, { limit, ...(to === undefined ? {} : { to }) }) })
  })

  app.post('/mail/:id/retry', async (c) => {
    if (deps.mailer === undefined || !(await deps.mailer.retry(c.req.param('id')))) {
      throw conflict('Only a failed message can be retried, and only with SMTP_URL set.')
    }
    return c.json({ retried: true })
  })

  app.post('/notifications', async (c) => {
    const body = await readBody(c, CreateNotificationRequest)
    const created = await createNotification(db, body)
    deps.onNotificationCreated?.(created.notification._id)
    return c.json(created satisfies CreateNotificationResult, 201)
  })

  return app
}
