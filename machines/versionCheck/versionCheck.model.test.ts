import { SimulatedClock, createActor, fromCallback, fromPromise } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { AppVersion } from '../../contract/api.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, flush, settleActorEvent } from '../testing/stubs.ts'
import {
  VERSION_CHECK_INTERVAL_MS,
  VERSION_HARD_REFRESH_DELAY_MS,
  VERSION_ROUTE_CHANGE_DELAY_MS,
  type VersionCheckEvent,
  type VersionCheckInput,
  versionCheckMachine,
} from './versionCheck.machine.ts'

const BUILD = '1.0.0+aaa'
const NEXT = '1.0.0+bbb'

const events = [
  { type: 'version.routeChanged' },
  { type: 'version.focused' },
  { type: 'version.update' },
  { type: 'version.later' },
  { type: 'version.connectivityChanged', online: false },
  { type: 'version.connectivityChanged', online: true },
  { type: 'version.workerWaiting' },
  { type: 'xstate.done.actor.fetchVersion', output: { version: BUILD } },
  { type: 'xstate.done.actor.fetchVersion', output: { version: NEXT } },
  { type: 'xstate.error.actor.fetchVersion', error: new Error('offline') },
  { type: 'xstate.done.actor.activateWorker' },
  { type: 'xstate.error.actor.activateWorker', error: new Error('the worker did not take over') },
  { type: 'xstate.after.checkInterval.versionCheck.idle' },
  { type: 'xstate.after.routeChangeDelay.versionCheck.settling' },
  { type: 'xstate.after.hardRefreshDelay.versionCheck.updating' },
] as never[]

const input: VersionCheckInput = { seenVersion: BUILD, buildVersion: BUILD, online: true }

