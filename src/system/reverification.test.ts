/**
 * 'Confirm it's you' through the whole browser stack: the app system's API calls, the root
 * system's reverification actor and msw for HTTP. A change answered 403 `reverification_required`
 * opens the dialog's actor; confirming repeats the change, cancelling fails it with the 403.
 */
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { waitFor } from 'xstate'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { INITIAL_CREDITS } from '../../contract/workspaces.ts'
import { acme, ada } from '../../machines/testing/fixtures.ts'
import { selectIsOpen } from '../../machines/reverification/reverification.selectors.ts'
import { memoryCookies, memoryStorage } from '../platform/cookies.ts'
import { createSessionStore, StorageKey } from '../platform/session-storage.ts'
import { ApiError } from '../api/client.ts'
import { createAppSystem } from './app-system.ts'

const API = 'http://engage.test/api'
const NOW = 1_800_000_000_000
const REQUIRED = { error: { code: 'reverification_required', message: "Confirm it's you to make this change: enter your password, a code or use a passkey.", issues: [] } }
const OFF = { enabled: false, enabled_at: null, recovery_codes_left: 0 }

const server = setupServer(
  http.get(`${API}/users/verify-token`, () => HttpResponse.json({ user: ada, currentOrgData: acme })),
  http.get(`${API}/permissions/permission-sets`, () => HttpResponse.json([])),
  http.get(`${API}/org-billing/monthly-credits-usage`, () => HttpResponse.json({ data: { summary: INITIAL_CREDITS } })),
  http.get(`${API}/users/my-workspaces`, () => HttpResponse.json({ workspaces: [] })),
  http.get(`${API}/users/me/reverification`, () => HttpResponse.json({ factors: ['password'], verified_until: null })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

async function signedIn() {
  const cookies = memoryCookies({ [StorageKey.accessToken]: 'access', [StorageKey.refreshToken]: 'refresh', [StorageKey.tokenExpiry]: String(NOW + 240_000) })
  const storage = memoryStorage({ [StorageKey.currentOrgId]: acme.org_id, [StorageKey.payload]: JSON.stringify({ user: ada, current_org: acme }) })
  const system = createAppSystem({ store: createSessionStore(cookies, storage), apiBaseUrl: API, navigate: () => {}, now: () => NOW })
  await waitFor(system.auth, (s) => s.matches('authenticated'))
  return system
}

/** `POST /users/me/two-factor/disable`: 403 until the password was confirmed, then off. */
function twoFactorOffOnceConfirmed() {
  const seen = { disable: [] as unknown[], reverify: [] as unknown[] }
  let confirmed = false
  server.use(
    http.post(`${API}/users/me/two-factor/disable`, async ({ request }) => {
      seen.disable.push(await request.json())
      return confirmed ? HttpResponse.json(OFF) : HttpResponse.json(REQUIRED, { status: 403 })
    }),
    http.post(`${API}/users/me/reverification`, async ({ request }) => {
      const body = (await request.json()) as { password?: string }
      seen.reverify.push(body)
      if (body.password !== 'demo-password') {
        const message = 'That password is not right. Try again.'
        return HttpResponse.json({ error: { code: 'invalid_request', message, issues: [{ path: ['password'], message }] } }, { status: 400 })
      }
      confirmed = true
      return HttpResponse.json({ verified_until: new Date(NOW + 600_000).toISOString() })
    }),
  )
  return seen
}

describe('reverification in the app system', () => {
  it('Scenario: turning two-factor off with a stale session: the dialog asks, a wrong then the right password, and the call answers as if nothing happened', async () => {
    const seen = twoFactorOffOnceConfirmed()
    const system = await signedIn()
    const dialog = system.reverification
    const call = system.api.disableTwoFactor({ code: '123456' })
    await waitFor(dialog, (s) => s.matches({ asking: 'editing' }))
    dialog.send({ type: 'reverification.changeValue', value: 'nope' })
    dialog.send({ type: 'reverification.submit' })
    const refused = await waitFor(dialog, (s) => s.matches({ asking: 'failed' }))
    expect(refused.context.fieldError).toBe('That password is not right. Try again.')
    dialog.send({ type: 'reverification.changeValue', value: 'demo-password' })
    dialog.send({ type: 'reverification.submit' })
    await expect(call).resolves.toEqual(OFF)
    expect(selectIsOpen(dialog.getSnapshot())).toBe(false)
    // The same change, repeated once with the same body.
    expect(seen.disable).toEqual([{ code: '123456' }, { code: '123456' }])
    expect(seen.reverify).toEqual([{ password: 'nope' }, { password: 'demo-password' }])
    system.stop()
  })

  it('Scenario: Cancel: the call fails with the server’s 403 and is not repeated', async () => {
    const seen = twoFactorOffOnceConfirmed()
    const system = await signedIn()
    const call = system.api.disableTwoFactor({ code: '123456' })
    await waitFor(system.reverification, (s) => s.matches({ asking: 'editing' }))
    system.reverification.send({ type: 'reverification.cancel' })
    const error = await call.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 403, code: 'reverification_required' })
    expect(seen.disable).toHaveLength(1)
    system.stop()
  })

  it('Scenario: two changes refused at once share one dialog; confirming repeats both', async () => {
    twoFactorOffOnceConfirmed()
    let deletes = 0
    let confirmedDeletes = false
    server.use(
      http.delete(`${API}/organizations/members/:userId`, () => {
        deletes++
        return confirmedDeletes ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(REQUIRED, { status: 403 })
      }),
    )
    const system = await signedIn()
    const both = Promise.all([system.api.disableTwoFactor({ code: '123456' }), system.api.removeMember('u-2')])
    await waitFor(system.reverification, (s) => s.matches({ asking: 'editing' }))
    // Wait until the second refusal has joined the open dialog.
    await waitFor(system.reverification, () => deletes === 1)
    confirmedDeletes = true
    system.reverification.send({ type: 'reverification.changeValue', value: 'demo-password' })
    system.reverification.send({ type: 'reverification.submit' })
    await expect(both).resolves.toEqual([OFF, undefined])
    expect(deletes).toBe(2)
    system.stop()
  })
})
