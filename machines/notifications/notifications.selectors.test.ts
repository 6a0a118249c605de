/**
 * The selectors' own rules beyond the machine's scenarios: the visible list
 * keeps its identity while the machine's list is unchanged, groups, and what a row's buttons act on.
 */
import { describe, expect, it } from 'vitest'
import { makeNotification } from './notifications.fixtures.ts'
import type { NotificationFilter } from './notifications.list.ts'
import { notificationsMachine } from './notifications.machine.ts'
import { type NotificationsContext } from './notifications.types.ts'
import {
  actionTextOf,
  displayRows,
  groupRows,
  rowTargets,
  selectCanLoadMore,
  selectDisabledBulkActions,
  selectUnreadCount,
  selectVisible,
} from './notifications.selectors.ts'

const unread = makeNotification('n1', {}, 10)
const read = makeNotification('n2', { read: true }, 20)
const other = makeNotification('n3', {}, 30)

function snapshot(items: NotificationsContext['items'], filter: NotificationFilter, extra: Partial<NotificationsContext> = {}) {
  return notificationsMachine.resolveState({
    value: { signedIn: { list: 'idle', changes: 'idle' } },
    context: {
      orgId: 'o-acme',
      items,
      hasMore: false,
      page: 1,
      filter,
      error: null,
      hasNew: false,
      unreadBeyond: 0,
      pending: [],
      settledDuringFetch: [],
      held: null,
      ...extra,
    },
  })
}

describe('notifications selectors', () => {
  it('Scenario: the unread filter shows the unread ones, as the same array until the list changes', () => {
    const items = [unread, read, other]
    const first = selectVisible(snapshot(items, 'unread'))
    expect(first).toEqual([unread, other])
    // Another snapshot over the same list (e.g. the new-notification flag went down): same array.
    expect(selectVisible(snapshot(items, 'unread', { hasNew: true }))).toBe(first)
    // A changed list gives a new answer.
    const next = selectVisible(snapshot([read, other], 'unread'))
    expect(next).toEqual([other])
    expect(next).not.toBe(first)
  })

  it('Scenario: the all filter is the machine list itself', () => {
    const items = [unread, read]
    expect(selectVisible(snapshot(items, 'all'))).toBe(items)
  })

  it('Scenario: the unread filter with nothing unread left offers no Load more, even while the server has more pages', () => {
    const allRead = [read]
    expect(selectCanLoadMore(snapshot(allRead, 'all', { hasMore: true }))).toBe(true)
    expect(selectCanLoadMore(snapshot(allRead, 'unread', { hasMore: true }))).toBe(false)
    // Unread beyond the loaded pages: the next page may show some.
    expect(selectCanLoadMore(snapshot(allRead, 'unread', { hasMore: true, unreadBeyond: 4 }))).toBe(true)
  })

  it('Scenario: a held delete-all hides its items from the list, the count and Load more', () => {
    const items = [unread, read, other]
    const s = snapshot(items, 'all', { held: [unread, read], hasMore: true })
    expect(selectVisible(s)).toEqual([other])
    expect(selectUnreadCount(s)).toBe(1)
    expect(selectCanLoadMore(s)).toBe(false)
    expect(selectVisible(snapshot(items, 'all', { held: null }))).toBe(items)
  })
})

describe('grouping', () => {
  it("Scenario: notifications sharing a group key are one row at the newest one's place; the others follow in order; no key, no group", () => {
    const n = (id: string, group_key?: string | null) => makeNotification(id, group_key === undefined ? {} : { group_key })
    const rows = groupRows([n('a', 'c1'), n('b'), n('c', 'c2'), n('d', 'c1'), n('e', null), n('f', 'c1')])
    expect(rows.map((r) => [r.lead._id, r.rest.map((m) => m._id)])).toEqual([
      ['a', ['d', 'f']],
      ['b', []],
      ['c', []],
      ['e', []],
    ])
    expect(groupRows([])).toEqual([])
  })
})

describe('rows and their actions', () => {
  const n = (id: string, overrides = {}) => makeNotification(id, { group_key: 'g', ...overrides })
  const group = [n('a'), n('b', { read: true }), n('c')]

  it('Scenario: a closed group is its lead row alone; open, its members follow the lead', () => {
    const rows = groupRows(group)
    expect(displayRows(rows, new Set()).map((d) => [d.notification._id, d.group?.size ?? null, d.member ?? false])).toEqual([['a', 3, false]])
    expect(displayRows(rows, new Set(['g'])).map((d) => [d.notification._id, d.member ?? false])).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
    ])
  })

  it("Scenario: a closed group's buttons act on the whole group, an open group's lead and a member on their own notification", () => {
    const [closed] = displayRows(groupRows(group), new Set())
    expect(rowTargets(closed!)).toEqual({ kind: 'inbox', anyUnread: true, unread: ['a', 'c'], read: ['b'], archived: [], all: ['a', 'b', 'c'] })
    const [lead, member] = displayRows(groupRows(group), new Set(['g']))
    expect(rowTargets(lead!).all).toEqual(['a'])
    expect(rowTargets(member!)).toMatchObject({ anyUnread: false, unread: [], read: ['b'], all: ['b'] })
    expect(rowTargets({ notification: makeNotification('x', { archived: true }) }).kind).toBe('archived')
    expect(rowTargets({ notification: makeNotification('y', { snoozed_until: '2030-01-01T09:00:00.000Z' }) }).kind).toBe('snoozed')
  })

  it("Scenario: the '⋯' menu disables what cannot act: nothing unread, nothing read, nothing shown, or any bulk action in the Archived and Snoozed views", () => {
    expect(selectDisabledBulkActions(snapshot([unread, read], 'all'))).toBe('')
    expect(selectDisabledBulkActions(snapshot([read], 'all'))).toBe('markAllRead')
    expect(selectDisabledBulkActions(snapshot([unread], 'all'))).toBe('archiveRead')
    expect(selectDisabledBulkActions(snapshot([], 'all'))).toBe('markAllRead archiveRead removeAll')
    expect(selectDisabledBulkActions(snapshot([unread, read], 'archived'))).toBe('markAllRead archiveRead removeAll')
  })

  it("Scenario: the action text is the notification's own, or metadata.action_text, else 'View Details' (SPEC §3)", () => {
    expect(actionTextOf(makeNotification('a', { actionText: 'Open invoice' }))).toBe('Open invoice')
    expect(actionTextOf(makeNotification('b', { metadata: { action_text: 'Reply' } }))).toBe('Reply')
    expect(actionTextOf(makeNotification('c'))).toBe('View Details')
  })
})
