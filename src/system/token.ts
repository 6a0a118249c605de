/**
 * The token machine's browser side (machines/token; SPEC §4 Token refresh): the refresh call
 * under a Web Lock so tabs never present a spent refresh token, and the stored pair.
 */
import { fromPromise } from 'xstate'
import { isRefreshDue, toStoredTokens } from '../../machines/token/token.policy.ts'
import { tokenMachine } from '../../machines/token/token.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { withRefreshLock } from '../platform/refresh-lock.ts'
import type { SessionStore } from '../platform/session-storage.ts'

export interface TokenWiring {
  readonly api: Endpoints
  readonly store: SessionStore
  /** Clock (ms since the epoch). */
  readonly now: () => number
  /** Web Locks for cross-tab refresh coordination; defaults to `navigator.locks`. */
  readonly locks?: LockManager | undefined
}

/** The token machine with the refresh call, its cross-tab lock and the session store. */
export function browserToken({ api, store, now, locks }: TokenWiring) {
  return tokenMachine.provide({
    actors: {
      refreshTokens: fromPromise(({ input }: { input: { refreshToken: string } }) =>
        withRefreshLock(async () => {
          // Another tab may have rotated the refresh token: the cookies then hold the newest
          // pair. Adopt it while fresh, else refresh with it — never with the spent one.
          const stored = store.readTokens()
          const newer = stored && stored.refreshToken !== input.refreshToken ? stored : null
          if (newer && !isRefreshDue(newer, now())) return newer
          const rotated = toStoredTokens(await api.refreshToken(newer?.refreshToken ?? input.refreshToken), now())
          // Stored before the lock is released: the token machine persists them too, but only
          // after this promise settles, and by then a waiting tab would already have read the
          // spent pair and presented it (reuse: the server revokes the family). Found by the
          // two-tab end-to-end test.
          store.writeTokens(rotated)
          return rotated
        }, locks),
      ),
    },
    actions: {
      persistTokens: (_, params) => store.writeTokens(params.tokens),
      eraseTokens: () => store.clearTokens(),
    },
  })
}
