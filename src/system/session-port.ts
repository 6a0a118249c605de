/**
 * The API client's view of the session (SessionPort), backed by the token actor of the root
 * system. Implements SPEC.md §4 Token refresh: refresh before a request when the expiry is
 * missing or within 10 s, and one shared refresh after a 401.
 */
import { type ActorRefFrom, waitFor } from 'xstate'
import type { TokenMachine } from '../../machines/token/token.machine.ts'
import { isRefreshDue } from '../../machines/token/token.policy.ts'
import { ApiError, type SessionPort } from '../api/client.ts'

type TokenActor = ActorRefFrom<TokenMachine>

const expired = () => new ApiError(401, 'session_expired', 'Your session has expired. Please sign in again.')
const revoked = () => new ApiError(401, 'session_revoked', 'You were signed out of this session. Please sign in again.')

/**
 * @param tokenActor resolves the running token actor (late-bound: the system starts after the port exists)
 * @param orgId reads the current org id (SPEC §3 stored values)
 * @param now clock in epoch ms
 */
export function createSessionPort(tokenActor: () => TokenActor, orgId: () => string | null, now: () => number = Date.now): SessionPort {
  const settled = async (actor: TokenActor) => {
    const snapshot = await waitFor(actor, (s) => s.matches('idle'))
    if (!snapshot.context.tokens) throw snapshot.context.revoked ? revoked() : expired()
  }
  return {
    credentials() {
      const tokens = tokenActor().getSnapshot().context.tokens
      return tokens ? { accessToken: tokens.accessToken, orgId: orgId() } : null
    },
    async ensureFresh() {
      const actor = tokenActor()
      const snapshot = actor.getSnapshot()
      if (snapshot.matches('refreshing')) return settled(actor)
      if (!snapshot.context.tokens) throw expired()
      if (isRefreshDue(snapshot.context.tokens, now())) {
        actor.send({ type: 'token.refresh' })
        return settled(actor)
      }
    },
    async refreshAfterUnauthorized(usedToken) {
      const actor = tokenActor()
      const snapshot = actor.getSnapshot()
      if (snapshot.matches('idle')) {
        // Another request already refreshed since this one was sent: just retry with the new token.
        if (snapshot.context.tokens && snapshot.context.tokens.accessToken !== usedToken) return
        actor.send({ type: 'token.refresh' })
      }
      return settled(actor)
    },
  }
}
