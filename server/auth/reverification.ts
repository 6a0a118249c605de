/**
 * Reverification (ours, after Clerk's): sensitive changes need a factor (password, two-factor
 * code or passkey) given in the same session within {@link REVERIFICATION_WINDOW_MS}. A sign-in
 * counts as giving one; so does 'Confirm it's you' (`POST /users/me/reverification`). The moment
 * is kept on the session row (`sessions.verified_at`), so it holds on every host.
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { sessions } from '../db/schema.ts'

/** How long a factor given in a session allows sensitive changes, ms (10 minutes). */
export const REVERIFICATION_WINDOW_MS = 10 * 60_000

/** Records that the person gave a factor in `sessionId` at `now` (a live session only). */
export async function markSessionVerified(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ verifiedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/**
 * When `sessionId` (of `userId`, live) last gave a factor, or undefined (no session, revoked, never).
 */
export async function sessionVerifiedAt(db: Database, userId: string, sessionId: string | undefined): Promise<Date | undefined> {
  if (sessionId === undefined) return undefined
  const [row] = await db
    .select({ verifiedAt: sessions.verifiedAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  return row?.verifiedAt ?? undefined
}

/**
 * Whether `sessionId` (of `userId`) gave a factor within the window before `nowMs`. A token
 * without a session (`undefined`) never has.
 * @param windowMs the window, ms; {@link REVERIFICATION_WINDOW_MS} unless configured
 *   (REVERIFICATION_WINDOW_S, server/config.ts).
 */
export async function isRecentlyVerified(
  db: Database,
  userId: string,
  sessionId: string | undefined,
  nowMs: number,
  windowMs: number = REVERIFICATION_WINDOW_MS,
): Promise<boolean> {
  const verifiedAt = await sessionVerifiedAt(db, userId, sessionId)
  return verifiedAt !== undefined && nowMs - verifiedAt.getTime() <= windowMs
}
