import { createActor, fromPromise } from 'xstate'
import type { AppVersion } from '../../contract/api.ts'
import { describe, expect, it } from 'vitest'
import { commandPaletteMachine } from '../commandPalette/commandPalette.machine.ts'
import { creditsMachine } from '../credits/credits.machine.ts'
import { permissionsMachine } from '../permissions/permissions.machine.ts'
import { workspacesMachine } from '../workspaces/workspaces.machine.ts'
import { notificationsMachine } from '../notifications/notifications.machine.ts'
import { NO_BROWSER_PUSH_INPUT, pushPermissionMachine } from '../pushPermission/pushPermission.machine.ts'
import { reverificationMachine } from '../reverification/reverification.machine.ts'
import { versionCheckMachine } from '../versionCheck/versionCheck.machine.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { SystemId } from '../shared/system-ids.ts'
import { type AppEvent, appMachine } from './app.machine.ts'

const signedOut = { tokens: null, auth: { hasStoredSession: false } } as const
/** The signed-in actors' logic as the browser side sends it once a session exists (here the bare machines). */
const signedInLoaded: AppEvent = {
  type: 'app.signedInLoaded',
  actors: { permissions: permissionsMachine, credits: creditsMachine, workspaces: workspacesMachine },
}
/** The version check's logic as the browser side sends it once the first page is up (here never answering). */
const versionCheckLoaded: AppEvent = {
  type: 'app.versionCheckLoaded',
  versionCheck: {
    logic: versionCheckMachine.provide({ actors: { fetchVersion: fromPromise<AppVersion>(() => new Promise(() => {})) } }),
    input: { seenVersion: null, buildVersion: 'b1', online: true },
  },
}
/** 'Confirm it's you' as the browser side sends it when a call first asks (here the bare machine). */
const reverificationLoaded: AppEvent = { type: 'app.reverificationLoaded', reverification: { logic: reverificationMachine } }
/** The deferred actors' logic as the browser side sends it (here the bare machines). */
const deferredLoaded: AppEvent = {
  type: 'app.deferredLoaded',
  actors: { notifications: notificationsMachine, push: pushPermissionMachine, pushInput: NO_BROWSER_PUSH_INPUT, commandPalette: commandPaletteMachine },
}

