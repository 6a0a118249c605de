/**
 * `/api/common-services/notifications*` (SPEC.md §3 Notification, Notification preferences; §4
 * Notifications, Polling; §7; §9). Every call needs the bearer token and `x-org-id`; membership
 * of that org is checked inside each endpoint's single query (403 `forbidden` otherwise). A
 * notification is reachable only by its recipient in its org: another user's, another org's and
 * an unknown id all answer 404 `not_found`.
 *
 * - `GET    /notifications?page&limit&view&category&cursor` → 200 contract `NotificationsPage`
 *   (page ≥ 1 default 1, limit 1–100 default 20; ours: view `inbox` (default) | `unread` |
 *   `archived` | `snoozed`, category one of contract `NotificationCategories`, cursor a page's
 *   `next_cursor` (keyset: the rows after it); 400 with issues otherwise, a cursor this list did
 *   not hand out among them; counts capped at 100)
 * - `GET    /notifications/counts` → 200 contract `NotificationCounts` (one query, each count capped at 100)
 * - `PUT    /notifications/{id}/read` → 204; `PUT /notifications/mark-all-read` → 204 (the inbox's unread)
 * - `DELETE /notifications/{id}` → 204
 * - ours, each 204 and idempotent: `PUT /notifications/{id}/unread`; `PUT /notifications/seen`
 *   body contract `MarkSeenRequest` (`{ before? }`, or no body); `PUT /notifications/{id}/archive`,
 *   `PUT /notifications/{id}/restore`, `PUT /notifications/archive-read`; `PUT
 *   /notifications/{id}/snooze` body contract `SnoozeRequest` (400, issue at `["until"]`, when not
 *   ahead or more than a year ahead); `DELETE /notifications/{id}/snooze` (back now, unread,
 *   announced on the stream like a new one)
 * - `GET    /notifications/preferences` → 200 `{ preferences }` (defaults when none saved), always
 *   every known category with `channels` filled (server/preferences/normalize.ts)
 * - `PUT    /notifications/preferences` body `NotificationPreferences` → 200 `{ preferences }` as
 *   stored (a category sent without `channels` keeps its saved ones); 400, nothing written, for a
 *   body the schema refuses or quiet hours with start = end (issue at `quiet_hours.end`)
 * - `POST   /notifications/stream-ticket` → 200 contract `StreamTicketResponse` (server/notifications/tickets.ts)
 * - `GET    /notifications/stream?ticket=` → `text/event-stream` (see {@link streamRoute})
 */
import { Hono, type Context } from 'hono'
import { streamSSE } from 'hono/streaming'
import { decodeJwt } from 'jose'
import { ErrorCode, type ApiIssue } from '../../contract/api.ts'
import {
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationCategory,
  notificationsApi as api,
  type NotificationView,
  snoozeUntilIssue,
} from '../../contract/notifications.ts'
import { validate } from '../../contract/validate.ts'
import { verifyAccessTokenClaims, type SigningKey } from '../auth/access-token.ts'
import type { SessionRevocations } from '../auth/revocations.ts'
import type { Database } from '../db/client.ts'
import { bearerToken, requireAccessToken } from '../http/auth.ts'
import { type AccessVariables, accessControl } from '../members/access.ts'
import { createMemberNotification } from './create.ts'
import { notificationsPublicApi } from '../../contract/developers.ts'
import { contractRoutes } from '../http/route.ts'
import { JSON_CONTENT_TYPE } from '../http/json-text.ts'
import { ApiError, forbiddenOrg, invalidRequest, notFound, sessionRevoked, twoFactorRequired, unauthorized } from '../http/errors.ts'
import { tenantOf } from '../http/tenant.ts'
import { memberStanding } from '../http/two-factor-requirement.ts'
import type { NotificationEvent, NotificationHub } from './hub.ts'
import { normalizePreferences, preferenceIssues } from '../preferences/normalize.ts'
import { loadPreferences, savePreferences } from '../preferences/queries.ts'
import { MAX_STREAMS_PER_USER } from './stream-limit.ts'
import { issueStreamTicket, redeemStreamTicket, STREAM_TICKET_TTL_S } from './tickets.ts'
import {
  archiveNotification,
  archiveRead,
  deleteNotification,
  markAllRead,
  markRead,
  markSeen,
  markUnread,
  restoreNotification,
  snoozeNotification,
  unsnoozeNotification,
  type ChangeResult,
} from './changes.ts'
import { countNotifications, listNotifications, loadNotification } from './reads.ts'
import { cursorOrderOf, decodeNotificationCursor, type NotificationCursor } from './cursor.ts'

