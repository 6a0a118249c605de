import { type ActorRefFrom, SimulatedClock, createActor, fromPromise, waitFor } from 'xstate'
import { appMachine } from '../app/app.machine.ts'
import { tokenMachine } from '../token/token.machine.ts'
import { describe, expect, it } from 'vitest'
import type { VerifyTokenResponse } from '../../contract/api.ts'
import { acme, ada, apiError, someTokens, verifiedAda, verifiedSso } from '../testing/fixtures.ts'
import { controllable, flush } from '../testing/stubs.ts'
import { type AuthInput, type SignInResult, SIGN_IN_UNAVAILABLE_MESSAGE, SSO_REQUIRED_MESSAGE, authMachine } from './auth.machine.ts'

function start(input: AuthInput) {
  const signIn = controllable<SignInResult, { email: string; password: string }>()
  const verifyToken = controllable<VerifyTokenResponse, { userInitiated: boolean }>()
  const logout = controllable<{ url: string }, void>()
  const calls: string[] = []
  const clock = new SimulatedClock()
  const actor = createActor(
    authMachine.provide({
      actors: { signIn: signIn.logic, verifyToken: verifyToken.logic, logout: logout.logic },
      actions: {
        storeOrgId: (_, p) => void calls.push(`storeOrgId ${p.orgId}`),
        storePayload: () => void calls.push('storePayload'),
        clearStoredSession: () => void calls.push('clearStoredSession'),
        navigate: (_, p) => void (p.to !== null && calls.push(`navigate ${p.to}`)),
      },
    }),
    { input, clock },
  )
  const emitted: string[] = []
  actor.on('*', (e) => emitted.push(`${e.type}${'reason' in e ? ` ${e.reason}` : ''}`))
  actor.start()
  return { actor, signIn, verifyToken, logout, calls, clock, emitted }
}

