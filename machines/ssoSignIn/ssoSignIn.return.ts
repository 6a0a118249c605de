/**
 * The pure rules of a single sign-on round trip in the browser (docs/api.md "Single sign-on"),
 * read by the ssoSignIn machine's guards and actions:
 *
 * - the provider's URL must be http(s), and carry a `state`, before the browser is sent there;
 * - the provider's return is checked against this tab's own attempt (`state`), its `error`
 *   mapped to a fixed reason (never its text);
 * - a refusal of `POST /users/sso/callback` is mapped to a fixed reason by its status.
 *
 * /signin shows the reason's message (contract/sso.ts `SSO_ERROR_MESSAGES`), never text from the
 * address.
 */
import type { SsoErrorReason } from '../../contract/sso.ts'

/** Whether the server's authorization URL may be opened: an absolute http(s) URL. */
export function isProviderUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
  } catch {
    return false
  }
}

/** The OAuth state of a provider URL, or null. */
export function stateOf(url: string): string | null {
  try {
    return new URL(url).searchParams.get('state')
  } catch {
    return null
  }
}

/** The body of `POST /users/sso/callback`: what the provider sent back. */
export interface ProviderAnswer {
  readonly state: string
  readonly code: string
  readonly iss?: string
}

/** What to do with the query the provider sent the browser back with. */
export type ProviderReturn = { readonly kind: 'exchange'; readonly body: ProviderAnswer } | { readonly kind: 'failed'; readonly reason: SsoErrorReason }

/** Whether /sso/callback was opened without a provider's answer (a bookmark, a typed address). */
export function isBareReturn(query: URLSearchParams): boolean {
  return !query.has('state') && !query.has('code') && !query.has('error')
}

/**
 * Reads the provider's return (`?code&state&iss` or `?error&state`) against `expectedState`, this
 * tab's attempt. A state that is missing or not this tab's is `state_mismatch`, whatever else the
 * query says.
 */
export function readProviderReturn(query: URLSearchParams, expectedState: string | null): ProviderReturn {
  const state = query.get('state')
  if (state === null || expectedState === null || state !== expectedState) return { kind: 'failed', reason: 'state_mismatch' }
  const error = query.get('error')
  if (error !== null) return { kind: 'failed', reason: error === 'access_denied' ? 'denied' : 'provider_error' }
  const code = query.get('code')
  if (code === null || code === '') return { kind: 'failed', reason: 'provider_error' }
  const iss = query.get('iss')
  return { kind: 'exchange', body: { state, code, ...(iss === null ? {} : { iss }) } }
}

/** The reason for a refused `POST /users/sso/callback`, from its status. */
export function callbackFailure(error: unknown): SsoErrorReason {
  const status = (error as { status?: unknown } | null)?.status
  if (status === 400) return 'expired'
  if (status === 401) return 'rejected'
  if (status === 403) return 'not_member'
  return 'provider_unavailable'
}

/** /signin with a reason to show (`?sso_error=<reason>`). */
export const signInWithReason = (reason: SsoErrorReason): string => `/signin?sso_error=${reason}`
