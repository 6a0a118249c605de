/**
 * What the routes that change a workspace put in its audit entries besides the change itself
 * (Audit log): who acted, labelled by their email, and from which address.
 */
import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Database } from '../db/client.ts'
import { users } from '../db/schema.ts'
import type { AuditEntry } from './record.ts'

/** The client address of a request (RateLimiters.address, server/http/rate-limit.ts). */
export type ClientAddress = (c: Context) => string

/**
 * The actor fields of an entry for `userId`: the id and the account's email as it is now
 * (an empty label if the account vanished meanwhile; the entry is still written).
 * @param db the transaction making the change, so the label is read in it.
 */
export async function auditActor(db: Database, userId: string): Promise<Pick<AuditEntry, 'actorId' | 'actorLabel'>> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  return { actorId: userId, actorLabel: user?.email ?? '' }
}

/**
 * The address to store for the request `c`: null when the app was given no way to read it, or
 * when the request came through no socket (`app.request` in tests answers 'unknown').
 */
export function auditAddress(address: ClientAddress | undefined, c: Context): string | null {
  const value = address?.(c)
  return value === undefined || value === 'unknown' ? null : value
}
