/**
 * The audit entry of a completed sign-in (Audit log): written in the workspace the
 * session starts in, once the person is fully signed in (after the second factor, when on).
 */
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { recordAudit } from './record.ts'

/**
 * Records `auth.signed_in` for `userId` in `orgId`, labelled with the account's email.
 * @param ipAddress the client address of the sign-in request (RateLimiters.address).
 * @param sessionId the session (refresh-token family) the sign-in started, kept in details.
 */
export async function recordSignIn(
  db: Database,
  entry: { readonly userId: string; readonly orgId: string; readonly ipAddress: string | null; readonly sessionId?: string; readonly at: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, entry.userId))
    await recordAudit(tx, {
      orgId: entry.orgId,
      actorId: entry.userId,
      actorLabel: user?.email ?? '',
      kind: 'auth.signed_in',
      targetId: entry.userId,
      targetLabel: user?.email ?? '',
      details: entry.sessionId === undefined ? {} : { session_id: entry.sessionId },
      ipAddress: entry.ipAddress,
      at: entry.at,
    })
  })
}
