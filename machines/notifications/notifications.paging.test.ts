/**
 * Scenarios of 'Load more' by cursor and of the counts the server stops at 100 (SPEC.md §2.6
 * '99+', §4 Notifications; docs/api.md "Notifications"): the next page is asked for after the
 * last page's `next_cursor` (by page number from a server that sends none), and an unread count
 * at the cap is shown as '99+', never as an exact number, until an exact count comes.
 */
import { describe, expect, it } from 'vitest'
import type { NotificationCounts, NotificationsPage } from '../../contract/notifications.ts'
import { flush } from '../testing/stubs.ts'
import { makeNotification, pageOf } from './notifications.fixtures.ts'
import { n1, n2, n3, signedInInbox, signedInWith } from './notifications.harness.ts'
import { badgeText, countText, selectBadge, selectCanLoadMore, selectCategoryTabs, selectUnreadCount, selectUnreadIsFloor } from './notifications.selectors.ts'
import { COUNTS_DEBOUNCE_MS, VIEW_PAGE_SIZE } from './notifications.types.ts'

/** `pageOf` with a cursor. */
const withCursor = (page: NotificationsPage, next_cursor: string | null): NotificationsPage => ({ ...page, next_cursor })

/** Twenty unread notifications `u0`…`u19`, newest first, older than n1–n3. */
const twenty = Array.from({ length: 20 }, (_, i) => makeNotification(`u${i}`, {}, 100 + i))

const counts = (unread: number, categories: Record<string, number> = {}): NotificationCounts => ({ inbox: unread, unread, unseen: unread, archived: 0, snoozed: 0, categories })