/** Interval of the SSE comment heartbeat, ms: under common proxies' 30–60 s idle timeouts. */
export const SSE_HEARTBEAT_MS = 25_000

export interface NotificationRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  readonly hub: NotificationHub
  /** Clock in ms since the epoch. */
  readonly now: () => number
  readonly logError: (message: string, error: unknown) => void
  /** Most open streams per person in this process (STREAMS_PER_USER); {@link MAX_STREAMS_PER_USER} unless set. */
  readonly maxStreamsPerUser?: number
  /** The signed-out sessions (server/auth/revocations.ts): a stream of one closes at once. */
  readonly revocations: SessionRevocations
  /** Called with a notification's id once the public API created it (push and email delivery). */
  readonly onCreated?: (notificationId: string) => void
}

const notificationNotFound = () => notFound('There is no such notification.')

/** 403 for a non-member, 404 for nothing changed, else nothing (the route answers 204). */
const answerChange = (result: ChangeResult): void => {
  if (!result.member) throw forbiddenOrg()
  if (!result.found) throw notificationNotFound()
}

/** The list's query, parsed (`view`, `category` and `after` only when given). */
export interface ListQuery {
  readonly page: number
  readonly limit: number
  readonly view?: NotificationView
  readonly category?: NotificationCategory
  /** The decoded `cursor`: only the rows after this position. */
  readonly after?: NotificationCursor
}

/**
 * `page` and `limit` from the query string: absent → 1 and 20 (SPEC §9); present → whole numbers
 * within contract `NotificationsQuery`; `view` and `category` as that contract lists
 * them (absent: the inbox, every category); `cursor` a `next_cursor` this list handed out for a
 * view of the same order (./cursor.ts), with `page` absent or 1. Every problem reported at once.
 * @throws ApiError 400 `invalid_request` with issues at `["page"]` / `["limit"]` / `["view"]` /
 *   `["category"]` / `["cursor"]`.
 */
export function parseListQuery(page: string | undefined, limit: string | undefined, view?: string, category?: string, cursor?: string): ListQuery {
  // The same values always parse the same way, and the polls of a tab repeat them:
  // a query that parsed is remembered (the schema decode was about 6% of the list's CPU).
  // A cursor is new on each 'Load more': that query is parsed afresh, not remembered.
  if (cursor !== undefined) return parseListQueryOnce(page, limit, view, category, cursor)
  const key = `${memoPart(page)}${memoPart(limit)}${memoPart(view)}${memoPart(category)}`
  const known = parsedQueries.get(key)
  if (known !== undefined) return known
  const parsed = Object.freeze(parseListQueryOnce(page, limit, view, category))
  if (parsedQueries.size >= PARSED_QUERIES_MAX) parsedQueries.clear()
  parsedQueries.set(key, parsed)
  return parsed
}

/** At most this many parsed list queries are remembered (then forgotten all at once). */
const PARSED_QUERIES_MAX = 1_000
const parsedQueries = new Map<string, ListQuery>()
/** One value of the memo's key: length-prefixed, so no two different value lists share a key. */
const memoPart = (value: string | undefined) => (value === undefined ? '-' : `${value.length}:${value}`)

