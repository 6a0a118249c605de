import { SimulatedClock, createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { PermissionSet, VerifyTokenResponse, WorkspaceItem } from '../../contract/api.ts'
import type { CreateWorkspaceRequest, CreditsSummary } from '../../contract/workspaces.ts'
import { appMachine } from '../app/app.machine.ts'
import { authMachine } from '../auth/auth.machine.ts'
import { creditsMachine } from '../credits/credits.machine.ts'
import { permissionsMachine } from '../permissions/permissions.machine.ts'
import { acme, ada, apiError, verifiedAda } from '../testing/fixtures.ts'
import { controllable, flush } from '../testing/stubs.ts'
import { adaWorkspaces, globexItem, hooliItem, namelessItem } from './workspaces.fixtures.ts'
import {
  WORKSPACE_CREATE_FAILED_MESSAGE,
  WORKSPACES_CACHE_TIME_MS,
  WORKSPACES_STALE_TIME_MS,
  type WorkspacesEmitted,
  retryDelayMs,
  workspacesMachine,
} from './workspaces.machine.ts'
import {
  listStatusMessage,
  selectCreateError,
  selectFilteredWorkspaces,
  selectIsCreating,
  selectIsOpen,
  selectIsRefreshing,
  selectListStatus,
  selectSearch,
} from './workspaces.selectors.ts'
import { getSystemActor } from '../app/app.system.ts'
import { ENGLISH } from '../../src/i18n/catalogue.ts'
import { createTranslator } from '../../src/i18n/translator.ts'
import { SystemId } from '../shared/system-ids.ts'

const english = createTranslator(ENGLISH)

/** A standalone workspaces actor on a simulated clock, its HTTP actors settled by the test. */
function standalone() {
  const clock = new SimulatedClock()
  const load = controllable<ReadonlyArray<WorkspaceItem>, { userId: string }>()
  const create = controllable<WorkspaceItem, CreateWorkspaceRequest>()
  const switches: string[] = []
  const emitted: WorkspacesEmitted[] = []
  const actor = createActor(
    workspacesMachine.provide({
      actors: { watchAuth: fromCallback(() => () => {}), loadWorkspaces: load.logic, createWorkspace: create.logic },
      actions: {
        switchOrg: (_, params) => {
          switches.push(params.orgId)
        },
      },
    }),
    { clock },
  )
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  /** Moves the simulated clock forward by `ms` and lets the actor react. */
  const tick = async (ms: number) => {
    clock.increment(ms)
    await flush()
  }
  const signIn = () => actor.send({ type: 'auth.changed', userId: 'u-ada', orgId: 'o-acme' })
  const status = () => selectListStatus(actor.getSnapshot())
  return { actor, clock, load, create, switches, emitted, tick, signIn, status }
}

describe('workspaces', () => {
  it('Scenario: a failing load is retried 3 times after 1 s, 2 s and 4 s, then shows "Error loading workspaces" (SPEC §9, §8)', async () => {
    const { load, tick, signIn, status } = standalone()
    signIn()
    expect(status()).toBe('loading')
    expect(listStatusMessage(status())).toBe('Loading workspaces...')
    const callTimes: number[] = []
    let now = 0
    for (const wait of [1000, 2000, 4000]) {
      callTimes.push(now)
      await load.reject(apiError(503, 'unavailable', 'Try later'))
      // Not a millisecond early.
      await tick(wait - 1)
      expect(load.calls).toHaveLength(callTimes.length)
      await tick(1)
      now += wait
      expect(status()).toBe('loading')
    }
    callTimes.push(now)
    expect(callTimes).toEqual([0, 1000, 3000, 7000])
    await load.reject(apiError(503, 'unavailable', 'Try later'))
    expect(load.calls).toHaveLength(4)
    expect(status()).toBe('error')
    expect(listStatusMessage(status())).toBe('Error loading workspaces')
    // No fifth attempt on its own...
    await tick(60_000)
    expect(load.calls).toHaveLength(4)
  })

  it('Scenario: the backoff doubles from 1 s and is capped at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })

  it('Scenario: after the error, opening the dropdown tries again with a fresh set of retries', async () => {
    const { actor, load, tick, signIn, status } = standalone()
    signIn()
    for (const wait of [1000, 2000, 4000]) {
      await load.reject(new Error('offline'))
      await tick(wait)
    }
    await load.reject(new Error('offline'))
    expect(status()).toBe('error')
    actor.send({ type: 'workspaces.open' })
    expect(status()).toBe('loading')
    await load.reject(new Error('offline'))
    // One failure of the new attempt: the first backoff again (1 s), not the end of the old ones.
    await tick(1000)
    expect(load.calls).toHaveLength(6)
    await load.resolve(adaWorkspaces)
    expect(status()).toBe('ready')
  })

  it('Scenario: a list fetched less than 5 min ago is shown without a refetch; after 5 min, opening shows it and refetches (SPEC §9)', async () => {
    const { actor, load, tick, signIn } = standalone()
    signIn()
    await load.resolve(adaWorkspaces)
    await tick(WORKSPACES_STALE_TIME_MS - 1)
    actor.send({ type: 'workspaces.open' })
    expect(selectIsOpen(actor.getSnapshot())).toBe(true)
    expect(load.calls).toHaveLength(1)
    actor.send({ type: 'workspaces.close' })
    await tick(1)
    actor.send({ type: 'workspaces.open' })
    expect(load.calls).toHaveLength(2)
    // The stale list stays on screen while it is refetched.
    expect(selectListStatus(actor.getSnapshot())).toBe('ready')
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(true)
    await load.resolve([...adaWorkspaces, hooliItem])
    expect(selectFilteredWorkspaces(actor.getSnapshot()).map((w) => w.org_name)).toEqual(['Acme Support', 'Globex', 'Hooli'])
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(false)
    // Fresh again for another 5 min from the refetch.
    actor.send({ type: 'workspaces.close' })
    await tick(WORKSPACES_STALE_TIME_MS - 1)
    actor.send({ type: 'workspaces.open' })
    expect(load.calls).toHaveLength(2)
  })

  it('Scenario: 10 min after the fetch the list is dropped; the next open shows "Loading workspaces..." and loads it again (SPEC §9)', async () => {
    const { actor, load, tick, signIn, status } = standalone()
    signIn()
    await load.resolve(adaWorkspaces)
    await tick(WORKSPACES_CACHE_TIME_MS - 1)
    expect(actor.getSnapshot().context.workspaces).not.toBeNull()
    await tick(1)
    expect(actor.getSnapshot().context.workspaces).toBeNull()
    expect(load.calls).toHaveLength(1)
    actor.send({ type: 'workspaces.open' })
    expect(status()).toBe('loading')
    expect(load.calls).toHaveLength(2)
  })

  it('Scenario: the list is not dropped under an open dropdown; it goes when the dropdown closes', async () => {
    const { actor, load, tick, signIn } = standalone()
    signIn()
    await load.resolve(adaWorkspaces)
    await tick(WORKSPACES_STALE_TIME_MS - 1000)
    actor.send({ type: 'workspaces.open' })
    await tick(WORKSPACES_CACHE_TIME_MS)
    expect(selectListStatus(actor.getSnapshot())).toBe('ready')
    actor.send({ type: 'workspaces.close' })
    expect(actor.getSnapshot().context.workspaces).toBeNull()
    expect(load.calls).toHaveLength(1)
  })

  it('Scenario: search filters by name, and "No organizations found" when nothing matches or every item is nameless (SPEC §5, §8)', async () => {
    const { actor, load, signIn, status } = standalone()
    signIn()
    await load.resolve([...adaWorkspaces, namelessItem])
    actor.send({ type: 'workspaces.open' })
    expect(selectFilteredWorkspaces(actor.getSnapshot()).map((w) => w.org_id)).toEqual(['o-acme', 'o-globex'])
    actor.send({ type: 'workspaces.search', query: '  GLO ' })
    expect(selectFilteredWorkspaces(actor.getSnapshot()).map((w) => w.org_id)).toEqual(['o-globex'])
    actor.send({ type: 'workspaces.search', query: 'hooli' })
    expect(status()).toBe('empty')
    expect(listStatusMessage(status())).toBe('No organizations found')

    const other = standalone()
    other.signIn()
    await other.load.resolve([namelessItem])
    expect(other.status()).toBe('empty')
  })

  it('Scenario: picking another workspace switches to it, closes the dropdown and clears the search; picking the current one only closes (SPEC §4)', async () => {
    const { actor, load, signIn, switches } = standalone()
    signIn()
    await load.resolve(adaWorkspaces)
    actor.send({ type: 'workspaces.open' })
    actor.send({ type: 'workspaces.search', query: 'glo' })
    actor.send({ type: 'workspaces.select', orgId: globexItem.org_id })
    expect(switches).toEqual(['o-globex'])
    expect(selectIsOpen(actor.getSnapshot())).toBe(false)
    expect(selectSearch(actor.getSnapshot())).toBe('')

    actor.send({ type: 'workspaces.open' })
    actor.send({ type: 'workspaces.search', query: 'acme' })
    actor.send({ type: 'workspaces.select', orgId: 'o-acme' })
    expect(switches).toEqual(['o-globex'])
    expect(selectIsOpen(actor.getSnapshot())).toBe(false)
    expect(selectSearch(actor.getSnapshot())).toBe('')
  })

  it('Scenario: creating shows a busy state, then switches to the new workspace, closes the dropdown and refetches the list (SPEC §4)', async () => {
    const { actor, load, create, signIn, switches, emitted } = standalone()
    signIn()
    await load.resolve(adaWorkspaces)
    actor.send({ type: 'workspaces.open' })
    actor.send({ type: 'workspaces.create', name: '  Hooli  ' })
    expect(selectIsCreating(actor.getSnapshot())).toBe(true)
    expect(create.calls).toEqual([{ org_name: 'Hooli' }])
    // A second press while busy sends nothing.
    actor.send({ type: 'workspaces.create', name: 'Hooli' })
    expect(create.calls).toHaveLength(1)
    await create.resolve(hooliItem)
    expect(selectIsCreating(actor.getSnapshot())).toBe(false)
    expect(emitted).toEqual([{ type: 'workspaces.created', workspace: hooliItem }])
    expect(switches).toEqual(['o-hooli'])
    expect(selectIsOpen(actor.getSnapshot())).toBe(false)
    expect(load.calls).toHaveLength(2)
  })

  it('Scenario: an empty name lets the server choose one', async () => {
    const { actor, load, create, signIn } = standalone()
    signIn()
    await load.resolve(adaWorkspaces)
    actor.send({ type: 'workspaces.create', name: '   ' })
    expect(create.calls).toEqual([{}])
  })

  it('Scenario: a failed creation toasts the server’s message, or "Something went wrong while creating workspace" without one (SPEC §8)', async () => {
    const { actor, load, create, signIn, switches, emitted } = standalone()
    signIn()
    await load.resolve(adaWorkspaces)
    actor.send({ type: 'workspaces.open' })
    actor.send({ type: 'workspaces.create', name: 'Hooli' })
    await create.reject(apiError(409, 'conflict', 'You already own 20 workspaces.'))
    actor.send({ type: 'workspaces.create', name: 'Hooli' })
    await create.reject(new TypeError('undefined is not a function'))
    actor.send({ type: 'workspaces.create', name: 'Hooli' })
    await create.reject(Object.assign(new Error(''), { status: 500, code: 'internal_error', issues: [] }))
    // No error body from the server (a proxy's 502 page, a dropped connection): the client's words are not the server's.
    actor.send({ type: 'workspaces.create', name: 'Hooli' })
    await create.reject(apiError(502, 'http_error', 'The server answered 502 to POST /organizations/create-new.'))
    actor.send({ type: 'workspaces.create', name: 'Hooli' })
    await create.reject(apiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.'))
    expect(emitted).toEqual([
      { type: 'workspaces.createFailed', message: 'You already own 20 workspaces.' },
      { type: 'workspaces.createFailed', message: WORKSPACE_CREATE_FAILED_MESSAGE },
      { type: 'workspaces.createFailed', message: WORKSPACE_CREATE_FAILED_MESSAGE },
      { type: 'workspaces.createFailed', message: WORKSPACE_CREATE_FAILED_MESSAGE },
      { type: 'workspaces.createFailed', message: WORKSPACE_CREATE_FAILED_MESSAGE },
    ])
    // The fallback reads as the spec's words in English.
    expect(english.text(WORKSPACE_CREATE_FAILED_MESSAGE)).toBe('Something went wrong while creating workspace')
    expect(switches).toEqual([])
    // The dropdown stays open so the person can try again.
    expect(selectIsOpen(actor.getSnapshot())).toBe(true)
  })

  it('Scenario: a name the contract refuses is not sent and shows on the field; a server issue on the name shows there too', async () => {
    const { actor, load, create, signIn } = standalone()
    signIn()
    await load.resolve(adaWorkspaces)
    actor.send({ type: 'workspaces.open' })
    actor.send({ type: 'workspaces.create', name: 'x'.repeat(81) })
    expect(create.calls).toEqual([])
    expect(selectCreateError(actor.getSnapshot())).toBe('Workspace name must be at most 80 characters')
    actor.send({ type: 'workspaces.create', name: 'Globex' })
    expect(selectCreateError(actor.getSnapshot())).toBeNull()
    await create.reject(Object.assign(apiError(409, 'conflict', 'You already have a workspace named Globex.'), { issues: [{ path: ['org_name'], message: 'Already taken' }] }))
    expect(selectCreateError(actor.getSnapshot())).toBe('Already taken')
    actor.send({ type: 'workspaces.close' })
    expect(selectCreateError(actor.getSnapshot())).toBeNull()
  })

  it('Scenario: the list is per user: signing out drops it, another user gets their own; an org switch keeps it and moves the current mark', async () => {
    const { actor, load, signIn, status } = standalone()
    signIn()
    await load.resolve(adaWorkspaces)
    actor.send({ type: 'auth.changed', userId: 'u-ada', orgId: 'o-globex' })
    expect(actor.getSnapshot().context.orgId).toBe('o-globex')
    expect(load.calls).toHaveLength(1)
    expect(status()).toBe('ready')

    actor.send({ type: 'auth.changed', userId: 'u-sam', orgId: 'o-acme' })
    expect(actor.getSnapshot().context.workspaces).toBeNull()
    expect(load.calls.at(-1)).toEqual({ userId: 'u-sam' })

    actor.send({ type: 'auth.changed', userId: null, orgId: null })
    expect(status()).toBe('signedOut')
    expect(actor.getSnapshot().context.workspaces).toBeNull()
  })
})

describe('workspaces in the root system', () => {
  function system(verifications: VerifyTokenResponse[]) {
    const loads: string[] = []
    let verification = 0
    const machine = appMachine.provide({
      actors: {
        auth: authMachine.provide({
          actors: {
            verifyToken: fromPromise(async () => verifications[Math.min(verification++, verifications.length - 1)]!),
            logout: fromPromise(async () => ({ url: '/signin' })),
          },
        }),
      },
    })
    const root = createActor(machine, { input: { tokens: null, auth: { hasStoredSession: true, payload: { user: ada, currentOrg: acme } } } }).start()
    root.send({
      type: 'app.signedInLoaded',
      actors: {
        // Their calls are not what these scenarios look at: they stay pending.
        permissions: permissionsMachine.provide({ actors: { loadPermissionSets: fromPromise(() => new Promise<ReadonlyArray<PermissionSet>>(() => {})) } }),
        credits: creditsMachine.provide({ actors: { loadCredits: fromPromise(() => new Promise<CreditsSummary>(() => {})) } }),
        workspaces: workspacesMachine.provide({
          actors: {
            loadWorkspaces: fromPromise<ReadonlyArray<WorkspaceItem>, { userId: string }>(async ({ input }) => {
              loads.push(input.userId)
              return adaWorkspaces
            }),
          },
        }),
      },
    })
    return {
      root,
      loads,
      auth: getSystemActor(root.system, SystemId.auth),
      workspaces: getSystemActor(root.system, SystemId.workspaces),
    }
  }

  it('Scenario: nothing loads until auth has verified the session; then the user’s list loads once', async () => {
    const { root, loads, workspaces } = system([verifiedAda])
    expect(workspaces.getSnapshot().matches('signedOut')).toBe(true)
    const s = await waitFor(workspaces, (x) => selectListStatus(x) === 'ready')
    expect(loads).toEqual([ada._id])
    expect(s.context.orgId).toBe(acme.org_id)
    root.stop()
  })

  it('Scenario: picking Globex sends auth.switchOrg to the auth actor; once verified, Globex is current and the list was not refetched', async () => {
    const globex = { ...acme, org_id: 'o-globex', org_name: 'Globex', roles: ['TEAM_MEMBER' as const], permission_sets: ['TEAM_MEMBER'] }
    const { root, loads, auth, workspaces } = system([verifiedAda, { user: ada, currentOrgData: globex }])
    await waitFor(workspaces, (x) => selectListStatus(x) === 'ready')
    workspaces.send({ type: 'workspaces.open' })
    workspaces.send({ type: 'workspaces.select', orgId: 'o-globex' })
    expect(auth.getSnapshot().context.orgId).toBe('o-globex')
    await waitFor(workspaces, (x) => x.context.orgId === 'o-globex')
    expect(auth.getSnapshot().context.currentOrg?.org_name).toBe('Globex')
    expect(loads).toEqual([ada._id])
    root.stop()
  })

  it('Scenario: signing out drops the list', async () => {
    const { root, auth, workspaces } = system([verifiedAda])
    await waitFor(workspaces, (x) => selectListStatus(x) === 'ready')
    auth.send({ type: 'auth.signOut' })
    const s = await waitFor(workspaces, (x) => x.matches('signedOut'))
    expect(s.context.workspaces).toBeNull()
    root.stop()
  })
})
