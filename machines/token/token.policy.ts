/**
 * Token policy: the pure rules of SPEC.md §4 Token refresh and §9 (expiry arithmetic).
 * No clock is read here: callers pass `nowMs`, so tests and machines stay deterministic.
 */
import type { TokenResponse } from '../../contract/api.ts'

/** Tokens as the browser keeps them. `expiresAt` is epoch ms, or null when unknown. */
export interface StoredTokens {
  readonly accessToken: string
  readonly refreshToken: string
  readonly expiresAt: number | null
}

/** SPEC.md §9: refresh when the access token expires within 10 s (10_000 ms). */
export const REFRESH_THRESHOLD_MS = 10_000
/** SPEC.md §9: `expires_in` used when the server sends none or a non-positive one (s). */
export const DEFAULT_EXPIRES_IN_S = 300
/** SPEC.md §9: lifetimes above this (s) are shortened by `EXPIRY_SAFETY_MARGIN_S`. */
export const LONG_LIFETIME_S = 180
/** SPEC.md §9: safety margin subtracted from long lifetimes (s). */
export const EXPIRY_SAFETY_MARGIN_S = 30

/**
 * SPEC.md §9: the effective access-token lifetime in seconds. 300 when `expiresIn` is absent,
 * not finite or not positive; `expiresIn - 30` when above 180; otherwise `expiresIn`.
 */
export function effectiveExpiresIn(expiresIn: number | undefined | null): number {
  if (expiresIn === undefined || expiresIn === null || !Number.isFinite(expiresIn) || expiresIn <= 0) {
    return DEFAULT_EXPIRES_IN_S
  }
  return expiresIn > LONG_LIFETIME_S ? expiresIn - EXPIRY_SAFETY_MARGIN_S : expiresIn
}

/** Turns a token response into stored tokens, with `expiresAt = nowMs + lifetime`. */
export function toStoredTokens(response: TokenResponse, nowMs: number): StoredTokens {
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    expiresAt: nowMs + effectiveExpiresIn(response.expires_in) * 1000,
  }
}

/**
 * SPEC.md §4 Token refresh: a refresh is due before a request when the expiry is missing or
 * within `REFRESH_THRESHOLD_MS` of `nowMs`.
 */
export function isRefreshDue(tokens: StoredTokens, nowMs: number): boolean {
  return tokens.expiresAt === null || tokens.expiresAt - nowMs <= REFRESH_THRESHOLD_MS
}
