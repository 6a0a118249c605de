/**
 * The browser side of browser push (SPEC.md §3 Push subscription, §4 Push permission, §5, §7
 * web-push calls, §8): the service worker registration, the `pushPermission` machine's actors
 * and actions over the Notification API, `navigator.serviceWorker`, PushManager and the API, and
 * the bridge from the service worker's messages to the app (a push becomes
 * `notifications.received`; a click navigates; a changed subscription is sent again).
 *
 * Every failure here is logged only (SPEC §8: push init, service worker registration and
 * unsubscribe failures).
 */
import { type ActorRefFrom, fromCallback, fromPromise } from 'xstate'
import { Notification as NotificationSchema } from '../../contract/notifications.ts'
import { PushPayload, TEST_NOTIFICATION_URL } from '../../contract/push.ts'
import { validate } from '../../contract/validate.ts'
import type { NotificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import {
  type PushPermissionEvent,
  type PushPermissionInput,
  type PushPermissionMachine,
  type PushPermissionValue,
  pushPermissionMachine,
} from '../../machines/pushPermission/pushPermission.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { readOrCreateDeviceId } from '../platform/device-id.ts'
import { listen } from '../platform/window-events.ts'

/** Where the service worker is served, and its scope (SPEC §7). */
export const SERVICE_WORKER_URL = '/sw.js'
export const SERVICE_WORKER_SCOPE = '/'
/** localStorage key of the "push off on this device" choice. */
export const PUSH_OPT_OUT_STORAGE_KEY = 'engage_push_opt_out'
/** localStorage key of the last failed push init on this device: `{ at: ms since the epoch, message }`. */
export const PUSH_INIT_FAILURE_STORAGE_KEY = 'engage_push_init_failed'
/** How long after a failed push init the app waits before trying again by itself (ms, 24 h). */
export const PUSH_INIT_BACKOFF_MS = 24 * 60 * 60 * 1000
/** How long subscribing waits for the service worker to be ready, ms. */
export const SERVICE_WORKER_READY_TIMEOUT_MS = 10_000
/** While the app is in front, its "active" status is repeated this often (ms): the server forgets reports older than 10 min. */
export const ACTIVITY_HEARTBEAT_MS = 240_000
/**
 * The test notification's icon. Its title and body are the server's, in the person's saved
 * language (server/push/routes.ts); the local one after a failed test says the same
 * (`pushPayloadMessages`) in the language the page speaks.
 */
export const TEST_NOTIFICATION_ICON = '/favicon.svg'

/** The test notification's words as shown (ours: SPEC §7 shows the fields only). */
export interface TestNotificationText {
  readonly title: string
  readonly body: string
}

/** The browser globals push uses (a `Window`; tests pass fakes). */
export type PushWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'localStorage' | 'navigator' | 'document' | 'setInterval' | 'clearInterval' | 'focus'> & {
  readonly Notification?: typeof globalThis.Notification
  readonly PushManager?: unknown
}

/** SPEC §5: push needs a service worker, PushManager and the Notification API. */
export function isPushSupported(win: PushWindow): boolean {
  return 'serviceWorker' in win.navigator && win.PushManager !== undefined && win.Notification !== undefined
}

/**
 * The machine's input from the browser: support, permission, the device id (created once), the
 * opt-out, and a push init failure younger than {@link PUSH_INIT_BACKOFF_MS}.
 * @param nowMs the current time, ms since the epoch.
 */
export function readPushInput(win: PushWindow, nowMs: number = Date.now()): PushPermissionInput {
  const supported = isPushSupported(win)
  let optedOut = false
  let failedInit: string | null = null
  try {
    optedOut = win.localStorage.getItem(PUSH_OPT_OUT_STORAGE_KEY) === 'true'
    failedInit = recentFailure(win.localStorage.getItem(PUSH_INIT_FAILURE_STORAGE_KEY), nowMs)
  } catch {
    // unreadable storage: not opted out, nothing failed
  }
  return {
    supported,
    permission: (win.Notification?.permission ?? 'default') as PushPermissionValue,
    deviceId: readOrCreateDeviceId(win.localStorage),
    optedOut,
    failedInit,
  }
}

/** The stored failure's message when it is younger than the backoff, else null (also for anything unreadable). */
function recentFailure(stored: string | null, nowMs: number): string | null {
  if (stored === null) return null
  try {
    const { at, message } = JSON.parse(stored) as { at?: unknown; message?: unknown }
    if (typeof at !== 'number' || typeof message !== 'string') return null
    return nowMs - at >= 0 && nowMs - at < PUSH_INIT_BACKOFF_MS ? message : null
  } catch {
    return null
  }
}

/**
 * Registers /sw.js with scope / (SPEC §7). Resolves with the registration, or undefined where
 * service workers are missing or registration fails (logged only, SPEC §8).
 */
export async function registerServiceWorker(nav: Navigator): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in nav)) return undefined
  try {
    return await nav.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE })
  } catch (error) {
    console.warn('Service worker registration failed:', error)
    return undefined
  }
}

