/**
 * /signin's autofill ceremony starts once the page is interactive (src/system/passkeySignIn.ts):
 * nothing is asked of the server or the browser before the main thread is idle, and a ceremony
 * ended first (the button pressed, the page left) asks nothing at all.
 */
import { waitFor } from 'xstate'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Endpoints } from '../api/endpoints.ts'

const webauthn = vi.hoisted(() => ({
  conditionalMediationAvailable: vi.fn(async () => true),
  assertPasskey: vi.fn(async () => ({ id: 'credential' })),
  cancelPasskeyPrompt: vi.fn(async () => {}),
}))
vi.mock('../platform/webauthn.ts', () => webauthn)

const { startPasskeySignIn, watchAutofillWhenIdle } = await import('./passkeySignIn.ts')

const NOW = 1_800_000_000_000
function fakeApi() {
  const signInOptions = vi.fn(async () => ({ challenge_id: 'c'.repeat(43), options: { challenge: 'x' } }))
  const signIn = vi.fn(async () => ({ accessToken: 'a', refreshToken: 'r', expiresIn: 240, org_id: 'org-1' }))
  return { api: { passkeys: { signInOptions, signIn } } as unknown as Endpoints, signInOptions, signIn }
}

/** An idle moment the test decides. */
function manualIdle() {
  let fire = () => {}
  const wait = () => new Promise<void>((resolve) => (fire = resolve))
  return { wait, fire: () => fire() }
}

afterEach(() => vi.clearAllMocks())

describe('the autofill ceremony after the page is interactive', () => {
  it('Scenario: nothing is asked before the main thread is idle; then the options, the suggestions prompt and the session', async () => {
    const { api, signInOptions, signIn } = fakeApi()
    const idle = manualIdle()
    const session = watchAutofillWhenIdle(api, () => NOW, new AbortController().signal, idle.wait)
    await Promise.resolve()
    expect(webauthn.conditionalMediationAvailable).not.toHaveBeenCalled()
    expect(signInOptions).not.toHaveBeenCalled()
    idle.fire()
    const result = await session
    expect(webauthn.assertPasskey).toHaveBeenCalledWith({ challenge: 'x' }, true)
    expect(signIn).toHaveBeenCalledWith({ challenge_id: 'c'.repeat(43), response: { id: 'credential' } })
    expect(result?.orgId).toBe('org-1')
  })

  it('Scenario: the button pressed (or the page left) before the idle moment: no check, no options, no library', async () => {
    const { api, signInOptions } = fakeApi()
    const idle = manualIdle()
    const ended = new AbortController()
    const session = watchAutofillWhenIdle(api, () => NOW, ended.signal, idle.wait)
    ended.abort()
    idle.fire()
    await expect(session).resolves.toBeNull()
    expect(webauthn.conditionalMediationAvailable).not.toHaveBeenCalled()
    expect(signInOptions).not.toHaveBeenCalled()
    expect(webauthn.cancelPasskeyPrompt).not.toHaveBeenCalled()
  })

  it('Scenario: a browser without passkeys in autofill: null, and the server is not asked', async () => {
    webauthn.conditionalMediationAvailable.mockResolvedValueOnce(false)
    const { api, signInOptions } = fakeApi()
    await expect(watchAutofillWhenIdle(api, () => NOW, new AbortController().signal, async () => {})).resolves.toBeNull()
    expect(signInOptions).not.toHaveBeenCalled()
  })
})

describe('the passkey sign-in of /signin', () => {
  it("Scenario: 'Sign in with a passkey' pressed as soon as it starts: the autofill ceremony asks nothing, the modal one hands the session to auth with the redirect of that moment", async () => {
    const { api, signInOptions } = fakeApi()
    const auth = { send: vi.fn() }
    let redirect: string | null = '/app/team'
    const actor = startPasskeySignIn({ api, auth, redirect: () => redirect, now: () => NOW })
    redirect = '/app/billing'
    actor.send({ type: 'passkey.signIn' })
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(webauthn.conditionalMediationAvailable).not.toHaveBeenCalled()
    expect(signInOptions).toHaveBeenCalledTimes(1)
    expect(webauthn.assertPasskey).toHaveBeenCalledWith({ challenge: 'x' }, false)
    expect(auth.send).toHaveBeenCalledWith(expect.objectContaining({ type: 'auth.sessionStarted', redirect: '/app/billing' }))
    actor.stop()
  })

  it('Scenario: without the API (stories): no autofill, and the button fails quietly with a message', async () => {
    const actor = startPasskeySignIn({ api: null, auth: { send: vi.fn() }, redirect: () => null })
    await waitFor(actor, (s) => s.matches('idle'))
    actor.send({ type: 'passkey.signIn' })
    const failed = await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null)
    expect(failed.context.error).toBeTruthy()
    actor.stop()
  })
})
