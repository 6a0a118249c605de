/**
 * Route guards (SPEC.md §2.2 access gate). They read auth snapshots and throw redirects; the
 * router owns no state of its own.
 */
import { redirect } from '@tanstack/react-router'
import { waitFor } from 'xstate'
import { type AuthSnapshot, selectAuthStatus } from '../../machines/auth/auth.selectors.ts'
import { DEFAULT_APP_PATH, safeAppPath, signInUrlFor } from '../../machines/auth/redirect.ts'
import { ACCOUNT_SECURITY_HREF } from '../navigation/account.ts'
import { routeFor } from '../navigation/routes.ts'
import type { AuthActor } from '../system/react.tsx'

/** Paths every signed-in user may open whatever the workspace's state. */
const ALWAYS_ALLOWED = ['/app/signout']

/**
 * Where an /app visit must go instead, or null to let it through. Pure: used by the guard and tests.
 * - unauthenticated → /signin?main_app=true&app_path=<path and query>
 * - workspace not waitlist_approved → /app/waitlist
 * - approved but signup_completed false → /app/sign-up-info
 * - and back to /app once those pages no longer apply
 * - the workspace requires two-factor authentication and the person has not turned it on →
 *   /app/account?tab=security, from every page `twoFactorGateFor` blocks
 */
export function appRedirectFor(s: AuthSnapshot, pathname: string, href: string): string | null {
  const status = selectAuthStatus(s)
  if (status === 'signingOut') return null
  if (status !== 'authenticated') return pathname === '/app/signout' ? '/signin' : signInUrlFor(href)
  if (ALWAYS_ALLOWED.includes(pathname)) return null
  const org = s.context.currentOrg
  if (!org) return signInUrlFor(href)
  if (!org.waitlist_approved) return pathname === '/app/waitlist' ? null : '/app/waitlist'
  if (!org.signup_completed) return pathname === '/app/sign-up-info' ? null : '/app/sign-up-info'
  if (pathname === '/app/waitlist' || pathname === '/app/sign-up-info') return DEFAULT_APP_PATH
  if (twoFactorGateFor(s, pathname) === 'blocked') return ACCOUNT_SECURITY_HREF
  return null
}

/**
 * What the workspace's two-factor requirement does to an /app page. Pure: used by the guard,
 * AccessGate and tests.
 * - `open`: no requirement pending (the workspace does not require it, or the person has it on),
 *   or a session-only page (`requires: 'signedIn'`: /app/account, whose Security tab sets it up,
 *   sign-out, workspace selection...); the page goes through the usual permission gate;
 * - `blocked`: pending, any other page (`/app` itself and Profile Settings included): the guard
 *   sends the person to /app/account › Security (the server refuses the workspace's routes with
 *   403 `two_factor_required` until it is on).
 */
export type TwoFactorGate = 'open' | 'blocked'

export function twoFactorGateFor(s: AuthSnapshot, pathname: string): TwoFactorGate {
  // A re-verification (status 'loading') keeps the org on hand: the gate holds still meanwhile, so
  // the Security tab is not swapped for the splash while the session catches up after set-up.
  const status = selectAuthStatus(s)
  if (status === 'unauthenticated' || status === 'signingOut' || s.context.currentOrg?.two_factor_required_setup !== true) return 'open'
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (path !== '/app' && routeFor(path)?.requires === 'signedIn') return 'open'
  return 'blocked'
}

/** Settled = not loading/verifying. Resolves synchronously-fast when already settled. */
function settled(auth: AuthActor): AuthSnapshot | Promise<AuthSnapshot> {
  const s = auth.getSnapshot()
  return selectAuthStatus(s) === 'loading' ? waitFor(auth, (x) => selectAuthStatus(x) !== 'loading', { timeout: Infinity }) : s
}

/** `beforeLoad` of /app: waits for authentication to settle (the splash shows), then redirects if needed. */
export async function guardApp(auth: AuthActor, location: { pathname: string; href: string }): Promise<void> {
  const s = await settled(auth)
  const to = appRedirectFor(s, location.pathname, location.href)
  if (to !== null) throw redirect({ href: to, replace: true })
}

/** `beforeLoad` of /signin: a signed-in visitor goes straight to the (same-origin) app_path or /app. */
export function guardSignIn(auth: AuthActor, appPath: string | undefined): void {
  if (selectAuthStatus(auth.getSnapshot()) === 'authenticated') {
    throw redirect({ href: safeAppPath(appPath) ?? DEFAULT_APP_PATH, replace: true })
  }
}
