import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { listTransitions } from '../testing/model-walk.ts'
import { SystemId, appMachine } from './app.machine.ts'

describe('app (model)', () => {
  it('has no transitions of its own: the walk has nothing to cover (its children have their own model tests)', () => {
    expect(listTransitions(appMachine)).toEqual([])
  })

  it('starts token, then auth, then permissions, credits and workspaces, then the sidebar, under their system ids', () => {
    const root = createActor(appMachine, { input: { tokens: null, auth: { hasStoredSession: false }, sidebar: { expanded: false, width: 600 } } }).start()
    expect(Object.keys(root.getSnapshot().children)).toEqual([SystemId.token, SystemId.auth, SystemId.permissions, SystemId.credits, SystemId.workspaces, SystemId.notifications, SystemId.sidebar, SystemId.toasts, SystemId.versionCheck, SystemId.push, SystemId.commandPalette])
    expect(root.system.get(SystemId.auth)?.getSnapshot().value).toBe('unauthenticated')
    expect(root.system.get(SystemId.token)?.getSnapshot().value).toBe('idle')
    // Nobody is signed in: the credits are not loaded (SPEC §7 runs only with a current org).
    expect(root.system.get(SystemId.credits)?.getSnapshot().value).toBe('signedOut')
    // Nor is the workspace list.
    expect(root.system.get(SystemId.workspaces)?.getSnapshot().value).toBe('signedOut')
    // Nor are notifications.
    expect(root.system.get(SystemId.notifications)?.getSnapshot().value).toBe('signedOut')
    // The sidebar starts from the app input: the saved collapsed state, a phone-sized drawer.
    expect(root.system.get(SystemId.sidebar)?.getSnapshot().value).toMatchObject({ panel: 'collapsed', mode: { drawer: 'closed' } })
    root.stop()
  })

  it('starts the sidebar expanded on a desktop when the input has no sidebar state', () => {
    const root = createActor(appMachine, { input: { tokens: null, auth: { hasStoredSession: false } } }).start()
    expect(root.system.get(SystemId.sidebar)?.getSnapshot().value).toMatchObject({ panel: 'expanded', mode: 'docked' })
    root.stop()
  })
})
