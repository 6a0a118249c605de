import { SimulatedClock, createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import { safeActionUrl, type NotificationCounts, type NotificationsPage } from '../../contract/notifications.ts'
import { controllable, flush } from '../testing/stubs.ts'
import { makeNotification, pageOf } from './notifications.fixtures.ts'
import type { NotificationChange } from './notifications.list.ts'
import {
  COUNTS_DEBOUNCE_MS,
  DELETE_ALL_UNDO_MS,
  FETCH_FAILED_MESSAGE,
  type LoadViewInput,
  type NotificationsEmitted,
  notificationsMachine,
  VIEW_PAGE_SIZE,
} from './notifications.machine.ts'
import { badgeText, selectBadge, selectCanLoadMore, selectEmptyText, selectUnreadCount, selectUnseenCount, selectVisible } from './notifications.selectors.ts'

const n1 = makeNotification('n1', {}, 10)
const n2 = makeNotification('n2', { read: true }, 20)
const n3 = makeNotification('n3', {}, 30)

function start(clock?: SimulatedClock) {
  const load = controllable<NotificationsPage, { page: number; limit: number }>()
  const send = controllable<void, NotificationChange>()
  const emitted: NotificationsEmitted[] = []
  const actor = createActor(
    notificationsMachine.provide({
      actors: { watchAuth: fromCallback(() => () => {}), loadPage: load.logic, sendChange: send.logic },
    }),
    clock ? { clock } : {},
  )
  actor.on('*', (e) => void emitted.push(e as NotificationsEmitted))
  actor.start()
  const label = (n: { _id: string; read: boolean }) => `${n._id}${n.read ? ':r' : ''}`
  return {
    actor,
    load,
    send,
    emitted,
    /** The machine's list (held items included). */
    ids: () => actor.getSnapshot().context.items.map(label),
    /** What the person sees under the current filter. */
    shown: () => selectVisible(actor.getSnapshot()).map(label),
  }
}

async function signedInWith(page: NotificationsPage) {
  const t = start()
  t.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
  await t.load.resolve(page)
  return t
}

describe('notifications', () => {
  it('Scenario: signing in loads page 1 of 20; signing out empties the list', async () => {
    const t = start()
    t.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await flush()
    expect(t.load.calls).toEqual([{ page: 1, limit: 20 }])
    await t.load.resolve(pageOf([n1, n2, n3]))
    expect(t.ids()).toEqual(['n1', 'n2:r', 'n3'])
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(2)
    expect(t.actor.getSnapshot().context.hasNew).toBe(true)
    t.actor.send({ type: 'auth.changed', orgId: null })
    expect(t.actor.getSnapshot().value).toBe('signedOut')
    expect(t.ids()).toEqual([])
  })

  it('Scenario: an org switch drops the old org list at once', async () => {
    const t = await signedInWith(pageOf([n1]))
    t.actor.send({ type: 'auth.changed', orgId: 'o-globex' })
    expect(t.ids()).toEqual([])
    expect(t.actor.getSnapshot().context.orgId).toBe('o-globex')
  })

  it('Scenario: a failed fetch stores the server message, or the SPEC §8 text', async () => {
    const t = start()
    t.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await t.load.reject(new Error('Service unavailable'))
    expect(t.actor.getSnapshot().context.error).toBe('Service unavailable')
    t.actor.send({ type: 'notifications.refresh' })
    await t.load.reject({})
    expect(t.actor.getSnapshot().context.error).toBe(FETCH_FAILED_MESSAGE)
  })

  it('Scenario: mark one read is optimistic; its failure re-fetches page 1', async () => {
    const t = await signedInWith(pageOf([n1, n2, n3]))
    t.actor.send({ type: 'notifications.markRead', id: 'n1' })
    expect(t.ids()).toEqual(['n1:r', 'n2:r', 'n3'])
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(1)
    expect(t.send.calls).toEqual([{ kind: 'read', id: 'n1' }])
    await t.send.reject(new Error('boom'))
    expect(t.emitted.map((e) => e.type)).toContain('notifications.rolledBack')
    // Undone at once (even if the re-fetch fails too), and page 1 re-fetched.
    expect(t.ids()).toEqual(['n1', 'n2:r', 'n3'])
    expect(t.load.calls).toHaveLength(2)
    await t.load.resolve(pageOf([n1, n2, n3]))
    expect(t.ids()).toEqual(['n1', 'n2:r', 'n3'])
  })

  it('Scenario: delete one is optimistic; its failure re-fetches page 1', async () => {
    const t = await signedInWith(pageOf([n1, n2]))
    t.actor.send({ type: 'notifications.remove', id: 'n2' })
    expect(t.ids()).toEqual(['n1'])
    await t.send.reject(new Error('boom'))
    expect(t.load.calls.at(-1)).toEqual({ page: 1, limit: 20 })
    await t.load.resolve(pageOf([n1, n2]))
    expect(t.ids()).toEqual(['n1', 'n2:r'])
  })

  it('Scenario: mark all read failing restores the previous list, including the unread beyond the loaded page', async () => {
    const t = await signedInWith(pageOf([n1, n2, n3], true, 150))
    expect(selectBadge(t.actor.getSnapshot())).toBe('99+')
    t.actor.send({ type: 'notifications.markAllRead' })
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(0)
    await t.send.reject(new Error('boom'))
    expect(t.ids()).toEqual(['n1', 'n2:r', 'n3'])
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(150)
    // Then page 1 is reloaded, with the restored list on screen meanwhile.
    expect(t.load.calls).toHaveLength(2)
  })

  it('Scenario: delete all hides the list at once and sends nothing until the 5 s undo window lapses', async () => {
    const clock = new SimulatedClock()
    const t = start(clock)
    t.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await t.load.resolve(pageOf([n1, n2, n3], true, 150))
    t.actor.send({ type: 'notifications.removeAll' })
    expect(t.shown()).toEqual([])
    expect(t.actor.getSnapshot().matches({ signedIn: { deletingAll: 'pending' } })).toBe(true)
    expect(t.emitted.filter((e) => e.type === 'notifications.removedAll')).toEqual([{ type: 'notifications.removedAll', count: 3 }])
    // Only what is on screen counts: the unread beyond the loaded page stay (delete all deletes the loaded ones, SPEC §7).
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(148)
    clock.increment(DELETE_ALL_UNDO_MS - 1)
    await flush()
    expect(t.send.calls).toEqual([])
    clock.increment(1)
    await flush()
    expect(t.send.calls).toEqual([{ kind: 'removeAll', removed: [n1, n2, n3] }])
    expect(t.ids()).toEqual([])
    expect(t.emitted.filter((e) => e.type === 'notifications.changed')).toEqual([
      { type: 'notifications.changed', change: { kind: 'removeAll', removed: [n1, n2, n3] } },
    ])
    await t.send.resolve()
    expect(t.actor.getSnapshot().context.pending).toEqual([])
  })

  it('Scenario: undo within the window brings the list back exactly as it was, and nothing is sent', async () => {
    const clock = new SimulatedClock()
    const t = start(clock)
    t.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await t.load.resolve(pageOf([n1, n2], true, 7))
    t.actor.send({ type: 'notifications.loadMore' })
    await t.load.resolve(pageOf([n3], true, 7))
    t.actor.send({ type: 'notifications.filter', filter: 'unread' })
    const before = t.actor.getSnapshot()
    const visibleBefore = selectVisible(before)
    t.actor.send({ type: 'notifications.removeAll' })
    expect(selectVisible(t.actor.getSnapshot())).toEqual([])
    expect(selectCanLoadMore(t.actor.getSnapshot())).toBe(false)
    clock.increment(DELETE_ALL_UNDO_MS - 1)
    t.actor.send({ type: 'notifications.undoRemoveAll' })
    const after = t.actor.getSnapshot()
    expect(after.context.items).toBe(before.context.items)
    expect(selectVisible(after)).toEqual(visibleBefore)
    expect(selectUnreadCount(after)).toBe(selectUnreadCount(before))
    expect([after.context.filter, after.context.hasMore, after.context.page, after.context.held]).toEqual(['unread', true, 2, null])
    expect(selectCanLoadMore(after)).toBe(true)
    clock.increment(DELETE_ALL_UNDO_MS)
    await flush()
    expect(t.send.calls).toEqual([])
  })

  it('Scenario: a push during the window shows; a second delete all takes it too, with a fresh window', async () => {
    const clock = new SimulatedClock()
    const t = start(clock)
    t.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await t.load.resolve(pageOf([n1, n2]))
    t.actor.send({ type: 'notifications.removeAll' })
    const pushed = makeNotification('n9', {}, 1)
    t.actor.send({ type: 'notifications.received', notification: pushed })
    expect(t.shown()).toEqual(['n9'])
    clock.increment(3000)
    t.actor.send({ type: 'notifications.removeAll' })
    expect(t.shown()).toEqual([])
    clock.increment(DELETE_ALL_UNDO_MS - 1)
    await flush()
    expect(t.send.calls).toEqual([])
    clock.increment(1)
    await flush()
    expect(t.send.calls).toEqual([{ kind: 'removeAll', removed: [n1, n2, pushed] }])
  })

  it('Scenario: a poll during the window does not bring the hidden list back', async () => {
    const clock = new SimulatedClock()
    const t = start(clock)
    t.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await t.load.resolve(pageOf([n1, n2]))
    t.actor.send({ type: 'notifications.removeAll' })
    t.actor.send({ type: 'notifications.refresh' })
    await t.load.resolve(pageOf([n1, n2]))
    expect(t.shown()).toEqual([])
    t.actor.send({ type: 'notifications.undoRemoveAll' })
    expect(t.shown()).toEqual(['n1', 'n2:r'])
  })

  it('Scenario: delete all failing once sent restores the previous list, keeping a push that arrived meanwhile', async () => {
    const clock = new SimulatedClock()
    const t = start(clock)
    t.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await t.load.resolve(pageOf([n1, n2]))
    t.actor.send({ type: 'notifications.removeAll' })
    expect(t.shown()).toEqual([])
    clock.increment(DELETE_ALL_UNDO_MS)
    await flush()
    const pushed = makeNotification('n9', {}, 1)
    t.actor.send({ type: 'notifications.received', notification: pushed })
    await t.send.reject(new Error('boom'))
    expect(t.ids()).toEqual(['n9', 'n1', 'n2:r'])
    expect(t.emitted.map((e) => e.type)).toContain('notifications.rolledBack')
  })

  it('Scenario: signing out during the window drops the held delete-all unsent', async () => {
    const clock = new SimulatedClock()
    const t = start(clock)
    t.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await t.load.resolve(pageOf([n1]))
    t.actor.send({ type: 'notifications.removeAll' })
    t.actor.send({ type: 'auth.changed', orgId: null })
    clock.increment(DELETE_ALL_UNDO_MS)
    await flush()
    expect(t.send.calls).toEqual([])
    expect(t.actor.getSnapshot().context.held).toBeNull()
  })

  it('Scenario: a poll answered while a change is in flight does not undo it (reconcile)', async () => {
    const t = await signedInWith(pageOf([n1, n3]))
    t.actor.send({ type: 'notifications.markRead', id: 'n1' })
    t.actor.send({ type: 'notifications.remove', id: 'n3' })
    // The focus refresh answers with the server's list from before either change.
    t.actor.send({ type: 'notifications.refresh' })
    await t.load.resolve(pageOf([makeNotification('n0', {}, 5), n1, n3]))
    expect(t.ids()).toEqual(['n0', 'n1:r'])
    // The first change is confirmed, then a fetch started earlier answers stale data: still applied.
    await t.send.resolve()
    expect(t.ids()).toEqual(['n0', 'n1:r'])
  })

  it('Scenario: a change confirmed while a fetch is in flight still applies to its answer', async () => {
    const t = await signedInWith(pageOf([n1]))
    t.actor.send({ type: 'notifications.refresh' })
    t.actor.send({ type: 'notifications.markRead', id: 'n1' })
    await t.send.resolve()
    await t.load.resolve(pageOf([n1]))
    expect(t.ids()).toEqual(['n1:r'])
  })

  it('Scenario: after a failed first load the 30 s timer loads page 1 in full, not a poll of 10', async () => {
    const clock = new SimulatedClock()
    const t = start(clock)
    t.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await t.load.reject(new Error('Service unavailable'))
    clock.increment(30_000)
    await flush()
    expect(t.load.calls.at(-1)).toEqual({ page: 1, limit: 20 })
  })

  it('Scenario: every 30 s the newest 10 are fetched and only unseen ones prepended', async () => {
    const clock = new SimulatedClock()
    const t = start(clock)
    t.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await t.load.resolve(pageOf([n1, n2]))
    clock.increment(29_999)
    expect(t.load.calls).toHaveLength(1)
    clock.increment(1)
    await flush()
    expect(t.load.calls.at(-1)).toEqual({ page: 1, limit: 10 })
    const n0 = makeNotification('n0', {}, 5)
    await t.load.resolve(pageOf([n0, n1]))
    expect(t.ids()).toEqual(['n0', 'n1', 'n2:r'])
    expect(t.emitted.filter((e) => e.type === 'notifications.arrived')).toEqual([{ type: 'notifications.arrived', notifications: [n0] }])
  })

  it('Scenario: a push is added at the top only when its id is new', async () => {
    const t = await signedInWith(pageOf([n1]))
    t.actor.send({ type: 'notifications.seen' })
    t.actor.send({ type: 'notifications.received', notification: n1 })
    expect(t.ids()).toEqual(['n1'])
    expect(t.actor.getSnapshot().context.hasNew).toBe(false)
    t.actor.send({ type: 'notifications.received', notification: makeNotification('n7', {}, 1) })
    expect(t.ids()).toEqual(['n7', 'n1'])
    expect(t.actor.getSnapshot().context.hasNew).toBe(true)
  })

  it('Scenario: load more fetches the next page of 20 and appends unseen ones', async () => {
    const t = await signedInWith(pageOf([n1], true))
    t.actor.send({ type: 'notifications.loadMore' })
    await flush()
    expect(t.load.calls.at(-1)).toEqual({ page: 2, limit: 20 })
    await t.load.resolve(pageOf([n1, n2]))
    expect(t.ids()).toEqual(['n1', 'n2:r'])
    expect(t.actor.getSnapshot().context.hasMore).toBe(false)
  })

  it('Scenario: the unread filter and the empty texts', async () => {
    const t = await signedInWith(pageOf([n2]))
    expect(selectEmptyText(t.actor.getSnapshot())).toBe('No notifications yet')
    t.actor.send({ type: 'notifications.filter', filter: 'unread' })
    expect(selectVisible(t.actor.getSnapshot())).toEqual([])
    expect(selectEmptyText(t.actor.getSnapshot())).toBe('No unread notifications')
  })

  it('Scenario: under the unread filter, Load more is offered only while unread remain beyond the loaded pages', async () => {
    const t = await signedInWith(pageOf([n1, n2], true, 1))
    expect(selectCanLoadMore(t.actor.getSnapshot())).toBe(true)
    t.actor.send({ type: 'notifications.filter', filter: 'unread' })
    // Everything unread is loaded: another page could not add anything this filter shows.
    expect(selectCanLoadMore(t.actor.getSnapshot())).toBe(false)
    t.actor.send({ type: 'notifications.filter', filter: 'all' })
    expect(selectCanLoadMore(t.actor.getSnapshot())).toBe(true)
    const more = await signedInWith(pageOf([n1, n2], true, 5))
    more.actor.send({ type: 'notifications.filter', filter: 'unread' })
    expect(selectCanLoadMore(more.actor.getSnapshot())).toBe(true)
    more.actor.send({ type: 'notifications.markAllRead' })
    expect(selectCanLoadMore(more.actor.getSnapshot())).toBe(false)
  })

  it('Scenario: the badge shows the count up to 99, then 99+', () => {
    expect([0, 1, 99, 100, 1000].map(badgeText)).toEqual(['', '1', '99', '99+', '99+'])
  })

  it('Scenario: only safe action URLs become links', () => {
    expect(safeActionUrl('/app/billing')).toBe('/app/billing')
    expect(safeActionUrl('https://example.com/x')).toBe('https://example.com/x')
    expect(safeActionUrl('javascript:alert(1)')).toBeNull()
    expect(safeActionUrl('//evil.test')).toBeNull()
    expect(safeActionUrl('data:text/html,hi')).toBeNull()
  })
})

/** An actor signed in with `page` as page 1; every call (page, view, counts, change) is settled by the test. */
async function signedInInbox(page: NotificationsPage) {
  const load = controllable<NotificationsPage, { page: number; limit: number }>()
  const view = controllable<NotificationsPage, LoadViewInput>()
  const counts = controllable<NotificationCounts>()
  const send = controllable<void, NotificationChange>()
  const emitted: NotificationsEmitted[] = []
  const clock = new SimulatedClock()
  const actor = createActor(
    notificationsMachine.provide({
      actors: { watchAuth: fromCallback(() => () => {}), loadPage: load.logic, loadView: view.logic, loadCounts: counts.logic, sendChange: send.logic },
    }),
    { clock },
  )
  actor.on('*', (e) => void emitted.push(e as NotificationsEmitted))
  actor.start()
  actor.send({ type: 'auth.changed', orgId: 'o-acme' })
  await load.resolve(page)
  const label = (n: { _id: string; read: boolean }) => `${n._id}${n.read ? ':r' : ''}`
  return { actor, load, view, counts, clock, send, emitted, shown: () => selectVisible(actor.getSnapshot()).map(label) }
}

/** The inbox's archive, restore, mark unread and 'Archive all read'. */
describe('notifications: archive and mark unread', () => {
  it('Scenario: archiving leaves All and Unread and the count at once; the Archived view lists it (view=archived) and Restore brings it back', async () => {
    const t = await signedInInbox(pageOf([n1, n2, n3]))
    t.actor.send({ type: 'notifications.archive', id: 'n1' })
    expect(t.shown()).toEqual(['n2:r', 'n3'])
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(1)
    await flush()
    expect(t.send.calls).toEqual([{ kind: 'archive', id: 'n1', item: n1 }])
    await t.send.resolve(undefined)
    t.actor.send({ type: 'notifications.filter', filter: 'archived' })
    await flush()
    expect(t.view.calls).toEqual([{ view: 'archived', page: 1, limit: VIEW_PAGE_SIZE }])
    expect(t.shown()).toEqual(['n1'])
    await t.view.resolve(pageOf([{ ...n1, archived: true, seen: true }, makeNotification('old', { archived: true, read: true }, 500)]))
    expect(t.shown()).toEqual(['n1', 'old:r'])
    expect(selectEmptyText(t.actor.getSnapshot())).toBe('No archived notifications')
    t.actor.send({ type: 'notifications.restore', id: 'old' })
    expect(t.shown()).toEqual(['n1'])
    t.actor.send({ type: 'notifications.filter', filter: 'all' })
    expect(t.shown()).toEqual(['n2:r', 'n3', 'old:r'])
    await flush()
    expect(t.send.calls.at(-1)).toMatchObject({ kind: 'restore', id: 'old' })
  })

  it('Scenario: a failed archive or restore is rolled back at once and page 1 re-fetched (like mark read)', async () => {
    const t = await signedInInbox(pageOf([n1, n2]))
    t.actor.send({ type: 'notifications.archive', id: 'n2' })
    expect(t.shown()).toEqual(['n1'])
    await t.send.reject(new Error('Service unavailable'))
    expect(t.shown()).toEqual(['n1', 'n2:r'])
    expect(t.emitted.find((e) => e.type === 'notifications.rolledBack')).toMatchObject({
      change: { kind: 'archive', id: 'n2' },
      message: 'Service unavailable',
    })
    expect(t.load.calls).toHaveLength(2)
    await t.load.resolve(pageOf([n1, n2]))
    t.actor.send({ type: 'notifications.filter', filter: 'archived' })
    await t.view.resolve(pageOf([makeNotification('a', { archived: true }, 100)]))
    t.actor.send({ type: 'notifications.restore', id: 'a' })
    expect(t.shown()).toEqual([])
    await t.send.reject(new Error('Service unavailable'))
    expect(t.shown()).toEqual(['a'])
  })

  it('Scenario: Archive all read archives the read inbox items and restores them all when it fails', async () => {
    const t = await signedInInbox(pageOf([n1, n2, makeNotification('n4', { read: true }, 40)]))
    t.actor.send({ type: 'notifications.archiveRead' })
    expect(t.shown()).toEqual(['n1'])
    await flush()
    expect(t.send.calls).toEqual([{ kind: 'archiveRead', ids: ['n2', 'n4'] }])
    await t.send.reject(new Error('Service unavailable'))
    expect(t.shown()).toEqual(['n1', 'n2:r', 'n4:r'])
  })

  it('Scenario: mark unread on a read item is optimistic (count up at once) and rolled back on failure; only read inbox items take it', async () => {
    const t = await signedInInbox(pageOf([n1, n2]))
    t.actor.send({ type: 'notifications.markUnread', id: 'n1' })
    await flush()
    expect(t.send.calls).toEqual([])
    t.actor.send({ type: 'notifications.markUnread', id: 'n2' })
    expect(t.shown()).toEqual(['n1', 'n2'])
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(2)
    await flush()
    expect(t.send.calls).toEqual([{ kind: 'unread', id: 'n2' }])
    await t.send.reject(new Error('Service unavailable'))
    expect(t.shown()).toEqual(['n1', 'n2:r'])
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(1)
  })

  it('Scenario: a page-1 reload keeps the archived items beside the inbox; a poll never brings an archived one back', async () => {
    const t = await signedInInbox(pageOf([n1, n2, n3]))
    t.actor.send({ type: 'notifications.archive', id: 'n3' })
    await t.send.resolve(undefined)
    t.actor.send({ type: 'notifications.refresh' })
    await t.load.resolve(pageOf([n1, n2]))
    expect(t.shown()).toEqual(['n1', 'n2:r'])
    t.actor.send({ type: 'notifications.filter', filter: 'archived' })
    expect(t.shown()).toEqual(['n3'])
  })
})

/** Seen vs read. */
describe('notifications: seen', () => {
  const unseen = (id: string, ageS: number, overrides = {}) => makeNotification(id, { seen: false, ...overrides }, ageS)

  it('Scenario: opening the panel marks the loaded inbox seen up to its newest item (PUT seen before), the unseen count drops, the unread stay', async () => {
    const t = await signedInWith({
      ...pageOf([unseen('a', 10), unseen('b', 20), makeNotification('c', { read: true, seen: true }, 30)], true),
      unseen_count: 5,
    })
    const s0 = t.actor.getSnapshot()
    expect(selectUnseenCount(s0)).toBe(5)
    t.actor.send({ type: 'notifications.seen' })
    expect(selectUnseenCount(t.actor.getSnapshot())).toBe(0)
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(2)
    await flush()
    expect(t.send.calls).toEqual([{ kind: 'seen', before: unseen('a', 10).createdAt, ids: ['a', 'b'], beyond: 3 }])
    // Nothing unseen: opening again sends nothing.
    await t.send.resolve(undefined)
    t.actor.send({ type: 'notifications.seen' })
    await flush()
    expect(t.send.calls).toHaveLength(1)
  })

  it('Scenario: a failed mark-seen restores the unseen count; reading one sees it', async () => {
    const t = await signedInWith({ ...pageOf([unseen('a', 10), unseen('b', 20)]), unseen_count: 2 })
    t.actor.send({ type: 'notifications.seen' })
    expect(selectUnseenCount(t.actor.getSnapshot())).toBe(0)
    await t.send.reject(new Error('Service unavailable'))
    expect(selectUnseenCount(t.actor.getSnapshot())).toBe(2)
    await t.load.resolve({ ...pageOf([unseen('a', 10), unseen('b', 20)]), unseen_count: 2 })
    t.actor.send({ type: 'notifications.markRead', id: 'b' })
    expect(selectUnseenCount(t.actor.getSnapshot())).toBe(1)
  })

  it('Scenario: a server without unseen_count (SPEC §7) counts the unread as unseen', async () => {
    const t = await signedInWith(pageOf([n1, n2, n3], true, 7))
    expect(selectUnseenCount(t.actor.getSnapshot())).toBe(7)
  })
})

/** Snooze, the Snoozed view, the wake-up, category tabs, the kept tab and the tab counts. */
describe('notifications: snooze, views and counts', () => {
  const until = '2030-01-02T09:00:00.000Z'

  it('Scenario: a snoozed one leaves the inbox at once, unread; the Snoozed view lists it; the wake-up brings it back to the top, unread', async () => {
    const read = makeNotification('r', { read: true, seen: true }, 5)
    const t = await signedInInbox(pageOf([read, n1]))
    t.actor.send({ type: 'notifications.snooze', id: 'r', until })
    expect(t.shown()).toEqual(['n1'])
    await flush()
    expect(t.send.calls).toEqual([{ kind: 'snooze', id: 'r', until, item: read }])
    await t.send.resolve(undefined)
    t.actor.send({ type: 'notifications.filter', filter: 'snoozed' })
    await flush()
    expect(t.view.calls.at(-1)).toEqual({ view: 'snoozed', page: 1, limit: VIEW_PAGE_SIZE })
    expect(t.shown()).toEqual(['r'])
    await t.view.resolve(pageOf([{ ...read, read: false, status: 'unread', seen: false, snoozed_until: until }]))
    expect(t.shown()).toEqual(['r'])
    expect(selectEmptyText(t.actor.getSnapshot())).toBe('Nothing snoozed')
    // The stream announces the wake-up: back in the inbox, unread, and announced as arrived.
    t.actor.send({ type: 'notifications.received', notification: { ...read, read: false, status: 'unread', seen: false, snoozed_until: null } })
    expect(t.shown()).toEqual([])
    t.actor.send({ type: 'notifications.filter', filter: 'all' })
    expect(t.shown()).toEqual(['r', 'n1'])
    expect(t.emitted.filter((e) => e.type === 'notifications.arrived').at(-1)).toMatchObject({ notifications: [{ _id: 'r' }] })
  })

  it('Scenario: Unsnooze puts it back at once; a failed snooze is rolled back', async () => {
    const t = await signedInInbox(pageOf([n1, n3]))
    t.actor.send({ type: 'notifications.snooze', id: 'n3', until })
    await t.send.reject(new Error('Service unavailable'))
    expect(t.shown()).toEqual(['n1', 'n3'])
    expect(t.emitted.find((e) => e.type === 'notifications.rolledBack')).toMatchObject({ change: { kind: 'snooze', id: 'n3' } })
    await t.load.resolve(pageOf([n1, n3]))
    t.actor.send({ type: 'notifications.snooze', id: 'n3', until })
    await t.send.resolve(undefined)
    t.actor.send({ type: 'notifications.unsnooze', id: 'n3' })
    expect(t.shown()).toEqual(['n1', 'n3'])
    await flush()
    expect(t.send.calls.at(-1)).toMatchObject({ kind: 'unsnooze', id: 'n3' })
  })

  it('Scenario: a category tab narrows the list and loads that category (merged, not counted twice); the tab is emitted to be kept and restored', async () => {
    const t = await signedInInbox(pageOf([n1, n2], true, 3))
    t.actor.send({ type: 'notifications.category', category: 'alert' })
    expect(t.shown()).toEqual([])
    expect(t.emitted.at(-1)).toEqual({ type: 'notifications.viewChanged', filter: 'all', category: 'alert' })
    await flush()
    expect(t.view.calls.at(-1)).toEqual({ view: 'inbox', category: 'alert', page: 1, limit: VIEW_PAGE_SIZE })
    const far = makeNotification('far', { category: 'alert' }, 900)
    await t.view.resolve(pageOf([far], false))
    expect(t.shown()).toEqual(['far'])
    // far was one of the 3 unread the server counted: the total stays 3.
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(3)
    t.actor.send({ type: 'notifications.category', category: null })
    expect(t.shown()).toEqual(['n1', 'n2:r', 'far'])
    // The inbox's next page lists it again: it was counted when the tab found it, not twice.
    t.actor.send({ type: 'notifications.loadMore' })
    await t.load.resolve(pageOf([far], false, 3))
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(3)
    t.actor.send({ type: 'notifications.viewRestored', filter: 'unread', category: 'alert' })
    expect(t.actor.getSnapshot().context).toMatchObject({ filter: 'unread', category: 'alert' })
    await flush()
    expect(t.view.calls.at(-1)).toEqual({ view: 'unread', category: 'alert', page: 1, limit: VIEW_PAGE_SIZE })
  })

  it('Scenario: the tab counts are fetched once after a burst of changes, 300 ms after the last', async () => {
    const t = await signedInInbox(pageOf([n1, n3]))
    t.clock.increment(COUNTS_DEBOUNCE_MS)
    await flush()
    await t.counts.resolve({ inbox: 2, unread: 2, unseen: 2, archived: 0, snoozed: 0, categories: { system: 2 } })
    const before = t.counts.calls.length
    t.actor.send({ type: 'notifications.archive', id: 'n1' })
    await t.send.resolve(undefined)
    t.actor.send({ type: 'notifications.archive', id: 'n3' })
    await t.send.resolve(undefined)
    t.clock.increment(COUNTS_DEBOUNCE_MS - 1)
    await flush()
    expect(t.counts.calls.length).toBe(before)
    t.clock.increment(1)
    await flush()
    expect(t.counts.calls.length).toBe(before + 1)
    await t.counts.resolve({ inbox: 0, unread: 0, unseen: 0, archived: 2, snoozed: 0, categories: {} })
    expect(t.actor.getSnapshot().context.counts).toMatchObject({ archived: 2 })
  })
})
