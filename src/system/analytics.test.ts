import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { authMachine } from '../../machines/auth/auth.machine.ts'
import { flush } from '../../machines/testing/stubs.ts'
import { verifiedAda } from '../../machines/testing/fixtures.ts'
import type { AnalyticsIdentity } from '../analytics/port.ts'
import { identifyOnSignIn } from './analytics.ts'

describe('identify on sign-in (SPEC §7)', () => {
  it('identifies with id, name, email and signup_completed when auth becomes authenticated, once per identity', async () => {
    const verify = verifiedAda
    const auth = createActor(
      authMachine.provide({ actors: { verifyToken: fromPromise(async () => verify) } }),
      { input: { hasStoredSession: true, payload: null, orgId: verify.currentOrgData.org_id } },
    ).start()
    const identified: AnalyticsIdentity[] = []
    identifyOnSignIn(auth, { pageView: () => {}, identify: (i) => void identified.push(i), captureException: () => {} })
    await flush()
    expect(identified).toEqual([{ id: verify.user._id, name: verify.user.fullName, email: verify.user.email, signup_completed: verify.currentOrgData.signup_completed }])
    // A re-verification of the same session is not a new sign-in.
    auth.send({ type: 'auth.verify', userInitiated: false })
    await flush()
    expect(identified).toHaveLength(1)
    auth.stop()
  })
})
