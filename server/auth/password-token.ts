/**
 * One-time emailed links (ours: the spec shows neither invitations nor account recovery; docs/
 * api.md `POST /users/set-password`, `/users/password-reset*`, `/users/confirm-email`).
 *
 * A token is 32 random bytes, base64url (43 characters), handed out once in a link and stored only
 * as its SHA-256, so a database leak does not expose usable links. Each has a purpose:
 *
 * - `invite`: sets the first password of an invited person ({@link PASSWORD_TOKEN_TTL_S});
 * - `reset`: replaces a forgotten password and signs out every session (30 minutes);
 * - `confirm_email`: confirms the address given at sign-up (7 days).
 *
 * A token is spent by its first successful use and only works for its purpose. Following any of
 * them proves the person reads that mailbox, so each also confirms the address.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import { EMAIL_CONFIRMATION_TTL_S, PASSWORD_RESET_TTL_S } from '../../contract/account.ts'
import type { Database } from '../db/client.ts'
import { type AccountTokenPurpose, passwordTokens, users } from '../db/schema.ts'
import { revokeAllSessions } from './refresh-token.ts'
import { invitedAccountJoined } from '../webhook-events/member-events.ts'

/** Lifetime of an invitation's set-password token: 7 days, in seconds. */
export const PASSWORD_TOKEN_TTL_S = 7 * 24 * 60 * 60

/** Lifetime per purpose, seconds. */
export const ACCOUNT_TOKEN_TTL_S: Readonly<Record<AccountTokenPurpose, number>> = {
  invite: PASSWORD_TOKEN_TTL_S,
  reset: PASSWORD_RESET_TTL_S,
  confirm_email: EMAIL_CONFIRMATION_TTL_S,
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Issues a token of `purpose` for `userId`, valid until `now` + its lifetime. Earlier unused
 * tokens of the user stay valid until one of the same kind is used.
 * @returns the opaque token to put in the link; it is not stored.
 */
export async function issuePasswordToken(db: Database, userId: string, now: Date, purpose: AccountTokenPurpose = 'invite'): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(passwordTokens).values({
    userId,
    tokenHash: hashToken(token),
    purpose,
    expiresAt: new Date(now.getTime() + ACCOUNT_TOKEN_TTL_S[purpose] * 1000),
    createdAt: now,
  })
  return token
}

/** Spends `token` if it is live and of `purpose`; the user's id, or undefined with nothing written. */
async function spend(tx: Database, token: string, purpose: AccountTokenPurpose, now: Date): Promise<string | undefined> {
  const [spent] = await tx
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.tokenHash, hashToken(token)), eq(passwordTokens.purpose, purpose), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
    .returning({ userId: passwordTokens.userId })
  return spent?.userId
}

/**
 * Spends `token` and sets its user's password hash to `passwordHash`, atomically: of two
 * concurrent uses of one token exactly one succeeds. Every other unused invite or reset token of
 * the user is spent too, so an older link cannot overwrite the password later. A `reset` also
 * revokes every session of the user (their refresh tokens; access tokens run out within minutes).
 * @param passwordHash from `hashPassword` (auth/password.ts), computed before the call so the
 *   transaction stays short.
 * @returns the user's id, or undefined with nothing written when the token is unknown, of another
 *   purpose, expired or already used.
 */
export async function setPasswordWithToken(
  db: Database,
  token: string,
  passwordHash: string,
  now: Date,
  purpose: 'invite' | 'reset' = 'invite',
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const userId = await spend(tx as unknown as Database, token, purpose, now)
    if (userId === undefined) return undefined
    const [user] = await tx.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId))
    await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: user?.confirmedAt ?? now })
      .where(eq(users.id, userId))
    await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.userId, userId), inArray(passwordTokens.purpose, ['invite', 'reset']), isNull(passwordTokens.usedAt)))
    if (purpose === 'reset') await revokeAllSessions(tx as unknown as Database, userId, now)
    // An invited account arrives in the workspaces it was added to with its first password.
    else await invitedAccountJoined(tx as unknown as Database, userId, now)
    return userId
  })
}

/**
 * Spends a `confirm_email` token and marks its user's address confirmed (kept as it was when it
 * already is). Every other unused confirmation link of the user is spent too.
 * @returns the confirmed address, or undefined with nothing written for an unknown, expired or used token.
 */
export async function confirmEmailWithToken(db: Database, token: string, now: Date): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const userId = await spend(tx as unknown as Database, token, 'confirm_email', now)
    if (userId === undefined) return undefined
    const [user] = await tx.select({ email: users.email, confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId))
    if (user === undefined) return undefined
    if (user.confirmedAt === null) await tx.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, userId))
    await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.userId, userId), eq(passwordTokens.purpose, 'confirm_email'), isNull(passwordTokens.usedAt)))
    return user.email
  })
}
