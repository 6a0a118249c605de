/**
 * Single-use bot-check tokens (SPEC.md §4 Human verification): a verified token's hash is kept in
 * `bot_check_tokens` until the token would have expired anyway, and a second use is refused.
 * Rows past their expiry are pruned on every use, so the table holds at most the tokens of the
 * last few minutes.
 *
 * The proofs that sign-in and sign-up require (proof.ts) keep their attempts here too, under keys of their own: one
 * row per attempt slot and one when the proof is spent.
 */
import { lt } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { botCheckTokens } from '../db/schema.ts'

/**
 * Records `replayKey` as used. Atomic (one insert that ignores a conflict), so two concurrent
 * submissions of the same token cannot both pass.
 * @param expiresAt when the token stops being acceptable; the row may be pruned after it.
 * @param now the clock, used to prune expired rows first.
 * @returns true the first time, false for a replay.
 */
export async function consumeOnce(db: Database, replayKey: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.delete(botCheckTokens).where(lt(botCheckTokens.expiresAt, now))
  const inserted = await db
    .insert(botCheckTokens)
    .values({ tokenHash: replayKey, expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: botCheckTokens.tokenHash })
  return inserted.length === 1
}

/**
 * Claims the first of `keys` nobody has claimed yet, trying them in order; each claim is one
 * atomic insert like {@link consumeOnce}, so two concurrent callers never get the same key.
 * Expired rows are pruned first.
 * @returns the index of the key claimed, or -1 when every key was taken.
 */
export async function claimFirstFree(db: Database, keys: ReadonlyArray<string>, expiresAt: Date, now: Date): Promise<number> {
  await db.delete(botCheckTokens).where(lt(botCheckTokens.expiresAt, now))
  for (const [index, key] of keys.entries()) {
    const inserted = await db
      .insert(botCheckTokens)
      .values({ tokenHash: key, expiresAt })
      .onConflictDoNothing()
      .returning({ tokenHash: botCheckTokens.tokenHash })
    if (inserted.length === 1) return index
  }
  return -1
}

/**
 * Marks every one of `keys` as used, in one statement (atomic; in the caller's transaction when
 * `db` is one, so a rolled-back change leaves them free).
 * @returns the keys that were free until now.
 */
export async function markUsed(db: Database, keys: ReadonlyArray<string>, expiresAt: Date): Promise<ReadonlySet<string>> {
  if (keys.length === 0) return new Set()
  const inserted = await db
    .insert(botCheckTokens)
    .values(keys.map((tokenHash) => ({ tokenHash, expiresAt })))
    .onConflictDoNothing()
    .returning({ tokenHash: botCheckTokens.tokenHash })
  return new Set(inserted.map((row) => row.tokenHash))
}
