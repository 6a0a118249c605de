import { SimulatedClock, createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { PermissionSet } from '../../contract/api.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, flush } from '../testing/stubs.ts'
import { PERMISSIONS_RETRY_MS, permissionsMachine } from './permissions.machine.ts'
import { selectPermissionStatus, selectPermissions } from './permissions.selectors.ts'

const sets: PermissionSet[] = [
  { _id: 's1', permission_set_key: 'SUPER_ADMIN', name: 'Super Admin', description: '', is_system: true, permissions: [] },
  { _id: 'c1', permission_set_key: null, name: 'Agent', description: '', is_system: false, permissions: [{ resource: 'CONTACTS', actions: ['READ'], conditions: {} }] },
]

describe('permissions (model)', () => {
  it('walks every transition on a real actor; the old org’s sets never outlive a switch', async () => {
    const result = await walkEveryTransition({
      machine: permissionsMachine,
      events: [
        { type: 'auth.changed', orgId: 'o-acme', refs: ['c1'] },
        { type: 'auth.changed', orgId: 'o-acme', refs: ['SUPER_ADMIN'] },
        { type: 'auth.changed', orgId: 'o-globex', refs: ['c1'] },
        { type: 'auth.changed', orgId: null, refs: [] },
        { type: 'permissions.refetch' },
        { type: 'permissions.retry' },
        { type: 'xstate.done.actor.loadPermissionSets', output: sets } as never,
        { type: 'xstate.error.actor.loadPermissionSets', error: new Error('500') } as never,
        { type: 'xstate.done.actor.reloadPermissionSets', output: sets } as never,
        { type: 'xstate.error.actor.reloadPermissionSets', error: new Error('500') } as never,
        { type: 'xstate.after.retry.permissions.failed' } as never,
      ],
      serializeState: (s) => JSON.stringify([s.value, s.context.orgId, s.context.refs, s.context.sets !== null]),
      start: (inspect) => {
        const load = controllable<ReadonlyArray<PermissionSet>, { orgId: string }>()
        const clock = new SimulatedClock()
        let loadedFor: string | null = null
        const actor = createActor(
          permissionsMachine.provide({
            actors: {
              watchAuth: fromCallback(() => () => {}),
              loadPermissionSets: load.logic,
            },
          }),
          { inspect, clock },
        )
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const type = (event as { type: string }).type
            const done = /^xstate\.(done|error)\.actor\./.exec(type)
            if (done) {
              loadedFor = load.calls.at(-1)?.orgId ?? null
              return done[1] === 'done' ? load.resolve((event as unknown as { output: PermissionSet[] }).output) : load.reject(new Error('500'))
            }
            if (type.startsWith('xstate.after.')) {
              clock.increment(PERMISSIONS_RETRY_MS)
              return flush()
            }
            actor.send(event)
          },
          check: (s) => {
            const status = selectPermissionStatus(s)
            if (s.matches('signedOut')) {
              expect(selectPermissions(s).grants.size).toBe(0)
              expect(status).toBe('signedOut')
            }
            // Sets on hand always belong to the current org.
            if (s.context.sets !== null) expect(loadedFor).toBe(s.context.orgId)
            if (s.matches('loading')) expect(load.calls.at(-1)).toEqual({ orgId: s.context.orgId })
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  })
})
