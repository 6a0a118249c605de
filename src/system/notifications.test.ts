import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, setup } from 'xstate'
import type { NotificationsPage } from '../../contract/notifications.ts'
import type { NotificationChange } from '../../machines/notifications/notifications.list.ts'
import { flush } from '../../machines/testing/stubs.ts'
import { makeNotification } from '../../machines/notifications/notifications.fixtures.ts'
import { notificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import { type NotificationsEvent } from '../../machines/notifications/notifications.types.ts'
import type { Endpoints } from '../api/endpoints.ts'
import {
  STREAM_RECONNECT_MS,
  loadNotificationCounts,
  loadNotificationsView,
  sendNotificationChange,
  notificationsCacheReader,
  notificationsStream,
  persistNotificationsCache,
  showUrgentAsSystemNotifications,
  syncNotificationsAcrossTabs,
} from './notifications.ts'

/** A stand-in EventSource the test drives: open, deliver events, close. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static instances: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  constructor(readonly url: string) {
    super()
    FakeEventSource.instances.push(this)
  }
  open() {
    this.readyState = FakeEventSource.OPEN
    this.dispatchEvent(new Event('open'))
  }
  deliver(data: string) {
    this.dispatchEvent(new MessageEvent('notification', { data }))
  }
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING
    this.dispatchEvent(new Event('error'))
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
}

/** Runs the stream actor with `ticket` as its ticket source. */
function run(ticket: () => Promise<string | null>) {
  const received: NotificationsEvent[] = []
  const parent = setup({
    types: { events: {} as NotificationsEvent },
    actors: {
      stream: notificationsStream({ apiBaseUrl: 'https://app.test/api', ticket, EventSource: FakeEventSource as unknown as typeof EventSource }),
    },
  }).createMachine({
    invoke: { src: 'stream', input: { orgId: 'o-acme' } },
    on: { '*': { actions: ({ event }) => void received.push(event) } },
  })
  const actor = createActor(parent).start()
  return { actor, received }
}

describe('notificationsStream', () => {
  it('Scenario: opens the stream with a ticket, never the access token; decoded notifications become notifications.received', async () => {
    FakeEventSource.instances = []
    const { actor, received } = run(async () => 'ticket-1')
    await flush()
    const es = FakeEventSource.instances[0]!
    expect(es.url).toBe('https://app.test/api/common-services/notifications/stream?ticket=ticket-1&org_id=o-acme')
    expect(es.url).not.toContain('access_token')
    es.open()
    const n = makeNotification('n1')
    es.deliver(JSON.stringify(n))
    es.deliver('{"not":"a notification"}')
    es.deliver('not json')
    expect(received).toEqual([{ type: 'notifications.received', notification: n }])
    actor.stop()
    expect(es.readyState).toBe(FakeEventSource.CLOSED)
  })

  it('Scenario: any stream error closes it (its ticket is spent) and a new ticket opens the next after 5 s, which refreshes page 1', async () => {
    vi.useFakeTimers()
    try {
      FakeEventSource.instances = []
      let issued = 0
      const { actor, received } = run(async () => `ticket-${++issued}`)
      await vi.advanceTimersByTimeAsync(0)
      FakeEventSource.instances[0]!.open()
      // Even while the browser would reconnect on its own, the old URL's ticket is used up.
      FakeEventSource.instances[0]!.fail(false)
      expect(FakeEventSource.instances[0]!.readyState).toBe(FakeEventSource.CLOSED)
      await vi.advanceTimersByTimeAsync(STREAM_RECONNECT_MS - 1)
      expect(FakeEventSource.instances).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(FakeEventSource.instances[1]!.url).toContain('ticket=ticket-2')
      FakeEventSource.instances[1]!.open()
      expect(received).toEqual([{ type: 'notifications.refresh' }])
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it('Scenario: a ticket that cannot be had (offline) is asked for again after 5 s; none is opened after a stop', async () => {
    vi.useFakeTimers()
    try {
      FakeEventSource.instances = []
      let calls = 0
      const { actor } = run(async () => {
        calls++
        if (calls === 1) throw new Error('offline')
        return 'ticket-2'
      })
      await vi.advanceTimersByTimeAsync(STREAM_RECONNECT_MS)
      expect(calls).toBe(2)
      expect(FakeEventSource.instances.map((es) => es.url)).toEqual(['https://app.test/api/common-services/notifications/stream?ticket=ticket-2&org_id=o-acme'])
      actor.stop()
      FakeEventSource.instances[0]!.fail(true)
      await vi.advanceTimersByTimeAsync(STREAM_RECONNECT_MS * 2)
      expect(calls).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('Scenario: signed out (no ticket) nothing is opened (polling still runs)', async () => {
    FakeEventSource.instances = []
    const { actor } = run(async () => null)
    await flush()
    actor.stop()
    expect(FakeEventSource.instances).toEqual([])
  })
})

describe('notifications cache and system notifications', () => {
  const memory = () => {
    const map = new Map<string, string>()
    return {
      map,
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    }
  }
  const machineWith = (actors: Record<string, unknown>) =>
    notificationsMachine.provide({
      actors: {
        watchAuth: fromCallback(() => () => {}),
        loadPage: fromPromise<NotificationsPage, { page: number; limit: number }>(() => new Promise(() => {})),
        ...actors,
      } as never,
    })

  it('Scenario: a fresh cache of the same org stands in until page 1 answers; stale (over 5 min) or another org’s is ignored', () => {
    const n = makeNotification('c1')
    for (const [savedAt, orgId, expected] of [
      [1_000_000 - 300_000, 'o-acme', ['c1']],
      [1_000_000 - 300_001, 'o-acme', []],
      [1_000_000, 'o-globex', []],
    ] as const) {
      const storage = memory()
      storage.setItem('notifications_cache', JSON.stringify({ orgId, savedAt, items: [n] }))
      const actor = createActor(machineWith({ cacheReader: notificationsCacheReader(storage, () => 1_000_000) })).start()
      actor.send({ type: 'auth.changed', orgId: 'o-acme' })
      expect(actor.getSnapshot().context.items.map((i) => i._id)).toEqual(expected)
      actor.stop()
    }
  })

  it('Scenario: the cache keeps the newest 50 after page 1 and is removed on sign-out', async () => {
    const storage = memory()
    const items = Array.from({ length: 60 }, (_, i) => makeNotification(`n${i}`, {}, i + 1))
    const actor = createActor(machineWith({ loadPage: fromPromise(async () => ({ notifications: items, unread_count: 60, hasMore: false })) })).start()
    persistNotificationsCache(actor, storage, () => 42)
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await flush()
    const entry = JSON.parse(storage.getItem('notifications_cache')!)
    expect([entry.orgId, entry.savedAt, entry.items.length, entry.items[0]._id]).toEqual(['o-acme', 42, 50, 'n0'])
    actor.send({ type: 'auth.changed', orgId: null })
    expect(storage.getItem('notifications_cache')).toBeNull()
  })

  it('Scenario: an urgent arrival while hidden with permission granted shows a system notification; clicking goes to its safe URL', () => {
    const actor = createActor(machineWith({})).start()
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    const shown: Array<[string, () => void]> = []
    const page = { hidden: true, permission: 'granted' }
    const went: string[] = []
    showUrgentAsSystemNotifications(
      actor,
      { isHidden: () => page.hidden, permission: () => page.permission, show: (title, _o, onClick) => void shown.push([title, onClick]) },
      (to) => void went.push(to),
    )
    actor.send({
      type: 'notifications.received',
      notification: makeNotification('u1', { priority: 'urgent', title: 'Payment failed', actionUrl: '/app/billing' }),
    })
    actor.send({ type: 'notifications.received', notification: makeNotification('u2', { priority: 'normal' }) })
    page.hidden = false
    actor.send({ type: 'notifications.received', notification: makeNotification('u3', { priority: 'urgent' }) })
    page.hidden = true
    page.permission = 'default'
    actor.send({ type: 'notifications.received', notification: makeNotification('u4', { priority: 'urgent' }) })
    page.permission = 'granted'
    actor.send({
      type: 'notifications.received',
      notification: makeNotification('u5', { priority: 'urgent', title: 'Bad link', actionUrl: 'javascript:alert(1)' }),
    })
    expect(shown.map(([t]) => t)).toEqual(['Payment failed', 'Bad link'])
    shown.forEach(([, click]) => click())
    expect(went).toEqual(['/app/billing'])
  })
})

describe('notifications across tabs', () => {
  it('Scenario: a change in one tab shows in another tab of the same org without a second call; a failure there reloads here', async () => {
    const bus = new EventTarget()
    const channel = () => ({
      postMessage: (m: unknown) => queueMicrotask(() => bus.dispatchEvent(new MessageEvent('message', { data: m }))),
      addEventListener: (t: 'message', l: (e: MessageEvent) => void) => bus.addEventListener(t, l as EventListener),
      removeEventListener: (t: 'message', l: (e: MessageEvent) => void) => bus.removeEventListener(t, l as EventListener),
    })
    const page: NotificationsPage = { notifications: [makeNotification('n1'), makeNotification('n2', {}, 90)], unread_count: 2, hasMore: false }
    const tab = (sendChange: () => Promise<void>, loads: number[]) =>
      createActor(
        notificationsMachine.provide({
          actors: {
            watchAuth: fromCallback(() => () => {}),
            loadPage: fromPromise<NotificationsPage, { page: number; limit: number }>(async () => (loads.push(1), page)),
            sendChange: fromPromise<void, NotificationChange>(sendChange),
          },
        }),
      ).start()
    const sentA: number[] = []
    const loadsA: number[] = []
    const loadsB: number[] = []
    const a = tab(async () => void sentA.push(1), loadsA)
    const b = tab(() => Promise.reject(new Error('boom')), loadsB)
    for (const t of [a, b]) t.send({ type: 'auth.changed', orgId: 'o-acme' })
    await flush()
    // One bus for both tabs here (a real channel skips the sender); mirroring is idempotent anyway.
    syncNotificationsAcrossTabs(a, channel())
    syncNotificationsAcrossTabs(b, channel())
    a.send({ type: 'notifications.markRead', id: 'n1' })
    await flush()
    expect(b.getSnapshot().context.items.map((n) => n.read)).toEqual([true, false])
    expect(sentA).toHaveLength(1)
    // B's delete fails: B restores and reloads, and A reloads too.
    const before = loadsA.length
    b.send({ type: 'notifications.remove', id: 'n2' })
    await flush()
    expect(loadsA.length).toBe(before + 1)
    a.stop()
    b.stop()
  })
})

describe('inbox calls', () => {
  it('Scenario: archive, restore, mark unread, archive all read and mark seen each make their one call; the Archived view lists view=archived', async () => {
    const calls: string[] = []
    const api = {
      notifications: {
        list: vi.fn(async (page: number, limit: number, view?: string, category?: string) => {
          calls.push(`list ${page} ${limit} ${view ?? 'inbox'}${category ? ` ${category}` : ''}`)
          return { notifications: [], unread_count: 0, hasMore: false } satisfies NotificationsPage
        }),
        markUnread: vi.fn(async (id: string) => void calls.push(`unread ${id}`)),
        archive: vi.fn(async (id: string) => void calls.push(`archive ${id}`)),
        restore: vi.fn(async (id: string) => void calls.push(`restore ${id}`)),
        archiveRead: vi.fn(async () => void calls.push('archiveRead')),
        markSeen: vi.fn(async (before?: string) => void calls.push(`seen ${before}`)),
        snooze: vi.fn(async (id: string, until: string) => void calls.push(`snooze ${id} ${until}`)),
        unsnooze: vi.fn(async (id: string) => void calls.push(`unsnooze ${id}`)),
        counts: vi.fn(async () => {
          calls.push('counts')
          return { inbox: 0, unread: 0, unseen: 0, archived: 0, snoozed: 0, categories: {} }
        }),
      },
    } as unknown as Endpoints
    const n = makeNotification('n1')
    const changes: NotificationChange[] = [
      { kind: 'unread', id: 'n1' },
      { kind: 'archive', id: 'n1', item: n },
      { kind: 'restore', id: 'n1', item: n },
      { kind: 'archiveRead', ids: [] },
      { kind: 'seen', before: '2026-11-25T09:00:00.000Z', ids: [], beyond: 0 },
      { kind: 'snooze', id: 'n1', until: '2030-01-01T09:00:00.000Z', item: n },
      { kind: 'unsnooze', id: 'n1', item: n },
    ]
    for (const change of changes) {
      const actor = createActor(sendNotificationChange(api), { input: change }).start()
      await flush()
      expect(actor.getSnapshot().status).toBe('done')
    }
    createActor(loadNotificationsView(api), { input: { view: 'archived', page: 1, limit: 20 } }).start()
    createActor(loadNotificationsView(api), { input: { view: 'unread', category: 'alert', page: 2, limit: 20 } }).start()
    createActor(loadNotificationCounts(api)).start()
    await flush()
    expect(calls).toEqual([
      'unread n1',
      'archive n1',
      'restore n1',
      'archiveRead',
      'seen 2026-11-25T09:00:00.000Z',
      'snooze n1 2030-01-01T09:00:00.000Z',
      'unsnooze n1',
      'list 1 20 archived',
      'list 2 20 unread alert',
      'counts',
    ])
  })
})
