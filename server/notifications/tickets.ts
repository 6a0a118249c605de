/**
 * Stream tickets keep the access token out of the notification stream's URL, where it would land
 * in access logs, proxies and history (`?access_token=` is refused). The browser first asks
 * `POST /notifications/stream-ticket` with its bearer token, and opens the EventSource with
 * `?ticket=`: a random, single-use ticket valid {@link STREAM_TICKET_TTL_S} seconds, bound
 * to one user and one org. Only its SHA-256 is stored (`stream_tickets`), so the table leaks
 * nothing usable; opening the stream deletes the row in the same statement that finds it, so two
 * requests racing with one ticket cannot both succeed (on PGlite or PostgreSQL, one process or
 * many).
 *
 * A ticket also carries the expiry of the access token it was issued with (`<random>.<exp s>`,
 * covered by the stored hash, so it cannot be altered): the stream ends then, as a stream opened
 * with that token would, and the browser must refresh to fetch the next ticket.
 */
import { createHash, randomBytes } from 'node:crypto'
import { lte, sql } from 'drizzle-orm'
import { type Database, rowsOf } from '../db/client.ts'
import { memberships, streamTickets } from '../db/schema.ts'

/** How long a ticket can be used after it was issued, seconds. */
export const STREAM_TICKET_TTL_S = 30

/** The shape of a ticket: 32 random bytes (base64url) and the access token's expiry in seconds. */
const TICKET_PATTERN = /^[\w-]{43}\.\d{1,12}$/

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex')

/**
 * Issues a ticket for `userId` in `orgId` when they are a member, and prunes expired tickets.
 * @param tokenExpS the `exp` of the caller's access token, seconds since the epoch.
 * @param nowMs the clock, ms since the epoch.
 * @param sessionId the access token's session (`sid`): the stream closes when it is signed out.
 * @returns the ticket, or undefined when the user is not a member of the org (→ 403).
 */
export async function issueStreamTicket(
  db: Database,
  userId: string,
  orgId: string,
  tokenExpS: number,
  nowMs: number,
  sessionId?: string,
): Promise<string | undefined> {
  await db.delete(streamTickets).where(lte(streamTickets.expiresAt, new Date(nowMs)))
  const ticket = `${randomBytes(32).toString('base64url')}.${Math.floor(tokenExpS)}`
  const expiresAt = new Date(nowMs + STREAM_TICKET_TTL_S * 1000)
  // Membership is checked by the insert itself: no row when the user is not in the org.
  const inserted = rowsOf<{ one: number }>(
    await db.execute(sql`
      insert into ${streamTickets} (ticket_hash, user_id, org_id, session_id, expires_at)
      select ${hashTicket(ticket)}, m.user_id, m.org_id, ${sessionId ?? null}, ${expiresAt.toISOString()}::timestamptz
      from ${memberships} m where m.user_id = ${userId} and m.org_id = ${orgId}
      returning 1 as one`),
  )
  return inserted.length > 0 ? ticket : undefined
}

/** Who a redeemed ticket was issued to, and when the stream it opens must end (ms since the epoch). */
export interface RedeemedTicket {
  readonly userId: string
  readonly orgId: string
  /** The session of the access token it was issued with; undefined for a token without one. */
  readonly sessionId: string | undefined
  readonly endsAtMs: number
}

/**
 * Uses a ticket up: deletes it and returns whom it was for, in one statement.
 * @returns undefined for a malformed, unknown, already used or expired ticket (→ 401).
 */
export async function redeemStreamTicket(db: Database, ticket: string, nowMs: number): Promise<RedeemedTicket | undefined> {
  if (!TICKET_PATTERN.test(ticket)) return undefined
  const [row] = rowsOf<{ user_id: string; org_id: string; session_id: string | null }>(
    await db.execute(sql`
      delete from ${streamTickets}
      where ticket_hash = ${hashTicket(ticket)} and expires_at > ${new Date(nowMs).toISOString()}::timestamptz
      returning user_id, org_id, session_id`),
  )
  if (row === undefined) return undefined
  return { userId: row.user_id, orgId: row.org_id, sessionId: row.session_id ?? undefined, endsAtMs: Number(ticket.slice(ticket.indexOf('.') + 1)) * 1000 }
}
