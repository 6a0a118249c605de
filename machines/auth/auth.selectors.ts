/**
 * Narrow selectors over the auth snapshot, for views (`useSelector`) and router guards.
 */
import type { SnapshotFrom } from 'xstate'
import type { LayoutType } from '../../contract/api.ts'
import type { AuthMachine } from './auth.machine.ts'

export type AuthSnapshot = SnapshotFrom<AuthMachine>

/** The coarse status of SPEC §3 Auth state (isLoading / isAuthenticated), plus sign-out in progress. */
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated' | 'signingOut'

export function selectAuthStatus(s: AuthSnapshot): AuthStatus {
  if (s.matches('authenticated')) return 'authenticated'
  if (s.matches('signingOut') || s.matches('signedOut')) return 'signingOut'
  if (s.matches('loading') || s.matches('verifying')) return 'loading'
  return 'unauthenticated'
}

/** True while a sign-in is in flight: the credentials call, then its verification. */
export const selectIsSigningIn = (s: AuthSnapshot) => s.matches('signingIn') || (s.matches('verifying') && s.context.userInitiated && s.context.user === null)
export const selectAuthError = (s: AuthSnapshot) => s.context.error
/** The sign-in waits for its second factor (the page shows the code form). */
export const selectIsTwoFactorStep = (s: AuthSnapshot) => s.matches('twoFactor')
/** The second factor is being checked, then the session verified. */
export const selectIsCheckingTwoFactor = (s: AuthSnapshot) => s.matches({ twoFactor: 'checking' })
export const selectUser = (s: AuthSnapshot) => s.context.user
export const selectCurrentOrg = (s: AuthSnapshot) => s.context.currentOrg

/** SPEC §3 Auth state `layout_type`: the current org's layout type, `DEFAULT` when there is no current org. */
export const selectLayoutType = (s: AuthSnapshot): LayoutType => s.context.currentOrg?.layout ?? 'DEFAULT'