/** {@link parseListQuery} itself. */
function parseListQueryOnce(page: string | undefined, limit: string | undefined, view?: string, category?: string, cursor?: string): ListQuery {
  const issues: ApiIssue[] = []
  const number = (name: string, raw: string | undefined, fallback: number) => {
    if (raw === undefined) return fallback
    if (!/^\d{1,9}$/.test(raw.trim())) {
      issues.push({ path: [name], message: 'Expected a whole number' })
      return fallback
    }
    return Number(raw.trim())
  }
  const input = {
    page: number('page', page, 1),
    limit: number('limit', limit, NOTIFICATIONS_PAGE_SIZE),
    ...(view === undefined ? {} : { view }),
    ...(category === undefined ? {} : { category }),
    ...(cursor === undefined ? {} : { cursor }),
  }
  const result = validate(api.list.query, input)
  if (!result.ok) issues.push(...result.issues)
  let after: NotificationCursor | undefined
  if (result.ok && cursor !== undefined) {
    after = decodeNotificationCursor(cursor)
    if (after === undefined || after.order !== cursorOrderOf(result.value.view ?? 'inbox')) issues.push({ path: ['cursor'], message: 'Not a cursor from this list' })
    if (input.page !== 1) issues.push({ path: ['page'], message: 'Give either page or cursor' })
  }
  if (issues.length > 0) {
    throw invalidRequest(
      'The list query is invalid: page is 1 or more, limit 1 to 100, view inbox, unread, archived or snoozed, category a known one, cursor the next_cursor of a page of the same view.',
      issues,
    )
  }
  const { cursor: _cursor, ...query } = input
  return after === undefined ? (query as ListQuery) : ({ ...query, after } as ListQuery)
}

