/**
 * The push section of the notification settings (SPEC §4 Push permission, §7 web-push calls), one
 * story per state of the `pushPermission` machine a person can see. Each actor starts from a saved
 * state (`resolveState`) with the browser stubbed: permission prompts, subscribing and tests never
 * answer, and the device list answers at once with two devices.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { PushDevice } from '../contract/push.ts'
import { type PushPermissionContext, type SubscribeInput, pushPermissionMachine } from '../machines/pushPermission/pushPermission.machine.ts'
import { PUSH_TEXT } from '../machines/pushPermission/pushPermission.selectors.ts'
import { PushSettings } from '../src/ui/push/PushSettings.tsx'
import { ENGLISH } from '../src/i18n/catalogue.ts'
import { createTranslator } from '../src/i18n/translator.ts'
import type { MachineStateParameter } from './machine-states.ts'

const meta: Meta = { title: 'Machines/pushPermission' }
/** The push texts as an English reader sees them. */
const english = createTranslator(ENGLISH)
export default meta
type Story = StoryObj

const THIS_DEVICE = 'mf3k2x1a-9c1d2e3f4a5b6c7d'
const devices: ReadonlyArray<PushDevice> = [
  { deviceIdentifier: THIS_DEVICE, browser: 'Chrome', os: 'Linux', device_type: 'desktop', isCurrentlyActive: true, createdAt: '2026-11-20T09:12:00.000Z', updatedAt: '2026-11-22T08:30:00.000Z' },
  { deviceIdentifier: 'mf1a0b2c-0011223344556677', browser: 'Safari', os: 'iOS', device_type: 'mobile', isCurrentlyActive: false, createdAt: '2026-11-02T18:40:00.000Z', updatedAt: '2026-11-21T21:05:00.000Z' },
]

type PermissionValue = string | { supported: string }

/** A push actor in `permission` (+ `test`), signed in to Acme, with `context` on top. */
function pushActorIn(permission: PermissionValue, context: Partial<PushPermissionContext> = {}, test: 'idle' | 'sending' = 'idle', deviceList: ReadonlyArray<PushDevice> = devices) {
  const never = <T, I = unknown>() => fromPromise<T, I>(() => new Promise<T>(() => {}))
  const machine = pushPermissionMachine.provide({
    actors: {
      watchAuth: fromCallback(() => {}),
      permissionListener: fromCallback(() => {}),
      activityReporter: fromCallback(() => {}),
      requestPermission: never<'default' | 'granted' | 'denied'>(),
      subscribe: never<void, SubscribeInput>(),
      unsubscribe: never<void, { deviceId: string }>(),
      forgetSubscription: never<void>(),
      sendTest: never<void, { deviceId: string }>(),
      loadDevices: fromPromise(async () => deviceList),
    },
    actions: { logFailure: () => {}, warnUnsupported: () => {}, storeOptedOut: () => {}, storeFailedInit: () => {}, showLocalTestNotification: () => {} },
  })
  const base: PushPermissionContext = {
    supported: true,
    permission: 'granted',
    deviceId: THIS_DEVICE,
    optedOut: false,
    orgId: 'o-acme',
    subscribedOrg: null,
    attemptedOrg: 'o-acme',
    error: null,
    initBlocked: false,
    lastTest: null,
    devices: null,
    devicesFailed: false,
  }
  const actor = createActor(machine, { input: base, snapshot: machine.resolveState({ value: { permission, devices: 'idle', test }, context: { ...base, ...context } }) })
  actor.start()
  return actor
}

function story(permission: PermissionValue, context: Partial<PushPermissionContext>, options: { test?: 'idle' | 'sending'; devices?: ReadonlyArray<PushDevice>; play?: Story['play'] } = {}): Story {
  const test = options.test ?? 'idle'
  return {
    render: () => (
      <div style={{ padding: 24 }}>
        <PushSettings actor={pushActorIn(permission, context, test, options.devices ?? devices)} />
      </div>
    ),
    parameters: { machineState: { machine: 'pushPermission', state: { permission, devices: 'idle', test } } satisfies MachineStateParameter },
    ...(options.play ? { play: options.play } : {}),
  }
}

/** A browser without service worker, PushManager or Notification (SPEC §5). */
export const Unsupported = story('unsupported', { supported: false, permission: 'default' }, {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(english.t(PUSH_TEXT.unsupported))
  },
})

/** Permission not asked yet: push is available; turning it on asks the browser. */
export const Available = story({ supported: 'default' }, { permission: 'default', attemptedOrg: null }, {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('status')).toHaveTextContent(english.t(PUSH_TEXT.available))
    await expect(canvas.getByRole('button', { name: 'Turn on push notifications' })).toBeEnabled()
    await expect(canvas.queryByRole('button', { name: 'Send test notification' })).toBeNull()
  },
})

/** The browser's permission prompt is open. */
export const AskingPermission = story({ supported: 'requesting' }, { permission: 'default', attemptedOrg: null })

/** Notifications blocked in the site settings: nothing to press. */
export const Blocked = story({ supported: 'denied' }, { permission: 'denied' }, {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('status')).toHaveTextContent(english.t(PUSH_TEXT.denied))
    await expect(canvas.queryByRole('button', { name: 'Turn on push notifications' })).toBeNull()
  },
})

/** Turned off on this device by the person (remembered across visits). */
export const Off = story({ supported: 'granted' }, { optedOut: true }, { devices: [devices[1]!] })

/**
 * Allowed, but the browser could not subscribe (no reachable push service, as in the e2e
 * Chromium): said plainly; the test falls back to a local notification.
 */
export const SubscribeFailed = story({ supported: 'granted' }, { error: 'Registration failed - permission denied', initBlocked: true, lastTest: 'local' }, {
  devices: [],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('status')[0]).toHaveTextContent('could not subscribe to push (Registration failed - permission denied)')
    await expect(canvas.getByText(english.t(PUSH_TEXT.testLocal))).toBeVisible()
    await expect(await canvas.findByText(english.t(PUSH_TEXT.noDevices))).toBeVisible()
  },
})

/** Allowed, and being subscribed (service worker, push service, server). */
export const Subscribing = story({ supported: 'subscribing' }, {})

/** On for this device: turn it off, send a test; this device is marked in the list. */
export const On = story({ supported: 'subscribed' }, { subscribedOrg: 'o-acme' }, {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('status')).toHaveTextContent(english.t(PUSH_TEXT.subscribed))
    await expect(canvas.getByRole('button', { name: 'Turn off push notifications' })).toBeEnabled()
    await expect(canvas.getByRole('button', { name: 'Send test notification' })).toBeEnabled()
    await expect(await canvas.findByText('Chrome on Linux (this device)')).toBeVisible()
  },
})

/** A test notification on its way. */
export const SendingTest = story({ supported: 'subscribed' }, { subscribedOrg: 'o-acme' }, { test: 'sending' })

/** The last test went through the push service. */
export const TestSent = story({ supported: 'subscribed' }, { subscribedOrg: 'o-acme', lastTest: 'sent' })

/** Being turned off. */
export const TurningOff = story({ supported: 'unsubscribing' }, { optedOut: true })
