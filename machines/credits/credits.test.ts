import { SimulatedClock, createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { VerifyTokenResponse } from '../../contract/api.ts'
import { type CreditsSummary, INITIAL_CREDITS } from '../../contract/workspaces.ts'
import { appMachine } from '../app/app.machine.ts'
import { authMachine } from '../auth/auth.machine.ts'
import { permissionsMachine } from '../permissions/permissions.machine.ts'
import { workspacesMachine } from '../workspaces/workspaces.machine.ts'
import { acme, ada, verifiedAda } from '../testing/fixtures.ts'
import { controllable, flush } from '../testing/stubs.ts'
import { CREDITS_FOCUS_THROTTLE_MS, CREDITS_STALE_MS, type CreditsEvent, creditsMachine } from './credits.machine.ts'
import { followedOrgOf } from '../shared/follow-auth.ts'
import { acmeCredits, criticalCredits, unlimitedCredits, warningCredits } from './credits.fixtures.ts'
import {
  CREDITS_CRITICAL_PERCENT,
  CREDITS_WARNING_PERCENT,
  creditCategoryLabel,
  creditTone,
  remainingPercent,
  usedPercent,
  selectCreditTone,
  selectCredits,
  selectIsCreditsLoaded,
  usageByCategory,
} from './credits.selectors.ts'
import { getSystemActor } from '../app/app.system.ts'
import { SystemId } from '../shared/system-ids.ts'

const globex = { ...acme, org_id: 'o-globex', org_name: 'Globex', permission_sets: ['SUPER_ADMIN'] }
const globexCredits: CreditsSummary = { ...acmeCredits, totalCredits: 500, usedCredits: 100, remainingCredits: 400, percentageUsed: 20, planName: 'Starter' }

afterEach(() => vi.restoreAllMocks())

/** The real app system (auth + credits) with the HTTP actors stubbed per org. */
function system(options: {
  verify: (orgId: string | null) => Promise<VerifyTokenResponse>
  credits: ReturnType<typeof controllable<CreditsSummary, { orgId: string }>>
}) {
  const machine = appMachine.provide({
    actors: {
      auth: authMachine.provide({
        actors: {
          verifyToken: fromPromise(async ({ system: s }) => options.verify(getSystemActor(s, SystemId.auth).getSnapshot().context.orgId)),
          logout: fromPromise(async () => ({ url: '/signin' })),
        },
      }),
    },
  })
  const root = createActor(machine, {
    input: { tokens: null, auth: { hasStoredSession: true, orgId: acme.org_id, payload: { user: ada, currentOrg: acme } } },
  }).start()
  root.send({
    type: 'app.signedInLoaded',
    actors: { permissions: permissionsMachine, credits: creditsMachine.provide({ actors: { loadCredits: options.credits.logic } }), workspaces: workspacesMachine },
  })
  return {
    root,
    auth: getSystemActor(root.system, SystemId.auth),
    credits: getSystemActor(root.system, SystemId.credits),
  }
}

/** A credits actor on its own, told the org by hand, with a simulated clock and a focus listener the test triggers. */
function standalone() {
  const clock = new SimulatedClock()
  const load = controllable<CreditsSummary, { orgId: string }>()
  const focus: { send: ((e: CreditsEvent) => void) | null } = { send: null }
  const actor = createActor(
    creditsMachine.provide({
      actors: {
        watchAuth: fromCallback(() => () => {}),
        loadCredits: load.logic,
        focusListener: fromCallback(({ sendBack }) => {
          focus.send = sendBack
          return () => {
            focus.send = null
          }
        }),
      },
    }),
    { clock },
  ).start()
  const windowFocus = async () => {
    focus.send?.({ type: 'credits.focused' })
    await flush()
  }
  return { actor, clock, load, windowFocus }
}

describe('credits', () => {
  it('Scenario: the tone is warning from 75 % used and critical from 90 % (pure rule)', () => {
    const at = (percentageUsed: number) => creditTone({ ...acmeCredits, percentageUsed })
    expect(CREDITS_WARNING_PERCENT).toBe(75)
    expect(CREDITS_CRITICAL_PERCENT).toBe(90)
    expect([0, 74.9, 75, 89.9, 90, 100].map(at)).toEqual(['normal', 'normal', 'warning', 'warning', 'critical', 'critical'])
    expect(creditTone(warningCredits)).toBe('warning')
    expect(creditTone(criticalCredits)).toBe('critical')
  })

  it('Scenario: an unlimited plan is never running low, and the initial value is unlimited with nothing used (SPEC §3)', () => {
    expect(creditTone(unlimitedCredits)).toBe('normal')
    expect(creditTone({ ...unlimitedCredits, percentageUsed: 100 })).toBe('normal')
    expect(remainingPercent(unlimitedCredits)).toBe(100)
    expect(remainingPercent(acmeCredits)).toBe(75)
    // The header's bar fills with what was used: empty for a new month or an unlimited plan.
    expect(usedPercent(acmeCredits)).toBe(25)
    expect(usedPercent(unlimitedCredits)).toBe(0)
    expect(usedPercent({ ...acmeCredits, percentageUsed: 130 })).toBe(100)
    const { actor } = standalone()
    expect(selectCredits(actor.getSnapshot())).toBe(INITIAL_CREDITS)
    expect(INITIAL_CREDITS).toMatchObject({ totalCredits: null, remainingCredits: null, usedCredits: 0 })
    expect(selectIsCreditsLoaded(actor.getSnapshot())).toBe(false)
    actor.stop()
  })

  it('Scenario: usage by category is largest first, named for people, with each share of the month', () => {
    expect(usageByCategory(acmeCredits)).toEqual([
      { category: 'ai', label: 'AI', credits: 1500, share: 60 },
      { category: 'voice', label: 'Voice', credits: 700, share: 28 },
      { category: 'messaging', label: 'Messaging', credits: 300, share: 12 },
    ])
    expect(usageByCategory({ ...acmeCredits, creditsByCategory: {} })).toEqual([])
    expect(creditCategoryLabel('sms_outbound')).toBe('Sms outbound')
  })

  it('Scenario: loaded once authenticated with a current org; an org switch drops the old numbers at once, then loads the new org (SPEC §7)', async () => {
    const credits = controllable<CreditsSummary, { orgId: string }>()
    const {
      root,
      auth,
      credits: actor,
    } = system({
      verify: async (orgId) => (orgId === globex.org_id ? { user: ada, currentOrgData: globex } : verifiedAda),
      credits,
    })
    await waitFor(actor, (s) => s.matches('loading'))
    expect(credits.calls).toEqual([{ orgId: acme.org_id }])
    await credits.resolve(acmeCredits)
    expect(selectCredits(actor.getSnapshot())).toEqual(acmeCredits)

    auth.send({ type: 'auth.switchOrg', orgId: globex.org_id })
    // Still verifying the new org: Acme's numbers are gone already.
    expect(auth.getSnapshot().value).toBe('verifying')
    expect(selectCredits(actor.getSnapshot())).toBe(INITIAL_CREDITS)
    await waitFor(actor, (s) => s.matches('loading'))
    expect(credits.calls.at(-1)).toEqual({ orgId: globex.org_id })
    await credits.resolve(globexCredits)
    expect(selectCredits(actor.getSnapshot())).toEqual(globexCredits)
    expect(actor.getSnapshot().context.orgId).toBe(globex.org_id)
    root.stop()
  })

  it('Scenario: re-verifying the same org (the waitlist checks, completing sign-up) neither drops nor refetches the numbers', async () => {
    const credits = controllable<CreditsSummary, { orgId: string }>()
    const incomplete = { ...acme, signup_completed: false }
    let verified: VerifyTokenResponse = { user: ada, currentOrgData: incomplete }
    const { root, auth, credits: actor } = system({ verify: async () => verified, credits })
    await waitFor(actor, (s) => s.matches('loading'))
    await credits.resolve(acmeCredits)
    verified = { user: ada, currentOrgData: { ...incomplete, signup_completed: true } }
    auth.send({ type: 'auth.verify', userInitiated: false })
    expect(selectCredits(actor.getSnapshot())).toEqual(acmeCredits)
    await waitFor(auth, (s) => s.matches('authenticated'))
    expect(auth.getSnapshot().context.currentOrg?.signup_completed).toBe(true)
    expect(credits.calls).toHaveLength(1)
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    root.stop()
  })

  it('Scenario: signing out empties the credits', async () => {
    const credits = controllable<CreditsSummary, { orgId: string }>()
    const { root, auth, credits: actor } = system({ verify: async () => verifiedAda, credits })
    await waitFor(actor, (s) => s.matches('loading'))
    await credits.resolve(acmeCredits)
    auth.send({ type: 'auth.signOut' })
    const s = await waitFor(actor, (x) => x.matches('signedOut'))
    expect(selectCredits(s)).toBe(INITIAL_CREDITS)
    root.stop()
  })

  it('Scenario: a failed fetch is logged with console.warn and keeps the last value (SPEC §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { actor, load } = standalone()
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await load.resolve(criticalCredits)
    actor.send({ type: 'credits.refetch' })
    await load.reject(new Error('Service unavailable'))
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]![0])).toContain('o-acme')
    expect(warn.mock.calls[0]![1]).toEqual(new Error('Service unavailable'))
    expect(selectCredits(actor.getSnapshot())).toEqual(criticalCredits)
    expect(selectCreditTone(actor.getSnapshot())).toBe('critical')
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    actor.stop()
  })

  it('Scenario: a failed first load keeps the initial value and tries again later', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { actor, load, clock } = standalone()
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await load.reject(new Error('offline'))
    expect(selectCredits(actor.getSnapshot())).toBe(INITIAL_CREDITS)
    clock.increment(CREDITS_STALE_MS)
    expect(actor.getSnapshot().matches('refreshing')).toBe(true)
    await load.resolve(acmeCredits)
    expect(selectCredits(actor.getSnapshot())).toEqual(acmeCredits)
    actor.stop()
  })

  it('Scenario: window focus refetches at most every 60 s, and a 5-minute-old value is refetched on its own', async () => {
    const { actor, load, clock, windowFocus } = standalone()
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await load.resolve(acmeCredits)
    clock.increment(CREDITS_FOCUS_THROTTLE_MS - 1)
    await windowFocus()
    expect(load.calls).toHaveLength(1)
    clock.increment(1)
    await windowFocus()
    expect(load.calls).toHaveLength(2)
    await load.resolve(warningCredits)
    // Focus again right after the answer: throttled again.
    await windowFocus()
    expect(load.calls).toHaveLength(2)
    clock.increment(CREDITS_STALE_MS)
    expect(load.calls).toHaveLength(3)
    actor.stop()
  })

  it('Scenario: the org the credits follow is the authenticated current org; a switch in flight means none', () => {
    const snap = (value: string, orgId: string | null, currentOrg: { org_id: string } | null) => ({ value, context: { orgId, currentOrg } })
    expect(followedOrgOf(snap('authenticated', 'o-acme', acme))).toBe('o-acme')
    expect(followedOrgOf(snap('verifying', 'o-acme', acme))).toBeUndefined()
    expect(followedOrgOf(snap('verifying', 'o-globex', acme))).toBeNull()
    expect(followedOrgOf(snap('verifying', null, null))).toBeNull()
    expect(followedOrgOf(snap('unauthenticated', null, null))).toBeNull()
    expect(followedOrgOf(snap('signingOut', 'o-acme', acme))).toBeNull()
  })
})
