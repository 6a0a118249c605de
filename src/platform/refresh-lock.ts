/**
 * Cross-tab coordination of token refreshes. The server rotates refresh tokens and treats a
 * reused one as theft (the whole token family is revoked), so two tabs must never refresh with
 * the same refresh token. Refreshes run under one Web Lock per origin; the holder re-reads the
 * cookies first and adopts tokens another tab already rotated instead of calling the server.
 */

export const REFRESH_LOCK_NAME = 'engage.token-refresh'

/** Runs `work` while holding the refresh lock (or directly where Web Locks are unavailable). */
export async function withRefreshLock<T>(work: () => Promise<T>, locks: LockManager | undefined = globalThis.navigator?.locks): Promise<T> {
  if (!locks) return work()
  return locks.request(REFRESH_LOCK_NAME, { mode: 'exclusive' }, work) as Promise<T>
}
