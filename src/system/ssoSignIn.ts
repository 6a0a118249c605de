/**
 * The single sign-on sign-in machine's browser side (machines/ssoSignIn/ssoSignIn.machine.ts), for
 * /signin/sso and /sso/callback (src/ui/sso/SsoPages.tsx): the API calls, this tab's attempt
 * (src/platform/sso-attempt.ts), the passkey prompt (src/platform/webauthn.ts), the session handed
 * to the auth actor as `auth.sessionStarted` (as the passkey sign-in hands its own), and the way
 * back to /signin with a reason.
 *
 * One actor per page load, started once even under React's StrictMode double effects: the
 * provider's return is exchanged once (the server uses the attempt up).
 */
import { useEffect, useRef, useState } from 'react'
import { type Actor, type ActorRefFrom, createActor, fromPromise } from 'xstate'
import type { AuthMachine } from '../../machines/auth/auth.machine.ts'
import { type SsoSignInInput, ssoSignInMachine, type SsoSignInMachine } from '../../machines/ssoSignIn/ssoSignIn.machine.ts'
import { signInWithReason } from '../../machines/ssoSignIn/ssoSignIn.return.ts'
import { toStoredTokens } from '../../machines/token/token.policy.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { goToProvider, rememberSsoState, takeSsoState } from '../platform/sso-attempt.ts'
import { assertPasskey } from '../platform/webauthn.ts'
import { useApi } from './api.tsx'
import { useAuthActor } from './react.tsx'

type AuthActor = ActorRefFrom<AuthMachine>

/** What the single sign-on pages work with. */
export interface SsoSignInWiring {
  readonly api: Endpoints
  /** The auth actor, which takes the session (`auth.sessionStarted`). */
  readonly auth: Pick<AuthActor, 'send'>
  /** Goes to a same-origin address, replacing the current one in the history (Back does not replay a return). */
  readonly replaceWith: (href: string) => void
  readonly now?: () => number
}

/** The machine with its calls, its attempt storage, the passkey prompt and navigation. */
export function browserSsoSignIn(wiring: SsoSignInWiring) {
  const { api, auth } = wiring
  const now = wiring.now ?? Date.now
  return ssoSignInMachine.provide({
    actors: {
      startSso: fromPromise(({ input }) => api.sso.start({ email: input.email, ...(input.redirect === null ? {} : { redirect: input.redirect }) })),
      takeAttempt: fromPromise(async () => takeSsoState()),
      exchangeCode: fromPromise(({ input }) => api.sso.callback(input)),
      linkWithPassword: fromPromise(({ input }) =>
        api.sso.link({ link_token: input.linkToken, password: input.password, ...(input.code === undefined ? {} : { code: input.code }) }),
      ),
      linkWithPasskey: fromPromise(async ({ input }) => {
        const { challenge_id, options } = await api.sso.linkPasskeyOptions({ link_token: input.linkToken })
        const response = await assertPasskey(options)
        return api.sso.linkPasskey({ link_token: input.linkToken, challenge_id, response: response as never })
      }),
    },
    actions: {
      goToProvider: (_, params) => {
        rememberSsoState(params.state)
        goToProvider(params.url)
      },
      startSession: (_, params) =>
        auth.send({
          type: 'auth.sessionStarted',
          result: { tokens: toStoredTokens(params.response, now()), orgId: params.response.org_id },
          redirect: params.redirect ?? '/app',
        }),
      goToSignIn: (_, params) => wiring.replaceWith(signInWithReason(params.reason)),
    },
  })
}

/** Starts the actor of one page. */
export function startSsoSignIn(wiring: SsoSignInWiring, input: SsoSignInInput): Actor<SsoSignInMachine> {
  return createActor(browserSsoSignIn(wiring), { input }).start()
}

/** Actors already started: a StrictMode remount runs the effect again on the same actor. */
const started = new WeakSet<object>()

/**
 * The page's actor, created and started once for the page's lifetime (a StrictMode remount keeps
 * it; a real unmount stops it). `input` is read once.
 */
export function useSsoSignInActor(input: SsoSignInInput, replaceWith: (href: string) => void): Actor<SsoSignInMachine> {
  const api = useApi()
  const auth = useAuthActor()
  const navigate = useRef(replaceWith)
  useEffect(() => {
    navigate.current = replaceWith
  }, [replaceWith])
  const [actor] = useState(() => createActor(browserSsoSignIn({ api, auth, replaceWith: (href) => navigate.current(href) }), { input }))
  const stopping = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    clearTimeout(stopping.current)
    if (!started.has(actor)) {
      started.add(actor)
      actor.start()
    }
    return () => {
      // StrictMode unmounts and mounts again at once: only a real unmount stops it.
      stopping.current = setTimeout(() => actor.stop(), 0)
    }
  }, [actor])
  return actor
}