/** base64url → bytes (the VAPID key for `applicationServerKey`). */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=')
  const binary = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false
  const view = new Uint8Array(a)
  return view.every((byte, i) => byte === b[i])
}

/** The service worker registration once active, or a rejection after `timeoutMs`. */
function serviceWorkerReady(nav: Navigator, timeoutMs: number): Promise<ServiceWorkerRegistration> {
  return withTimeout(nav.serviceWorker.ready, timeoutMs, 'The service worker is not ready')
}

/** `promise`, or a rejection with `message` after `timeoutMs` ms. */
function withTimeout<T>(promise: Promise<T>, timeoutMs: number, message: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), timeoutMs)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

const isVisible = (win: PushWindow) => win.document.visibilityState === 'visible'

export interface PushAdapterOptions {
  readonly api: Endpoints
  readonly window: PushWindow
  /** Same-origin client-side navigation (the router's). */
  readonly navigate: (to: string) => void
  /** The local test notification's words in the language the page speaks now. */
  readonly testText: () => TestNotificationText
  /** Test seam: how long to wait for the service worker, ms. */
  readonly readyTimeoutMs?: number
}

/** How long the local test notification waits for the service worker to be active, ms. */
export const LOCAL_TEST_READY_TIMEOUT_MS = 3_000

/** The active registration at scope /, waiting up to `timeoutMs` for it; undefined when there is none. */
async function activeRegistration(nav: Navigator, timeoutMs: number): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in nav)) return undefined
  try {
    return await serviceWorkerReady(nav, timeoutMs)
  } catch {
    return undefined
  }
}

/**
 * SPEC §7: a failed test shows a local test notification, through the service worker (same look
 * as a push) once it is active, waiting up to `readyTimeoutMs` for it since the worker is
 * registered after the shell's first paint; else with the page's Notification API. Clicking it
 * goes to /app/dashboard. Failures are logged.
 */
export async function showLocalTestNotification(
  win: PushWindow,
  navigate: (to: string) => void,
  text: TestNotificationText,
  readyTimeoutMs = LOCAL_TEST_READY_TIMEOUT_MS,
): Promise<void> {
  const Api = win.Notification
  if (!Api || Api.permission !== 'granted') return
  const options = { body: text.body, tag: 'engage-test-notification', icon: TEST_NOTIFICATION_ICON, data: { url: TEST_NOTIFICATION_URL } }
  try {
    const registration = await activeRegistration(win.navigator, readyTimeoutMs)
    if (registration?.active) {
      await registration.showNotification(text.title, options)
      return
    }
    const shown = new Api(text.title, options)
    shown.onclick = () => {
      win.focus()
      navigate(TEST_NOTIFICATION_URL)
      shown.close()
    }
  } catch (error) {
    console.warn('Push: the local test notification could not be shown:', error)
  }
}

