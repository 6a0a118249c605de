/**
 * The stored values of the session (SPEC.md §3 "Stored values"): where each lives and how it
 * is read back at start-up.
 *
 * | value            | place                 | key               |
 * |------------------|-----------------------|-------------------|
 * | access token     | cookie (Secure, Lax)  | access_token      |
 * | refresh token    | cookie (Secure, Lax)  | refresh_token     |
 * | token expiry     | cookie (Secure, Lax)  | token_expiry (ms) |
 * | current org id   | localStorage          | current_org_id    |
 * | payload data     | localStorage (JSON)   | payload_data      |
 */
import { CurrentOrg, User } from '../../contract/api.ts'
import { validate } from '../../contract/validate.ts'
import { Schema } from 'effect'
import type { StoredTokens } from '../../machines/token/token.policy.ts'
import type { CookieJar } from './cookies.ts'

export const StorageKey = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  tokenExpiry: 'token_expiry',
  currentOrgId: 'current_org_id',
  payload: 'payload_data',
} as const

/** How long the token cookies live (s); the server decides the real refresh-token lifetime. */
export const TOKEN_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60

const Payload = Schema.Struct({ user: User, current_org: CurrentOrg })

export interface StoredPayload {
  readonly user: User
  readonly currentOrg: CurrentOrg
}

export interface SessionStore {
  readTokens(): StoredTokens | null
  writeTokens(tokens: StoredTokens): void
  clearTokens(): void
  readOrgId(): string | null
  writeOrgId(orgId: string): void
  readPayload(): StoredPayload | null
  writePayload(payload: StoredPayload): void
  /** SPEC §4 Sign out: tokens, org id and payload. */
  clearAll(): void
}

/** The session store over a cookie jar and a Web Storage (localStorage in the app). */
export function createSessionStore(cookies: CookieJar, storage: Storage): SessionStore {
  const safe = <T>(f: () => T, fallback: T): T => {
    try {
      return f()
    } catch {
      return fallback // storage can be disabled (private mode, quota): behave as empty
    }
  }
  return {
    readTokens() {
      const accessToken = cookies.get(StorageKey.accessToken)
      const refreshToken = cookies.get(StorageKey.refreshToken)
      if (!accessToken || !refreshToken) return null
      const expiry = Number(cookies.get(StorageKey.tokenExpiry))
      return { accessToken, refreshToken, expiresAt: Number.isFinite(expiry) && expiry > 0 ? expiry : null }
    },
    writeTokens(tokens) {
      cookies.set(StorageKey.accessToken, tokens.accessToken, TOKEN_COOKIE_MAX_AGE_S)
      cookies.set(StorageKey.refreshToken, tokens.refreshToken, TOKEN_COOKIE_MAX_AGE_S)
      if (tokens.expiresAt === null) cookies.remove(StorageKey.tokenExpiry)
      else cookies.set(StorageKey.tokenExpiry, String(tokens.expiresAt), TOKEN_COOKIE_MAX_AGE_S)
    },
    clearTokens() {
      cookies.remove(StorageKey.accessToken)
      cookies.remove(StorageKey.refreshToken)
      cookies.remove(StorageKey.tokenExpiry)
    },
    readOrgId: () => safe(() => storage.getItem(StorageKey.currentOrgId), null),
    writeOrgId: (orgId) => safe(() => storage.setItem(StorageKey.currentOrgId, orgId), undefined),
    readPayload() {
      const raw = safe(() => storage.getItem(StorageKey.payload), null)
      if (!raw) return null
      let parsed: unknown
      try {
        parsed = JSON.parse(raw)
      } catch {
        return null
      }
      const decoded = validate(Payload, parsed)
      return decoded.ok ? { user: decoded.value.user, currentOrg: decoded.value.current_org } : null
    },
    writePayload(payload) {
      safe(() => storage.setItem(StorageKey.payload, JSON.stringify({ user: payload.user, current_org: payload.currentOrg })), undefined)
    },
    clearAll() {
      this.clearTokens()
      safe(() => {
        storage.removeItem(StorageKey.currentOrgId)
        storage.removeItem(StorageKey.payload)
      }, undefined)
    },
  }
}

/** SPEC §4 Authentication: verification runs only when access token, payload and org id all exist. */
export function hasStoredSession(store: SessionStore): boolean {
  return store.readTokens() !== null && store.readPayload() !== null && store.readOrgId() !== null
}
