import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { waitFor } from 'xstate'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { INITIAL_CREDITS } from '../../contract/workspaces.ts'
import { acme, ada } from '../../machines/testing/fixtures.ts'
import { adaWorkspaces, hooliItem } from '../../machines/workspaces/workspaces.fixtures.ts'
import { selectListStatus } from '../../machines/workspaces/workspaces.selectors.ts'
import { ENGLISH } from '../i18n/catalogue.ts'
import { createTranslator } from '../i18n/translator.ts'
import { memoryCookies, memoryStorage } from '../platform/cookies.ts'
import { createSessionStore, StorageKey } from '../platform/session-storage.ts'
import { createAppSystem } from './app-system.ts'

const english = createTranslator(ENGLISH)

const API = 'http://engage.test/api'
const NOW = 1_800_000_000_000
const hooli = { ...acme, org_id: hooliItem.org_id, org_name: 'Hooli' }

/** Verify-token answers for the org in x-org-id: Acme, or Hooli once the browser switched to it. */
const verifiedFor: Array<string | null> = []
const server = setupServer(
  http.get(`${API}/permissions/permission-sets`, () => HttpResponse.json([])),
  http.get(`${API}/org-billing/monthly-credits-usage`, () => HttpResponse.json({ data: { summary: INITIAL_CREDITS } })),
  http.get(`${API}/users/verify-token`, ({ request }) => {
    const orgId = request.headers.get('x-org-id')
    verifiedFor.push(orgId)
    return HttpResponse.json({ user: ada, currentOrgData: orgId === hooli.org_id ? hooli : acme })
  }),
  http.get(`${API}/users/my-workspaces`, () => HttpResponse.json({ workspaces: adaWorkspaces })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  verifiedFor.length = 0
})
afterAll(() => server.close())

/** Ada's system, signed in to Acme from a stored session. */
function start() {
  const cookies = memoryCookies({ [StorageKey.accessToken]: 'access-1', [StorageKey.refreshToken]: 'refresh-1', [StorageKey.tokenExpiry]: String(NOW + 120_000) })
  const storage = memoryStorage({ [StorageKey.currentOrgId]: acme.org_id, [StorageKey.payload]: JSON.stringify({ user: ada, current_org: acme }) })
  const navigations: string[] = []
  const system = createAppSystem({ store: createSessionStore(cookies, storage), apiBaseUrl: API, navigate: (to) => navigations.push(to), now: () => NOW })
  const toasts = () => system.toasts.getSnapshot().context.toasts.map((t) => `${t.type}: ${english.text(t.message)}`)
  return { system, storage, navigations, toasts }
}

describe('workspaces in the app system (toasts and the switch over HTTP)', () => {
  it('Scenario: creating "Hooli" posts its name, toasts "New workspace created successfully", switches to it and refetches the list (SPEC §4, §8)', async () => {
    let body: unknown
    let listCalls = 0
    server.use(
      http.get(`${API}/users/my-workspaces`, () => {
        listCalls++
        return HttpResponse.json({ workspaces: listCalls === 1 ? adaWorkspaces : [...adaWorkspaces, hooliItem] })
      }),
      http.post(`${API}/organizations/create-new`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(hooliItem, { status: 201 })
      }),
    )
    const { system, storage, navigations, toasts } = start()
    const { workspaces } = await system.signedIn.load()
    await waitFor(workspaces, (s) => selectListStatus(s) === 'ready')
    workspaces.send({ type: 'workspaces.open' })
    workspaces.send({ type: 'workspaces.create', name: 'Hooli' })
    await waitFor(system.auth, (s) => s.matches('authenticated') && s.context.currentOrg?.org_id === hooli.org_id)
    expect(body).toEqual({ org_name: 'Hooli' })
    expect(toasts()).toEqual(['success: New workspace created successfully'])
    expect(storage.getItem(StorageKey.currentOrgId)).toBe(hooli.org_id)
    expect(verifiedFor.at(-1)).toBe(hooli.org_id)
    expect(navigations.at(-1)).toBe('/app')
    const s = await waitFor(workspaces, (x) => x.context.workspaces?.length === 3)
    expect(s.context.orgId).toBe(hooli.org_id)
    expect(listCalls).toBe(2)
    system.stop()
  })

  it('Scenario: a refused creation toasts the server’s message; an answer without one toasts "Something went wrong while creating workspace" (SPEC §8)', async () => {
    server.use(
      http.post(`${API}/organizations/create-new`, () =>
        HttpResponse.json({ error: { code: 'conflict', message: 'You can create at most 20 workspaces.', issues: [] } }, { status: 409 }),
      ),
    )
    const { system, toasts } = start()
    const { workspaces } = await system.signedIn.load()
    await waitFor(workspaces, (s) => selectListStatus(s) === 'ready')
    workspaces.send({ type: 'workspaces.create', name: '' })
    await waitFor(system.toasts, (s) => s.context.toasts.length === 1)

    server.use(http.post(`${API}/organizations/create-new`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })))
    workspaces.send({ type: 'workspaces.create', name: '' })
    await waitFor(system.toasts, (s) => s.context.toasts.length === 2)
    expect(toasts()).toEqual(['error: You can create at most 20 workspaces.', 'error: Something went wrong while creating workspace'])
    // Nothing was switched.
    expect(system.auth.getSnapshot().context.orgId).toBe(acme.org_id)
    system.stop()
  })
})
