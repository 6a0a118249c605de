/**
 * Single-use bot-check tokens (SPEC.md §4 Human verification): a verified token's hash is kept in
 * `bot_check_tokens` until the token would have expired anyway, and a second use is refused.
 * Rows past their expiry are pruned on every use, so the table holds at most the tokens of the
 * last few minutes.
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
