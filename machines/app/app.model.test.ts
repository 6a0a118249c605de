import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { listTransitions } from '../testing/model-walk.ts'
import { SystemId, appMachine } from './app.machine.ts'

describe('app (model)', () => {
  it('has no transitions of its own: the walk has nothing to cover (its children have their own model tests)', () => {
    expect(listTransitions(appMachine)).toEqual([])
  })

  it('starts token, then auth, then permissions, under their system ids', () => {
    const root = createActor(appMachine, { input: { tokens: null, auth: { hasStoredSession: false } } }).start()
    expect(Object.keys(root.getSnapshot().children)).toEqual([SystemId.token, SystemId.auth, SystemId.permissions])
    expect(root.system.get(SystemId.auth)?.getSnapshot().value).toBe('unauthenticated')
    expect(root.system.get(SystemId.token)?.getSnapshot().value).toBe('idle')
    root.stop()
  })
})
