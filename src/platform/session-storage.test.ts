// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { acme, ada } from '../../machines/testing/fixtures.ts'
import { documentCookies, memoryCookies, memoryStorage } from './cookies.ts'
import { StorageKey, createSessionStore, hasStoredSession } from './session-storage.ts'

afterEach(() => vi.unstubAllGlobals())

/** A document whose cookie writes are recorded as written (attributes included). */
function recordingDocument() {
  const writes: string[] = []
  return { writes, doc: { get cookie() { return '' }, set cookie(v: string) { writes.push(v) } } as unknown as Document }
}

describe('stored values (SPEC §3)', () => {
  it('access token, refresh token and expiry live in cookies; org id and payload in localStorage', () => {
    const cookies = memoryCookies()
    const storage = memoryStorage()
    const store = createSessionStore(cookies, storage)
    store.writeTokens({ accessToken: 'a1', refreshToken: 'r1', expiresAt: 1_700_000_000_000 })
    store.writeOrgId('o-acme')
    store.writePayload({ user: ada, currentOrg: acme })
    expect(cookies.get(StorageKey.accessToken)).toBe('a1')
    expect(cookies.get(StorageKey.refreshToken)).toBe('r1')
    expect(cookies.get(StorageKey.tokenExpiry)).toBe('1700000000000')
    expect(storage.getItem(StorageKey.currentOrgId)).toBe('o-acme')
    // The payload keeps current_org with its roles (SPEC §3).
    expect(JSON.parse(storage.getItem(StorageKey.payload)!).current_org.roles).toEqual(acme.roles)
    expect(storage.length).toBe(2)
    expect(StorageKey).toEqual({
      accessToken: 'access_token',
      refreshToken: 'refresh_token',
      tokenExpiry: 'token_expiry',
      currentOrgId: 'current_org_id',
      payload: 'payload_data',
    })
  })

  it('token cookies are Secure and SameSite=Lax in a secure context', () => {
    vi.stubGlobal('isSecureContext', true)
    const { writes, doc } = recordingDocument()
    createSessionStore(documentCookies(doc), memoryStorage()).writeTokens({ accessToken: 'a1', refreshToken: 'r1', expiresAt: null })
    const tokenWrites = writes.filter((w) => w.startsWith('access_token=') || w.startsWith('refresh_token='))
    expect(tokenWrites).toHaveLength(2)
    for (const w of tokenWrites) {
      expect(w).toContain('SameSite=Lax')
      expect(w).toContain('; Secure')
      expect(w).toContain('Path=/')
    }
  })

  it('a stored session needs all three of access token, payload and org id (SPEC §4 Authentication)', () => {
    const store = createSessionStore(memoryCookies(), memoryStorage())
    expect(hasStoredSession(store)).toBe(false)
    store.writeTokens({ accessToken: 'a1', refreshToken: 'r1', expiresAt: null })
    expect(hasStoredSession(store)).toBe(false)
    store.writePayload({ user: ada, currentOrg: acme })
    expect(hasStoredSession(store)).toBe(false)
    store.writeOrgId('o-acme')
    expect(hasStoredSession(store)).toBe(true)
  })

  it('sign-out clears tokens, org id and payload; a corrupt payload reads as none', () => {
    const cookies = memoryCookies()
    const storage = memoryStorage({ theme: 'dark' })
    const store = createSessionStore(cookies, storage)
    store.writeTokens({ accessToken: 'a1', refreshToken: 'r1', expiresAt: 5 })
    store.writeOrgId('o-acme')
    store.writePayload({ user: ada, currentOrg: acme })
    store.clearAll()
    expect(store.readTokens()).toBeNull()
    expect(cookies.get(StorageKey.tokenExpiry)).toBeNull()
    expect(store.readOrgId()).toBeNull()
    expect(store.readPayload()).toBeNull()
    expect(storage.getItem('theme')).toBe('dark')
    storage.setItem(StorageKey.payload, '{not json')
    expect(store.readPayload()).toBeNull()
  })
})