/** The notification routes, to be mounted at `/api/common-services`. */
export function notificationRoutes(deps: NotificationRoutesDeps): Hono<{ Variables: AccessVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AccessVariables }>()
  const authenticated = [requireAccessToken(deps.signingKey, deps.now)]
  const route = contractRoutes(app, '/common-services')

  // Open streams per user in this process (MAX_STREAMS_PER_USER).
  const openStreams = new Map<string, number>()
  // Registered before the authenticated routes: it authenticates itself (a ticket in the query).
  app.get('/notifications/stream', (c) => streamRoute(c, deps, openStreams))

  // What the browser's EventSource sends instead of the access token (tickets.ts).
  route(api.streamTicket, authenticated, async (c) => {
    // requireAccessToken has verified this bearer token; only its expiry is read here.
    const token = bearerToken(c.req.header('authorization')) ?? ''
    const ticket = await issueStreamTicket(db, c.var.userId, c.var.orgId, decodeJwt(token).exp ?? 0, deps.now(), c.var.sessionId)
    if (ticket === undefined) throw forbiddenOrg()
    c.header('cache-control', 'no-store')
    return { ticket, expires_in: STREAM_TICKET_TTL_S }
  })

  /*
   * The public API's create: a notification for one member, by a member or an API key holding
   * GENERAL create (docs/permissions.md). Delivered like any other: the stream at once, push and
   * email as the recipient's preferences say.
   */
  route(notificationsPublicApi.create, [...authenticated, accessControl(db).requirePermission('GENERAL', 'CREATE')], async (c, { body }) => {
    const created = await createMemberNotification(db, c.var.orgId, body)
    deps.onCreated?.(created.notification._id)
    return created
  })

  route(api.list, authenticated, async (c) => {
    const { page, limit, view, category, after } = parseListQuery(
      c.req.query('page'),
      c.req.query('limit'),
      c.req.query('view'),
      c.req.query('category'),
      c.req.query('cursor'),
    )
    // The statement writes contract `NotificationsPage` as JSON text; sent as c.json would send it.
    // c.get, not c.var: hono builds a new object of every variable on each read of c.var.
    const json = await listNotifications(db, c.get('userId'), c.get('orgId'), page, limit, { view, category, after, nowMs: deps.now() })
    if (json === undefined) throw forbiddenOrg()
    return c.body(json, 200, JSON_CONTENT_TYPE)
  })

  // The tabs' counts, one query.
  route(api.counts, authenticated, async (c) => {
    const counts = await countNotifications(db, c.var.userId, c.var.orgId, deps.now())
    if (counts === undefined) throw forbiddenOrg()
    return counts
  })

  route(api.markAllRead, authenticated, async (c) => answerChange(await markAllRead(db, c.var.userId, c.var.orgId, deps.now())))

  // The panel opened; without a body (or `{}`) everything up to now is seen.
  route(api.markSeen, authenticated, async (c, { body }) => {
    const nowMs = deps.now()
    const beforeMs = body.before === undefined ? nowMs : Date.parse(body.before)
    return answerChange(await markSeen(db, c.var.userId, c.var.orgId, beforeMs, nowMs))
  })

  route(api.archiveRead, authenticated, async (c) => answerChange(await archiveRead(db, c.var.userId, c.var.orgId, deps.now())))

  route(api.preferences, authenticated, async (c) => {
    const loaded = await loadPreferences(db, c.var.userId, c.var.orgId)
    if (loaded === undefined) throw forbiddenOrg()
    return { preferences: loaded.preferences }
  })

  // The channel matrix is merged with what is stored (server/preferences/normalize.ts), and quiet hours
  // whose start equals end are refused; the answer is always the canonical shape.
  route(api.savePreferences, authenticated, async (c, { body }) => {
    const issues = preferenceIssues(body)
    if (issues.length > 0) throw invalidRequest('The request body is invalid.', issues)
    const loaded = await loadPreferences(db, c.var.userId, c.var.orgId)
    if (loaded === undefined) throw forbiddenOrg()
    const preferences = await savePreferences(db, c.var.userId, c.var.orgId, normalizePreferences(body, loaded.saved))
    if (preferences === undefined) throw forbiddenOrg()
    return { preferences }
  })

  route(api.markRead, authenticated, async (c, { params }) => answerChange(await markRead(db, c.var.userId, c.var.orgId, params.id)))

  route(api.remove, authenticated, async (c, { params }) => answerChange(await deleteNotification(db, c.var.userId, c.var.orgId, params.id)))

  route(api.markUnread, authenticated, async (c, { params }) => answerChange(await markUnread(db, c.var.userId, c.var.orgId, params.id)))

  route(api.archive, authenticated, async (c, { params }) => answerChange(await archiveNotification(db, c.var.userId, c.var.orgId, params.id)))

  route(api.restore, authenticated, async (c, { params }) => answerChange(await restoreNotification(db, c.var.userId, c.var.orgId, params.id)))

  route(api.snooze, authenticated, async (c, { params, body }) => {
    const issue = snoozeUntilIssue(body.until, deps.now())
    if (issue !== undefined) throw invalidRequest('The snooze moment must be ahead, at most a year.', [{ path: ['until'], message: issue }])
    return answerChange(await snoozeNotification(db, c.var.userId, c.var.orgId, params.id, Date.parse(body.until)))
  })

  route(api.unsnooze, authenticated, async (c, { params }) => answerChange(await unsnoozeNotification(db, c.var.userId, c.var.orgId, params.id)))

  return app
}

/** The reconnection delay a stream ended by shutdown asks for (SSE `retry` field), ms. */
export const SHUTDOWN_RETRY_MS = 1_000

/** How long a loaded notification is shared with the other streams of its recipient, ms. */
const SHARED_LOAD_MS = 5_000
const sharedLoads = new WeakMap<NotificationRoutesDeps, Map<string, Promise<Notification | undefined>>>()

