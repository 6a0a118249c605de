/**
 * The revocation set: the sessions signed out recently enough that an access token of theirs may
 * still be unexpired. Access tokens are not stored, so without it a signed-out browser would keep
 * working until its token expired (ACCESS_TOKEN_TTL_S). With it, every host refuses such a token
 * (401 `session_revoked`, server/http/revoked-sessions.ts) as soon as the sign-out is known there:
 *
 * - The writers (server/auth/refresh-token.ts) `pg_notify` the ids on the `sessions_revoked`
 *   channel in the revoking transaction; each process LISTENs once and adds them on arrival
 *   (milliseconds after the commit, on PGlite and PostgreSQL alike).
 * - On start the set is read from `sessions.revoked_at` (the last TTL plus a margin), after
 *   LISTEN is on, so nothing falls between the two; the same read runs again at most every
 *   {@link REVOCATIONS_RELOAD_MS}, started by a request that checks the set, as a safety net for
 *   notifications lost while a PostgreSQL connection was being re-established (every
 *   {@link REVOCATIONS_POLL_MS}, the only source, when the database cannot LISTEN).
 *
 * Cost per request: one Map lookup once the set is loaded (the first request waits for the load).
 * Memory: one entry per session signed out within the window, pruned at each reload.
 */
import { gt } from 'drizzle-orm'
import { SESSIONS_REVOKED_CHANNEL } from '../db/channels.ts'
import type { Database, ListenFn } from '../db/client.ts'
import { sessions } from '../db/schema.ts'

/** Ms between the safety-net reads of recently revoked sessions (LISTEN delivers in between). */
export const REVOCATIONS_RELOAD_MS = 10_000

/** Ms between reads when the database cannot LISTEN: then the reads alone keep the set current. */
export const REVOCATIONS_POLL_MS = 1_000

/** Ms kept beyond the access-token lifetime, for clocks that differ a little between hosts. */
const MARGIN_MS = 60_000

export interface SessionRevocations {
  /**
   * Whether `sessionId` was signed out; `undefined` until the set's first load finished (call
   * {@link ready} first, once). Synchronous so that a request pays no promise for it.
   */
  isRevoked(sessionId: string): boolean | undefined
  /** Loads the set and starts listening, once; later calls return the same promise. */
  ready(): Promise<void>
  /** Calls `listener` with each session id learnt to be revoked (open streams close on it). */
  onRevoked(listener: (sessionId: string) => void): () => void
  /** Stops listening and the reloads, after the read under way (server shutdown, tests). */
  stop(): Promise<void>
}

export interface RevocationDeps {
  readonly db: Database
  /** LISTEN on the database (DatabaseHandle.listen); absent: reads every {@link REVOCATIONS_POLL_MS}. */
  readonly listen?: ListenFn | undefined
  /** Clock, ms since the epoch. */
  readonly now: () => number
  /** The access-token lifetime, s: a session revoked longer ago than this has no valid token left. */
  readonly accessTokenTtlS: number
  /** Where a failed read or LISTEN is reported (the set keeps what it knows and retries). */
  readonly logError: (message: string, error: unknown) => void
}

/** The revocation set of one process (see the module comment). */
export function createSessionRevocations(deps: RevocationDeps): SessionRevocations {
  /** Session id → when it was revoked (ms), for pruning. */
  const revoked = new Map<string, number>()
  const listeners = new Set<(sessionId: string) => void>()
  let loaded = false
  let starting: Promise<void> | undefined
  let unlisten: (() => Promise<void>) | undefined
  let stopped = false
  /** Ms between reads: {@link REVOCATIONS_RELOAD_MS} while LISTEN delivers, else {@link REVOCATIONS_POLL_MS}. */
  let reloadEveryMs = REVOCATIONS_POLL_MS
  /** When the last read started (`performance.now()`, ms), and the read under way. */
  let lastReloadAt = 0
  let reloading: Promise<void> | undefined
  const windowMs = deps.accessTokenTtlS * 1000 + MARGIN_MS

  const add = (sessionId: string, atMs: number) => {
    if (revoked.has(sessionId)) return
    revoked.set(sessionId, atMs)
    for (const listener of listeners) listener(sessionId)
  }

  const reload = async () => {
    lastReloadAt = performance.now()
    const nowMs = deps.now()
    const since = new Date(nowMs - windowMs)
    const rows = await deps.db.select({ id: sessions.id, revokedAt: sessions.revokedAt }).from(sessions).where(gt(sessions.revokedAt, since))
    for (const row of rows) add(row.id, row.revokedAt?.getTime() ?? nowMs)
    for (const [id, atMs] of revoked) if (atMs < nowMs - windowMs) revoked.delete(id)
    loaded = true
  }

  const start = async () => {
    let listening = false
    if (deps.listen !== undefined) {
      try {
        unlisten = await deps.listen(SESSIONS_REVOKED_CHANNEL, (payload) => {
          const atMs = deps.now()
          for (const id of payload.split(',')) if (id !== '') add(id, atMs)
        })
        listening = true
        reloadEveryMs = REVOCATIONS_RELOAD_MS
      } catch (error) {
        deps.logError('Session revocations: LISTEN failed; reading the set every second instead', error)
      }
    }
    if (!listening) reloadEveryMs = REVOCATIONS_POLL_MS
    await reload()
  }

  /**
   * The safety-net read, started by the requests that ask (no timer: an idle process, or a test's
   * app whose database is closed, reads nothing). One at a time; a failure is logged and retried
   * by a later request.
   */
  const reloadWhenDue = () => {
    if (stopped || reloading !== undefined || performance.now() - lastReloadAt < reloadEveryMs) return
    reloading = reload()
      .catch((error: unknown) => deps.logError('Session revocations: the reload failed', error))
      .finally(() => {
        reloading = undefined
      })
  }

  return {
    isRevoked: (sessionId) => {
      if (!loaded) return undefined
      reloadWhenDue()
      return revoked.has(sessionId)
    },
    ready: () => {
      starting ??= start().catch(async (error: unknown) => {
        // The next request tries again, from the start.
        starting = undefined
        await unlisten?.().catch(() => {})
        unlisten = undefined
        throw error
      })
      return starting
    },
    onRevoked: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop: async () => {
      stopped = true
      await reloading
      await unlisten?.()
    },
  }
}
