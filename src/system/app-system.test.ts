import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { waitFor } from 'xstate'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { INITIAL_CREDITS } from '../../contract/workspaces.ts'
import { acmeCredits } from '../../machines/credits/credits.fixtures.ts'
import { acme, ada } from '../../machines/testing/fixtures.ts'
import { memoryCookies, memoryStorage } from '../platform/cookies.ts'
import { createSessionStore, StorageKey } from '../platform/session-storage.ts'
import { selectUnreadCount } from '../../machines/notifications/notifications.selectors.ts'
import { createAppSystem } from './app-system.ts'

const API = 'http://engage.test/api'
// Every signed-in system loads the permission-set list (SPEC §6) and the credits (SPEC §7); most tests do not look at them.
const server = setupServer(
  http.get(`${API}/permissions/permission-sets`, () => HttpResponse.json([])),
  http.get(`${API}/org-billing/monthly-credits-usage`, () => HttpResponse.json({ data: { summary: INITIAL_CREDITS } })),
  http.get(`${API}/users/my-workspaces`, () => HttpResponse.json({ workspaces: [] })),
  http.get(`${API}/common-services/notifications`, () => HttpResponse.json({ notifications: [], unread_count: 0, hasMore: false })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const NOW = 1_800_000_000_000

function signedInStore(expiresAt: number) {
  const cookies = memoryCookies({
    [StorageKey.accessToken]: 'old-access',
    [StorageKey.refreshToken]: 'old-refresh',
    [StorageKey.tokenExpiry]: String(expiresAt),
  })
  const storage = memoryStorage({
    [StorageKey.currentOrgId]: acme.org_id,
    [StorageKey.payload]: JSON.stringify({ user: ada, current_org: acme }),
  })
  return { cookies, storage, store: createSessionStore(cookies, storage) }
}

function start(store: ReturnType<typeof signedInStore>['store']) {
  const navigations: string[] = []
  const system = createAppSystem({ store, apiBaseUrl: API, navigate: (to) => navigations.push(to), now: () => NOW })
  return { system, navigations }
}

const verified = { user: ada, currentOrgData: acme }

describe('app system: token lifecycle over HTTP', () => {
  it('Scenario: a burst of 20 calls that all get 401 makes exactly one refresh call, then every call is retried once', async () => {
    let refreshCalls = 0
    const seen: string[] = []
    server.use(
      http.post(`${API}/users/refresh-token`, async ({ request }) => {
        refreshCalls++
        expect(await request.json()).toEqual({ refresh_token: 'old-refresh' })
        await new Promise((r) => setTimeout(r, 20))
        return HttpResponse.json({ access_token: 'new-access', refresh_token: 'new-refresh', expires_in: 300 })
      }),
      http.get(`${API}/users/verify-token`, ({ request }) => {
        const auth = request.headers.get('authorization')
        seen.push(`${auth} ${request.headers.get('x-org-id')}`)
        return auth === 'Bearer new-access'
          ? HttpResponse.json(verified)
          : HttpResponse.json({ error: { code: 'unauthorized', message: 'expired', issues: [] } }, { status: 401 })
      }),
      http.get(`${API}/users/my-workspaces`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer new-access'
          ? HttpResponse.json({ workspaces: [] })
          : HttpResponse.json({ error: { code: 'unauthorized', message: 'expired', issues: [] } }, { status: 401 }),
      ),
    )
    const { store, cookies } = signedInStore(NOW + 120_000)
    const { system } = start(store)
    await waitFor(system.auth, (s) => s.matches('authenticated'))
    refreshCalls = 0
    // Make the server reject the current token again by rotating expectations: new calls use new-access,
    // so force 401s by putting an outdated token back.
    system.token.send({ type: 'token.set', tokens: { accessToken: 'old-access', refreshToken: 'old-refresh', expiresAt: NOW + 120_000 } })
    const results = await Promise.all(Array.from({ length: 20 }, () => system.api.myWorkspaces()))
    expect(results).toHaveLength(20)
    expect(refreshCalls).toBe(1)
    expect(cookies.get(StorageKey.accessToken)).toBe('new-access')
    expect(cookies.get(StorageKey.refreshToken)).toBe('new-refresh')
    expect(seen.every((line) => line.endsWith(acme.org_id))).toBe(true)
    system.stop()
  })

  it('Scenario: an access token within 10 s of expiry is refreshed before the request, and expires_in is normalised (SPEC §9)', async () => {
    let refreshCalls = 0
    server.use(
      http.post(`${API}/users/refresh-token`, () => {
        refreshCalls++
        return HttpResponse.json({ access_token: 'new-access', refresh_token: 'new-refresh', expires_in: 3600 })
      }),
      http.get(`${API}/users/verify-token`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer new-access' ? HttpResponse.json(verified) : HttpResponse.json({}, { status: 500 }),
      ),
    )
    const { store, cookies } = signedInStore(NOW + 9_000)
    const { system } = start(store)
    const s = await waitFor(system.auth, (x) => x.matches('authenticated') || x.matches('unauthenticated'))
    expect(s.value).toBe('authenticated')
    expect(refreshCalls).toBe(1)
    expect(Number(cookies.get(StorageKey.tokenExpiry))).toBe(NOW + (3600 - 30) * 1000)
    system.stop()
  })

  it('Scenario: a failed refresh clears the stored session and ends in unauthenticated', async () => {
    server.use(
      http.post(`${API}/users/refresh-token`, () =>
        HttpResponse.json({ error: { code: 'invalid_refresh_token', message: 'Refresh token reused', issues: [] } }, { status: 401 }),
      ),
      http.get(`${API}/users/verify-token`, () => HttpResponse.json({ error: { code: 'unauthorized', message: 'expired', issues: [] } }, { status: 401 })),
    )
    const { store, cookies, storage } = signedInStore(NOW + 60_000)
    const { system } = start(store)
    await waitFor(system.auth, (x) => x.matches('unauthenticated'))
    expect(cookies.get(StorageKey.accessToken)).toBeNull()
    expect(cookies.get(StorageKey.refreshToken)).toBeNull()
    expect(storage.getItem(StorageKey.currentOrgId)).toBeNull()
    expect(storage.getItem(StorageKey.payload)).toBeNull()
    system.stop()
  })

  it('Scenario: a response that does not match the contract is an error, not a silent undefined', async () => {
    server.use(http.get(`${API}/users/verify-token`, () => HttpResponse.json({ user: { _id: 1 } })))
    const { store } = signedInStore(NOW + 120_000)
    const { system } = start(store)
    const s = await waitFor(system.auth, (x) => x.matches('unauthenticated'))
    expect(s.context.user).toBeNull()
    await expect(system.api.myWorkspaces()).rejects.toMatchObject({ code: 'session_expired' })
    system.stop()
  })

  it('Scenario: sign-in stores tokens and org id, verifies, and sign-out clears everything even when logout fails', async () => {
    server.use(
      http.post(`${API}/users/signin`, async ({ request }) => {
        const body = (await request.json()) as { email: string; password: string }
        return body.password === 'demo-password'
          ? HttpResponse.json({ access_token: 'a', refresh_token: 'r', expires_in: 300, org_id: acme.org_id })
          : HttpResponse.json({ error: { code: 'invalid_credentials', message: 'Incorrect email or password.', issues: [] } }, { status: 401 })
      }),
      http.get(`${API}/users/verify-token`, () => HttpResponse.json(verified)),
      http.post(`${API}/users/logout`, () => HttpResponse.json({ error: { code: 'internal_error', message: 'down', issues: [] } }, { status: 500 })),
    )
    const cookies = memoryCookies()
    const storage = memoryStorage()
    const store = createSessionStore(cookies, storage)
    const { system, navigations } = start(store)
    await waitFor(system.auth, (x) => x.matches('unauthenticated'))

    system.auth.send({ type: 'auth.signIn', email: 'Admin@Acme.test ', password: 'wrong' })
    let s = await waitFor(system.auth, (x) => x.matches('unauthenticated') && x.context.error !== null)
    expect(s.context.error).toMatchObject({ code: 'invalid_credentials', message: 'Incorrect email or password.' })
    expect(cookies.get(StorageKey.accessToken)).toBeNull()

    system.auth.send({ type: 'auth.signIn', email: 'admin@acme.test', password: 'demo-password', redirect: '/app/dashboard?tab=x' })
    s = await waitFor(system.auth, (x) => x.matches('authenticated'))
    expect(cookies.get(StorageKey.accessToken)).toBe('a')
    expect(storage.getItem(StorageKey.currentOrgId)).toBe(acme.org_id)
    expect(navigations).toEqual(['/app/dashboard?tab=x'])

    system.auth.send({ type: 'auth.signOut' })
    await waitFor(system.auth, (x) => x.matches('signedOut'))
    expect(cookies.get(StorageKey.accessToken)).toBeNull()
    expect(storage.getItem(StorageKey.payload)).toBeNull()
    await waitFor(system.auth, (x) => x.matches('unauthenticated'), { timeout: 3000 })
    expect(navigations.at(-1)).toBe('/signin')
    system.stop()
  })
})

describe('app system: refreshes across tabs', () => {
  it('Scenario: a tab that finds the refresh token already rotated by another tab adopts it instead of reusing the old one', async () => {
    let refreshCalls = 0
    server.use(
      http.post(`${API}/users/refresh-token`, () => {
        refreshCalls++
        return HttpResponse.json({ error: { code: 'invalid_refresh_token', message: 'reused', issues: [] } }, { status: 401 })
      }),
      http.get(`${API}/users/verify-token`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer other-tab-access' ? HttpResponse.json(verified) : HttpResponse.json({}, { status: 401 }),
      ),
    )
    const { store, cookies } = signedInStore(NOW + 5_000)
    // A lock that lets "another tab" rotate the cookies before this tab's refresh runs.
    const locks = {
      request: async (_name: string, _opts: unknown, work: () => Promise<unknown>) => {
        cookies.set(StorageKey.accessToken, 'other-tab-access', 60)
        cookies.set(StorageKey.refreshToken, 'other-tab-refresh', 60)
        cookies.set(StorageKey.tokenExpiry, String(NOW + 270_000), 60)
        return work()
      },
    } as unknown as LockManager
    const system = createAppSystem({ store, apiBaseUrl: API, navigate: () => {}, now: () => NOW, locks })
    const s = await waitFor(system.auth, (x) => x.matches('authenticated') || x.matches('unauthenticated'))
    expect(s.value).toBe('authenticated')
    expect(refreshCalls).toBe(0)
    expect(system.token.getSnapshot().context.tokens?.refreshToken).toBe('other-tab-refresh')
    system.stop()
  })
})

describe('app system: refreshes across tabs (expired)', () => {
  it('Scenario: when the other tab’s tokens are also due, the refresh uses the newest refresh token, never the spent one', async () => {
    const used: string[] = []
    server.use(
      http.post(`${API}/users/refresh-token`, async ({ request }) => {
        used.push(((await request.json()) as { refresh_token: string }).refresh_token)
        return HttpResponse.json({ access_token: 'fresh-access', refresh_token: 'fresh-refresh', expires_in: 300 })
      }),
      http.get(`${API}/users/verify-token`, () => HttpResponse.json(verified)),
    )
    const { store, cookies } = signedInStore(NOW + 5_000)
    const locks = {
      request: async (_name: string, _opts: unknown, work: () => Promise<unknown>) => {
        cookies.set(StorageKey.refreshToken, 'other-tab-refresh', 60)
        cookies.set(StorageKey.tokenExpiry, String(NOW + 1_000), 60)
        return work()
      },
    } as unknown as LockManager
    const system = createAppSystem({ store, apiBaseUrl: API, navigate: () => {}, now: () => NOW, locks })
    await waitFor(system.auth, (x) => x.matches('authenticated'))
    expect(used).toEqual(['other-tab-refresh'])
    system.stop()
  })
})

describe('app system: the lock covers the write', () => {
  it('Scenario: the rotated pair is in storage before the refresh lock is released, so a waiting tab never reads the spent one', async () => {
    server.use(
      http.post(`${API}/users/refresh-token`, () => HttpResponse.json({ access_token: 'fresh-access', refresh_token: 'fresh-refresh', expires_in: 300 })),
      http.get(`${API}/users/verify-token`, () => HttpResponse.json(verified)),
    )
    const { store, cookies } = signedInStore(NOW + 5_000)
    const seenAtRelease: Array<string | null> = []
    const locks = {
      request: async (_name: string, _opts: unknown, work: () => Promise<unknown>) => {
        const result = await work()
        // What the next tab in the queue would read the moment the lock is released.
        seenAtRelease.push(cookies.get(StorageKey.refreshToken))
        return result
      },
    } as unknown as LockManager
    const system = createAppSystem({ store, apiBaseUrl: API, navigate: () => {}, now: () => NOW, locks })
    await waitFor(system.auth, (x) => x.matches('authenticated'))
    expect(seenAtRelease).toEqual(['fresh-refresh'])
    system.stop()
  })
})

describe('app system: tenants per tab', () => {
  it('Scenario: another tab switching org (rewriting the stored org id) does not move this tab to that tenant', async () => {
    const orgHeaders: Array<string | null> = []
    server.use(
      http.get(`${API}/users/verify-token`, () => HttpResponse.json(verified)),
      http.get(`${API}/users/my-workspaces`, ({ request }) => {
        orgHeaders.push(request.headers.get('x-org-id'))
        return HttpResponse.json({ workspaces: [] })
      }),
    )
    const { store, storage } = signedInStore(NOW + 120_000)
    const { system } = start(store)
    await waitFor(system.auth, (x) => x.matches('authenticated'))
    storage.setItem(StorageKey.currentOrgId, 'o-globex') // what the other tab's switch writes
    await system.api.myWorkspaces()
    // The workspaces actor loads the list on its own too (SPEC §9): every call is for this tab's org.
    expect(orgHeaders.length).toBeGreaterThan(0)
    expect(new Set(orgHeaders)).toEqual(new Set([acme.org_id]))
    system.stop()
  })

  it('Scenario: switching org in this tab stores the id, re-verifies with it and goes to /app (SPEC §4)', async () => {
    const verifiedFor: Array<string | null> = []
    server.use(
      http.get(`${API}/users/verify-token`, ({ request }) => {
        const org = request.headers.get('x-org-id')
        verifiedFor.push(org)
        return HttpResponse.json(org === 'o-globex' ? { ...verified, currentOrgData: { ...acme, org_id: 'o-globex', org_name: 'Globex' } } : verified)
      }),
    )
    const { store, storage } = signedInStore(NOW + 120_000)
    const { system, navigations } = start(store)
    await waitFor(system.auth, (x) => x.matches('authenticated'))
    system.auth.send({ type: 'auth.switchOrg', orgId: 'o-globex' })
    const s = await waitFor(system.auth, (x) => x.matches('authenticated'))
    expect(s.context.currentOrg?.org_name).toBe('Globex')
    expect(verifiedFor).toEqual([acme.org_id, 'o-globex'])
    expect(storage.getItem(StorageKey.currentOrgId)).toBe('o-globex')
    expect(navigations.at(-1)).toBe('/app')
    system.stop()
  })
})

describe('app system: credits', () => {
  it('Scenario: once verified, the credits come from data.summary of GET /org-billing/monthly-credits-usage for the tab’s org (SPEC §7)', async () => {
    const orgs: Array<string | null> = []
    server.use(
      http.get(`${API}/users/verify-token`, () => HttpResponse.json(verified)),
      http.get(`${API}/org-billing/monthly-credits-usage`, ({ request }) => {
        orgs.push(request.headers.get('x-org-id'))
        return HttpResponse.json({ data: { summary: acmeCredits } })
      }),
    )
    const { store } = signedInStore(NOW + 120_000)
    const { system } = start(store)
    const s = await waitFor((await system.signedIn.load()).credits, (x) => x.matches('ready'))
    expect(s.context.summary).toEqual(acmeCredits)
    expect(orgs).toEqual([acme.org_id])
    system.stop()
  })
})

describe('app system: the signed-in actors', () => {
  it('Scenario: a signed-out visit starts no permissions, credits or workspaces; a sign-in starts them, once, and they load for the signed-in org', async () => {
    const orgs: Array<string | null> = []
    server.use(
      http.post(`${API}/users/signin`, () => HttpResponse.json({ access_token: 'a1', refresh_token: 'r1', expires_in: 300, org_id: acme.org_id })),
      http.get(`${API}/users/verify-token`, () => HttpResponse.json(verified)),
      http.get(`${API}/permissions/permission-sets`, ({ request }) => {
        orgs.push(request.headers.get('x-org-id'))
        return HttpResponse.json([])
      }),
    )
    const store = createSessionStore(memoryCookies({}), memoryStorage({}))
    const { system } = start(store)
    await waitFor(system.auth, (s) => s.matches('unauthenticated'))
    // Nothing of a session yet: the root has not started them, and their chunk is not asked for.
    expect(system.signedIn.current()).toBeNull()
    expect(system.root.getSnapshot().matches({ signedIn: 'waiting' })).toBe(true)
    system.auth.send({ type: 'auth.signIn', email: ada.email, password: 'demo-password' })
    await waitFor(system.root, (s) => s.matches({ signedIn: 'running' }))
    const actors = await system.signedIn.load()
    expect(system.signedIn.current()).toBe(actors)
    expect(await system.signedIn.load()).toBe(actors)
    await waitFor(actors.permissions, (s) => s.matches('ready'))
    expect(orgs).toEqual([acme.org_id])
    system.stop()
  })
})

describe('app system: the deferred actors', () => {
  it("Scenario: notifications and push start from their chunk on the first load(), once; they load the signed-in org's inbox", async () => {
    const notificationsFor: Array<string | null> = []
    server.use(
      http.get(`${API}/users/verify-token`, () => HttpResponse.json(verified)),
      http.get(`${API}/common-services/notifications`, ({ request }) => {
        notificationsFor.push(request.headers.get('x-org-id'))
        return HttpResponse.json({ notifications: [], unread_count: 3, hasMore: false })
      }),
      http.get(`${API}/common-services/notifications/counts`, () =>
        HttpResponse.json({ inbox: 3, unread: 3, unseen: 3, archived: 0, snoozed: 0, categories: {} }),
      ),
    )
    const { store } = signedInStore(NOW + 3_600_000)
    const { system } = start(store)
    await waitFor(system.auth, (s) => s.matches('authenticated'))
    // Nothing of theirs runs before a view asks: no inbox call, no actor.
    expect(system.deferred.current()).toBeNull()
    expect(notificationsFor).toEqual([])
    let told = 0
    system.deferred.subscribe(() => told++)
    const [first, second] = await Promise.all([system.deferred.load(), system.deferred.load()])
    expect(second).toBe(first)
    expect(system.deferred.current()).toBe(first)
    expect(told).toBe(1)
    expect(system.root.getSnapshot().matches({ shell: 'complete' })).toBe(true)
    // The notifications actor followed auth from its first snapshot: the signed-in org's inbox.
    await waitFor(first.notifications, (s) => selectUnreadCount(s) === 3)
    expect(notificationsFor).toEqual([acme.org_id])
    expect(await system.deferred.load()).toBe(first)
    system.stop()
  })
})