/**
 * Loads a just-created notification once for all of its recipient's open streams in this process
 * (several tabs and devices): one query per event instead of one per stream. The bench measured
 * 1,000 streams taking 755 ms to all receive one event when each ran its own query on PGlite's
 * one thread; the answer is kept {@link SHARED_LOAD_MS} for streams that read it a little later.
 * A wake-up from a snooze (`woken`) is its own announcement, loaded afresh.
 */
function loadShared(deps: NotificationRoutesDeps, userId: string, orgId: string, event: NotificationEvent): Promise<Notification | undefined> {
  let loads = sharedLoads.get(deps)
  if (loads === undefined) sharedLoads.set(deps, (loads = new Map()))
  const id = event.id
  const key = `${userId} ${orgId} ${id} ${event.woken ?? ''}`
  let load = loads.get(key)
  if (load === undefined) {
    load = loadNotification(deps.db, userId, orgId, id)
    loads.set(key, load)
    const forget = () => setTimeout(() => loads.delete(key), SHARED_LOAD_MS).unref()
    load.then(forget, forget)
  }
  return load
}

/**
 * `GET /notifications/stream`: Server-Sent Events of the caller's new notifications in one org.
 *
 * Auth: `?ticket=` from `POST /notifications/stream-ticket` (a browser's EventSource
 * cannot send headers), used up by this request; or, for other clients, `Authorization: Bearer`
 * with `x-org-id`. An access token in the URL (`?access_token=`) is refused with 401 whatever
 * its value, so no client keeps sending it where logs record it. An unknown, used or expired
 * ticket is 401; an `x-org-id` / `org_id` other than the ticket's org 403, as is an org the
 * person is no longer a member of; more than {@link MAX_STREAMS_PER_USER} open streams of the
 * same person in this process (`maxStreamsPerUser`) 429 `rate_limited`. All answered as JSON before the stream starts;
 * 503 when the database cannot LISTEN.
 *
 * Stream: `event: notification` + `data: <contract Notification JSON>` (+ `id: <its _id>`) per new
 * notification, and per notification back from a snooze (the same event: the client
 * puts it in place by `_id` and `createdAt`); a `: heartbeat` comment every {@link SSE_HEARTBEAT_MS}; the stream ends when the
 * access token expires (the bearer's, or the one the ticket was issued with), so a revoked
 * session does not keep receiving: the client fetches a new ticket, which needs a fresh token. It
 * also ends at server shutdown (NotificationHub.close), with an SSE `retry: {@link SHUTDOWN_RETRY_MS}`
 * line first so the browser comes back to another server soon.
 */
