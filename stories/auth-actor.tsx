/**
 * Story helper: an auth actor started from a saved state (`resolveState`) with stubbed actors
 * that never settle, so a story shows exactly one state of the machine.
 */
import { type StateValue, createActor, fromPromise } from 'xstate'
import type { VerifyTokenResponse } from '../contract/api.ts'
import { type AuthContext, type SignInResult, type TwoFactorPending, authMachine } from '../machines/auth/auth.machine.ts'

const pending = <T,>() => new Promise<T>(() => {})

export function authActorIn(value: StateValue, context: Partial<AuthContext> = {}) {
  const machine = authMachine.provide({
    actors: {
      signIn: fromPromise(() => pending<SignInResult | TwoFactorPending>()),
      signInTwoFactor: fromPromise(() => pending<SignInResult>()),
      verifyToken: fromPromise(() => pending<VerifyTokenResponse>()),
      logout: fromPromise(() => pending<{ url: string }>()),
    },
  })
  const actor = createActor(machine, {
    input: { hasStoredSession: false },
    snapshot: machine.resolveState({
      value,
      context: {
        user: null,
        currentOrg: null,
        hasStoredSession: false,
        userInitiated: false,
        redirect: null,
        signOutUrl: '/signin',
        error: null,
        twoFactorToken: null,
        ...context,
        orgId: context.orgId ?? context.currentOrg?.org_id ?? null,
      },
    }),
  })
  actor.start()
  return actor
}
