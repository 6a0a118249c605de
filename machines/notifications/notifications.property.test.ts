/**
 * Property (fast-check): whatever the person does (mark read, mark all read, delete, delete all,
 * undo a delete all or let its window lapse, mark unread, archive, restore, archive all
 * read, open the panel (mark seen), switch to the Archived view and back; snooze, unsnooze, a
 * wake-up announced on the stream, the Snoozed view, category tabs),
 * whatever arrives (server-side notifications, pushes), whenever the poll or a focus refresh runs,
 * and whichever server calls fail or answer out of order, once everything has settled and a poll
 * has run, the client's inbox equals the server's, the unread count equals the unread inbox items,
 * the unseen count the unseen inbox items, and once the Archived view has loaded, the
 * client's archived items equal the server's (read and seen states included).
 *
 * The server is an in-memory fake: each call takes effect when the test answers it (so changes and
 * fetches interleave), a failing call changes nothing.
 */
import fc from 'fast-check'
import { SimulatedClock, createActor, fromCallback, fromPromise } from 'xstate'
import { describe, expect, it } from 'vitest'
import {
  NOTIFICATIONS_POLL_INTERVAL_MS,
  type Notification,
  type NotificationCounts,
  type NotificationsPage,
  type NotificationView,
} from '../../contract/notifications.ts'
import { flush } from '../testing/stubs.ts'
import { makeNotification } from './notifications.fixtures.ts'
import { inInbox, isArchived, isRead, isSeen, isSnoozed, type NotificationChange } from './notifications.list.ts'
import { notificationsMachine } from './notifications.machine.ts'
import { DELETE_ALL_UNDO_MS, type LoadViewInput } from './notifications.types.ts'
import { selectUnreadCount, selectUnseenCount } from './notifications.selectors.ts'

interface Call {
  readonly run: () => unknown
  readonly resolve: (v: unknown) => void
  readonly reject: (e: unknown) => void
}

/** Back from a snooze (the timer, or unsnooze): in the inbox, unread and unseen. */
const woken = (n: Notification): Notification => ({ ...n, snoozed_until: null, read: false, status: 'unread', seen: false })

function fakeServer(initial: Notification[]) {
  let items = [...initial]
  const calls: Call[] = []
  const enqueue = <T>(run: () => T) => new Promise<T>((resolve, reject) => calls.push({ run, resolve: resolve as (v: unknown) => void, reject }))
  return {
    get items() {
      return items
    },
    calls,
    /** `view` inbox (default) or archived; `unread_count` counts the inbox whatever the view. */
    list: (page: number, limit: number, view: NotificationView = 'inbox', category?: string) =>
      enqueue<NotificationsPage>(() => {
        const inView = (n: Notification) =>
          view === 'archived' ? isArchived(n) : view === 'snoozed' ? isSnoozed(n) : inInbox(n) && (view === 'inbox' || !isRead(n))
        const listed = items.filter((n) => inView(n) && (category === undefined || n.category === category))
        if (view === 'snoozed') listed.sort((a, b) => Date.parse(a.snoozed_until!) - Date.parse(b.snoozed_until!))
        return {
          notifications: listed.slice((page - 1) * limit, page * limit),
          unread_count: items.filter((n) => !isRead(n) && inInbox(n)).length,
          unseen_count: items.filter((n) => !isSeen(n) && inInbox(n)).length,
          hasMore: listed.length > page * limit,
        }
      }),
    counts: () =>
      enqueue<NotificationCounts>(() => {
        const inbox = items.filter(inInbox)
        const categories: Record<string, number> = {}
        for (const n of inbox) categories[n.category] = (categories[n.category] ?? 0) + 1
        return {
          inbox: inbox.length,
          unread: inbox.filter((n) => !isRead(n)).length,
          unseen: inbox.filter((n) => !isSeen(n)).length,
          archived: items.filter(isArchived).length,
          snoozed: items.filter(isSnoozed).length,
          categories,
        }
      }),
    change: (c: NotificationChange) =>
      enqueue(() => {
        const read = (n: Notification): Notification => ({ ...n, read: true, status: 'read', seen: true })
        const set = (id: string, f: (n: Notification) => Notification) => (items = items.map((n) => (n._id === id ? f(n) : n)))
        if (c.kind === 'read') items = items.map((n) => (n._id === c.id ? read(n) : n))
        if (c.kind === 'readAll') items = items.map((n) => (inInbox(n) ? read(n) : n))
        if (c.kind === 'unread') set(c.id, (n) => ({ ...n, read: false, status: 'unread' }))
        if (c.kind === 'archive') set(c.id, (n) => ({ ...n, archived: true, seen: true, snoozed_until: null }))
        if (c.kind === 'snooze') set(c.id, (n) => ({ ...n, snoozed_until: c.until, archived: false, read: false, status: 'unread', seen: false }))
        if (c.kind === 'unsnooze') set(c.id, (n) => (isSnoozed(n) ? woken(n) : n))
        if (c.kind === 'restore') set(c.id, (n) => ({ ...n, archived: false }))
        if (c.kind === 'seen') items = items.map((n) => (inInbox(n) && Date.parse(n.createdAt) <= Date.parse(c.before) ? { ...n, seen: true } : n))
        if (c.kind === 'archiveRead') items = items.map((n) => (inInbox(n) && isRead(n) ? { ...n, archived: true, seen: true } : n))
        if (c.kind === 'remove') items = items.filter((n) => n._id !== c.id)
        if (c.kind === 'removeAll') items = items.filter((n) => !c.removed.some((r) => r._id === n._id))
      }),
    arrive: (n: Notification) => {
      items = [n, ...items]
    },
    /** The wake-up timer brings a snoozed one back; returns it as announced, if any. */
    wake: (pick: number): Notification | undefined => {
      const snoozed = items.filter(isSnoozed)
      const n = snoozed[pick % Math.max(1, snoozed.length)]
      if (!n) return undefined
      const back = woken(n)
      items = items.map((m) => (m._id === n._id ? back : m))
      return back
    },
    /** Answers call `index` (mod the number pending): with its result, or fails it with nothing changed. */
    answer(index: number, fail: boolean) {
      const [call] = calls.splice(index % calls.length, 1)
      if (!call) return
      if (fail) call.reject(new Error('Service unavailable'))
      else call.resolve(call.run())
    },
  }
}

