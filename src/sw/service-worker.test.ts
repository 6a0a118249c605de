/**
 * The service worker's push side (src/sw/push.ts, bundled into /sw.js) attached to a fake
 * service-worker scope: push, click and subscription-change handlers, and URL sanitising (SPEC.md
 * §4 Notifications click targets).
 */
import { describe, expect, it } from 'vitest'
import { installPush } from './push.ts'

const ORIGIN = 'https://engage.example'

interface FakeClient {
  url: string
  focused: boolean
  visibilityState: 'visible' | 'hidden'
  messages: unknown[]
  focusCalls: number
  postMessage(message: unknown): void
  focus(): Promise<FakeClient>
}

function client(url: string, focused = false, visibilityState: 'visible' | 'hidden' = 'hidden'): FakeClient {
  return {
    url,
    focused,
    visibilityState,
    messages: [],
    focusCalls: 0,
    postMessage(message) {
      this.messages.push(message)
    },
    async focus() {
      this.focusCalls++
      return this
    },
  }
}

function load(windows: FakeClient[] = []) {
  const listeners = new Map<string, (event: unknown) => void>()
  const shown: Array<{ title: string; options: Record<string, unknown> }> = []
  const opened: string[] = []
  const subscribed: unknown[] = []
  const scope = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: () => Promise.resolve(),
    clients: {
      matchAll: async (options: unknown) => {
        expect(options).toEqual({ type: 'window', includeUncontrolled: true })
        return windows
      },
      openWindow: async (url: string) => void opened.push(url),
      claim: async () => {},
    },
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }),
      pushManager: { subscribe: async (options: unknown) => (subscribed.push(options), { endpoint: 'https://push.example/new' }) },
    },
    engageServiceWorker: undefined as unknown as {
      safeUrl(raw: unknown, origin: string): string | null
    },
  }
  installPush(scope as unknown as Parameters<typeof installPush>[0])
  /** Dispatches an event the way the browser does and waits for its `waitUntil` promise. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve()
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => void (pending = p) })
    await pending
  }
  return { scope, listeners, shown, opened, subscribed, dispatch }
}

const pushData = (value: unknown) => ({ json: () => (typeof value === 'string' ? JSON.parse(value) : value) })
const payload = {
  id: 'n-1',
  title: 'Queue backing up',
  body: 'Twelve chats waiting',
  url: '/app/reports',
  priority: 'urgent',
  category: 'alert',
  createdAt: 1_795_332_994_000,
}

describe('service worker: URL sanitising', () => {
  const { scope } = load()
  it.each([
    ['/app/reports?x=1#top', `${ORIGIN}/app/reports?x=1#top`],
    ['https://docs.engage.example/guide', 'https://docs.engage.example/guide'],
    ['http://example.com/', 'http://example.com/'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['/app\nnext', null],
    ['', null],
    [42, null],
    ['ftp://files.example/x', null],
    [`/${'a'.repeat(2100)}`, null],
  ])('Scenario: %s → %s', (raw, expected) => {
    expect(scope.engageServiceWorker.safeUrl(raw, ORIGIN)).toBe(expected)
  })
})

describe('service worker: push', () => {
  it('Scenario: a push is forwarded to every app tab and shown as a system notification tagged with its id', async () => {
    const tabs = [client(`${ORIGIN}/app/dashboard`), client(`${ORIGIN}/app/contacts`)]
    const sw = load([...tabs, client('https://other.example/')])
    await sw.dispatch('push', { data: pushData(JSON.stringify(payload)) })
    for (const tab of tabs)
      expect(tab.messages).toEqual([{ type: 'engage.push', payload: expect.objectContaining({ id: 'n-1', title: 'Queue backing up', priority: 'urgent' }) }])
    expect(sw.shown).toEqual([
      {
        title: 'Queue backing up',
        options: {
          body: 'Twelve chats waiting',
          tag: 'n-1',
          data: { id: 'n-1', url: `${ORIGIN}/app/reports` },
          requireInteraction: true,
          icon: `${ORIGIN}/favicon.svg`,
        },
      },
    ])
  })

  it('Scenario: with an app tab in front, the tab shows it and no system notification is shown', async () => {
    const front = client(`${ORIGIN}/app`, true, 'visible')
    const sw = load([front])
    await sw.dispatch('push', { data: pushData(payload) })
    expect(front.messages).toHaveLength(1)
    expect(sw.shown).toEqual([])
  })

  it('Scenario: an unsafe URL is replaced by /app; foreign images are dropped; junk pushes are ignored', async () => {
    const sw = load([])
    await sw.dispatch('push', {
      data: pushData({ ...payload, url: 'javascript:alert(1)', priority: 'weird', icon: 'https://tracker.example/p.png', badge: '/badge.png' }),
    })
    expect(sw.shown[0]?.options).toEqual({
      body: 'Twelve chats waiting',
      tag: 'n-1',
      data: { id: 'n-1', url: `${ORIGIN}/app` },
      requireInteraction: false,
      badge: `${ORIGIN}/badge.png`,
    })
    for (const data of [
      undefined,
      pushData('not json {'),
      pushData({ title: 'no id' }),
      pushData([1, 2]),
      {
        json: () => {
          throw new Error('bad')
        },
      },
    ]) {
      await sw.dispatch('push', { data })
    }
    expect(sw.shown).toHaveLength(1)
  })
})

describe('service worker: notification click', () => {
  const notification = (url: unknown) => {
    const n = { closed: 0, data: { id: 'n-1', url }, close: () => void n.closed++ }
    return n
  }

  it('Scenario: a click focuses an open app tab and sends it to the path', async () => {
    const hidden = client(`${ORIGIN}/app/dashboard`)
    const sw = load([hidden])
    const n = notification(`${ORIGIN}/app/reports?tab=1`)
    await sw.dispatch('notificationclick', { notification: n })
    expect(n.closed).toBe(1)
    expect(hidden.focusCalls).toBe(1)
    expect(hidden.messages).toEqual([{ type: 'engage.navigate', url: '/app/reports?tab=1' }])
    expect(sw.opened).toEqual([])
  })

  it('Scenario: with no app tab open, a click opens the URL; an external http(s) URL opens in a window; an unsafe one opens /app', async () => {
    const sw = load([])
    await sw.dispatch('notificationclick', { notification: notification('/app/reports') })
    await sw.dispatch('notificationclick', { notification: notification('https://docs.engage.example/guide') })
    await sw.dispatch('notificationclick', { notification: notification('javascript:alert(1)') })
    expect(sw.opened).toEqual([`${ORIGIN}/app/reports`, 'https://docs.engage.example/guide', `${ORIGIN}/app`])
  })
})

describe('service worker: pushsubscriptionchange', () => {
  it('Scenario: subscribes again with the old key and tells the open tabs', async () => {
    const tab = client(`${ORIGIN}/app`)
    const sw = load([tab])
    const key = new Uint8Array([4, 1, 2])
    await sw.dispatch('pushsubscriptionchange', { oldSubscription: { options: { applicationServerKey: key } } })
    expect(sw.subscribed).toEqual([{ userVisibleOnly: true, applicationServerKey: key }])
    expect(tab.messages).toEqual([{ type: 'engage.subscriptionChanged' }])
  })

  it('Scenario: a browser that already made the new subscription is not subscribed twice', async () => {
    const tab = client(`${ORIGIN}/app`)
    const sw = load([tab])
    await sw.dispatch('pushsubscriptionchange', { newSubscription: { endpoint: 'https://push.example/n' }, oldSubscription: null })
    expect(sw.subscribed).toEqual([])
    expect(tab.messages).toEqual([{ type: 'engage.subscriptionChanged' }])
  })
})
