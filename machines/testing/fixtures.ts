/**
 * Shared fixtures for machine tests and stories: contract-shaped users, orgs and responses
 * that mirror the demo seed (docs: README "Demo accounts").
 */
import type { CurrentOrg, User, VerifyTokenResponse } from '../../contract/api.ts'
import type { StoredTokens } from '../token/token.policy.ts'

export const ada: User = { _id: 'u-ada', fullName: 'Ada Admin', email: 'admin@acme.test', image: null }

export const acme: CurrentOrg = {
  org_id: 'o-acme',
  org_name: 'Acme Support',
  roles: ['SUPER_ADMIN'],
  is_sso_enabled: false,
  signup_completed: true,
  waitlist_approved: true,
  layout: 'DEFAULT',
  permission_sets: ['SUPER_ADMIN'],
}

export const umbrella: CurrentOrg = { ...acme, org_id: 'o-umbrella', org_name: 'Umbrella', is_sso_enabled: true }
export const waitlistLabs: CurrentOrg = { ...acme, org_id: 'o-waitlist', org_name: 'Waitlist Labs', waitlist_approved: false, signup_completed: false }
export const initech: CurrentOrg = { ...acme, org_id: 'o-initech', org_name: 'Initech', signup_completed: false }

export const verifiedAda: VerifyTokenResponse = { user: ada, currentOrgData: acme }
export const verifiedSso: VerifyTokenResponse = { user: { ...ada, _id: 'u-sso', fullName: 'Sara Sso', email: 'sso@umbrella.test' }, currentOrgData: umbrella }

export const someTokens: StoredTokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: 1_700_000_300_000 }

/** An error shaped like the API client's `ApiError` (code, message, issues, status). */
export function apiError(status: number, code: string, message: string) {
  return Object.assign(new Error(message), { status, code, issues: [] as Array<{ path: string[]; message: string }> })
}