describe('app (model)', () => {
  it('walks every transition on a real actor: the signed-in actors, the version check and reverification waiting then running, the shell core then complete, in any order', async () => {
    const result = await walkEveryTransition({
      // The model explores states only: its paths share one system, where a second spawn under the
      // same system id would be refused. The real actor below spawns.
      machine: appMachine.provide({
        actions: { startSignedInActors: () => {}, startDeferredActors: () => {}, startVersionCheck: () => {}, startReverification: () => {} },
      }),
      events: () => [signedInLoaded, deferredLoaded, versionCheckLoaded, reverificationLoaded],
      serializeState: (s) => JSON.stringify(s.value),
      start: (inspect) => {
        const actor = createActor(appMachine, { input: signedOut, inspect }).start()
        return {
          actor,
          exec: (e) => void actor.send(e),
          // The signed-in actors exist exactly in `signedIn.running`, the deferred ones in `complete`,
          // the version check in `running`, once each.
          check: (s) => {
            const signedIn = s.matches({ signedIn: 'running' })
            expect(actor.system.get(SystemId.permissions) !== undefined).toBe(signedIn)
            expect(actor.system.get(SystemId.credits) !== undefined).toBe(signedIn)
            expect(actor.system.get(SystemId.workspaces) !== undefined).toBe(signedIn)
            const started = s.matches({ shell: 'complete' })
            const checking = s.matches({ versionCheck: 'running' })
            const confirming = s.matches({ reverification: 'running' })
            expect(actor.system.get(SystemId.notifications) !== undefined).toBe(started)
            expect(actor.system.get(SystemId.push) !== undefined).toBe(started)
            expect(actor.system.get(SystemId.commandPalette) !== undefined).toBe(started)
            expect(actor.system.get(SystemId.versionCheck) !== undefined).toBe(checking)
            expect(actor.system.get(SystemId.reverification) !== undefined).toBe(confirming)
            expect(Object.keys(s.children)).toHaveLength(5 + (signedIn ? 3 : 0) + (started ? 3 : 0) + (checking ? 1 : 0) + (confirming ? 1 : 0))
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  })

  it('starts token, then auth, then the sidebar, toasts and the language, under their system ids; nothing of a signed-in session', () => {
    const root = createActor(appMachine, { input: { ...signedOut, sidebar: { expanded: false, width: 600 } } }).start()
    expect(Object.keys(root.getSnapshot().children)).toEqual([SystemId.token, SystemId.auth, SystemId.sidebar, SystemId.toasts, SystemId.language])
    expect(root.system.get(SystemId.auth)?.getSnapshot().value).toBe('unauthenticated')
    expect(root.system.get(SystemId.token)?.getSnapshot().value).toBe('idle')
    expect(root.system.get(SystemId.permissions)).toBeUndefined()
    expect(root.system.get(SystemId.credits)).toBeUndefined()
    expect(root.system.get(SystemId.workspaces)).toBeUndefined()
    // The sidebar starts from the app input: the saved collapsed state, a phone-sized drawer.
    expect(root.system.get(SystemId.sidebar)?.getSnapshot().value).toMatchObject({ panel: 'collapsed', mode: { drawer: 'closed' } })
    // 'Confirm it's you' is not started until a call asks for it.
    expect(root.system.get(SystemId.reverification)).toBeUndefined()
    root.stop()
  })

  it('Scenario: the signed-in actors join the same system, follow auth from their first snapshot, and start once', () => {
    const root = createActor(appMachine, { input: signedOut }).start()
    root.send(signedInLoaded)
    const permissions = root.system.get(SystemId.permissions)
    // Nobody is signed in: the auth actor's current snapshot reached them at once, and nothing loads
    // (SPEC §7: the credits run only with a current org).
    expect(permissions?.getSnapshot().value).toBe('signedOut')
    expect(root.system.get(SystemId.credits)?.getSnapshot().value).toBe('signedOut')
    expect(root.system.get(SystemId.workspaces)?.getSnapshot().value).toBe('signedOut')
    root.send(signedInLoaded)
    expect(root.system.get(SystemId.permissions)).toBe(permissions)
    expect(Object.keys(root.getSnapshot().children)).toEqual([
      SystemId.token,
      SystemId.auth,
      SystemId.sidebar,
      SystemId.toasts,
      SystemId.language,
      SystemId.permissions,
      SystemId.credits,
      SystemId.workspaces,
    ])
    expect(root.getSnapshot().value).toEqual({ signedIn: 'running', shell: 'core', versionCheck: 'waiting', reverification: 'waiting' })
    root.stop()
  })

  it('Scenario: the deferred actors join the same system, follow auth from their first snapshot, and start once', () => {
    const root = createActor(appMachine, { input: signedOut }).start()
    expect(root.system.get(SystemId.notifications)).toBeUndefined()
    root.send(deferredLoaded)
    const notifications = root.system.get(SystemId.notifications)
    // Nobody is signed in: the auth actor's current snapshot reached it at once.
    expect(notifications?.getSnapshot().value).toBe('signedOut')
    expect(root.system.get(SystemId.push)?.getSnapshot().status).toBe('active')
    expect(root.system.get(SystemId.commandPalette)?.getSnapshot().value).toBe('offscreen')
    root.send(deferredLoaded)
    expect(root.system.get(SystemId.notifications)).toBe(notifications)
    expect(Object.keys(root.getSnapshot().children)).toHaveLength(8)
    root.stop()
  })

  it('Scenario: the version check starts once, with the input the browser read when it loaded', () => {
    const root = createActor(appMachine, { input: signedOut }).start()
    expect(root.system.get(SystemId.versionCheck)).toBeUndefined()
    root.send(versionCheckLoaded)
    const check = root.system.get(SystemId.versionCheck)
    expect(check?.getSnapshot().context).toMatchObject({ seenVersion: null, buildVersion: 'b1', online: true })
    root.send(versionCheckLoaded)
    expect(root.system.get(SystemId.versionCheck)).toBe(check)
    expect(root.getSnapshot().value).toEqual({ signedIn: 'waiting', shell: 'core', versionCheck: 'running', reverification: 'waiting' })
    root.stop()
  })

  it('Scenario: a call first asks for a recent factor: reverification starts once, idle, with the passkey support of the app input', () => {
    const root = createActor(appMachine, { input: { ...signedOut, reverification: { passkeySupported: true } } }).start()
    root.send(reverificationLoaded)
    const reverification = root.system.get(SystemId.reverification)
    expect(reverification?.getSnapshot().value).toBe('idle')
    expect(reverification?.getSnapshot().context).toMatchObject({ passkeySupported: true })
    root.send(reverificationLoaded)
    expect(root.system.get(SystemId.reverification)).toBe(reverification)
    expect(root.getSnapshot().value).toMatchObject({ reverification: 'running' })
    root.stop()
  })

  it('starts the sidebar expanded on a desktop when the input has no sidebar state', () => {
    const root = createActor(appMachine, { input: signedOut }).start()
    expect(root.system.get(SystemId.sidebar)?.getSnapshot().value).toMatchObject({ panel: 'expanded', mode: 'docked' })
    root.stop()
  })
})
