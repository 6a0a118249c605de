/**
 * WebAuthn challenges (table `webauthn_challenges`): single-use and short-lived. The browser holds
 * a random `challenge_id`; the server keeps only its SHA-256 with the challenge it signed for,
 * the ceremony it is for and, for registration and reverification, the person. Taking a
 * challenge deletes it, whatever the ceremony's outcome, so an answer can be checked once.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { webauthnChallenges } from '../db/schema.ts'

/** How long a challenge can be answered, ms (5 minutes: the browser's prompt times out then too). */
export const CHALLENGE_TTL_MS = 5 * 60_000

/** What a challenge is for: adding a passkey, signing in, or confirming it's you. */
export type ChallengePurpose = 'registration' | 'authentication' | 'reverification'

/** A challenge taken back: what was signed and for whom (null for a sign-in). */
export interface TakenChallenge {
  readonly challenge: string
  readonly userId: string | null
}

const hashOf = (challengeId: string) => createHash('sha256').update(challengeId).digest('hex')

/**
 * Keeps `challenge` (base64url, from the options) for `purpose` until `now` + {@link CHALLENGE_TTL_MS},
 * dropping every expired one first (the table stays as small as the ceremonies under way).
 * @returns the `challenge_id` for the browser: 32 random bytes, base64url (43 characters).
 */
export async function storeChallenge(
  db: Database,
  entry: { readonly challenge: string; readonly purpose: ChallengePurpose; readonly userId: string | null; readonly now: Date },
): Promise<string> {
  const challengeId = randomBytes(32).toString('base64url')
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, entry.now))
  await db.insert(webauthnChallenges).values({
    handleHash: hashOf(challengeId),
    challenge: entry.challenge,
    purpose: entry.purpose,
    userId: entry.userId,
    expiresAt: new Date(entry.now.getTime() + CHALLENGE_TTL_MS),
  })
  return challengeId
}

/**
 * Takes (deletes) the challenge `challengeId` of `purpose`.
 * @returns it, or undefined when it is unknown, used, of another purpose, or expired at `now`.
 */
export async function takeChallenge(db: Database, challengeId: string, purpose: ChallengePurpose, now: Date): Promise<TakenChallenge | undefined> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.handleHash, hashOf(challengeId)), eq(webauthnChallenges.purpose, purpose)))
    .returning({ challenge: webauthnChallenges.challenge, userId: webauthnChallenges.userId, expiresAt: webauthnChallenges.expiresAt })
  if (row === undefined || row.expiresAt.getTime() <= now.getTime()) return undefined
  return { challenge: row.challenge, userId: row.userId }
}
