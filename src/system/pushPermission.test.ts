/**
 * The browser side of push (src/system/pushPermission.ts) with fake browser objects: support detection,
 * service worker registration (failures logged only, SPEC §8), subscribing (SPEC §5: granted
 * permission and the server's key), the activity reporter, the local test notification, and the
 * bridge from service worker messages to the app.
 */
import { createActor, toPromise, type AnyActorLogic } from 'xstate'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Endpoints } from '../api/endpoints.ts'
import {
  ACTIVITY_HEARTBEAT_MS,
  PUSH_OPT_OUT_STORAGE_KEY,
  SERVICE_WORKER_SCOPE,
  base64UrlToBytes,
  bridgeServiceWorkerMessages,
  browserPushPermission,
  deviceActivityReporter,
  isPushSupported,
  notificationFromPush,
  PUSH_INIT_BACKOFF_MS,
  PUSH_INIT_FAILURE_STORAGE_KEY,
  readPushInput,
  registerServiceWorker,
  showLocalTestNotification,
  type PushWindow,
} from './pushPermission.ts'

const KEY = `B${'A'.repeat(86)}`
/** The local test notification's words, as the caller gives them (src/system/deferred-actors.ts: the page's language). */
const TEXT = { title: 'Testbenachrichtigung', body: 'Push-Benachrichtigungen funktionieren auf diesem Gerät.' }

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial))
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) }
}

interface FakeSubscription {
  endpoint: string
  options: { applicationServerKey: ArrayBuffer | null }
  unsubscribed: number
  unsubscribe(): Promise<boolean>
  toJSON(): { endpoint: string; keys: { p256dh: string; auth: string } }
}

function subscription(endpoint: string, key: Uint8Array): FakeSubscription {
  return {
    endpoint,
    options: { applicationServerKey: key.slice().buffer },
    unsubscribed: 0,
    async unsubscribe() {
      this.unsubscribed++
      return true
    },
    toJSON: () => ({ endpoint, keys: { p256dh: KEY, auth: 'A'.repeat(22) } }),
  }
}

/** A fake browser window with a service worker container, PushManager and Notification. */
function fakeWindow(options: { permission?: NotificationPermission; existing?: FakeSubscription | null; visibility?: DocumentVisibilityState } = {}) {
  const listeners = new Map<string, Set<(e: unknown) => void>>()
  const docListeners = new Map<string, Set<() => void>>()
  const subscribed: unknown[] = []
  const shown: Array<{ title: string; options: unknown }> = []
  let current: FakeSubscription | null = options.existing ?? null
  const registration = {
    active: {},
    pushManager: {
      getSubscription: async () => current,
      subscribe: async (o: { applicationServerKey: Uint8Array }) => {
        subscribed.push(o)
        current = subscription('https://fcm.googleapis.com/fcm/send/new', o.applicationServerKey)
        return current
      },
    },
    showNotification: async (title: string, o: unknown) => void shown.push({ title, options: o }),
  }
  const swListeners = new Set<(e: MessageEvent) => void>()
  const Notification = Object.assign(function FakeNotification() {}, { permission: options.permission ?? 'granted', requestPermission: async () => 'granted' })
  const state = { visibility: options.visibility ?? 'visible' }
  const win = {
    Notification,
    PushManager: function PushManager() {},
    localStorage: memoryStorage(),
    navigator: {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      maxTouchPoints: 0,
      serviceWorker: {
        ready: Promise.resolve(registration),
        register: vi.fn(async () => registration),
        getRegistration: async () => registration,
        addEventListener: (_: string, l: (e: MessageEvent) => void) => swListeners.add(l),
        removeEventListener: (_: string, l: (e: MessageEvent) => void) => swListeners.delete(l),
      },
    },
    document: {
      get visibilityState() {
        return state.visibility
      },
      addEventListener: (t: string, l: () => void) => docListeners.set(t, (docListeners.get(t) ?? new Set()).add(l)),
      removeEventListener: (t: string, l: () => void) => docListeners.get(t)?.delete(l),
    },
    addEventListener: (t: string, l: (e: unknown) => void) => listeners.set(t, (listeners.get(t) ?? new Set()).add(l)),
    removeEventListener: (t: string, l: (e: unknown) => void) => listeners.get(t)?.delete(l),
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
    clearInterval: (id: number) => clearInterval(id),
    focus: () => {},
  }
  return {
    win: win as unknown as PushWindow,
    registration,
    subscribed,
    shown,
    swListeners,
    state,
    fire: (t: string) => docListeners.get(t)?.forEach((l) => l()),
    fireWindow: (t: string) => listeners.get(t)?.forEach((l) => l({})),
    current: () => current,
  }
}

