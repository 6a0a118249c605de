import { SimulatedClock, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { CurrentOrg, User, VerifyTokenResponse } from '../../contract/api.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { ada, acme, apiError, someTokens, verifiedAda, verifiedSso } from '../testing/fixtures.ts'
import { controllable, flush, settleActorEvent } from '../testing/stubs.ts'
import { type AuthInput, type SignInResult, type TwoFactorInput, type TwoFactorPending, SIGN_OUT_REDIRECT_MS, authMachine } from './auth.machine.ts'

const events = [
  { type: 'auth.signIn', email: 'admin@acme.test', password: 'demo-password', redirect: '/app/dashboard?tab=x' },
  { type: 'auth.signIn', email: 'not-an-email', password: '' },
  { type: 'auth.verify', userInitiated: true, redirect: '/app' },
  { type: 'auth.switchOrg', orgId: 'o-globex' },
  { type: 'auth.signUp', fullName: 'Nia New', email: 'nia@hooli.test', password: 'long-enough-pw', org_name: 'Hooli', plan: 'growth' },
  { type: 'auth.signUp', fullName: '', email: 'nope', password: 'short', org_name: '' },
  { type: 'xstate.done.actor.signUp', output: { tokens: someTokens, orgId: 'o-hooli' } },
  { type: 'xstate.error.actor.signUp', error: apiError(409, 'conflict', 'An account with this email already exists.') },
  { type: 'auth.signOut' },
  { type: 'session.expired' },
  { type: 'session.expired', revoked: true },
  { type: 'xstate.done.actor.signIn', output: { tokens: someTokens, orgId: 'o-acme' } },
  { type: 'xstate.error.actor.signIn', error: apiError(401, 'invalid_credentials', 'Incorrect email or password.') },
  { type: 'xstate.done.actor.verifyToken', output: verifiedAda },
  { type: 'xstate.done.actor.verifyToken', output: verifiedSso },
  // A session single sign-on began, in the SSO organisation: never signed out by the rule.
  { type: 'xstate.done.actor.verifyToken', output: { ...verifiedSso, session_method: 'sso' } },
  { type: 'xstate.error.actor.verifyToken', error: apiError(401, 'unauthorized', 'Token expired') },
  { type: 'xstate.error.actor.verifyToken', error: apiError(401, 'session_revoked', 'This session was signed out.') },
  { type: 'xstate.done.actor.logout', output: { url: '/signin' } },
  { type: 'xstate.error.actor.logout', error: apiError(500, 'internal_error', 'boom') },
  { type: `xstate.after.signOutRedirect.auth.signedOut` },
  // The second sign-in step.
  { type: 'xstate.done.actor.signIn', output: { twoFactorToken: 'challenge-1' } },
  { type: 'auth.submitTwoFactor', method: 'totp', code: '123456' },
  { type: 'auth.submitTwoFactor', method: 'recovery', code: 'x' },
  { type: 'auth.cancelTwoFactor' },
  { type: 'xstate.done.actor.signInTwoFactor', output: { tokens: someTokens, orgId: 'o-acme' } },
  { type: 'xstate.error.actor.signInTwoFactor', error: apiError(400, 'invalid_request', 'That code is not right.') },
  { type: 'xstate.error.actor.signInTwoFactor', error: apiError(401, 'two_factor_expired', 'This sign-in took too long.') },
  // A passkey or single sign-on started the session.
  { type: 'auth.sessionStarted', result: { tokens: someTokens, orgId: 'o-acme' }, redirect: '/app/dashboard' },
] as never[]

type Stored = { orgId: string | null; payload: { user: User; currentOrg: CurrentOrg } | null }

async function walk(input: AuthInput) {
  return walkEveryTransition({
    machine: authMachine,
    input,
    events,
    serializeState: (s) => JSON.stringify([s.value, s.context.userInitiated, s.context.hasStoredSession]),
    start: (inspect) => {
      const signIn = controllable<SignInResult | TwoFactorPending, { email: string; password: string }>()
      const signInTwoFactor = controllable<SignInResult, TwoFactorInput>()
      const signUp = controllable<SignInResult, { fullName: string; email: string; password: string; org_name: string; plan?: 'starter' | 'growth' }>()
      const verifyToken = controllable<VerifyTokenResponse, { userInitiated: boolean }>()
      const logout = controllable<{ url: string }, void>()
      const clock = new SimulatedClock()
      const stored: Stored = input.hasStoredSession ? { orgId: 'o-acme', payload: { user: ada, currentOrg: acme } } : { orgId: null, payload: null }
      const navigations: Array<string | null> = []
      const actor = createActor(
        authMachine.provide({
          actors: { signIn: signIn.logic, signInTwoFactor: signInTwoFactor.logic, signUp: signUp.logic, verifyToken: verifyToken.logic, logout: logout.logic },
          actions: {
            storeOrgId: (_, p) => {
              stored.orgId = p.orgId
            },
            storePayload: (_, p) => {
              stored.payload = p
            },
            clearStoredSession: () => {
              stored.orgId = null
              stored.payload = null
            },
            navigate: (_, p) => {
              if (p.to !== null) navigations.push(p.to)
            },
          },
        }),
        { input, inspect, clock },
      )
      actor.start()
      return {
        actor,
        exec: async (event) => {
          const e = event as unknown as { type: string }
          if (await settleActorEvent(e, { signIn, signInTwoFactor, signUp, verifyToken, logout })) return
          if (e.type.startsWith('xstate.after.')) {
            clock.increment(SIGN_OUT_REDIRECT_MS)
            return flush()
          }
          actor.send(event)
        },
        check: (s) => {
          if (s.matches('authenticated')) {
            expect(s.context.user).not.toBeNull()
            expect(stored.payload).toEqual({ user: s.context.user, currentOrg: s.context.currentOrg })
          }
          if (s.matches('signedOut') || (s.matches('unauthenticated') && !['invalid_credentials', 'conflict'].includes(s.context.error?.code ?? ''))) {
            // SPEC §4 Sign out: tokens, org id and payload are gone (even when logout failed).
            expect(stored).toEqual({ orgId: null, payload: null })
            expect(s.context.user).toBeNull()
          }
          if (s.matches('signingIn')) expect(signIn.calls.at(-1)).toEqual({ email: 'admin@acme.test', password: 'demo-password' })
          // The org this tab verifies is the one stored last (sign-in, sign-up or a switch).
          if (s.matches('verifying')) expect(s.context.orgId).toBe(stored.orgId)
          // The challenge is kept only while its step is shown.
          if (!s.matches('twoFactor')) expect(s.context.twoFactorToken).toBeNull()
          if (s.matches({ twoFactor: 'checking' })) expect(signInTwoFactor.calls.at(-1)).toEqual({ twoFactorToken: 'challenge-1', method: 'totp', code: '123456' })
          if (s.matches('signingUp')) expect(signUp.calls.at(-1)).toMatchObject({ email: 'nia@hooli.test', org_name: 'Hooli', plan: 'growth' })
        },
        stop: () => actor.stop(),
      }
    },
  })
}

describe('auth (model)', () => {
  it('walks every transition on a real actor, from a stored session and from none', async () => {
    const fromStored = await walk({ hasStoredSession: true, payload: { user: ada, currentOrg: acme } })
    const fromNothing = await walk({ hasStoredSession: false, payload: null })
    expect(fromStored.failures).toEqual([])
    expect(fromNothing.failures).toEqual([])
    const walked = new Set([...fromStored.walked, ...fromNothing.walked])
    expect(fromStored.defined.filter((t) => !walked.has(t))).toEqual([])
  })
})