const op = fc.oneof(
  fc.record({ kind: fc.constant('markRead' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  // The inbox's own actions and views.
  fc.record({ kind: fc.constant('markUnread' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('archive' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), pick: fc.nat() }),
  fc.constant({ kind: 'archiveRead' as const }),
  fc.record({ kind: fc.constant('snooze' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('unsnooze' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('wake' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('category' as const), category: fc.constantFrom('system', 'alert', null) }),
  fc.constant({ kind: 'seen' as const }),
  fc.record({ kind: fc.constant('view' as const), filter: fc.constantFrom('all' as const, 'unread' as const, 'archived' as const, 'snoozed' as const) }),
  fc.constant({ kind: 'markAllRead' as const }),
  fc.constant({ kind: 'removeAll' as const }),
  // A held delete-all is undone, or its window lapses.
  fc.constant({ kind: 'undo' as const }),
  fc.constant({ kind: 'lapse' as const }),
  fc.constant({ kind: 'poll' as const }),
  fc.constant({ kind: 'refresh' as const }),
  fc.record({ kind: fc.constant('arrive' as const), push: fc.boolean() }),
  fc.record({ kind: fc.constant('answer' as const), pick: fc.nat(), fail: fc.boolean() }),
  fc.record({ kind: fc.constant('answer' as const), pick: fc.nat(), fail: fc.constant(false) }),
)

/** How many random runs (PROPERTY_RUNS overrides it for a longer search by hand). */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 1000)

describe('notifications (property)', () => {
  it('after settling, the client list equals the server list and the count equals the unread items', async () => {
    await fc.assert(settles(), { numRuns: RUNS })
  }, 600_000)

  // Found in CI: an unloaded arrival, the Archived view, 'Archive all read' then 'Mark all read'
  // (the archived page's answer applied 'Archive all read' a second time, after the read-all).
  it('replays the counterexample of seed 820889254', async () => {
    await fc.assert(settles(), { seed: 820889254, path: '326:1:5:8:10:9:10:13:17', endOnFailure: true })
  })
})

function settles() {
  return fc.asyncProperty(
    fc.array(fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()), { minLength: 0, maxLength: 8 }),
    fc.array(op, { maxLength: 40 }),
    async (initial, ops) => {
      const server = fakeServer(
        initial.map(([read, archived, seen], i) =>
          makeNotification(`s${i}`, { read, archived, seen: read || archived || seen, category: i % 2 ? 'alert' : 'system' }, 1000 + i * 10),
        ),
      )
      const clock = new SimulatedClock()
      const actor = createActor(
        notificationsMachine.provide({
          actors: {
            watchAuth: fromCallback(() => () => {}),
            windowListener: fromCallback(() => () => {}),
            loadPage: fromPromise(({ input }: { input: { page: number; limit: number } }) => server.list(input.page, input.limit)),
            loadView: fromPromise(({ input }: { input: LoadViewInput }) => server.list(input.page, input.limit, input.view, input.category)),
            loadCounts: fromPromise(() => server.counts()),
            sendChange: fromPromise(({ input }: { input: NotificationChange }) => server.change(input)),
          },
        }),
        { clock },
      ).start()
      actor.send({ type: 'auth.changed', orgId: 'o-acme' })
      let arrivals = 0
      for (const o of ops) {
        const items = actor.getSnapshot().context.items
        switch (o.kind) {
          case 'markRead':
          case 'remove':
            if (items.length)
              actor.send({ type: o.kind === 'markRead' ? 'notifications.markRead' : 'notifications.remove', id: items[o.pick % items.length]!._id })
            break
          case 'markUnread':
          case 'archive':
          case 'restore': {
            const type = o.kind === 'markUnread' ? 'notifications.markUnread' : o.kind === 'archive' ? 'notifications.archive' : 'notifications.restore'
            if (items.length) actor.send({ type, id: items[o.pick % items.length]!._id })
            break
          }
          case 'archiveRead':
            actor.send({ type: 'notifications.archiveRead' })
            break
          case 'snooze':
            if (items.length)
              actor.send({
                type: 'notifications.snooze',
                id: items[o.pick % items.length]!._id,
                until: new Date(Date.UTC(2030, 0, 1 + (o.pick % 7))).toISOString(),
              })
            break
          case 'unsnooze':
            if (items.length) actor.send({ type: 'notifications.unsnooze', id: items[o.pick % items.length]!._id })
            break
          case 'wake': {
            // Known race left out (docs/decisions.md): a wake-up while this client's own calls are in
            // flight (a snooze not yet answered; a page read before the wake-up, answered after it).
            // Snoozes last hours; the stream announces the wake-up, as here.
            if (server.calls.length > 0 || actor.getSnapshot().context.pending.length > 0) break
            const back = server.wake(o.pick)
            if (back) actor.send({ type: 'notifications.received', notification: back })
            break
          }
          case 'category':
            actor.send({ type: 'notifications.category', category: o.category })
            break
          case 'seen':
            actor.send({ type: 'notifications.seen' })
            break
          case 'view':
            actor.send({ type: 'notifications.filter', filter: o.filter })
            break
          case 'markAllRead':
            actor.send({ type: 'notifications.markAllRead' })
            break
          case 'removeAll':
            actor.send({ type: 'notifications.removeAll' })
            break
          case 'undo':
            actor.send({ type: 'notifications.undoRemoveAll' })
            break
          case 'lapse':
            clock.increment(DELETE_ALL_UNDO_MS)
            break
          case 'poll':
            clock.increment(NOTIFICATIONS_POLL_INTERVAL_MS)
            break
          case 'refresh':
            actor.send({ type: 'notifications.refresh' })
            break
          case 'arrive': {
            // Known race left out (docs/decisions.md): mark-all-read answered after an arrival it never listed.
            const ctx = actor.getSnapshot().context
            if (arrivals >= 8 || [...ctx.pending, ...ctx.settledDuringFetch].some((c) => c.kind === 'readAll')) break
            const n = makeNotification(`a${arrivals}`, { seen: false }, 900 - arrivals * 10)
            arrivals++
            server.arrive(n)
            if (o.push) actor.send({ type: 'notifications.received', notification: n })
            break
          }
          case 'answer':
            server.answer(o.pick, o.fail)
            break
        }
        await flush()
      }
      // Settle: answer everything successfully, then let one poll run and answer it; the later
      // rounds also load the Archived and the Snoozed views.
      for (let round = 0; round < 3; round++) {
        if (round === 1) actor.send({ type: 'notifications.filter', filter: 'archived' })
        if (round === 2) actor.send({ type: 'notifications.filter', filter: 'snoozed' })
        for (let guard = 0; guard < 100 && (server.calls.length > 0 || actor.getSnapshot().context.pending.length > 0); guard++) {
          server.answer(0, false)
          await flush()
        }
        clock.increment(NOTIFICATIONS_POLL_INTERVAL_MS)
        await flush()
      }
      const s = actor.getSnapshot()
      expect(s.context.pending).toEqual([])
      expect(s.context.held).toBeNull()
      const side = (list: ReadonlyArray<Notification>, on: (n: Notification) => boolean) => list.filter(on).map((n) => [n._id, isRead(n), isSeen(n)])
      for (const on of [inInbox, isArchived, isSnoozed]) expect(side(s.context.items, on)).toEqual(side(server.items, on))
      expect(selectUnreadCount(s)).toBe(server.items.filter((n) => !isRead(n) && inInbox(n)).length)
      expect(selectUnseenCount(s)).toBe(server.items.filter((n) => !isSeen(n) && inInbox(n)).length)
      actor.stop()
    },
  )
}
