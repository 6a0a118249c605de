import { createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import type { PushDevice } from '../../contract/push.ts'
import { type PushPermissionInput, type PushPermissionValue, pushPermissionMachine } from './pushPermission.machine.ts'

const events = [
  { type: 'auth.changed', orgId: 'o-acme' },
  { type: 'auth.changed', orgId: 'o-globex' },
  { type: 'auth.changed', orgId: null },
  { type: 'push.enable' },
  { type: 'push.disable' },
  { type: 'push.test' },
  { type: 'push.subscriptionChanged' },
  { type: 'push.loadDevices' },
  { type: 'xstate.done.actor.loadDevices', output: [] },
  { type: 'xstate.error.actor.loadDevices', error: new Error('503') },
  { type: 'push.permissionChanged', permission: 'granted' },
  { type: 'push.permissionChanged', permission: 'denied' },
  { type: 'push.permissionChanged', permission: 'default' },
  { type: 'xstate.done.actor.requestPermission', output: 'granted' },
  { type: 'xstate.done.actor.requestPermission', output: 'denied' },
  { type: 'xstate.done.actor.requestPermission', output: 'default' },
  { type: 'xstate.error.actor.requestPermission', error: new Error('blocked by the browser') },
  { type: 'xstate.done.actor.subscribe' },
  { type: 'xstate.error.actor.subscribe', error: new Error('Registration failed - push service error') },
  { type: 'xstate.done.actor.unsubscribe' },
  { type: 'xstate.error.actor.unsubscribe', error: new Error('offline') },
  { type: 'xstate.done.actor.forgetSubscription' },
  { type: 'xstate.error.actor.forgetSubscription', error: new Error('no registration') },
  { type: 'xstate.done.actor.sendTest' },
  { type: 'xstate.error.actor.sendTest', error: new Error('502') },
] as never[]

const inputs: ReadonlyArray<PushPermissionInput> = [
  { supported: null, permission: 'granted', deviceId: '', optedOut: false },
  { supported: false, permission: 'granted', deviceId: 'dev-1', optedOut: false },
  { supported: true, permission: 'denied', deviceId: 'dev-1', optedOut: false },
  { supported: true, permission: 'granted', deviceId: 'dev-1', optedOut: false },
  { supported: true, permission: 'default', deviceId: 'dev-1', optedOut: false },
  { supported: true, permission: 'granted', deviceId: 'dev-1', optedOut: true },
  // Push init failed on an earlier page, within the backoff.
  { supported: true, permission: 'granted', deviceId: 'dev-1', optedOut: false, failedInit: 'Registration failed' },
]

describe('pushPermission (model)', () => {
  it('walks every transition on a real actor with stubbed browser APIs: reporter only while subscribed, opt-out stored, failures logged, local fallback on a failed test', async () => {
    const walked = new Set<string>()
    let defined: string[] = []
    for (const input of inputs) {
      const result = await walkEveryTransition({
        machine: pushPermissionMachine,
        input,
        events,
        // Bounded to what guards read: which org, the permission, the opt-out, and whether push
        // init was tried / the subscription is for the current org.
        serializeState: (s) =>
          JSON.stringify([s.value, s.context.orgId, s.context.permission, s.context.optedOut, s.context.attemptedOrg === s.context.orgId, s.context.subscribedOrg === s.context.orgId, s.context.initBlocked]),
        start: (inspect) => {
          const requestPermission = controllable<PushPermissionValue>()
          const subscribe = controllable<void, { orgId: string; deviceId: string }>()
          const unsubscribe = controllable<void, { deviceId: string }>()
          const forgetSubscription = controllable<void>()
          const sendTest = controllable<void, { deviceId: string }>()
          const loadDevices = controllable<ReadonlyArray<PushDevice>>()
          const browser = { reporters: 0, reportedFor: [] as string[], storedOptOut: input.optedOut, storedFailure: input.failedInit ?? null, localTests: 0, warnings: 0, logged: 0, testFailures: 0 }
          const actor = createActor(
            pushPermissionMachine.provide({
              actors: {
                watchAuth: fromCallback(() => {}),
                permissionListener: fromCallback(() => {}),
                requestPermission: requestPermission.logic,
                subscribe: subscribe.logic,
                unsubscribe: unsubscribe.logic,
                forgetSubscription: forgetSubscription.logic,
                sendTest: sendTest.logic,
                loadDevices: loadDevices.logic,
                activityReporter: fromCallback(({ input: reporter }: { input: { deviceId: string; orgId: string } }) => {
                  browser.reporters++
                  browser.reportedFor.push(reporter.orgId)
                  return () => void browser.reporters--
                }),
              },
              actions: {
                storeOptedOut: (_, params) => void (browser.storedOptOut = params.optedOut),
                showLocalTestNotification: () => void browser.localTests++,
                warnUnsupported: () => void browser.warnings++,
                logFailure: () => void browser.logged++,
                storeFailedInit: (_, params) => void (browser.storedFailure = params.message),
              },
            }),
            { input, inspect },
          )
          actor.on('push.testFailed', () => void browser.testFailures++)
          actor.start()
          return {
            actor,
            exec: async (event) => {
              const e = event as unknown as { type: string }
              const logged = browser.logged
              if (await settleActorEvent(e, { requestPermission, subscribe, unsubscribe, forgetSubscription, sendTest, loadDevices })) {
                // SPEC §8: every failure is logged (and nothing else is shown but the settings text).
                if (e.type.startsWith('xstate.error.')) expect(browser.logged).toBe(logged + 1)
                return
              }
              const wasSending = actor.getSnapshot().matches({ test: 'sending' })
              actor.send(event)
              // A test is sent only with granted permission (the local fallback needs it too).
              if (e.type === 'push.test' && !wasSending && actor.getSnapshot().matches({ test: 'sending' })) {
                expect(actor.getSnapshot().context.permission).toBe('granted')
              }
            },
            check: (s) => {
              const subscribed = s.matches({ permission: { supported: 'subscribed' } })
              // Device activity is reported only while subscribed, for the org subscribed in.
              expect(browser.reporters).toBe(subscribed ? 1 : 0)
              if (subscribed) expect(browser.reportedFor.at(-1)).toBe(s.context.subscribedOrg)
              if (subscribed) expect(s.context.subscribedOrg).toBe(s.context.orgId)
              // SPEC §5: unsupported warns once and nothing else happens.
              if (s.matches({ permission: 'unsupported' })) {
                expect(browser.warnings).toBe(1)
                expect(subscribe.calls).toEqual([])
              }
              // SPEC §4: subscribing needs granted permission, and a signed-in org.
              if (s.matches({ permission: { supported: 'subscribing' } })) {
                expect(s.context.permission).toBe('granted')
                expect(subscribe.calls.at(-1)).toEqual({ orgId: s.context.orgId, deviceId: 'dev-1' })
              }
              expect(browser.storedOptOut).toBe(s.context.optedOut)
              // A failed push init is stored until a subscribe succeeds, and holds push init back meanwhile.
              expect(browser.storedFailure !== null).toBe(s.context.initBlocked)
              // A failed test always showed the local notification.
              expect(browser.localTests).toBe(browser.testFailures)
            },
            stop: () => actor.stop(),
          }
        },
      })
      expect(result.failures).toEqual([])
      for (const key of result.walked) walked.add(key)
      defined = result.defined
    }
    expect(defined.filter((key) => !walked.has(key))).toEqual([])
    expect(defined.length).toBeGreaterThan(25)
  }, 180_000)
})