describe('auth', () => {
  it('Scenario: without a stored session nothing is verified and the state is unauthenticated', () => {
    const { actor, verifyToken } = start({ hasStoredSession: false })
    expect(actor.getSnapshot().value).toBe('unauthenticated')
    expect(verifyToken.calls).toHaveLength(0)
  })

  it('Scenario: a stored session is verified at start, not user-initiated, and shows the stored payload meanwhile', async () => {
    const { actor, verifyToken, calls } = start({ hasStoredSession: true, payload: { user: ada, currentOrg: acme } })
    expect(actor.getSnapshot().value).toBe('verifying')
    expect(actor.getSnapshot().context.user).toEqual(ada)
    expect(verifyToken.calls).toEqual([{ userInitiated: false }])
    await verifyToken.resolve(verifiedAda)
    expect(actor.getSnapshot().value).toBe('authenticated')
    expect(calls).toEqual(['storePayload'])
  })

  it('Scenario: at start-up an SSO organisation keeps the user signed in (the check is not user-initiated)', async () => {
    const { actor, verifyToken } = start({ hasStoredSession: true })
    await verifyToken.resolve(verifiedSso)
    expect(actor.getSnapshot().value).toBe('authenticated')
  })

  it('Scenario: signing in to an SSO organisation with a password is signed out with a message (SPEC §4, §6)', async () => {
    const { actor, signIn, verifyToken, logout, clock, calls, emitted } = start({ hasStoredSession: false })
    actor.send({ type: 'auth.signIn', email: 'sso@umbrella.test', password: 'demo-password' })
    await signIn.resolve({ tokens: someTokens, orgId: 'o-umbrella' })
    expect(verifyToken.calls).toEqual([{ userInitiated: true }])
    await verifyToken.resolve(verifiedSso)
    expect(actor.getSnapshot().value).toBe('signingOut')
    await logout.resolve({ url: '/signin' })
    clock.increment(1000)
    await flush()
    const s = actor.getSnapshot()
    expect(s.value).toBe('unauthenticated')
    expect(s.context.error).toMatchObject({ code: 'sso_required', message: SSO_REQUIRED_MESSAGE })
    expect(calls).toContain('clearStoredSession')
    expect(emitted).toContain('auth.signedOut sso')
  })

  it('Scenario: sign-out waits 1 s after clearing before following the URL the server returned (SPEC §4, §9)', async () => {
    const { actor, verifyToken, logout, clock, calls } = start({ hasStoredSession: true })
    await verifyToken.resolve(verifiedAda)
    actor.send({ type: 'auth.signOut' })
    await logout.resolve({ url: '/signin?bye=1' })
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(calls).toContain('clearStoredSession')
    expect(calls.some((c) => c.startsWith('navigate'))).toBe(false)
    clock.increment(999)
    await flush()
    expect(actor.getSnapshot().value).toBe('signedOut')
    clock.increment(1)
    await flush()
    expect(actor.getSnapshot().value).toBe('unauthenticated')
    expect(calls.at(-1)).toBe('navigate /signin?bye=1')
  })

  it('Scenario: a failed logout is only logged; tokens are cleared all the same (SPEC §8)', async () => {
    const { actor, verifyToken, logout, calls } = start({ hasStoredSession: true })
    await verifyToken.resolve(verifiedAda)
    actor.send({ type: 'auth.signOut' })
    await logout.reject(apiError(500, 'internal_error', 'down'))
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(actor.getSnapshot().context.signOutUrl).toBe('/signin')
    expect(calls).toContain('clearStoredSession')
  })

  it('Scenario: invalid credentials never reach the server and give field errors', () => {
    const { actor, signIn } = start({ hasStoredSession: false })
    actor.send({ type: 'auth.signIn', email: 'ada', password: '' })
    expect(actor.getSnapshot().value).toBe('unauthenticated')
    expect(actor.getSnapshot().context.error?.fields).toEqual({ email: 'Enter a valid email address', password: 'Enter your password' })
    expect(signIn.calls).toHaveLength(0)
  })

  it('Scenario: a network failure during sign-in says so without blaming the credentials', async () => {
    const { actor, signIn } = start({ hasStoredSession: false })
    actor.send({ type: 'auth.signIn', email: 'admin@acme.test', password: 'x' })
    await signIn.reject(apiError(0, 'network_error', 'fetch failed'))
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'network_error', message: SIGN_IN_UNAVAILABLE_MESSAGE })
  })

  it('Scenario: a session expiry while authenticated clears the session and says why', async () => {
    const { actor, verifyToken, calls, emitted } = start({ hasStoredSession: true })
    await verifyToken.resolve(verifiedAda)
    actor.send({ type: 'session.expired' })
    expect(actor.getSnapshot().value).toBe('unauthenticated')
    expect(actor.getSnapshot().context.error?.code).toBe('session_expired')
    expect(calls).toContain('clearStoredSession')
    expect(emitted).toContain('auth.signedOut expired')
  })

  it('Scenario: re-verification with a redirect follows it once verified (org switch, SPEC §4)', async () => {
    const { actor, verifyToken, calls } = start({ hasStoredSession: true })
    await verifyToken.resolve(verifiedAda)
    actor.send({ type: 'auth.verify', userInitiated: true, redirect: '/app' })
    expect(actor.getSnapshot().value).toBe('verifying')
    await verifyToken.resolve(verifiedAda)
    expect(calls.at(-1)).toBe('navigate /app')
    expect(actor.getSnapshot().context.redirect).toBeNull()
  })

  it('Scenario: in the root system, a sign-in hands its tokens to the token actor and a sign-out clears them', async () => {
    const persisted: unknown[] = []
    const machine = appMachine.provide({
      actors: {
        token: tokenMachine.provide({ actions: { persistTokens: (_, p) => void persisted.push(p.tokens), eraseTokens: () => void persisted.push(null) } }),
        auth: authMachine.provide({
          actors: {
            signIn: fromPromise(async () => ({ tokens: someTokens, orgId: 'o-acme' })),
            verifyToken: fromPromise(async () => verifiedAda),
            logout: fromPromise(async () => ({ url: '/signin' })),
          },
        }),
      },
    })
    const root = createActor(machine, { input: { tokens: null, auth: { hasStoredSession: false } } }).start()
    const auth = root.system.get('auth') as ActorRefFrom<typeof authMachine>
    const token = root.system.get('token') as ActorRefFrom<typeof tokenMachine>
    auth.send({ type: 'auth.signIn', email: 'admin@acme.test', password: 'demo-password' })
    await waitFor(auth, (s) => s.matches('authenticated'))
    expect(token.getSnapshot().context.tokens).toEqual(someTokens)
    expect(persisted).toEqual([someTokens])
    auth.send({ type: 'auth.signOut' })
    await waitFor(auth, (s) => s.matches('signedOut'))
    expect(token.getSnapshot().context.tokens).toBeNull()
    expect(persisted).toEqual([someTokens, null])
    root.stop()
  })

  it('Scenario: in the root system, a failed refresh signs the user out through session.expired', async () => {
    const machine = appMachine.provide({
      actors: {
        token: tokenMachine.provide({ actors: { refreshTokens: fromPromise(async () => Promise.reject(new Error('401'))) } }),
        auth: authMachine.provide({ actors: { verifyToken: fromPromise(async () => verifiedAda) } }),
      },
    })
    const root = createActor(machine, { input: { tokens: someTokens, auth: { hasStoredSession: true } } }).start()
    const auth = root.system.get('auth') as ActorRefFrom<typeof authMachine>
    await waitFor(auth, (s) => s.matches('authenticated'))
    ;(root.system.get('token') as ActorRefFrom<typeof tokenMachine>).send({ type: 'token.refresh' })
    const s = await waitFor(auth, (x) => x.matches('unauthenticated'))
    expect(s.context.error?.code).toBe('session_expired')
    root.stop()
  })
})
