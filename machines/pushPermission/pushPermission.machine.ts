/**
 * The push permission machine: SPEC.md §3 Push subscription, §4 Push permission ("granted,
 * denied or default. Subscribing needs granted; otherwise it returns nothing. Device activity
 * status is reported to the server"), §5 (push needs service worker, PushManager and
 * Notification, else it is skipped with a console warning; subscribing needs granted permission
 * and the server's public key, else it fails), §7 web-push calls, §8 (push init and unsubscribe
 * failures are logged only).
 *
 *   start ─┬─▶ inactive (no browser: tests)
 *          ├─▶ unsupported (console warning; nothing else happens)
 *          ├─▶ denied ◀────────────────────────────┐
 *          ├─▶ default ──push.enable──▶ requesting ─┼─▶ default (dismissed)
 *          └─▶ granted ◀───────────────────────────┘
 *                │ signed in, not opted out, not yet tried for this org (push init)
 *                │ or push.enable
 *                ▼
 *           subscribing ──▶ subscribed ──push.disable──▶ unsubscribing ──▶ granted (opted out)
 *                │ fails         │ auth.changed(other org) → subscribing; signed out → forgetting → granted
 *                ▼
 *             granted (error kept for the settings tab; logged once; stored: push init
 *                      waits for push.enable, on this page and the next, for PUSH_INIT_BACKOFF in src)
 *
 * A parallel `devices` region loads this user's device list for the settings tab
 * (`push.loadDevices`, signed in only). A parallel `test` region sends `push.test` (SPEC §7 test-notification) whenever permission is
 * granted: a success is emitted as `push.testSent`; a failure shows a local test notification
 * (`showLocalTestNotification`) and is emitted as `push.testFailed`.
 *
 * Everything that touches the browser or the network is a named actor or action provided in
 * src/system/pushPermission.ts: `requestPermission`, `subscribe` (service worker, PushManager with the VAPID
 * key, `POST /subscribe`), `unsubscribe`, `forgetSubscription`, `sendTest`, `activityReporter`
 * (visibility → `PUT /device-status`, invoked only while subscribed), `permissionListener`.
 */
import { assign, emit, fromCallback, fromPromise, setup } from 'xstate'
import type { PushDevice } from '../../contract/push.ts'
import { followAuth } from '../shared/follow-auth.ts'

/** The browser's `Notification.permission`. */
export type PushPermissionValue = 'default' | 'granted' | 'denied'

export interface PushPermissionInput {
  /**
   * Service worker, PushManager and Notification all exist (SPEC §5); null when there is no
   * browser at all (tests, the root system without a window): push stays inactive, no warning.
   */
  readonly supported: boolean | null
  /** `Notification.permission` at start. */
  readonly permission: PushPermissionValue
  /** This browser's device id (SPEC §3 stored values; src/platform/device-id.ts). */
  readonly deviceId: string
  /** The person turned push off on this device (stored; src/system/pushPermission.ts). */
  readonly optedOut: boolean
  /**
   * Why push init last failed on this device, while that failure is recent (stored with
   * a long backoff by src/system/pushPermission.ts); null or absent otherwise. Meanwhile push init
   * is not tried again, on this page or the next: only an explicit `push.enable` tries.
   */
  readonly failedInit?: string | null
}

export interface PushPermissionContext extends PushPermissionInput {
  /** The signed-in current org (auth actor), or null. */
  readonly orgId: string | null
  /** The org this device is subscribed in, while subscribed. */
  readonly subscribedOrg: string | null
  /** The org push init was last tried for: a failed automatic subscribe is not retried in a loop. */
  readonly attemptedOrg: string | null
  /** Why the last subscribe failed, for the settings tab; cleared by the next success. */
  readonly error: string | null
  /** Push init failed (here or on an earlier page, see `failedInit`): wait for an explicit enable. */
  readonly initBlocked: boolean
  /** How the last test went: through the push service, or shown locally after a failure. */
  readonly lastTest: 'sent' | 'local' | null
  /** This user's subscribed devices in the current org, as last loaded (null before). */
  readonly devices: ReadonlyArray<PushDevice> | null
  /** The last device list load failed. */
  readonly devicesFailed: boolean
}

export type PushPermissionEvent =
  /** From `watchAuth`: the signed-in current org (null: signed out or switching). */
  | { type: 'auth.changed'; orgId: string | null }
  /** Turn push on for this device (asks for permission first when needed). */
  | { type: 'push.enable' }
  /** Turn push off for this device. */
  | { type: 'push.disable' }
  /** Send a test notification (SPEC §7). */
  | { type: 'push.test' }
  /** Load this user's device list (the settings tab). */
  | { type: 'push.loadDevices' }
  /** From `permissionListener`: the permission changed outside the app (site settings). */
  | { type: 'push.permissionChanged'; permission: PushPermissionValue }
  /** From the service worker (`pushsubscriptionchange`): the browser has a new subscription to send. */
  | { type: 'push.subscriptionChanged' }