async function streamRoute(c: Context, deps: NotificationRoutesDeps, openStreams: Map<string, number>): Promise<Response> {
  const nowMs = deps.now()
  if (c.req.query('access_token') !== undefined) {
    throw new ApiError(401, ErrorCode.unauthorized, 'The access token is not accepted in the URL: open the stream with a ticket from POST /api/common-services/notifications/stream-ticket.')
  }
  const orgParam = tenantOf(c)
  const ticket = c.req.query('ticket')
  let userId: string
  let orgId: string
  let sessionId: string | undefined
  let endsAtMs: number
  if (ticket !== undefined) {
    const redeemed = await redeemStreamTicket(deps.db, ticket, nowMs)
    if (redeemed === undefined) {
      throw new ApiError(401, ErrorCode.unauthorized, 'The stream ticket is unknown, used or expired: ask for a new one.')
    }
    if (orgParam !== undefined && orgParam !== redeemed.orgId) throw forbiddenOrg()
    ;({ userId, orgId, sessionId, endsAtMs } = redeemed)
  } else {
    const token = bearerToken(c.req.header('authorization'))
    const verified = token === undefined ? undefined : await verifyAccessTokenClaims(deps.signingKey, token, Math.floor(nowMs / 1000))
    if (token === undefined || verified === undefined) throw unauthorized()
    if (orgParam === undefined) {
      throw invalidRequest('Send the current workspace in the x-org-id header.', [{ path: ['x-org-id'], message: 'The x-org-id header is required' }])
    }
    userId = verified.sub
    sessionId = verified.sid
    orgId = orgParam
    // verifyAccessTokenClaims has checked the signature and `exp`; this only reads the claim.
    endsAtMs = (decodeJwt(token).exp ?? 0) * 1000
  }
  // A ticket outlives nothing: its session signed out since it was issued ends here too.
  if (sessionId !== undefined) {
    await deps.revocations.ready()
    if (deps.revocations.isRevoked(sessionId)) throw sessionRevoked()
  }
  // Membership, and the workspace's two-factor requirement for the workspace a ticket names as for any other.
  const standing = await memberStanding(deps.db, userId, orgId)
  if (standing === 'outsider') throw forbiddenOrg()
  if (standing === 'held') throw twoFactorRequired()

  // Counted from here until the stream ends; checked and taken with no await in between.
  const held = openStreams.get(userId) ?? 0
  const most = deps.maxStreamsPerUser ?? MAX_STREAMS_PER_USER
  if (held >= most) {
    throw new ApiError(
      429,
      ErrorCode.rateLimited,
      `Too many live notification streams are open for you (at most ${most}): close some tabs or windows of Engage. Notifications still arrive when the list refreshes.`,
    )
  }
  openStreams.set(userId, held + 1)
  let released = false
  const release = () => {
    if (released) return
    released = true
    const left = (openStreams.get(userId) ?? 1) - 1
    if (left > 0) openStreams.set(userId, left)
    else openStreams.delete(userId)
  }

  // Subscribed before the stream starts, so a refusal is still a JSON answer.
  const queue: NotificationEvent[] = []
  let wake: (() => void) | undefined
  let unsubscribe: () => void
  let open = true
  // Set when the server ends the stream at shutdown: the client then hears when to come back.
  let serverClosing = false
  const stop = () => {
    open = false
    wake?.()
  }
  // The session signed out while the stream is open: it ends at once (the browser then finds out on its next call).
  const endOnRevocation = deps.revocations.onRevoked((revoked) => {
    if (revoked === sessionId) stop()
  })
  try {
    unsubscribe = await deps.hub.subscribe(
      userId,
      orgId,
      (event) => {
        queue.push(event)
        wake?.()
      },
      () => {
        serverClosing = true
        stop()
      },
    )
  } catch (error) {
    release()
    endOnRevocation()
    deps.logError('Notification stream: LISTEN is not available', error)
    throw new ApiError(503, ErrorCode.internal, 'Live notifications are not available right now; the list still works.')
  }

  c.header('cache-control', 'no-store')
  return streamSSE(
    c,
    async (stream) => {
      stream.onAbort(stop)
      const heartbeat = setInterval(() => {
        void stream.write(': heartbeat\n\n').catch(stop)
      }, SSE_HEARTBEAT_MS)
      const expiry = setTimeout(stop, Math.max(0, endsAtMs - deps.now()))
      try {
        while (open) {
          const event = queue.shift()
          if (event === undefined) {
            await new Promise<void>((resolve) => {
              wake = resolve
            })
            wake = undefined
            continue
          }
          const notification = await loadShared(deps, userId, orgId, event)
          if (notification !== undefined && open) {
            await stream.writeSSE({ event: 'notification', id: notification._id, data: JSON.stringify(notification) })
          }
        }
        // Graceful shutdown: the SSE `retry` field tells the browser to reconnect
        // soon, to whichever server the load balancer picks; it re-fetches the list on reconnect.
        if (serverClosing) await stream.write(`retry: ${SHUTDOWN_RETRY_MS}\n\n`).catch(() => {})
      } finally {
        clearInterval(heartbeat)
        clearTimeout(expiry)
        unsubscribe()
        endOnRevocation()
        release()
      }
    },
    async (error) => {
      deps.logError('Notification stream failed', error)
    },
  )
}
