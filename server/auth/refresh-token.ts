/**
 * Refresh tokens (SPEC.md §4 Token refresh, Sign out): opaque 32-byte random strings
 * (base64url), stored only as their SHA-256. Each sign-in starts a family; each refresh rotates:
 * the presented token is revoked and a new one of the same family is issued. Presenting a token
 * that was already rotated or revoked means it was copied, so the whole family is revoked and
 * both the thief and the owner have to sign in again.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { refreshTokens } from '../db/schema.ts'

/** SHA-256 of the token, hex. Lookups go through this; the token itself is never stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Issues the first refresh token of a new family for `userId`.
 * @param now issue time; the token expires `ttlS` seconds later.
 * @returns the opaque token to hand to the client.
 */
export async function issueRefreshToken(db: Database, userId: string, now: Date, ttlS: number): Promise<string> {
  const token = newToken()
  await db.insert(refreshTokens).values({
    userId,
    familyId: randomUUID(),
    tokenHash: hashRefreshToken(token),
    expiresAt: new Date(now.getTime() + ttlS * 1000),
    createdAt: now,
  })
  return token
}

export type RotationResult =
  | { readonly ok: true; readonly userId: string; readonly refreshToken: string }
  /** `unknown`: never issued; `expired`: past its lifetime; `reused`: already rotated or revoked (family now revoked). */
  | { readonly ok: false; readonly reason: 'unknown' | 'expired' | 'reused' }

/**
 * Rotates `token`: revokes it and issues its successor in the same family, atomically (two
 * concurrent refreshes with one token cannot both succeed). On reuse, revokes every token of the
 * family, a write that deliberately happens although the request is refused.
 * @param ttlS lifetime of the new token, seconds.
 */
export async function rotateRefreshToken(db: Database, token: string, now: Date, ttlS: number): Promise<RotationResult> {
  const tokenHash = hashRefreshToken(token)
  const successor = newToken()
  const successorId = randomUUID()
  const rotated = await db.transaction(async (tx) => {
    const [old] = await tx
      .update(refreshTokens)
      .set({ revokedAt: now, replacedBy: successorId })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
      .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
    if (old === undefined) return undefined
    await tx.insert(refreshTokens).values({
      id: successorId,
      userId: old.userId,
      familyId: old.familyId,
      tokenHash: hashRefreshToken(successor),
      expiresAt: new Date(now.getTime() + ttlS * 1000),
      createdAt: now,
    })
    return old
  })
  if (rotated !== undefined) return { ok: true, userId: rotated.userId, refreshToken: successor }

  const [row] = await db
    .select({ familyId: refreshTokens.familyId, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
  if (row === undefined) return { ok: false, reason: 'unknown' }
  if (row.revokedAt === null) return { ok: false, reason: 'expired' }
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)))
  return { ok: false, reason: 'reused' }
}

/**
 * Ends the session `token` belongs to by revoking its whole family (one statement).
 * @param owner `{ userId }`: revoke only if the token is that user's, whatever its state;
 *   `'live'`: the caller proved nothing else, so revoke only if the token itself is still valid.
 * @returns whether a family was matched.
 */
export async function revokeRefreshTokenFamily(
  db: Database,
  token: string,
  owner: { readonly userId: string } | 'live',
  now: Date,
): Promise<boolean> {
  const tokenHash = hashRefreshToken(token)
  const match =
    owner === 'live'
      ? and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now))
      : and(eq(refreshTokens.tokenHash, tokenHash), eq(refreshTokens.userId, owner.userId))
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        isNull(refreshTokens.revokedAt),
        inArray(refreshTokens.familyId, db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(match)),
      ),
    )
    .returning({ id: refreshTokens.id })
  return revoked.length > 0
}