describe('versionCheck (model)', () => {
  it('walks every transition with a fake clock: checks only when due and online, a failure is a warning, the prompt only for a version not yet seen, a waiting worker let in only by Update or by its own build', async () => {
    const result = await walkEveryTransition({
      machine: versionCheckMachine,
      input,
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context.seenVersion, s.context.availableVersion, s.context.online, s.context.workerWaiting]),
      start: (inspect) => {
        const clock = new SimulatedClock()
        const fetchVersion = controllable<AppVersion>()
        const activateWorker = controllable<void>()
        let released = 0
        let activated = false
        let worker: ((e: VersionCheckEvent) => void) | null = null
        const stored: string[] = []
        const warnings: unknown[] = []
        let refreshes = 0
        const listeners = { focus: 0, connectivity: null as ((e: VersionCheckEvent) => void) | null, focusSend: null as ((e: VersionCheckEvent) => void) | null }
        let enteredAt = 0
        let offlineChecks = 0
        const actor = createActor(
          versionCheckMachine.provide({
            actors: {
              fetchVersion: fetchVersion.logic,
              focusListener: fromCallback(({ sendBack }) => {
                listeners.focus++
                listeners.focusSend = sendBack
                return () => {
                  listeners.focus--
                  listeners.focusSend = null
                }
              }),
              connectivityListener: fromCallback(({ sendBack }) => {
                listeners.connectivity = sendBack
                return () => void (listeners.connectivity = null)
              }),
              workerListener: fromCallback(({ sendBack }) => {
                worker = sendBack
                return () => void (worker = null)
              }),
              activateWorker: activateWorker.logic,
              hardRefresh: fromPromise(async () => {
                refreshes++
                await new Promise(() => {})
              }),
            },
            actions: {
              storeSeenVersion: (_, params) => void stored.push(params.version),
              logFailure: (_, params) => void warnings.push(params.error),
              logActivationFailure: (_, params) => void warnings.push(params.error),
              releaseWaitingWorker: () => void released++,
            },
          }),
          { input, inspect, clock },
        )
        let last = ''
        actor.subscribe((s) => {
          const value = JSON.stringify(s.value)
          if (value !== last) {
            enteredAt = clock.now()
            // A check starts only while online.
            if (s.matches('checking') && !s.context.online) offlineChecks++
            if (s.matches('activating')) activated = true
          }
          last = value
        })
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const e = event as unknown as { type: string; online?: boolean }
            const warned = warnings.length
            const calls = fetchVersion.calls.length
            const releasedBefore = released
            const waitingBefore = actor.getSnapshot().context.workerWaiting
            if (await settleActorEvent(e, { fetchVersion, activateWorker })) {
              // A waiting worker of the very build this tab runs is let in without a prompt; any other never is.
              const s = actor.getSnapshot()
              const letIn = e.type === 'xstate.done.actor.fetchVersion' && waitingBefore && (e as { output?: AppVersion }).output?.version === BUILD
              expect(released).toBe(releasedBefore + (letIn ? 1 : 0))
              if (letIn) expect(s.context.workerWaiting).toBe(false)
              // SPEC §8: a failed check is a warning and changes nothing else.
              if (e.type.startsWith('xstate.error.')) expect(warnings).toHaveLength(warned + 1)
              return
            }
            if (e.type === 'xstate.after.checkInterval.versionCheck.idle') {
              clock.increment(enteredAt + VERSION_CHECK_INTERVAL_MS - clock.now())
            } else if (e.type === 'xstate.after.routeChangeDelay.versionCheck.settling') {
              // One tick short of 1 s nothing happens yet.
              clock.increment(enteredAt + VERSION_ROUTE_CHANGE_DELAY_MS - 1 - clock.now())
              expect(fetchVersion.calls).toHaveLength(calls)
              clock.increment(1)
            } else if (e.type === 'xstate.after.hardRefreshDelay.versionCheck.updating') {
              clock.increment(enteredAt + VERSION_HARD_REFRESH_DELAY_MS - 1 - clock.now())
              expect(refreshes).toBe(0)
              clock.increment(1)
            } else if (e.type === 'version.focused') {
              if (!listeners.focusSend) throw new Error('focus arrived while no focus listener runs')
              listeners.focusSend({ type: 'version.focused' })
            } else if (e.type === 'version.workerWaiting') {
              worker!({ type: 'version.workerWaiting' })
            } else if (e.type === 'version.connectivityChanged') {
              listeners.connectivity!({ type: 'version.connectivityChanged', online: e.online! })
            } else {
              actor.send(event)
            }
            await flush()
          },
          check: (s) => {
            expect(offlineChecks).toBe(0)
            // The prompt offers a version that is neither the running one nor one seen.
            if (s.matches('available')) {
              expect(s.context.availableVersion).not.toBe(BUILD)
              expect(s.context.availableVersion).not.toBe(s.context.seenVersion)
            } else if (!s.matches('updating') && !s.matches('activating') && !s.matches('reloading')) expect(s.context.availableVersion).toBeNull()
            // Whatever was recorded as seen is in storage too.
            if (s.context.seenVersion !== BUILD) expect(stored.at(-1)).toBe(s.context.seenVersion)
            // Focus is listened to only while waiting; the hard refresh only after 'Update' and 1 s.
            expect(listeners.focus).toBe(s.matches('idle') || s.matches('settling') ? 1 : 0)
            expect(refreshes).toBe(s.matches('reloading') ? 1 : 0)
            // The waiting worker is told to take over only after 'Update' and 1 s, and only when one waits.
            if (s.matches('activating')) expect(s.context.workerWaiting).toBe(true)
            expect(activateWorker.calls).toHaveLength(activated ? 1 : 0)
            // The worker listener runs for the machine's whole life.
            expect(worker).not.toBeNull()
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
    // Connectivity; a worker waiting (noted anywhere, a check from idle and from settling); due online/offline; three
    // answers (new, the waiting worker's own build, same) and a failure; idle and settling by timer, focus, route; update,
    // later; the 1 s wait with and without a worker; the worker taking over or not.
    expect(result.defined).toHaveLength(22)
  })
})
