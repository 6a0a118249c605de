/**
 * Refresh tokens and the sessions they make (SPEC.md §4 Token refresh, Sign out; ours:
 * sessions and the refresh reuse window, docs/api.md "Sessions"). Tokens are opaque 32-byte strings (base64url), stored
 * only as their SHA-256. Each sign-in starts a family, and with it a session (`sessions` row whose
 * id is the family id: user agent, client address, last use, revocation). Each refresh rotates:
 * the presented token is revoked and its successor of the same family is issued.
 *
 * Presenting a token that was already rotated or revoked means it was copied, so the whole family
 * (and its session) is revoked and both the thief and the owner have to sign in again, with one
 * exception, the reuse window: a token presented again within {@link REUSE_WINDOW_MS} of its
 * rotation gets the same successor again, as long as that successor is still the family's live
 * token. A response lost on a bad network (or two tabs refreshing at once) then does not sign the
 * person out everywhere. Only hashes are stored, so the successor must be computable again from
 * the presented token: it is HMAC-SHA256(successor key, presented token), base64url, with a
 * 32-byte key generated on first use and kept in `server_secrets`. The first token of a family
 * is random; every later one follows from it and the key, which never leaves the server.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, gt, inArray, isNotNull, isNull, ne, notExists, sql } from 'drizzle-orm'
import { REVOKED_IDS_PER_NOTIFY, SESSIONS_REVOKED_CHANNEL } from '../db/channels.ts'
import type { Database } from '../db/client.ts'
import { refreshTokens, serverSecrets, type SessionMethod, sessions } from '../db/schema.ts'

/** How long after its rotation a refresh token may be presented again for the same successor (ms; Supabase's 10 s). */
export const REUSE_WINDOW_MS = 10_000

/** At most this many characters of a User-Agent header are kept with a session. */
export const USER_AGENT_MAX = 512

const SUCCESSOR_SECRET_NAME = 'refresh_token_successor_key'

/** SHA-256 of the token, hex. Lookups go through this; the token itself is never stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function newToken(): string {
  return randomBytes(32).toString('base64url')
}

const successorKeys = new WeakMap<object, Promise<Buffer>>()

/** The successor key of `db`: loaded once per database, generated and stored on first use (races resolve to one row). */
function successorKey(db: Database): Promise<Buffer> {
  let key = successorKeys.get(db)
  if (key === undefined) {
    key = (async () => {
      await db
        .insert(serverSecrets)
        .values({ name: SUCCESSOR_SECRET_NAME, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing()
      const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, SUCCESSOR_SECRET_NAME))
      if (row === undefined) throw new Error('The refresh-token successor key could not be stored')
      return Buffer.from(row.value, 'base64url')
    })()
    successorKeys.set(db, key)
    key.catch(() => successorKeys.delete(db))
  }
  return key
}

/** The token that replaces `token` at its rotation: the same for every retry of it. */
function successorOf(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(token).digest('base64url')
}

/** Where a session was started from, as the sign-in request showed it. */
export interface SessionClient {
  /** The User-Agent header, if any (kept to {@link USER_AGENT_MAX} characters, control characters dropped). */
  readonly userAgent?: string | undefined
  /** The client address (RateLimiters.address); `'unknown'` or absent is stored as null. */
  readonly ipAddress?: string | null | undefined
  /** How the person signed in; `password` when absent. */
  readonly method?: SessionMethod | undefined
  /** The passkey that signed them in (method `passkey`). */
  readonly passkeyId?: string | undefined
}

/** A new session: its first refresh token and its id (the access token's `sid`). */
export interface IssuedRefreshToken {
  /** The opaque token to hand to the client. */
  readonly refreshToken: string
  /** `sessions.id`, also the family id of every token of the session. */
  readonly sessionId: string
}

/**
 * Starts a session for `userId`: its row in `sessions` and the first refresh token of its family,
 * in one transaction (a savepoint when `db` is already a transaction).
 * @param now issue time; the token expires `ttlS` seconds later.
 * @param client the request's user agent and address, shown on the sessions list.
 */
