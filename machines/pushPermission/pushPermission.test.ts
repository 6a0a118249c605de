import { createActor, fromCallback } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { controllable, flush } from '../testing/stubs.ts'
import { type PushPermissionInput, type PushPermissionValue, pushOrgOf, pushPermissionMachine } from './pushPermission.machine.ts'

function start(input: Partial<PushPermissionInput> = {}) {
  const requestPermission = controllable<PushPermissionValue>()
  const subscribe = controllable<void, { orgId: string; deviceId: string }>()
  const unsubscribe = controllable<void, { deviceId: string }>()
  const forgetSubscription = controllable<void>()
  const sendTest = controllable<void, { deviceId: string }>()
  const log = { optOut: [] as boolean[], local: 0, reporting: [] as string[], failures: [] as string[], failedInit: [] as Array<string | null> }
  const actor = createActor(
    pushPermissionMachine.provide({
      actors: {
        watchAuth: fromCallback(() => {}),
        requestPermission: requestPermission.logic,
        subscribe: subscribe.logic,
        unsubscribe: unsubscribe.logic,
        forgetSubscription: forgetSubscription.logic,
        sendTest: sendTest.logic,
        activityReporter: fromCallback(({ input: i }: { input: { deviceId: string; orgId: string } }) => {
          log.reporting.push(i.orgId)
          return () => void log.reporting.pop()
        }),
      },
      actions: {
        storeOptedOut: (_, params) => void log.optOut.push(params.optedOut),
        showLocalTestNotification: () => void log.local++,
        logFailure: (_, params) => void log.failures.push(params.what),
        storeFailedInit: (_, params) => void log.failedInit.push(params.message),
      },
    }),
    { input: { supported: true, permission: 'default', deviceId: 'dev-1', optedOut: false, ...input } },
  )
  actor.start()
  return { actor, requestPermission, subscribe, unsubscribe, forgetSubscription, sendTest, log }
}

const permissionState = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().value.permission

