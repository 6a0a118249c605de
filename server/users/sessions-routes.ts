/**
 * `/api/users/sessions` (Sessions; docs/api.md): the signed-in person's sessions, one
 * per refresh-token family (server/auth/refresh-token.ts), and signing them out.
 *
 * Sessions belong to the person, not to a workspace: every query is bounded by the caller's user
 * id, so another person's session id answers 404 like an unknown one. The calls still carry
 * x-org-id like every user endpoint, and the caller must be a member of that workspace (403
 * otherwise), because each revocation is written to that workspace's audit log
 * (`session.revoked`) in the same transaction.
 *
 * "This device" is the session named by the access token's `sid` claim; a token signed before
 * sessions existed has none, so nothing is marked current until its next refresh.
 */
import Bowser from 'bowser'
import { and, desc, eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { type SessionDeviceType, type SessionItem, sessionsApi as api } from '../../contract/sessions.ts'
import { validate } from '../../contract/validate.ts'
import { memberActorEmail } from '../members/actor-email.ts'
import { recordAudit } from '../audit-trail/record.ts'
import type { SigningKey } from '../auth/access-token.ts'
import { liveSessionFilter, type RevokedSession, revokeSessions } from '../auth/refresh-token.ts'
import type { Database } from '../db/client.ts'
import { sessions } from '../db/schema.ts'
import { requireAccessToken, type AuthVariables } from '../http/auth.ts'
import { invalidRequest, notFound, unauthorized } from '../http/errors.ts'
import { contractRoutes } from '../http/route.ts'

export interface SessionRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** The client address of a request (RateLimiters.address), kept with each audit entry. */
  readonly address: (c: Context) => string
}

/** Browser, OS and device type of a session as its user agent names them (bowser). */
export interface DeviceDescription {
  readonly browser: string | null
  readonly os: string | null
  readonly device_type: SessionDeviceType
}

/**
 * Names the device behind `userAgent` with bowser (the parser the push devices already use):
 * browser name and major version ("Chrome 126"), OS name ("macOS"), and the platform type.
 * Unknown parts are null (`other` for the type); an empty agent (sessions from before the user
 * agent was kept, or a client that sends none) is all unknown.
 */
export function describeUserAgent(userAgent: string): DeviceDescription {
  if (userAgent.trim() === '') return { browser: null, os: null, device_type: 'other' }
  let parsed: Bowser.Parser.ParsedResult
  try {
    parsed = Bowser.parse(userAgent)
  } catch {
    return { browser: null, os: null, device_type: 'other' }
  }
  const name = parsed.browser.name?.trim() || null
  const major = parsed.browser.version?.split('.')[0]
  const type = parsed.platform.type
  return {
    browser: name === null ? null : major ? `${name} ${major}` : name,
    os: parsed.os.name?.trim() || null,
    device_type: type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'other',
  }
}

/** How an audit entry names a session: "Chrome 126 on macOS", or "Unknown device". */
function sessionLabel(d: DeviceDescription): string {
  if (d.browser !== null && d.os !== null) return `${d.browser} on ${d.os}`
  return d.browser ?? d.os ?? 'Unknown device'
}

/** The session routes, to be mounted at `/api/users`. */
export function sessionRoutes(deps: SessionRoutesDeps): Hono<{ Variables: AuthVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AuthVariables }>()
  const authenticated = requireAccessToken(deps.signingKey, deps.now)



  /** Writes one `session.revoked` entry per signed-out session, in the caller's workspace. */
  const audit = (tx: Database, c: Context<{ Variables: AuthVariables }>, email: string, revoked: ReadonlyArray<RevokedSession>, current: string | undefined, at: Date) =>
    recordAudit(
      tx,
      ...revoked.map((s) => {
        const device = describeUserAgent(s.userAgent)
        return {
          orgId: c.var.orgId,
          actorId: c.var.userId,
          actorLabel: email,
          kind: 'session.revoked' as const,
          targetId: s.id,
          targetLabel: sessionLabel(device),
          details: { session_id: s.id, browser: device.browser, os: device.os, ip_address: s.ipAddress, current: s.id === current },
          ipAddress: deps.address(c),
          at,
        }
      }),
    )

  const route = contractRoutes(app, '/users')

  route(api.list, [authenticated], async (c) => {
    const { userId, orgId } = c.var
    const current = c.var.sessionId
    const now = new Date(deps.now())
    await memberActorEmail(db, userId, orgId)
    const rows = await db
      .select({ id: sessions.id, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
      .from(sessions)
      .where(liveSessionFilter(db, userId, now))
      .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt), sessions.id)
    const list: SessionItem[] = rows.map((s) => ({
      id: s.id,
      ...describeUserAgent(s.userAgent),
      ip_address: s.ipAddress,
      location: null,
      created_at: s.createdAt.toISOString(),
      last_used_at: s.lastUsedAt.toISOString(),
      current: s.id === current,
    }))
    return { sessions: list }
  })

  // One session, the current one included (the client then signs out). Someone else's, unknown,
  // expired or already signed-out: 404, the same answer for each.
  route(api.revoke, [authenticated], async (c, { params }) => {
    const { userId, orgId } = c.var
    const id = params.id
    const current = c.var.sessionId
    const now = new Date(deps.now())
    await db.transaction(async (tx) => {
      const w = tx as unknown as Database
      const email = await memberActorEmail(w, userId, orgId)
      const revoked = await revokeSessions(w, userId, { id }, now)
      if (revoked.length === 0) throw notFound('There is no such session.')
      await audit(w, c, email, revoked, current, now)
    })
    return c.body(null, 204)
  })

  // Every session but the caller's. Without a `sid` (a token signed before sessions, at most
  // ACCESS_TOKEN_TTL_S old) the current session is unknown: 401 makes the client refresh, which
  // yields a token with one, and retry, rather than signing the caller out too.
  route(api.revokeOthers, [authenticated], async (c) => {
    const { userId, orgId } = c.var
    const query = validate(api.revokeOthers.query, c.req.query())
    if (!query.ok) throw invalidRequest('Send others=true to sign out every other session.', query.issues.map((i) => ({ ...i, path: ['query', ...i.path] })))
    const current = c.var.sessionId
    if (current === undefined) throw unauthorized()
    const now = new Date(deps.now())
    const revoked = await db.transaction(async (tx) => {
      const w = tx as unknown as Database
      const email = await memberActorEmail(w, userId, orgId)
      const signedOut = await revokeSessions(w, userId, { except: current }, now)
      await audit(w, c, email, signedOut, current, now)
      return signedOut.length
    })
    return { revoked }
  })

  return app
}
