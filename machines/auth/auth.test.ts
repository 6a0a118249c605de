import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate'
import { appMachine } from '../app/app.machine.ts'
import { tokenMachine } from '../token/token.machine.ts'
import { describe, expect, it } from 'vitest'
import type { VerifyTokenResponse } from '../../contract/api.ts'
import { acme, ada, apiError, someTokens, verifiedAda, verifiedSso } from '../testing/fixtures.ts'
import { controllable, flush } from '../testing/stubs.ts'
import {
  type AuthInput,
  type SignInResult,
  type TwoFactorInput,
  type TwoFactorPending,
  SSO_REQUIRED_MESSAGE,
  authMachine,
} from './auth.machine.ts'
import { SIGN_IN_UNAVAILABLE_MESSAGE } from '../shared/auth-error.ts'
import { SESSION_REVOKED_MESSAGE } from './auth.machine.ts'
import { getSystemActor } from '../app/app.system.ts'
import { SystemId } from '../shared/system-ids.ts'

function start(input: AuthInput) {
  const signIn = controllable<SignInResult | TwoFactorPending, { email: string; password: string }>()
  const signInTwoFactor = controllable<SignInResult, TwoFactorInput>()
  const verifyToken = controllable<VerifyTokenResponse, { userInitiated: boolean }>()
  const logout = controllable<{ url: string }, void>()
  const calls: string[] = []
  const clock = new SimulatedClock()
  const actor = createActor(
    authMachine.provide({
      actors: { signIn: signIn.logic, signInTwoFactor: signInTwoFactor.logic, verifyToken: verifyToken.logic, logout: logout.logic },
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
  return { actor, signIn, signInTwoFactor, verifyToken, logout, calls, clock, emitted }
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

  it('Scenario: a session single sign-on began in an SSO organisation is not signed out by the rule', async () => {
    const { actor, verifyToken, logout, calls } = start({ hasStoredSession: false })
    actor.send({ type: 'auth.sessionStarted', result: { tokens: someTokens, orgId: 'o-umbrella' }, redirect: '/app/dashboard' })
    expect(verifyToken.calls).toEqual([{ userInitiated: true }])
    await verifyToken.resolve({ ...verifiedSso, session_method: 'sso' })
    expect(actor.getSnapshot().value).toBe('authenticated')
    expect(logout.calls).toHaveLength(0)
    expect(calls).toContain('navigate /app/dashboard')
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
            signIn: fromPromise(async (): Promise<SignInResult | TwoFactorPending> => ({ tokens: someTokens, orgId: 'o-acme' })),
            verifyToken: fromPromise(async () => verifiedAda),
            logout: fromPromise(async () => ({ url: '/signin' })),
          },
        }),
      },
    })
    const root = createActor(machine, { input: { tokens: null, auth: { hasStoredSession: false } } }).start()
    const auth = getSystemActor(root.system, SystemId.auth)
    const token = getSystemActor(root.system, SystemId.token)
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
    const auth = getSystemActor(root.system, SystemId.auth)
    await waitFor(auth, (s) => s.matches('authenticated'))
    ;getSystemActor(root.system, SystemId.token).send({ type: 'token.refresh' })
    const s = await waitFor(auth, (x) => x.matches('unauthenticated'))
    expect(s.context.error?.code).toBe('session_expired')
    root.stop()
  })

  it('Scenario: a stored session signed out elsewhere says so after the reload that finds out', async () => {
    const { actor, verifyToken } = start({ hasStoredSession: true })
    await verifyToken.reject(apiError(401, 'session_revoked', 'This session was signed out. Sign in again.'))
    expect(actor.getSnapshot().value).toBe('unauthenticated')
    expect(actor.getSnapshot().context.error).toEqual({ code: 'session_revoked', message: SESSION_REVOKED_MESSAGE, fields: {} })
  })

  it('Scenario: in the root system, a refresh refused because the session was signed out elsewhere says so on the sign-in page', async () => {
    const machine = appMachine.provide({
      actors: {
        token: tokenMachine.provide({
          actors: { refreshTokens: fromPromise(async () => Promise.reject(apiError(401, 'session_revoked', 'This session was signed out. Sign in again.'))) },
        }),
        auth: authMachine.provide({ actors: { verifyToken: fromPromise(async () => verifiedAda) } }),
      },
    })
    const root = createActor(machine, { input: { tokens: someTokens, auth: { hasStoredSession: true } } }).start()
    const auth = getSystemActor(root.system, SystemId.auth)
    await waitFor(auth, (s) => s.matches('authenticated'))
    ;getSystemActor(root.system, SystemId.token).send({ type: 'token.refresh' })
    const s = await waitFor(auth, (x) => x.matches('unauthenticated'))
    expect(s.context.error).toEqual({ code: 'session_revoked', message: SESSION_REVOKED_MESSAGE, fields: {} })
    expect(s.context.user).toBeNull()
    root.stop()
  })

  describe('two-factor sign-in', () => {
    const challenged = async () => {
      const started = start({ hasStoredSession: false })
      started.actor.send({ type: 'auth.signIn', email: 'admin@acme.test', password: 'demo-password', redirect: '/app/contacts' })
      await started.signIn.resolve({ twoFactorToken: 'challenge-1' })
      return started
    }

    it('Scenario: a right password with two-factor on asks for the code; a right code signs in and keeps the redirect', async () => {
      const { actor, signInTwoFactor, verifyToken, calls } = await challenged()
      expect(actor.getSnapshot().matches({ twoFactor: 'entering' })).toBe(true)
      expect(actor.getSnapshot().context.twoFactorToken).toBe('challenge-1')
      actor.send({ type: 'auth.submitTwoFactor', method: 'totp', code: '123 456' })
      expect(signInTwoFactor.calls).toEqual([{ twoFactorToken: 'challenge-1', method: 'totp', code: '123 456' }])
      await signInTwoFactor.resolve({ tokens: someTokens, orgId: 'o-acme' })
      expect(actor.getSnapshot().value).toBe('verifying')
      expect(actor.getSnapshot().context.twoFactorToken).toBeNull()
      await verifyToken.resolve(verifiedAda)
      expect(calls).toEqual(['storeOrgId o-acme', 'storePayload', 'navigate /app/contacts'])
    })

    it('Scenario: a malformed code is a field error without a call; a recovery code goes as a recovery code', async () => {
      const { actor, signInTwoFactor } = await challenged()
      actor.send({ type: 'auth.submitTwoFactor', method: 'totp', code: '12' })
      expect(actor.getSnapshot().context.error?.fields).toEqual({ code: 'Enter the 6-digit code from your authenticator app' })
      actor.send({ type: 'auth.submitTwoFactor', method: 'recovery', code: 'nope' })
      expect(actor.getSnapshot().context.error?.fields).toEqual({ recovery_code: 'Enter a recovery code, like abcde-23456' })
      expect(signInTwoFactor.calls).toEqual([])
      actor.send({ type: 'auth.submitTwoFactor', method: 'recovery', code: 'ABCDE-23456' })
      expect(signInTwoFactor.calls).toEqual([{ twoFactorToken: 'challenge-1', method: 'recovery', code: 'ABCDE-23456' }])
    })

    it('Scenario: a wrong code keeps the step with the server\'s field error; an expired challenge goes back to email and password', async () => {
      const { actor, signInTwoFactor } = await challenged()
      actor.send({ type: 'auth.submitTwoFactor', method: 'totp', code: '000000' })
      const wrong = apiError(400, 'invalid_request', 'That code is not right. Check your authenticator app and try again.')
      wrong.issues.push({ path: ['code'], message: wrong.message })
      await signInTwoFactor.reject(wrong)
      expect(actor.getSnapshot().matches({ twoFactor: 'entering' })).toBe(true)
      expect(actor.getSnapshot().context.error?.fields.code).toMatch(/not right/)
      actor.send({ type: 'auth.submitTwoFactor', method: 'totp', code: '111111' })
      await signInTwoFactor.reject(apiError(401, 'two_factor_expired', 'This sign-in took too long. Sign in again with your email and password.'))
      expect(actor.getSnapshot().value).toBe('unauthenticated')
      expect(actor.getSnapshot().context.error?.message).toMatch(/took too long/)
      expect(actor.getSnapshot().context.twoFactorToken).toBeNull()
    })

    it('Scenario: "Back to sign in" leaves the step and forgets the challenge', async () => {
      const { actor } = await challenged()
      actor.send({ type: 'auth.cancelTwoFactor' })
      expect(actor.getSnapshot().value).toBe('unauthenticated')
      expect(actor.getSnapshot().context).toMatchObject({ twoFactorToken: null, error: null, redirect: null })
    })
  })
})
