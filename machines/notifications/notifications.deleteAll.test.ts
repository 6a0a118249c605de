/** Scenarios of delete all (`deletingAll` region): hidden at once, undone within 5 s, sent when the window lapses. */
import { SimulatedClock } from 'xstate'
import { describe, expect, it } from 'vitest'
import { flush } from '../testing/stubs.ts'
import { makeNotification, pageOf } from './notifications.fixtures.ts'
import { n1, n2, n3, start } from './notifications.harness.ts'
import { DELETE_ALL_UNDO_MS } from './notifications.types.ts'
import { selectCanLoadMore, selectUnreadCount, selectVisible } from './notifications.selectors.ts'

describe('notifications: delete all', () => {
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
})
