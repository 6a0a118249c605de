/**
 * What the service worker keeps for offline use (src/sw/offline.ts): only the shell's few GET
 * reads, the notifications list's first page only, one cache entry per workspace and person; navigations of
 * the app answered by the precached shell.
 */
import { describe, expect, it } from 'vitest'
import { OUTLIVING_BODY_MAX_BYTES, isAppNavigation, isKeptApiRead, keptReadCacheKey, outlivingRequestOf, personOfAuthorization } from './offline.ts'

const ORIGIN = 'https://engage.example'
const at = (path: string) => new URL(path, ORIGIN)

describe('service worker: the API reads kept for offline use', () => {
  it.each([
    ['/api/users/my-workspaces', true],
    ['/api/permissions/permission-sets', true],
    ['/api/org-billing/monthly-credits-usage', true],
    ['/api/common-services/notifications/counts', true],
    ['/api/common-services/notifications?page=1&limit=20&view=inbox', true],
    ['/api/common-services/notifications?limit=20', true],
    ['/api/common-services/notifications?page=2&limit=20', false],
    ['/api/common-services/notifications?limit=20&cursor=abc', false],
    ['/api/common-services/notifications/preferences', false],
    ['/api/users/me', false],
    ['/api/users/verify-token', false],
    ['/api/organizations/current', false],
    ['/app/dashboard', false],
  ])('Scenario: GET %s kept: %s', (path, kept) => {
    expect(isKeptApiRead('GET', at(path), ORIGIN)).toBe(kept)
  })

  it('Scenario: never anything but a GET, never another origin', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']) expect(isKeptApiRead(method, at('/api/users/my-workspaces'), ORIGIN)).toBe(false)
    expect(isKeptApiRead('GET', new URL('/api/users/my-workspaces', 'https://other.example'), ORIGIN)).toBe(false)
  })

  it('Scenario: each workspace has its own cache entry; without a workspace the URL is the key', () => {
    const url = `${ORIGIN}/api/common-services/notifications/counts`
    expect(keptReadCacheKey(url, 'org-a')).not.toBe(keptReadCacheKey(url, 'org-b'))
    expect(keptReadCacheKey(`${url}?x=1`, 'org-a')).toBe(`${url}?x=1&__workspace=org-a`)
    expect(keptReadCacheKey(url, null)).toBe(url)
    expect(keptReadCacheKey(url, '')).toBe(url)
  })

  it('Scenario: each person has their own cache entry, read from the access token’s subject', () => {
    const url = `${ORIGIN}/api/common-services/notifications/counts`
    expect(keptReadCacheKey(url, 'org-a', 'user-1')).toBe(`${url}?__workspace=org-a&__person=user-1`)
    expect(keptReadCacheKey(url, 'org-a', 'user-1')).not.toBe(keptReadCacheKey(url, 'org-a', 'user-2'))
    const token = (claims: unknown) => `Bearer eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.c2lnbmF0dXJl`
    expect(personOfAuthorization(token({ sub: 'user-1', exp: 1 }))).toBe('user-1')
    // Whatever is not a bearer JWT with a text subject keys no person (and changes nothing).
    for (const bad of [null, '', 'Bearer', 'Basic dXNlcjpwdw==', 'Bearer a.b', 'Bearer a.%%%.c', token({ sub: 7 }), token({ sub: '' }), token('x'), 'Bearer a.bm90IGpzb24.c'])
      expect(personOfAuthorization(bad)).toBeNull()
  })
})

describe('service worker: navigations answered by the shell offline', () => {
  it.each([
    ['/app', true],
    ['/app/dashboard', true],
    ['/app/notifications', true],
    ['/signin', true],
    ['/application', false],
    ['/api/users/me', false],
    ['/', false],
    ['/share/abc', false],
  ])('Scenario: %s → %s', (path, expected) => {
    expect(isAppNavigation(path)).toBe(expected)
  })
})

describe('service worker: a request handed over by a closing page', () => {
  const handed = { url: `${ORIGIN}/api/common-services/notifications/n-1/snooze`, method: 'PUT', headers: { authorization: 'Bearer a.b.c', 'x-org-id': 'org-1', 'content-type': 'application/json' }, body: '{"until":"2026-12-01T09:00:00.000Z"}' }

  it('Scenario: the API request a page handed over is sent as it was made', async () => {
    const request = outlivingRequestOf(handed, ORIGIN)
    expect([request?.method, request?.url]).toEqual(['PUT', handed.url])
    expect(Object.fromEntries(request?.headers ?? [])).toEqual(handed.headers)
    expect(await request?.json()).toEqual({ until: '2026-12-01T09:00:00.000Z' })
    expect(outlivingRequestOf({ ...handed, method: 'DELETE', body: null, headers: {} }, ORIGIN)?.body).toBeNull()
  })

  it.each([
    ['not an object', 'PUT'],
    ['another origin', { ...handed, url: 'https://evil.example/api/x' }],
    ['outside the API', { ...handed, url: `${ORIGIN}/app/dashboard` }],
    ['no URL at all', { ...handed, url: 'not a url' }],
    ['a read', { ...handed, method: 'GET', body: null }],
    ['a header of its own', { ...handed, headers: { ...handed.headers, cookie: 'a=b' } }],
    ['a header that is not text', { ...handed, headers: { accept: 1 } }],
    ['a body that is not text', { ...handed, body: { until: 'x' } }],
    ['a body over 64 kB', { ...handed, body: 'x'.repeat(OUTLIVING_BODY_MAX_BYTES + 1) }],
  ])('Scenario: %s is refused and nothing is sent', (_name, raw) => {
    expect(outlivingRequestOf(raw, ORIGIN)).toBeNull()
  })
})