function fakeApi(overrides: Partial<Endpoints['webPush']> = {}) {
  const calls: Array<[string, ...unknown[]]> = []
  const webPush: Endpoints['webPush'] = {
    vapidPublicKey: async () => (calls.push(['vapidPublicKey']), KEY),
    subscribe: async (body) => (calls.push(['subscribe', body]), { device: {} as never }),
    unsubscribe: async (id) => void calls.push(['unsubscribe', id]),
    deviceStatus: async (id, active) => void calls.push(['deviceStatus', id, active]),
    testNotification: async (id, body) => (calls.push(['testNotification', id, body]), { sent: true as const }),
    devices: async () => [],
    ...overrides,
  }
  return { api: { webPush } as Endpoints, calls }
}

const actorOf = (machine: ReturnType<typeof browserPushPermission>, name: string) => machine.implementations.actors[name] as AnyActorLogic
const run = (logic: AnyActorLogic, input?: unknown) => createActor(logic, { input }).start()

afterEach(() => vi.restoreAllMocks())

describe('push support and start', () => {
  it('Scenario: supported only with a service worker, PushManager and Notification (SPEC §5)', () => {
    const { win } = fakeWindow()
    expect(isPushSupported(win)).toBe(true)
    expect(isPushSupported({ ...win, PushManager: undefined } as PushWindow)).toBe(false)
    expect(isPushSupported({ ...win, Notification: undefined } as PushWindow)).toBe(false)
    expect(isPushSupported({ ...win, navigator: {} } as unknown as PushWindow)).toBe(false)
  })

  it('Scenario: the input reads the permission, creates the device id once and reads the opt-out', () => {
    const { win } = fakeWindow({ permission: 'denied' })
    const first = readPushInput(win)
    expect(first).toMatchObject({ supported: true, permission: 'denied', optedOut: false })
    expect(first.deviceId).toMatch(/^[0-9a-z]+-[0-9a-f]{16}$/)
    win.localStorage.setItem(PUSH_OPT_OUT_STORAGE_KEY, 'true')
    expect(readPushInput(win)).toEqual({ ...first, optedOut: true })
  })

  it('Scenario: a push init failure younger than the backoff is read back, an older or unreadable one is not', () => {
    const { win } = fakeWindow()
    const now = 1_800_000_000_000
    expect(readPushInput(win, now).failedInit).toBeNull()
    win.localStorage.setItem(PUSH_INIT_FAILURE_STORAGE_KEY, JSON.stringify({ at: now - 60_000, message: 'Registration failed' }))
    expect(readPushInput(win, now).failedInit).toBe('Registration failed')
    expect(readPushInput(win, now + PUSH_INIT_BACKOFF_MS).failedInit).toBeNull()
    win.localStorage.setItem(PUSH_INIT_FAILURE_STORAGE_KEY, '{not json')
    expect(readPushInput(win, now).failedInit).toBeNull()
  })

  it('Scenario: the service worker is registered at /sw.js with scope /; a failure is logged only', async () => {
    const { win } = fakeWindow()
    expect(await registerServiceWorker(win.navigator)).toBeDefined()
    expect(win.navigator.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: SERVICE_WORKER_SCOPE })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.mocked(win.navigator.serviceWorker.register).mockRejectedValueOnce(new Error('SecurityError'))
    expect(await registerServiceWorker(win.navigator)).toBeUndefined()
    expect(warn).toHaveBeenCalledWith('Service worker registration failed:', expect.any(Error))
    expect(await registerServiceWorker({} as Navigator)).toBeUndefined()
  })

  it('Scenario: base64url keys decode to bytes', () => {
    expect([...base64UrlToBytes('BAEC_-8')]).toEqual([4, 1, 2, 255, 239])
  })
})

