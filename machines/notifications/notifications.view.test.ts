/** Scenarios of the `view` and `counts` regions: snooze and the Snoozed view, category tabs, the kept tab, the tab counts. */
import { describe, expect, it } from 'vitest'
import { flush } from '../testing/stubs.ts'
import { makeNotification, pageOf } from './notifications.fixtures.ts'
import { n1, n2, n3, signedInInbox } from './notifications.harness.ts'
import { COUNTS_DEBOUNCE_MS, VIEW_PAGE_SIZE } from './notifications.types.ts'
import { selectEmptyText, selectUnreadCount } from './notifications.selectors.ts'

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
