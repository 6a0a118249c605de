/**
 * The auth machine's types (machines/auth/auth.machine.ts): its context, input, events, emitted
 * events and the results of its sign-in actors (SPEC.md §3 stored values, §4 Authentication).
 */
import type { CurrentOrg, User } from '../../contract/api.ts'
import type { SignUpPlan } from '../../contract/workspaces.ts'
import type { StoredTokens } from '../token/token.policy.ts'
import type { AuthError } from '../shared/auth-error.ts'

/** The auth actor's context (SPEC §3 stored values, §4 Authentication). */
export interface AuthContext {
  readonly user: User | null
  readonly currentOrg: CurrentOrg | null
  /**
   * The org this tab works in: sent as x-org-id. Kept per tab (not read back from storage),
   * so switching in one tab does not move another tab to a different tenant (SPEC §4).
   */
  readonly orgId: string | null
  /** True when start-up found access token, stored payload and current org id (SPEC §4). */
  readonly hasStoredSession: boolean
  /** Whether the verification in flight was started by the user (sign-in, org switch). */
  readonly userInitiated: boolean
  /** Same-origin path to go to once verified (already checked by the sender). */
  readonly redirect: string | null
  /** Where the logout response said to go (SPEC §4 Sign out). */
  readonly signOutUrl: string
  readonly error: AuthError | null
  /**
   * The token of a sign-in waiting for its second factor (`POST /users/signin`
   * answered `two_factor_required`); null otherwise. Lives only in memory.
   */
  readonly twoFactorToken: string | null
}

/** What the root system starts auth with: what start-up found in the browser (SPEC §3, §4). */
export interface AuthInput {
  readonly hasStoredSession: boolean
  /** The stored current org id (SPEC §3 stored values). */
  readonly orgId?: string | null
  /** The stored payload (SPEC §3 stored values), shown optimistically while verifying. */
  readonly payload?: { readonly user: User; readonly currentOrg: CurrentOrg } | null
}

/** Events auth accepts: from the sign-in, sign-up and waitlist pages, the shell, and the token actor (`session.expired`). */
export type AuthEvent =
  | { type: 'auth.signIn'; email: string; password: string; redirect?: string | null }
  | { type: 'auth.verify'; userInitiated?: boolean; redirect?: string | null }
  | { type: 'auth.signUp'; fullName: string; email: string; password: string; org_name: string; plan?: SignUpPlan; redirect?: string | null }
  | { type: 'auth.switchOrg'; orgId: string }
  | { type: 'auth.signOut' }
  /** The session could not go on: its refresh failed, or (`revoked`) it was signed out elsewhere. */
  | { type: 'session.expired'; revoked?: boolean }
  /** The second sign-in step, with a TOTP code or a recovery code (`method`). */
  | { type: 'auth.submitTwoFactor'; method: TwoFactorMethod; code: string }
  /** Leave the second step, back to email and password. */
  | { type: 'auth.cancelTwoFactor' }
  /**
   * A session started outside the password form (a passkey, or single sign-on's callback): its
   * tokens and org, verified like a sign-in's. Also ends a pending second step, which a passkey
   * replaces.
   */
  | { type: 'auth.sessionStarted'; result: SignInResult; redirect?: string | null }

/** How the second sign-in step is answered: the authenticator app's code, or a recovery code. */
export type TwoFactorMethod = 'totp' | 'recovery'

/** Events auth emits for the toast layer and analytics (SPEC §4 Sign out: why the session ended). */
export type AuthEmitted =
  | { type: 'auth.authenticated'; user: User; currentOrg: CurrentOrg }
  | { type: 'auth.signedOut'; reason: 'user' | 'expired' | 'sso' }

/** What the sign-in and sign-up actors resolve with: the new tokens and the org to work in. */
export interface SignInResult {
  readonly tokens: StoredTokens
  readonly orgId: string
}

/** What the sign-in actor resolves with when the account has two-factor authentication on. */
export interface TwoFactorPending {
  readonly twoFactorToken: string
}

/** Whether a sign-in result asks for the second factor (else it carries the session). */
export const isTwoFactorPending = (result: SignInResult | TwoFactorPending): result is TwoFactorPending => 'twoFactorToken' in result

/** The input of the second step's actor (`POST /users/signin/two-factor`). */
export interface TwoFactorInput {
  readonly twoFactorToken: string
  readonly method: TwoFactorMethod
  readonly code: string
}

/** What each credentials actor takes, by actor name: `POST /users/signin` and `POST /users/signup` bodies. */
export interface CredentialsInput {
  readonly signIn: { email: string; password: string }
  readonly signUp: { fullName: string; email: string; password: string; org_name: string; plan?: SignUpPlan }
}