describe('subscribing', () => {
  it('Scenario: subscribes with the server key and sends endpoint, keys and deviceInfo', async () => {
    const browser = fakeWindow()
    const { api, calls } = fakeApi()
    const logic = actorOf(browserPushPermission({ api, window: browser.win, navigate: () => {}, testText: () => TEXT }), 'subscribe')
    await toPromise(run(logic, { orgId: 'o-acme', deviceId: 'dev-123456' }))
    expect(browser.subscribed).toEqual([{ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(KEY) }])
    expect(calls).toContainEqual([
      'subscribe',
      {
        deviceIdentifier: 'dev-123456',
        subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/new', keys: { p256dh: KEY, auth: 'A'.repeat(22) } },
        deviceInfo: expect.objectContaining({ browser: 'Chrome', os: 'Linux', device_type: 'desktop' }),
      },
    ])
  })

  it('Scenario: a subscription made with another server key is replaced; one with ours is reused', async () => {
    const stale = subscription('https://fcm.googleapis.com/fcm/send/old', new Uint8Array([4, 9, 9]))
    const browser = fakeWindow({ existing: stale })
    const { api } = fakeApi()
    const logic = actorOf(browserPushPermission({ api, window: browser.win, navigate: () => {}, testText: () => TEXT }), 'subscribe')
    await toPromise(run(logic, { orgId: 'o', deviceId: 'dev-123456' }))
    expect(browser.subscribed).toHaveLength(1)
    expect(stale.unsubscribed).toBe(1)

    const ours = subscription('https://fcm.googleapis.com/fcm/send/ours', base64UrlToBytes(KEY))
    const again = fakeWindow({ existing: ours })
    const second = fakeApi()
    await toPromise(run(actorOf(browserPushPermission({ api: second.api, window: again.win, navigate: () => {}, testText: () => TEXT }), 'subscribe'), { orgId: 'o', deviceId: 'dev-123456' }))
    expect(again.subscribed).toEqual([])
    expect(second.calls.find((c) => c[0] === 'subscribe')?.[1]).toMatchObject({ subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/ours' } })
  })

  it('Scenario: no granted permission, or no server key: subscribing fails and nothing is subscribed (SPEC §5)', async () => {
    for (const [permission, key] of [['default', KEY], ['granted', '']] as const) {
      const browser = fakeWindow({ permission })
      const { api } = fakeApi({ vapidPublicKey: async () => key })
      const actor = createActor(actorOf(browserPushPermission({ api, window: browser.win, navigate: () => {}, testText: () => TEXT }), 'subscribe'), { input: { orgId: 'o', deviceId: 'dev-123456' } })
      const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }))
      actor.start()
      expect(String(await failed)).toMatch(permission === 'default' ? /permission is not granted/ : /public push key/)
      expect(browser.subscribed).toEqual([])
    }
  })
})