describe(pushPermissionMachine.id, () => {
  it('Scenario: a browser without service worker, PushManager or Notification skips push with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { actor, subscribe } = start({ supported: false })
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    actor.send({ type: 'push.enable' })
    expect(permissionState(actor)).toBe('unsupported')
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not supported'))
    expect(subscribe.calls).toEqual([])
    warn.mockRestore()
  })

  it('Scenario: enabling asks for permission, then subscribes this device in the signed-in org and reports its activity', async () => {
    const { actor, requestPermission, subscribe, log } = start()
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    expect(permissionState(actor)).toEqual({ supported: 'default' })
    actor.send({ type: 'push.enable' })
    expect(permissionState(actor)).toEqual({ supported: 'requesting' })
    await requestPermission.resolve('granted')
    expect(permissionState(actor)).toEqual({ supported: 'subscribing' })
    expect(subscribe.calls).toEqual([{ orgId: 'o-acme', deviceId: 'dev-1' }])
    await subscribe.resolve()
    expect(permissionState(actor)).toEqual({ supported: 'subscribed' })
    expect(log.reporting).toEqual(['o-acme'])
  })

  it('Scenario: a dismissed or denied prompt subscribes nothing; denied stays denied', async () => {
    const { actor, requestPermission, subscribe } = start()
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    actor.send({ type: 'push.enable' })
    await requestPermission.resolve('default')
    expect(permissionState(actor)).toEqual({ supported: 'default' })
    actor.send({ type: 'push.enable' })
    await requestPermission.resolve('denied')
    expect(permissionState(actor)).toEqual({ supported: 'denied' })
    actor.send({ type: 'push.enable' })
    expect(permissionState(actor)).toEqual({ supported: 'denied' })
    expect(subscribe.calls).toEqual([])
  })

  it('Scenario: push init: granted at start subscribes once signed in; a failure is logged, kept for the settings tab, and not retried in a loop', async () => {
    const { actor, subscribe, log } = start({ permission: 'granted' })
    expect(permissionState(actor)).toEqual({ supported: 'granted' })
    expect(subscribe.calls).toEqual([])
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    expect(permissionState(actor)).toEqual({ supported: 'subscribing' })
    await subscribe.reject(new Error('Registration failed - push service not available'))
    expect(permissionState(actor)).toEqual({ supported: 'granted' })
    expect(actor.getSnapshot().context.error).toBe('Registration failed - push service not available')
    expect(log.failures).toEqual(['subscribing'])
    expect(subscribe.calls).toHaveLength(1)
    // Enabling again is an explicit retry.
    actor.send({ type: 'push.enable' })
    expect(subscribe.calls).toHaveLength(2)
    await subscribe.resolve()
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('Scenario: a failed push init is not retried on an org switch, a new sign-in or the next page load; only "Turn on" tries again', async () => {
    const { actor, subscribe, log } = start({ permission: 'granted' })
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await subscribe.reject(new Error('Registration failed - permission denied'))
    expect(log.failedInit).toEqual(['Registration failed - permission denied'])
    // Switching away and back, or signing out and in again: no new attempt, nothing more logged.
    actor.send({ type: 'auth.changed', orgId: null })
    actor.send({ type: 'auth.changed', orgId: 'o-globex' })
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    expect(subscribe.calls).toHaveLength(1)
    expect(log.failures).toEqual(['subscribing'])
    // The next page load starts with the stored failure: the settings tab says why, and push init waits.
    const next = start({ permission: 'granted', failedInit: 'Registration failed - permission denied' })
    next.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    expect(next.subscribe.calls).toHaveLength(0)
    expect(next.actor.getSnapshot().context.error).toBe('Registration failed - permission denied')
    // An explicit 'Turn on' tries, and a success forgets the stored failure.
    next.actor.send({ type: 'push.enable' })
    expect(next.subscribe.calls).toHaveLength(1)
    await next.subscribe.resolve()
    expect(next.log.failedInit).toEqual([null])
    expect(next.actor.getSnapshot().context.initBlocked).toBe(false)
  })

  it('Scenario: disabling unsubscribes and stores the opt-out; the next start does not subscribe again', async () => {
    const first = start({ permission: 'granted' })
    first.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await first.subscribe.resolve()
    first.actor.send({ type: 'push.disable' })
    expect(permissionState(first.actor)).toEqual({ supported: 'unsubscribing' })
    expect(first.log.optOut).toEqual([true])
    expect(first.log.reporting).toEqual([])
    await first.unsubscribe.reject(new Error('offline'))
    expect(permissionState(first.actor)).toEqual({ supported: 'granted' })
    expect(first.log.failures).toEqual(['unsubscribing'])

    const next = start({ permission: 'granted', optedOut: true })
    next.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    expect(permissionState(next.actor)).toEqual({ supported: 'granted' })
    expect(next.subscribe.calls).toEqual([])
  })

  it('Scenario: an org switch subscribes for the new org; signing out drops the browser subscription; signing in subscribes again', async () => {
    const { actor, subscribe, forgetSubscription, log } = start({ permission: 'granted' })
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await subscribe.resolve()
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    expect(subscribe.calls).toHaveLength(1)
    actor.send({ type: 'auth.changed', orgId: 'o-globex' })
    expect(subscribe.calls.at(-1)).toEqual({ orgId: 'o-globex', deviceId: 'dev-1' })
    await subscribe.resolve()
    expect(log.reporting).toEqual(['o-globex'])
    actor.send({ type: 'auth.changed', orgId: null })
    expect(permissionState(actor)).toEqual({ supported: 'forgetting' })
    await forgetSubscription.resolve()
    expect(permissionState(actor)).toEqual({ supported: 'granted' })
    actor.send({ type: 'auth.changed', orgId: 'o-globex' })
    expect(permissionState(actor)).toEqual({ supported: 'subscribing' })
  })

  it('Scenario: a test notification: sent through the push service, or shown locally when that fails', async () => {
    const { actor, sendTest, log } = start({ permission: 'granted', optedOut: true })
    const emitted: string[] = []
    actor.on('*', (e) => void emitted.push(e.type))
    actor.send({ type: 'push.test' })
    expect(sendTest.calls).toEqual([{ deviceId: 'dev-1' }])
    await sendTest.resolve()
    expect(actor.getSnapshot().context.lastTest).toBe('sent')
    actor.send({ type: 'push.test' })
    await sendTest.reject(new Error('The push service did not accept the test notification.'))
    expect(log.local).toBe(1)
    expect(actor.getSnapshot().context.lastTest).toBe('local')
    expect(emitted).toEqual(['push.testSent', 'push.testFailed'])
  })

  it('Scenario: the permission changed in site settings moves the machine; without permission no test is sent', async () => {
    const { actor, subscribe, sendTest } = start({ permission: 'granted' })
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await subscribe.resolve()
    actor.send({ type: 'push.permissionChanged', permission: 'granted' })
    expect(permissionState(actor)).toEqual({ supported: 'subscribed' })
    actor.send({ type: 'push.permissionChanged', permission: 'denied' })
    expect(permissionState(actor)).toEqual({ supported: 'denied' })
    actor.send({ type: 'push.test' })
    await flush()
    expect(sendTest.calls).toEqual([])
  })

  it('Scenario: the org push follows: current org when authenticated, unchanged while the same org re-verifies, none otherwise', () => {
    const org = { org_id: 'o-acme' }
    expect(pushOrgOf({ value: 'authenticated', context: { orgId: 'o-acme', currentOrg: org } })).toBe('o-acme')
    expect(pushOrgOf({ value: 'verifying', context: { orgId: 'o-acme', currentOrg: org } })).toBeUndefined()
    expect(pushOrgOf({ value: 'verifying', context: { orgId: 'o-globex', currentOrg: org } })).toBeNull()
    expect(pushOrgOf({ value: 'unauthenticated', context: { orgId: null, currentOrg: null } })).toBeNull()
  })
})
