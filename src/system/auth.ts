/**
 * The auth machine's browser side (machines/auth; SPEC §4 Authentication): sign-in, sign-up,
 * verify-token and logout over the API, the stored session, and same-origin navigation.
 *
 * Sign-in and sign-up carry the session's bot-check proof (src/platform/verified-session.ts).
 * A request that reached the server with it spends or refuses it, so both outcomes drop it: a
 * successful sign-in (or its two-factor challenge) and a 403 `bot_check_required` alike; the
 * sign-in route then shows the verification gate again (src/routes/SignInRoute.tsx).
 */
import { fromPromise } from 'xstate'
import { type SignInOutcome, type SignInResponse, type VerifyTokenResponse, isTwoFactorChallenge } from '../../contract/api.ts'
import { BOT_CHECK_REQUIRED_ERROR_CODE } from '../../contract/botcheck.ts'
import type { SignUpRequest } from '../../contract/workspaces.ts'
import { type TwoFactorInput, authMachine } from '../../machines/auth/auth.machine.ts'
import { safeLocalPath } from '../../machines/auth/redirect.ts'
import { type StoredTokens, toStoredTokens } from '../../machines/token/token.policy.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { isLocale } from '../i18n/locales.ts'
import type { SessionStore } from '../platform/session-storage.ts'
import { forgetVerified, readProof } from '../platform/verified-session.ts'
import { browserSessionStorage } from '../platform/stored.ts'
import { clearOfflineApiCache } from './serviceWorker.ts'

export interface AuthWiring {
  readonly api: Endpoints
  readonly store: SessionStore
  /** Clock (ms since the epoch). */
  readonly now: () => number
  /** Same-origin client-side navigation (the router's). */
  readonly navigate: (to: string) => void
  /** The token actor's current pair, for logout. */
  readonly tokens: () => StoredTokens | null
  /** The language the page speaks now (a shipped language or the pseudo-locale); a new account starts in it unless it is English. */
  readonly language?: () => string
  /** Whether the browser says it is offline (`!navigator.onLine`); default: never. */
  readonly offline?: () => boolean
  /** Called when a verification answered with the stored session because the browser is offline. */
  readonly onOfflineSession?: () => void
}

/**
 * The session as last verified, from storage, for a verification the network could not answer
 * while the browser is offline (the offline app shell): the shell opens from the service
 * worker's cache and says it is offline; back online the session is verified again
 * (src/system/connectivity.ts). Null when the failure is anything else (the server answered, or
 * the browser thinks it is online: a server down still signs out as before) or nothing is stored.
 */
export function sessionWhileOffline(error: unknown, offline: boolean, store: Pick<SessionStore, 'readPayload'>): VerifyTokenResponse | null {
  if (!offline || typeof error !== 'object' || error === null || !('code' in error) || error.code !== 'network_error') return null
  const stored = store.readPayload()
  return stored === null ? null : { user: stored.user, currentOrgData: stored.currentOrg, session_method: null }
}

/** The auth machine with its HTTP actors and its storage and navigation actions. */
export function browserAuth({ api, store, now, navigate, tokens, language, offline = () => false, onOfflineSession }: AuthWiring) {
  // Sign-in and sign-up answer the same session shape (SPEC §7): tokens and the default org.
  const toSession = (response: SignInResponse) => ({
    tokens: toStoredTokens(response, now()),
    orgId: response.org_id,
  })
  // The bot-check proof goes with the call; spent (success) or refused, it is dropped.
  const withProof = async <T,>(call: (proof: string | undefined) => Promise<T>): Promise<T> => {
    const storage = browserSessionStorage()
    try {
      const answer = await call(readProof(storage, now()))
      forgetVerified(storage)
      return answer
    } catch (error) {
      if (typeof error === 'object' && error !== null && 'code' in error && error.code === BOT_CHECK_REQUIRED_ERROR_CODE) forgetVerified(storage)
      throw error
    }
  }
  const toOutcome = (outcome: SignInOutcome) => (isTwoFactorChallenge(outcome) ? { twoFactorToken: outcome.two_factor_token } : toSession(outcome))
  return authMachine.provide({
    actors: {
      signIn: fromPromise(async ({ input }: { input: { email: string; password: string } }) =>
        toOutcome(await withProof((proof) => api.signIn({ ...input, ...(proof === undefined ? {} : { bot_check_proof: proof }) }))),
      ),
      signUp: fromPromise(async ({ input }: { input: SignUpRequest }) => {
        // English needs no saving (it is what an account without a choice gets); the browser's own
        // choice stays free to decide on other devices then.
        const spoken = language?.()
        const saved = spoken !== undefined && spoken !== 'en' && isLocale(spoken) ? { language: spoken } : {}
        return toSession(await withProof((proof) => api.signUp({ ...input, ...saved, ...(proof === undefined ? {} : { bot_check_proof: proof }) })))
      }),
      signInTwoFactor: fromPromise(async ({ input }: { input: TwoFactorInput }) =>
        toSession(
          await api.signInTwoFactor({
            two_factor_token: input.twoFactorToken,
            ...(input.method === 'totp' ? { code: input.code } : { recovery_code: input.code }),
          }),
        ),
      ),
      verifyToken: fromPromise(async ({ input }: { input: { userInitiated: boolean } }) => {
        try {
          return await api.verifyToken()
        } catch (error) {
          // Only the start-up verification opens offline; a sign-in or a switch needs the server.
          const stored = input.userInitiated ? null : sessionWhileOffline(error, offline(), store)
          if (stored === null) throw error
          onOfflineSession?.()
          return stored
        }
      }),
      logout: fromPromise(async () => {
        const pair = tokens()
        if (!pair) return { url: '/signin' }
        return api.logout({ refresh_token: pair.refreshToken, token: pair.accessToken })
      }),
    },
    actions: {
      storeOrgId: (_, params) => store.writeOrgId(params.orgId),
      storePayload: (_, params) => store.writePayload(params),
      clearStoredSession: () => {
        store.clearAll()
        // The offline copies of the API reads belong to this session.
        void clearOfflineApiCache()
      },
      navigate: (_, params) => {
        if (params.to !== null) navigate(safeLocalPath(params.to, '/app'))
      },
    },
  })
}
