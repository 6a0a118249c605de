/**
 * The router's bindings to the root actor system (split of the router): guards re-run
 * on auth changes, route changes reach the version check and analytics, and the current page's
 * chunks load at boot.
 */
import type { Subscribable } from 'xstate'
import { type AuthSnapshot, selectAuthStatus } from '../../machines/auth/auth.selectors.ts'
import { SIGNED_IN_LANDING } from '../navigation/paths.ts'
import type { AppSystem } from '../system/app-system.ts'
import type { AppRouter } from './tree.tsx'

/**
 * Re-runs route guards whenever the auth status changes (sign-in, sign-out, expiry), so a
 * page never stays visible to a session that no longer allows it. Returns the unsubscribe.
 */
export function bindRouterToAuth(router: AppRouter, system: AppSystem): () => void {
  let last = selectAuthStatus(system.auth.getSnapshot())
  const sub = system.auth.subscribe((s) => {
    const status = selectAuthStatus(s)
    if (status !== last) {
      last = status
      void router.invalidate()
    }
  })
  return () => sub.unsubscribe()
}

/** A resolved navigation: the new path, and whether it is the first one of the page. */
export interface RouteChange {
  readonly pathname: string
  readonly initial: boolean
}

/**
 * Calls `onChange` after every resolved navigation that changed the path (and once for the first
 * page), for the version check (SPEC §4: a check 1 s after a route change) and analytics page
 * views (SPEC §7). Search-only changes (a tab, a filter) are not route changes. Returns the
 * unsubscribe.
 */
export function bindRouteChanges(router: AppRouter, onChange: (change: RouteChange) => void): () => void {
  return router.subscribe('onResolved', (event) => {
    const initial = event.fromLocation === undefined
    if (!initial && !event.pathChanged) return
    onChange({ pathname: event.toLocation.pathname, initial })
  })
}

/**
 * Starts loading the route chunks of `pathname`'s matches (the page's and its layout's) now, at boot,
 * instead of when the router reaches them: the router loads a match's component only after its
 * `beforeLoad` guard, and `guardApp` waits for the session check (POST verify-token). Loading both
 * at once takes one round trip off the first page of a signed-in person. A failed
 * load is left to the router, which retries it and shows the route's error fallback.
 */
export function preloadRouteChunks(router: AppRouter, pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname)
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined)
}

/**
 * When a sign-in or sign-up starts, `preload` is called once with the page it will
 * land on (the redirect it carries, without its query, else {@link SIGNED_IN_LANDING}). With
 * `preloadRouteChunks`, the signed-in shell's chunks and that page's load while the server checks
 * the password (about 200 ms), instead of only after it answered. Not before the person submits:
 * visitors who never sign in load nothing more. Returns the unsubscribe.
 */
export function preloadLandingOnSignIn(auth: Subscribable<AuthSnapshot>, preload: (pathname: string) => void): () => void {
  let started = false
  const sub = auth.subscribe((s) => {
    if (started || !(s.matches('signingIn') || s.matches('signingUp'))) return
    started = true
    preload((s.context.redirect ?? SIGNED_IN_LANDING).split(/[?#]/)[0] as string)
  })
  return () => sub.unsubscribe()
}