export async function issueRefreshToken(db: Database, userId: string, now: Date, ttlS: number, client: SessionClient = {}): Promise<IssuedRefreshToken> {
  const refreshToken = newToken()
  const sessionId = randomUUID()
  // Control characters have no business in a name shown on a page (PostgreSQL refuses NUL).
  const userAgent = (client.userAgent ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, USER_AGENT_MAX)
  const ipAddress = client.ipAddress === undefined || client.ipAddress === 'unknown' ? null : client.ipAddress
  await db.transaction(async (tx) => {
    // Signing in is giving a factor: the session starts verified (server/auth/reverification.ts).
    await tx.insert(sessions).values({ id: sessionId, userId, userAgent, ipAddress, method: client.method ?? 'password', passkeyId: client.passkeyId ?? null, lastUsedAt: now, verifiedAt: now, createdAt: now })
    await tx.insert(refreshTokens).values({
      userId,
      familyId: sessionId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(now.getTime() + ttlS * 1000),
      createdAt: now,
    })
  })
  return { refreshToken, sessionId }
}

export type RotationResult =
  | { readonly ok: true; readonly userId: string; readonly sessionId: string; readonly refreshToken: string }
  /**
   * `unknown`: never issued; `expired`: past its lifetime; `signedOut`: its session was signed out;
   * `reused`: already rotated or revoked (family now revoked).
   */
  | { readonly ok: false; readonly reason: 'unknown' | 'expired' | 'signedOut' | 'reused' }

/** No revoked session row for the token's family (a family without a row, from before sessions, passes). */
const sessionNotRevoked = (db: Database) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(sessions)
      .where(and(eq(sessions.id, refreshTokens.familyId), isNotNull(sessions.revokedAt))),
  )

/**
 * Rotates `token`: revokes it and issues its successor in the same family, atomically, and marks
 * the session used. Within {@link REUSE_WINDOW_MS} after a rotation the same token yields the
 * same successor again (two concurrent refreshes both get it), provided the successor is still the
 * family's live token and the session is not signed out. Any other reuse revokes every token of
 * the family and the session, a write that deliberately happens although the request is refused.
 * @param ttlS lifetime of the new token, seconds.
 */
export async function rotateRefreshToken(db: Database, token: string, now: Date, ttlS: number): Promise<RotationResult> {
  const tokenHash = hashRefreshToken(token)
  const find = async () =>
    (
      await db
        .select({ id: refreshTokens.id, familyId: refreshTokens.familyId, revokedAt: refreshTokens.revokedAt, expiresAt: refreshTokens.expiresAt, replacedBy: refreshTokens.replacedBy })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
    )[0]
  let row = await find()
  if (row === undefined) return { ok: false, reason: 'unknown' }
  if (row.revokedAt === null && row.expiresAt <= now) return { ok: false, reason: 'expired' }
  // Only a token that was rotated (or is about to be) needs the key: a refused unknown or expired
  // token writes nothing, not even the key's first row.
  const successor = async () => successorOf(await successorKey(db), token)

  if (row.revokedAt === null) {
    const next = await successor()
    const rowId = row.id
    const successorId = randomUUID()
    const rotated = await db.transaction(async (tx) => {
      const [old] = await tx
        .update(refreshTokens)
        .set({ revokedAt: now, replacedBy: successorId })
        .where(and(eq(refreshTokens.id, rowId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now), sessionNotRevoked(db)))
        .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
      if (old === undefined) return undefined
      await tx.insert(refreshTokens).values({
        id: successorId,
        userId: old.userId,
        familyId: old.familyId,
        tokenHash: hashRefreshToken(next),
        expiresAt: new Date(now.getTime() + ttlS * 1000),
        createdAt: now,
      })
      await tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, old.familyId))
      return old
    })
    if (rotated !== undefined) return { ok: true, userId: rotated.userId, sessionId: rotated.familyId, refreshToken: next }
    // Another request rotated it first (its update waited for ours to commit), or it was revoked
    // meanwhile: judge it as a retry, as it now is.
    row = await find()
    if (row === undefined) return { ok: false, reason: 'unknown' }
  }

  if (row.replacedBy !== null && row.revokedAt !== null && now.getTime() - row.revokedAt.getTime() < REUSE_WINDOW_MS) {
    const next = await successor()
    const [live] = await db
      .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.id, row.replacedBy),
          eq(refreshTokens.tokenHash, hashRefreshToken(next)),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
          sessionNotRevoked(db),
        ),
      )
    if (live !== undefined) return { ok: true, userId: live.userId, sessionId: live.familyId, refreshToken: next }
  }

  const familyId = row.familyId
  const [session] = await db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, familyId))
  await db.transaction((tx) => revokeFamilies(tx as unknown as Database, [familyId], now))
  // A session signed out before (on another device, by a password reset...) is no theft.
  return { ok: false, reason: session?.revokedAt != null ? 'signedOut' : 'reused' }
}

