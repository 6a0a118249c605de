/**
 * One-time set-password tokens for invited people (ours: the spec does not show invitations; see
 * docs/api.md `POST /organizations/members/invite` and `POST /users/set-password`).
 *
 * A token is 32 random bytes, base64url (43 characters), handed out once in the invite link and
 * stored only as its SHA-256, so a database leak does not expose usable links. It lives
 * {@link PASSWORD_TOKEN_TTL_S} seconds and is spent by its first successful use.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { passwordTokens, users } from '../db/schema.ts'

/** Lifetime of a set-password token: 7 days, in seconds. */
export const PASSWORD_TOKEN_TTL_S = 7 * 24 * 60 * 60

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Issues a token for `userId`, valid until `now` + {@link PASSWORD_TOKEN_TTL_S}. Earlier unused
 * tokens of the user stay valid until one of them is used.
 * @returns the opaque token to put in the link; it is not stored.
 */
export async function issuePasswordToken(db: Database, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(passwordTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + PASSWORD_TOKEN_TTL_S * 1000),
    createdAt: now,
  })
  return token
}

/**
 * Spends `token` and sets its user's password hash to `passwordHash`, atomically: of two
 * concurrent uses of one token exactly one succeeds. Every other unused token of the same user
 * is spent too, so an older invite link cannot overwrite the password later.
 * @param passwordHash from `hashPassword` (auth/password.ts), computed before the call so the
 *   transaction stays short.
 * @returns false, with nothing written, when the token is unknown, expired or already used.
 */
export async function setPasswordWithToken(db: Database, token: string, passwordHash: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.tokenHash, hashToken(token)), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
      .returning({ userId: passwordTokens.userId })
    if (spent === undefined) return false
    await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId))
    await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.userId, spent.userId), isNull(passwordTokens.usedAt)))
    return true
  })
}