describe('notifications', () => {
  it("Scenario: 'Load more' asks for the rows after the last page's cursor, each page after the one before", async () => {
    const t = await signedInWith(withCursor(pageOf([n1, n2], true), 'c1'))
    t.actor.send({ type: 'notifications.loadMore' })
    await flush()
    expect(t.load.calls.at(-1)).toEqual({ page: 2, limit: 20, cursor: 'c1' })
    await t.load.resolve(withCursor(pageOf([n3], true), 'c2'))
    t.actor.send({ type: 'notifications.loadMore' })
    await flush()
    expect(t.load.calls.at(-1)).toEqual({ page: 3, limit: 20, cursor: 'c2' })
    await t.load.resolve(withCursor(pageOf([makeNotification('n4', {}, 40)], false), null))
    expect(t.ids()).toEqual(['n1', 'n2:r', 'n3', 'n4'])
    expect(selectCanLoadMore(t.actor.getSnapshot())).toBe(false)
  })

  it("Scenario: a push arriving between pages shifts nothing: the next page still starts after the last row shown", async () => {
    const t = await signedInWith(withCursor(pageOf([n2, n3], true), 'after-n3'))
    t.actor.send({ type: 'notifications.received', notification: n1 })
    t.actor.send({ type: 'notifications.loadMore' })
    await flush()
    expect(t.load.calls.at(-1)).toMatchObject({ cursor: 'after-n3' })
  })

  it('Scenario: from a server without next_cursor (SPEC §7), the next page is asked for by number', async () => {
    const t = await signedInWith(pageOf([n1, n2], true))
    t.actor.send({ type: 'notifications.loadMore' })
    await flush()
    expect(t.load.calls.at(-1)).toEqual({ page: 2, limit: 20 })
  })

  it("Scenario: the Archived view's 'Load more' follows its own cursor", async () => {
    const t = await signedInInbox(withCursor(pageOf([n1], false), null))
    t.actor.send({ type: 'notifications.filter', filter: 'archived' })
    await flush()
    expect(t.view.calls.at(-1)).toEqual({ view: 'archived', page: 1, limit: VIEW_PAGE_SIZE })
    await t.view.resolve(withCursor(pageOf([makeNotification('a1', { archived: true, read: true }, 50)], true), 'a-next'))
    t.actor.send({ type: 'notifications.loadMore' })
    await flush()
    expect(t.view.calls.at(-1)).toEqual({ view: 'archived', page: 2, limit: VIEW_PAGE_SIZE, cursor: 'a-next' })
  })

  it("Scenario: an unread count at the server's cap shows '99+' and no exact number, through reads, until the counts say fewer", async () => {
    // 20 unread loaded of "100 or more".
    const t = await signedInInbox(withCursor(pageOf(twenty, true, 100), 'c1'))
    const s = () => t.actor.getSnapshot()
    expect([selectBadge(s()), selectUnreadIsFloor(s())]).toEqual(['99+', true])
    // Reading 3 does not make it "97": the server's count was a floor.
    for (const id of ['u0', 'u1', 'u2']) {
      t.actor.send({ type: 'notifications.markRead', id })
      await t.send.resolve(undefined)
    }
    expect(selectBadge(s())).toBe('99+')
    expect(selectUnreadCount(s())).toBeGreaterThan(99)
    // The tab counts, fetched after the changes, still at the cap: still '99+'.
    t.clock.increment(COUNTS_DEBOUNCE_MS)
    await flush()
    await t.counts.resolve(counts(100))
    expect(selectBadge(s())).toBe('99+')
    // Another read; the counts now say 96: exact again, the loaded 16 and 80 beyond.
    t.actor.send({ type: 'notifications.markRead', id: 'u3' })
    await t.send.resolve(undefined)
    t.clock.increment(COUNTS_DEBOUNCE_MS)
    await flush()
    await t.counts.resolve(counts(96))
    expect([selectUnreadIsFloor(s()), selectUnreadCount(s()), selectBadge(s())]).toEqual([false, 96, '96'])
  })

  it("Scenario: a count answered while a change is pending leaves the floor alone; 'Mark all read' makes it an exact 0, and its rollback restores '99+'", async () => {
    const t = await signedInInbox(withCursor(pageOf(twenty, true, 100), 'c1'))
    const s = () => t.actor.getSnapshot()
    t.clock.increment(COUNTS_DEBOUNCE_MS)
    await flush()
    t.actor.send({ type: 'notifications.markRead', id: 'u0' })
    await t.counts.resolve(counts(12))
    expect(selectUnreadIsFloor(s())).toBe(true)
    await t.send.resolve(undefined)
    t.actor.send({ type: 'notifications.markAllRead' })
    expect([selectUnreadIsFloor(s()), selectUnreadCount(s()), selectBadge(s())]).toEqual([false, 0, ''])
    await t.send.reject(new Error('Service unavailable'))
    expect([selectUnreadIsFloor(s()), selectBadge(s())]).toEqual([true, '99+'])
  })

  it("Scenario: under 'unread', 'Load more' stays offered while the count is a floor, even with none counted beyond", async () => {
    const t = await signedInInbox(withCursor(pageOf(twenty, true, 100), 'c1'))
    t.actor.send({ type: 'notifications.filter', filter: 'unread' })
    for (let i = 0; i < 4; i++) {
      t.actor.send({ type: 'notifications.loadMore' })
      await flush()
      await t.load.resolve(withCursor(pageOf(Array.from({ length: 20 }, (_, j) => makeNotification(`p${i}-${j}`, {}, 200 + i * 20 + j)), true, 100), `c${i + 2}`))
    }
    expect(t.actor.getSnapshot().context.unreadBeyond).toBe(0)
    expect(selectCanLoadMore(t.actor.getSnapshot())).toBe(true)
    expect(selectBadge(t.actor.getSnapshot())).toBe('99+')
  })

  it("Scenario: category tabs show a count the server stopped at 100 as '99+', smaller ones exactly", async () => {
    const t = await signedInInbox(pageOf([n1, n3]))
    t.clock.increment(COUNTS_DEBOUNCE_MS)
    await flush()
    await t.counts.resolve(counts(100, { message: 100, alert: 99, system: 2 }))
    const tabs = selectCategoryTabs(t.actor.getSnapshot())
    expect(tabs.map((tab) => [tab.category, countText(tab.count)])).toEqual([
      ['alert', '99'],
      ['message', '99+'],
      ['system', '2'],
    ])
    expect([countText(0), countText(100), badgeText(100)]).toEqual(['0', '99+', '99+'])
  })
})
