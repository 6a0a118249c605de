/**
 * The auth machine's browser side (machines/auth; SPEC §4 Authentication): sign-in, sign-up,
 * verify-token and logout over the API, the stored session, and same-origin navigation.
 */
import { fromPromise } from 'xstate'
import type { SignInResponse } from '../../contract/api.ts'
import type { SignUpRequest } from '../../contract/workspaces.ts'
import { authMachine } from '../../machines/auth/auth.machine.ts'
import { safeLocalPath } from '../../machines/auth/redirect.ts'
import { type StoredTokens, toStoredTokens } from '../../machines/token/token.policy.ts'
import type { Endpoints } from '../api/endpoints.ts'
import type { SessionStore } from '../platform/session-storage.ts'

export interface AuthWiring {
  readonly api: Endpoints
  readonly store: SessionStore
  /** Clock (ms since the epoch). */
  readonly now: () => number
  /** Same-origin client-side navigation (the router's). */
  readonly navigate: (to: string) => void
  /** The token actor's current pair, for logout. */
  readonly tokens: () => StoredTokens | null
}

/** The auth machine with its HTTP actors and its storage and navigation actions. */
export function browserAuth({ api, store, now, navigate, tokens }: AuthWiring) {
  // Sign-in and sign-up answer the same session shape (SPEC §7): tokens and the default org.
  const toSession = (response: SignInResponse) => ({
    tokens: toStoredTokens(response, now()),
    orgId: response.org_id,
  })
  return authMachine.provide({
    actors: {
      signIn: fromPromise(async ({ input }: { input: { email: string; password: string } }) => toSession(await api.signIn(input))),
      signUp: fromPromise(async ({ input }: { input: SignUpRequest }) => toSession(await api.signUp(input))),
      verifyToken: fromPromise(() => api.verifyToken()),
      logout: fromPromise(async () => {
        const pair = tokens()
        if (!pair) return { url: '/signin' }
        return api.logout({ refresh_token: pair.refreshToken, token: pair.accessToken })
      }),
    },
    actions: {
      storeOrgId: (_, params) => store.writeOrgId(params.orgId),
      storePayload: (_, params) => store.writePayload(params),
      clearStoredSession: () => store.clearAll(),
      navigate: (_, params) => {
        if (params.to !== null) navigate(safeLocalPath(params.to, '/app'))
      },
    },
  })
}