export type PushPermissionEmitted = { type: 'push.testSent' } | { type: 'push.testFailed'; error: unknown }

/** Input of `subscribe`. */
export interface SubscribeInput {
  readonly orgId: string
  readonly deviceId: string
}

/** A failure's message for people ("Error: x" → "x"). */
export function failureMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message
  return 'Push could not be turned on.'
}

/**
 * The org push belongs to for an auth snapshot: the current org when authenticated, null when
 * signed out or switching, and undefined (no change) while the same org is re-verified.
 */
export function pushOrgOf(s: { value: unknown; context: { orgId: string | null; currentOrg: { org_id: string } | null } }): string | null | undefined {
  const current = s.context.currentOrg
  if (s.value === 'authenticated') return current?.org_id ?? null
  if (s.value === 'verifying' && current !== null && s.context.orgId === current.org_id) return undefined
  return null
}

/** The input when there is no browser: push stays `inactive`. */
export const NO_BROWSER_PUSH_INPUT: PushPermissionInput = { supported: null, permission: 'default', deviceId: '', optedOut: false }

export const pushPermissionMachine = setup({
  types: {
    input: {} as PushPermissionInput,
    context: {} as PushPermissionContext,
    events: {} as PushPermissionEvent,
    emitted: {} as PushPermissionEmitted,
  },
  actors: {
    /** `Notification.requestPermission()`; resolves with the new permission. */
    requestPermission: fromPromise<PushPermissionValue>(async () => {
      throw new Error('requestPermission is provided by src/system/pushPermission.ts')
    }),
    /** Service worker ready → PushManager.subscribe (VAPID key from the server) → `POST /subscribe`. Rejects without the key (SPEC §5). */
    subscribe: fromPromise<void, SubscribeInput>(async () => {
      throw new Error('subscribe is provided by src/system/pushPermission.ts')
    }),
    /** Browser unsubscribe and `DELETE /unsubscribe/{deviceId}`. */
    unsubscribe: fromPromise<void, { deviceId: string }>(async () => {
      throw new Error('unsubscribe is provided by src/system/pushPermission.ts')
    }),
    /** Signed out: drop the browser's subscription so nobody else's notifications reach this browser (no server call: no session). */
    forgetSubscription: fromPromise<void>(async () => {
      throw new Error('forgetSubscription is provided by src/system/pushPermission.ts')
    }),
    /** `GET /devices` (ours): this user's devices in the current org. */
    loadDevices: fromPromise<ReadonlyArray<PushDevice>>(async () => {
      throw new Error('loadDevices is provided by src/system/pushPermission.ts')
    }),
    /** `POST /test-notification/{deviceId}`. */
    sendTest: fromPromise<void, { deviceId: string }>(async () => {
      throw new Error('sendTest is provided by src/system/pushPermission.ts')
    }),
    /** While subscribed: reports visibility as `PUT /device-status/{deviceId}` (SPEC §4). None by default. */
    activityReporter: fromCallback<PushPermissionEvent, { deviceId: string; orgId: string }>(() => {}),
    /** Sends `push.permissionChanged` when the site's permission changes. None by default. */
    permissionListener: fromCallback(() => {}),
    /** Sends `auth.changed` with the signed-in current org (see {@link pushOrgOf}). */
    watchAuth: followAuth((s) => {
      const orgId = pushOrgOf(s)
      return orgId === undefined ? undefined : { orgId }
    }),
  },
  guards: {
    hasNoBrowser: ({ context }) => context.supported === null,
    isUnsupported: ({ context }) => context.supported === false,
    isDenied: ({ context }) => context.permission === 'denied',
    isGranted: ({ context }) => context.permission === 'granted',
    /**
     * Push init: signed in, not opted out, not already tried for this org, and no recent failure
     * on this device (a failure is not retried on navigation or on the next page load).
     */
    shouldSubscribe: ({ context }) => context.orgId !== null && !context.optedOut && !context.initBlocked && context.attemptedOrg !== context.orgId,
    isSignedIn: ({ context }) => context.orgId !== null,
    isOtherOrg: ({ context }, params: { orgId: string | null }) => params.orgId !== null && params.orgId !== context.subscribedOrg,
    isSignedOut: (_, params: { orgId: string | null }) => params.orgId === null,
    isSamePermission: ({ context }, params: { permission: PushPermissionValue }) => params.permission === context.permission,
    isPermission: (_, params: { actual: PushPermissionValue; expected: PushPermissionValue }) => params.actual === params.expected,
  },
  actions: {
    /** Signing out also forgets that push init was tried: the next sign-in tries again. */
    assignOrg: assign(({ context }, params: { orgId: string | null }) => ({ orgId: params.orgId, attemptedOrg: params.orgId === null ? null : context.attemptedOrg })),
    assignPermission: assign((_, params: { permission: PushPermissionValue }) => ({ permission: params.permission })),
    /** An explicit enable clears the opt-out and lets push init try again. */
    assignEnabled: assign({ optedOut: false, attemptedOrg: null }),
    assignAttempt: assign(({ context }) => ({ attemptedOrg: context.orgId })),
    assignSubscribed: assign(({ context }) => ({ subscribedOrg: context.orgId, error: null, initBlocked: false })),
    assignInitBlocked: assign({ initBlocked: true }),
    /** Stores (message) or clears (null) the recent push init failure, with its time. Provided in src. */
    storeFailedInit: (_, _params: { message: string | null }) => {},
    assignUnsubscribed: assign({ subscribedOrg: null }),
    assignOptedOut: assign({ optedOut: true, subscribedOrg: null }),
    assignFailure: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error), subscribedOrg: null })),
    assignTest: assign((_, params: { outcome: 'sent' | 'local' }) => ({ lastTest: params.outcome })),
    assignDevices: assign((_, params: { devices: ReadonlyArray<PushDevice> }) => ({ devices: params.devices, devicesFailed: false })),
    assignDevicesFailed: assign({ devicesFailed: true }),
    /** Stores (or clears) the opt-out flag. Provided in src. */
    storeOptedOut: (_, _params: { optedOut: boolean }) => {},
    /** SPEC §5: push is skipped with a console warning where the browser lacks it. */
    warnUnsupported: () => {
      console.warn('Push notifications are not supported in this browser (service worker, PushManager or Notification is missing).')
    },
    /** SPEC §8: push init, service worker and unsubscribe failures are logged only. */
    logFailure: (_, params: { what: string; error: unknown }) => {
      console.warn(`Push: ${params.what} failed:`, params.error)
    },
    /** SPEC §7: a failed test shows a local test notification instead. Provided in src. */
    showLocalTestNotification: () => {},
    emitTestSent: emit({ type: 'push.testSent' as const }),
    emitTestFailed: emit((_, params: { error: unknown }) => ({ type: 'push.testFailed' as const, error: params.error })),
  },
}).createMachine({
  id: 'pushPermission',
  context: ({ input }) => ({
    ...input,
    orgId: null,
    subscribedOrg: null,
    attemptedOrg: null,
    error: input.failedInit ?? null,
    initBlocked: (input.failedInit ?? null) !== null,
    lastTest: null,
    devices: null,
    devicesFailed: false,
  }),
  type: 'parallel',
  states: {
    permission: {
      initial: 'start',
      states: {
        start: {
          always: [
            { guard: 'hasNoBrowser', target: 'inactive' },
            { guard: 'isUnsupported', target: 'unsupported' },
            { guard: 'isDenied', target: 'supported.denied' },
            { guard: 'isGranted', target: 'supported.granted' },
            { target: 'supported.default' },
          ],
        },
        // No browser (tests): nothing to do, nothing to warn about.
        inactive: {},
        unsupported: { entry: 'warnUnsupported' },
        // Everything below follows the auth actor and the site's permission.
        supported: {
          invoke: [
            { id: 'watchAuth', src: 'watchAuth' },
            { id: 'permissionListener', src: 'permissionListener' },
          ],
          on: {
            'push.permissionChanged': [
              // Unchanged (the listener also reports at start): nothing to do.
              { guard: { type: 'isSamePermission', params: ({ event }) => event } },
              {
                guard: { type: 'isPermission', params: ({ event }) => ({ actual: event.permission, expected: 'granted' }) },
                target: '.granted',
                actions: { type: 'assignPermission', params: ({ event }) => event },
              },
              {
                guard: { type: 'isPermission', params: ({ event }) => ({ actual: event.permission, expected: 'denied' }) },
                target: '.denied',
                actions: [{ type: 'assignPermission', params: ({ event }) => event }, 'assignUnsubscribed'],
              },
              { target: '.default', actions: [{ type: 'assignPermission', params: ({ event }) => event }, 'assignUnsubscribed'] },
            ],
            'auth.changed': { actions: { type: 'assignOrg', params: ({ event }) => event } },
          },
          initial: 'default',
          states: {
            default: {
              on: { 'push.enable': { target: 'requesting', actions: ['assignEnabled', { type: 'storeOptedOut', params: { optedOut: false } }] } },
            },
            requesting: {
              invoke: {
                id: 'requestPermission',
                src: 'requestPermission',
                onDone: [
                  {
                    guard: { type: 'isPermission', params: ({ event }) => ({ actual: event.output, expected: 'granted' }) },
                    target: 'granted',
                    actions: { type: 'assignPermission', params: ({ event }) => ({ permission: event.output }) },
                  },
                  {
                    guard: { type: 'isPermission', params: ({ event }) => ({ actual: event.output, expected: 'denied' }) },
                    target: 'denied',
                    actions: { type: 'assignPermission', params: ({ event }) => ({ permission: event.output }) },
                  },
                  // Dismissed: still default.
                  { target: 'default' },
                ],
                onError: { target: 'default', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'asking for permission', error: event.error }) } },
              },
            },
            denied: {},
            granted: {
              always: { guard: 'shouldSubscribe', target: 'subscribing' },
              on: {
                'push.enable': { guard: 'isSignedIn', target: 'subscribing', actions: ['assignEnabled', { type: 'storeOptedOut', params: { optedOut: false } }] },
              },
            },
            subscribing: {
              entry: 'assignAttempt',
              invoke: {
                id: 'subscribe',
                src: 'subscribe',
                input: ({ context }) => ({ orgId: context.orgId ?? '', deviceId: context.deviceId }),
                onDone: { target: 'subscribed', actions: ['assignSubscribed', { type: 'storeFailedInit', params: { message: null } }] },
                // Logged once per attempt; kept (and stored) so neither navigation nor the next page tries again.
                onError: {
                  target: 'granted',
                  actions: [
                    { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
                    'assignInitBlocked',
                    { type: 'storeFailedInit', params: ({ event }) => ({ message: failureMessage(event.error) }) },
                    { type: 'logFailure', params: ({ event }) => ({ what: 'subscribing', error: event.error }) },
                  ],
                },
              },
              on: {
                'auth.changed': [
                  { guard: { type: 'isSignedOut', params: ({ event }) => event }, target: 'forgetting', actions: { type: 'assignOrg', params: ({ event }) => event } },
                  // Another org: subscribe again for that one.
                  { target: 'subscribing', reenter: true, actions: { type: 'assignOrg', params: ({ event }) => event } },
                ],
              },
            },
            subscribed: {
              invoke: {
                id: 'activityReporter',
                src: 'activityReporter',
                input: ({ context }) => ({ deviceId: context.deviceId, orgId: context.subscribedOrg ?? '' }),
              },
              on: {
                'push.subscriptionChanged': { target: 'subscribing' },
                'push.disable': { target: 'unsubscribing', actions: ['assignOptedOut', { type: 'storeOptedOut', params: { optedOut: true } }] },
                'auth.changed': [
                  { guard: { type: 'isSignedOut', params: ({ event }) => event }, target: 'forgetting', actions: { type: 'assignOrg', params: ({ event }) => event } },
                  { guard: { type: 'isOtherOrg', params: ({ event }) => event }, target: 'subscribing', actions: { type: 'assignOrg', params: ({ event }) => event } },
                ],
              },
            },
            unsubscribing: {
              invoke: {
                id: 'unsubscribe',
                src: 'unsubscribe',
                input: ({ context }) => ({ deviceId: context.deviceId }),
                onDone: { target: 'granted' },
                onError: { target: 'granted', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'unsubscribing', error: event.error }) } },
              },
            },
            forgetting: {
              invoke: {
                id: 'forgetSubscription',
                src: 'forgetSubscription',
                onDone: { target: 'granted', actions: 'assignUnsubscribed' },
                onError: { target: 'granted', actions: ['assignUnsubscribed', { type: 'logFailure', params: ({ event }) => ({ what: 'dropping the subscription at sign-out', error: event.error }) }] },
              },
            },
          },
        },
      },
    },
    devices: {
      initial: 'idle',
      states: {
        idle: { on: { 'push.loadDevices': { guard: 'isSignedIn', target: 'loading' } } },
        loading: {
          invoke: {
            id: 'loadDevices',
            src: 'loadDevices',
            onDone: { target: 'idle', actions: { type: 'assignDevices', params: ({ event }) => ({ devices: event.output }) } },
            onError: { target: 'idle', actions: ['assignDevicesFailed', { type: 'logFailure', params: ({ event }) => ({ what: 'loading the device list', error: event.error }) }] },
          },
        },
      },
    },
    test: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'push.test': { guard: 'isGranted', target: 'sending' } },
        },
        sending: {
          invoke: {
            id: 'sendTest',
            src: 'sendTest',
            input: ({ context }) => ({ deviceId: context.deviceId }),
            onDone: { target: 'idle', actions: [{ type: 'assignTest', params: { outcome: 'sent' } }, 'emitTestSent'] },
            onError: {
              target: 'idle',
              actions: [
                { type: 'assignTest', params: { outcome: 'local' } },
                'showLocalTestNotification',
                { type: 'logFailure', params: ({ event }) => ({ what: 'the test notification', error: event.error }) },
                { type: 'emitTestFailed', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
  },
})

export type PushPermissionMachine = typeof pushPermissionMachine