/** Revokes the still-live tokens of `familyIds` and signs their sessions out; returns the tokens revoked. */
async function revokeFamilies(tx: Database, familyIds: ReadonlyArray<string>, now: Date): Promise<number> {
  if (familyIds.length === 0) return 0
  const revoked = await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(inArray(refreshTokens.familyId, [...familyIds]), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id })
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(inArray(sessions.id, [...familyIds]), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  await announceRevoked(
    tx,
    ended.map((s) => s.id),
  )
  return revoked.length
}

/**
 * Tells every host that `sessionIds` were signed out (server/auth/revocations.ts refuses their
 * access tokens from then on). Inside the revoking transaction: PostgreSQL delivers the
 * notification at commit, and not at all when the transaction rolls back.
 */
async function announceRevoked(tx: Database, sessionIds: ReadonlyArray<string>): Promise<void> {
  for (let i = 0; i < sessionIds.length; i += REVOKED_IDS_PER_NOTIFY) {
    const payload = sessionIds.slice(i, i + REVOKED_IDS_PER_NOTIFY).join(',')
    await tx.execute(sql`select pg_notify(${SESSIONS_REVOKED_CHANNEL}, ${payload})`)
  }
}

/**
 * Ends the session `token` belongs to by revoking its whole family and signing the session out.
 * @param owner `{ userId }`: revoke only if the token is that user's, whatever its state;
 *   `'live'`: the caller proved nothing else, so revoke only if the token itself is still valid.
 * @returns whether a live token of the family was revoked.
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
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(match)
    if (row === undefined) return false
    return (await revokeFamilies(tx as unknown as Database, [row.familyId], now)) > 0
  })
}

/** A session as it was when it was signed out, for the audit entry. */
export interface RevokedSession {
  readonly id: string
  readonly userAgent: string
  readonly ipAddress: string | null
}

/** A session still usable at `now`: not signed out, and a token of its family neither revoked nor expired. */
export function liveSessionFilter(db: Database, userId: string, now: Date) {
  return and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    sql`exists (${db
      .select({ one: sql`1` })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, sessions.id), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))})`,
  )
}

/**
 * Signs out `userId`'s live sessions chosen by `which` (one id, or every one except `keep`),
 * revoking their token families. Call it inside the transaction that records the audit entries.
 * @returns the sessions signed out; empty when none matched (someone else's or an unknown id
 *   matches nothing: a person can only sign out their own sessions).
 */
export async function revokeSessions(
  tx: Database,
  userId: string,
  which: { readonly id: string } | { readonly except: string },
  now: Date,
): Promise<ReadonlyArray<RevokedSession>> {
  const chosen = 'id' in which ? eq(sessions.id, which.id) : ne(sessions.id, which.except)
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(liveSessionFilter(tx, userId, now), chosen))
    .returning({ id: sessions.id, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress })
  await revokeFamilies(
    tx,
    revoked.map((s) => s.id),
    now,
  )
  await announceRevoked(
    tx,
    revoked.map((s) => s.id),
  )
  return revoked
}

/**
 * Signs out the live sessions of `userId` that `passkeyId` started, but `keep` (the session that
 * removes the passkey), revoking their token families. Call it inside the removal's transaction,
 * before the passkey's row goes.
 * @returns the sessions signed out.
 */
export async function revokeSessionsOfPasskey(
  tx: Database,
  userId: string,
  passkeyId: string,
  keep: string | undefined,
  now: Date,
): Promise<ReadonlyArray<RevokedSession>> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), eq(sessions.passkeyId, passkeyId), isNull(sessions.revokedAt), keep === undefined ? undefined : ne(sessions.id, keep)))
    .returning({ id: sessions.id, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress })
  const ids = revoked.map((s) => s.id)
  await revokeFamilies(tx, ids, now)
  await announceRevoked(tx, ids)
  return revoked
}

/**
 * Signs out every session of `userId` and revokes all their refresh tokens (a password change).
 * Call it inside the change's transaction.
 */
export async function revokeAllSessions(tx: Database, userId: string, now: Date): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  await announceRevoked(
    tx,
    ended.map((s) => s.id),
  )
}