/** The `pushPermission` machine with the browser's actors and actions. */
export function browserPushPermission(options: PushAdapterOptions) {
  const { api, window: win } = options
  const nav = win.navigator
  const readyTimeout = options.readyTimeoutMs ?? SERVICE_WORKER_READY_TIMEOUT_MS
  const browserSubscription = async () => {
    const registration = await nav.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE)
    return (await registration?.pushManager.getSubscription()) ?? null
  }

  return pushPermissionMachine.provide({
    actors: {
      requestPermission: fromPromise(async () => {
        const Api = win.Notification
        if (!Api) throw new Error('The Notification API is missing')
        return (await Api.requestPermission()) as PushPermissionValue
      }),
      subscribe: fromPromise(async ({ input }) => {
        // SPEC §5: subscribing needs granted permission and the server's public key.
        if (win.Notification?.permission !== 'granted') throw new Error('Notification permission is not granted')
        const publicKey = await api.webPush.vapidPublicKey()
        if (!publicKey) throw new Error('The server did not provide a public push key')
        const key = base64UrlToBytes(publicKey)
        const registration = await serviceWorkerReady(nav, readyTimeout)
        let subscription = await registration.pushManager.getSubscription()
        // A subscription made with another server key cannot receive our pushes.
        if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
          await subscription.unsubscribe()
          subscription = null
        }
        // Without a reachable push service some browsers never answer: give up after the same wait.
        subscription ??= await withTimeout(
          registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
          readyTimeout,
          'The push service did not answer',
        )
        const json = subscription.toJSON()
        // Loaded here, not with the app: the user-agent parser is needed only when subscribing.
        const { detectDeviceInfo } = await import('../platform/device-info.ts')
        await api.webPush.subscribe({
          deviceIdentifier: input.deviceId,
          subscription: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
          deviceInfo: detectDeviceInfo(nav.userAgent, nav.maxTouchPoints ?? 0),
        })
      }),
      unsubscribe: fromPromise(async ({ input }) => {
        const subscription = await browserSubscription().catch(() => null)
        await subscription?.unsubscribe()
        await api.webPush.unsubscribe(input.deviceId)
      }),
      forgetSubscription: fromPromise(async () => {
        await (await browserSubscription())?.unsubscribe()
      }),
      loadDevices: fromPromise(() => api.webPush.devices()),
      sendTest: fromPromise(async ({ input }) => {
        // Title and body left to the server: they arrive in the person's saved language.
        await api.webPush.testNotification(input.deviceId, { icon: TEST_NOTIFICATION_ICON })
      }),
      activityReporter: deviceActivityReporter(api, win),
      permissionListener: permissionListener(win),
    },
    actions: {
      storeOptedOut: (_, params) => {
        try {
          if (params.optedOut) win.localStorage.setItem(PUSH_OPT_OUT_STORAGE_KEY, 'true')
          else win.localStorage.removeItem(PUSH_OPT_OUT_STORAGE_KEY)
        } catch (error) {
          console.warn('Could not store the push choice:', error)
        }
      },
      storeFailedInit: (_, params) => {
        try {
          if (params.message === null) win.localStorage.removeItem(PUSH_INIT_FAILURE_STORAGE_KEY)
          else win.localStorage.setItem(PUSH_INIT_FAILURE_STORAGE_KEY, JSON.stringify({ at: Date.now(), message: params.message }))
        } catch {
          // unwritable storage: the next page load may try once more
        }
      },
      showLocalTestNotification: () => void showLocalTestNotification(win, options.navigate, options.testText()),
    },
  })
}

/**
 * `activityReporter` (SPEC §4 "Device activity status is reported to the server"): reports
 * `isCurrentlyActive` now, on every visibility change, on `pagehide` (inactive), and every
 * {@link ACTIVITY_HEARTBEAT_MS} while visible. Failures are logged.
 */
