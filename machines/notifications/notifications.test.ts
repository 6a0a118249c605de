/** Scenarios of the `list` region: page 1 on sign-in, the org switch, failures, the poll, pushes, load more and the filters. */
import { SimulatedClock } from 'xstate'
import { describe, expect, it } from 'vitest'
import { safeActionUrl } from '../../contract/notifications.ts'
import { flush } from '../testing/stubs.ts'
import { makeNotification, pageOf } from './notifications.fixtures.ts'
import { n1, n2, n3, signedInWith, start } from './notifications.harness.ts'
import { FETCH_FAILED_MESSAGE } from './notifications.types.ts'
import { badgeText, selectCanLoadMore, selectEmptyText, selectUnreadCount, selectVisible } from './notifications.selectors.ts'

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
