import { SimulatedClock, createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { WorkspaceItem } from '../../contract/api.ts'
import type { CreateWorkspaceRequest } from '../../contract/workspaces.ts'
import { apiError } from '../testing/fixtures.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, flush, settleActorEvent } from '../testing/stubs.ts'
import { adaWorkspaces, hooliItem } from './workspaces.fixtures.ts'
import { WORKSPACES_RETRIES, type WorkspacesEmitted, workspacesMachine } from './workspaces.machine.ts'
import { selectListStatus } from './workspaces.selectors.ts'
import { advanceToTimer } from './testing.ts'

const CACHE_TIMER = 'xstate.after.cacheTime.workspaces.active.list.cached'

const events = [
  { type: 'auth.changed', userId: 'u-ada', orgId: 'o-acme' },
  { type: 'auth.changed', userId: 'u-ada', orgId: 'o-globex' },
  { type: 'auth.changed', userId: 'u-sam', orgId: 'o-acme' },
  { type: 'auth.changed', userId: null, orgId: null },
  { type: 'workspaces.open' },
  { type: 'workspaces.close' },
  { type: 'workspaces.search', query: 'glo' },
  { type: 'workspaces.select', orgId: 'o-acme' },
  { type: 'workspaces.select', orgId: 'o-globex' },
  { type: 'workspaces.load' },
  { type: 'workspaces.invalidate' },
  { type: 'workspaces.create', name: 'Hooli' },
  { type: 'workspaces.create', name: 'x'.repeat(81) },
  { type: 'xstate.done.actor.loadWorkspaces', output: adaWorkspaces },
  { type: 'xstate.error.actor.loadWorkspaces', error: apiError(503, 'unavailable', 'Try later') },
  { type: 'xstate.done.actor.createWorkspace', output: hooliItem },
  { type: 'xstate.error.actor.createWorkspace', error: apiError(409, 'conflict', 'You already own 20 workspaces.') },
  { type: 'xstate.after.retryBackoff.workspaces.active.list.backingOff' },
  { type: 'xstate.after.staleTime.workspaces.active.list.cached.fresh' },
  { type: CACHE_TIMER },
] as never[]

describe('workspaces (model)', () => {
  it('walks every transition on a real actor; the list is always the signed-in user’s, and a closed dropdown has no search text', async () => {
    const result = await walkEveryTransition({
      machine: workspacesMachine,
      // Bounded: once another user or another org is current, the walk stops exploring (those
      // states repeat the Ada-in-Acme ones); every root transition is walked from Ada in Acme.
      events: (s) => {
        if (s.context.userId === 'u-sam' || s.context.orgId === 'o-globex') return []
        // The cache timer fires once: `expired` is where it led (the model would re-fire it).
        if (s.matches({ active: { list: { cached: 'expired' } } })) return events.filter((e) => (e as { type: string }).type !== CACHE_TIMER)
        return events
      },
      serializeState: (s) => JSON.stringify([s.value, s.context.userId, s.context.orgId, s.context.workspaces !== null, s.context.failures]),
      start: (inspect) => {
        const load = controllable<ReadonlyArray<WorkspaceItem>, { userId: string }>()
        const create = controllable<WorkspaceItem, CreateWorkspaceRequest>()
        const clock = new SimulatedClock()
        const switches: string[] = []
        const emitted: WorkspacesEmitted[] = []
        let loadedFor: string | null = null
        const actor = createActor(
          workspacesMachine.provide({
            actors: { watchAuth: fromCallback(() => () => {}), loadWorkspaces: load.logic, createWorkspace: create.logic },
            actions: {
              switchOrg: (_, params) => {
                switches.push(params.orgId)
              },
            },
          }),
          { inspect, clock },
        )
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const e = event as unknown as { type: string }
            if (e.type === 'xstate.done.actor.loadWorkspaces') loadedFor = load.calls.at(-1)?.userId ?? null
            if (await settleActorEvent(e, { loadWorkspaces: load, createWorkspace: create })) return
            if (e.type.startsWith('xstate.after.')) {
              advanceToTimer(actor, clock, e.type)
              return flush()
            }
            actor.send(event)
          },
          check: (s) => {
            if (s.matches('signedOut')) {
              expect(s.context.workspaces).toBeNull()
              expect(selectListStatus(s)).toBe('signedOut')
            }
            // SPEC §4: the dropdown's search text does not outlive the dropdown.
            if (!s.matches({ active: { dropdown: 'open' } })) expect(s.context.search).toBe('')
            // The list on hand was fetched for this user (never the previous user's list).
            if (s.context.workspaces !== null) expect(loadedFor).toBe(s.context.userId)
            if (s.matches({ active: { list: 'fetching' } })) expect(load.calls.at(-1)).toEqual({ userId: s.context.userId })
            if (s.matches({ active: { list: 'failed' } })) expect(selectListStatus(s)).toBe('error')
            if (s.matches({ active: { list: 'idle' } })) expect(s.context.workspaces).toBeNull()
            expect(s.context.failures).toBeLessThanOrEqual(WORKSPACES_RETRIES)
            // SPEC §4 Creating a workspace: every creation switches to the new workspace.
            for (const e of emitted) if (e.type === 'workspaces.created') expect(switches).toContain(e.workspace.org_id)
            for (const e of emitted) if (e.type === 'workspaces.createFailed') expect(e.message).toBe('You already own 20 workspaces.')
            if (s.matches({ active: { creation: 'creating' } })) expect(create.calls.at(-1)).toEqual({ org_name: 'Hooli' })
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  }, 120_000)
})