export function deviceActivityReporter(api: Endpoints, win: PushWindow) {
  return fromCallback<PushPermissionEvent, { deviceId: string; orgId: string }>(({ input }) => {
    const report = (active: boolean) =>
      void api.webPush.deviceStatus(input.deviceId, active).catch((error: unknown) => console.warn('Push: the device status could not be reported:', error))
    const onVisibility = () => report(isVisible(win))
    const onPageHide = () => report(false)
    report(isVisible(win))
    const stopVisibility = listen(win.document, ['visibilitychange'], onVisibility)
    const stopPageHide = listen(win, ['pagehide'], onPageHide)
    const heartbeat = win.setInterval(() => {
      if (isVisible(win)) report(true)
    }, ACTIVITY_HEARTBEAT_MS)
    return () => {
      stopVisibility()
      stopPageHide()
      win.clearInterval(heartbeat)
    }
  })
}

/** `permissionListener`: `push.permissionChanged` when the site's notification permission changes (Permissions API, where present). */
export function permissionListener(win: PushWindow) {
  return fromCallback(({ sendBack }) => {
    let status: PermissionStatus | undefined
    let stopped = false
    const onChange = () => {
      const permission = (win.Notification?.permission ?? 'default') as PushPermissionValue
      sendBack({ type: 'push.permissionChanged', permission } satisfies PushPermissionEvent)
    }
    void win.navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => {
        if (stopped) return
        status = s
        s.addEventListener('change', onChange)
      })
      .catch(() => {})
    return () => {
      stopped = true
      status?.removeEventListener('change', onChange)
    }
  })
}

/**
 * A push payload as the in-app notification the list holds (SPEC §4: "a push arriving as an
 * in-app event is added at the top if its id is not already present"); undefined for test
 * notifications and anything that does not decode.
 * @param nowMs fallback creation time, ms since the epoch.
 */
export function notificationFromPush(raw: unknown, nowMs: number): NotificationSchema | undefined {
  const result = validate(PushPayload, raw)
  if (!result.ok || result.value.test === true) return undefined
  const p = result.value
  const createdMs = p.createdAt ?? nowMs
  const notification = {
    _id: p.id,
    title: p.title,
    body: p.body,
    read: false,
    status: 'unread' as const,
    priority: p.priority,
    category: p.category ?? 'system',
    created_at_timestamp: Math.floor(createdMs / 1000),
    createdAt: new Date(createdMs).toISOString(),
    actionUrl: p.url,
    actionText: null,
    metadata: {},
  }
  return validate(NotificationSchema, notification).ok ? notification : undefined
}

/**
 * Bridges the service worker's messages to the app: `engage.push` → `notifications.received`
 * (the machine adds it when its id is new), `engage.navigate` → same-origin navigation,
 * `engage.subscriptionChanged` → `push.subscriptionChanged`. Returns the unsubscribe.
 */
export function bridgeServiceWorkerMessages(
  nav: Navigator,
  targets: { notifications: ActorRefFrom<NotificationsMachine>; push: ActorRefFrom<PushPermissionMachine>; navigate: (to: string) => void; now: () => number },
): () => void {
  if (!('serviceWorker' in nav)) return () => {}
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; payload?: unknown; url?: unknown } | null
    if (!data || typeof data !== 'object') return
    if (data.type === 'engage.push') {
      const notification = notificationFromPush(data.payload, targets.now())
      if (notification) targets.notifications.send({ type: 'notifications.received', notification })
    } else if (data.type === 'engage.navigate' && typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')) {
      targets.navigate(data.url)
    } else if (data.type === 'engage.subscriptionChanged') {
      targets.push.send({ type: 'push.subscriptionChanged' })
    }
  }
  nav.serviceWorker.addEventListener('message', onMessage)
  return () => nav.serviceWorker.removeEventListener('message', onMessage)
}