describe('device activity', () => {
  it('Scenario: reported at start, on every visibility change, on pagehide, and repeated while visible', async () => {
    vi.useFakeTimers()
    try {
      const browser = fakeWindow({ visibility: 'visible' })
      const { api, calls } = fakeApi()
      const actor = createActor(deviceActivityReporter(api, browser.win), { input: { deviceId: 'dev-1', orgId: 'o' } }).start()
      browser.state.visibility = 'hidden'
      browser.fire('visibilitychange')
      vi.advanceTimersByTime(ACTIVITY_HEARTBEAT_MS)
      browser.state.visibility = 'visible'
      browser.fire('visibilitychange')
      vi.advanceTimersByTime(ACTIVITY_HEARTBEAT_MS)
      browser.fireWindow('pagehide')
      actor.stop()
      browser.fire('visibilitychange')
      expect(calls.map((c) => c[2])).toEqual([true, false, true, true, false])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('local test notification', () => {
  it('Scenario: the test asks the server for its own words (the person\'s saved language), with the icon only', async () => {
    const { api, calls } = fakeApi()
    await toPromise(run(actorOf(browserPushPermission({ api, window: fakeWindow().win, navigate: () => {}, testText: () => TEXT }), 'sendTest'), { deviceId: 'dev-123456' }))
    expect(calls).toEqual([['testNotification', 'dev-123456', { icon: '/favicon.svg' }]])
  })


  it('Scenario: shown through the service worker, linking to /app/dashboard; nothing without permission', async () => {
    const browser = fakeWindow()
    await showLocalTestNotification(browser.win, () => {}, TEXT)
    expect(browser.shown).toEqual([{ title: 'Testbenachrichtigung', options: expect.objectContaining({ body: 'Push-Benachrichtigungen funktionieren auf diesem Gerät.', tag: 'engage-test-notification', data: { url: '/app/dashboard' } }) }])
    const denied = fakeWindow({ permission: 'denied' })
    await showLocalTestNotification(denied.win, () => {}, TEXT)
    expect(denied.shown).toEqual([])
  })

  it('Scenario: a worker that becomes active within the wait shows it; none at all falls back to the page Notification API', async () => {
    const late = fakeWindow()
    let activate = (_: unknown) => {}
    Object.assign(late.win.navigator.serviceWorker, { ready: new Promise((resolve) => (activate = resolve)) })
    const showing = showLocalTestNotification(late.win, () => {}, TEXT, 1_000)
    activate(late.registration)
    await showing
    expect(late.shown.map((s) => s.title)).toEqual(['Testbenachrichtigung'])

    const none = fakeWindow()
    Object.assign(none.win.navigator.serviceWorker, { ready: new Promise(() => {}) })
    const constructed: string[] = []
    Object.assign(none.win, { Notification: Object.assign(function PageNotification(title: string) { constructed.push(title) }, { permission: 'granted' }) })
    await showLocalTestNotification(none.win, () => {}, TEXT, 10)
    expect(none.shown).toEqual([])
    expect(constructed).toEqual(['Testbenachrichtigung'])
  })
})

describe('service worker messages', () => {
  const payload = { id: 'n-9', title: 'Pushed', body: 'While away', url: '/app/contacts', priority: 'high', category: 'message', createdAt: 1_795_332_994_000 }

  it('Scenario: a push becomes an in-app notification; a test push does not; junk is ignored', () => {
    expect(notificationFromPush(payload, 0)).toEqual({
      _id: 'n-9',
      title: 'Pushed',
      body: 'While away',
      read: false,
      status: 'unread',
      priority: 'high',
      category: 'message',
      created_at_timestamp: 1_795_332_994,
      createdAt: new Date(1_795_332_994_000).toISOString(),
      actionUrl: '/app/contacts',
      actionText: null,
      metadata: {},
    })
    expect(notificationFromPush({ ...payload, test: true }, 0)).toBeUndefined()
    expect(notificationFromPush({ title: 'no id' }, 0)).toBeUndefined()
    expect(notificationFromPush({ ...payload, createdAt: undefined }, 5_000)?.created_at_timestamp).toBe(5)
  })

  it('Scenario: messages reach the notifications actor, the router and the push actor', () => {
    const browser = fakeWindow()
    const sent: Record<string, unknown[]> = { notifications: [], push: [], navigate: [] }
    const stop = bridgeServiceWorkerMessages(browser.win.navigator, {
      notifications: { send: (e: unknown) => sent.notifications!.push(e) } as never,
      push: { send: (e: unknown) => sent.push!.push(e) } as never,
      navigate: (to) => sent.navigate!.push(to),
      now: () => 0,
    })
    const post = (data: unknown) => browser.swListeners.forEach((l) => l({ data } as MessageEvent))
    post({ type: 'engage.push', payload })
    post({ type: 'engage.push', payload: { ...payload, test: true } })
    post({ type: 'engage.navigate', url: '/app/reports' })
    post({ type: 'engage.navigate', url: '//evil.example' })
    post({ type: 'engage.navigate', url: 'https://evil.example' })
    post({ type: 'engage.subscriptionChanged' })
    post(null)
    post('text')
    expect(sent.notifications).toEqual([{ type: 'notifications.received', notification: expect.objectContaining({ _id: 'n-9' }) }])
    expect(sent.navigate).toEqual(['/app/reports'])
    expect(sent.push).toEqual([{ type: 'push.subscriptionChanged' }])
    stop()
    expect(browser.swListeners.size).toBe(0)
  })
})
