/**
 * The selectors' own rules beyond the machine's scenarios: the visible list
 * keeps its identity while the machine's list is unchanged, and relative times reuse one formatter
 * per locale.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { makeNotification } from './notifications.fixtures.ts'
import type { NotificationFilter } from './notifications.list.ts'
import { type NotificationsContext, notificationsMachine } from './notifications.machine.ts'
import {
  actionTextOf,
  displayRows,
  groupRows,
  relativeTime,
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

describe('relativeTime', () => {
  const Original = Intl.RelativeTimeFormat
  /** Intl's properties are read-only in the types, writable at run time. */
  const intl = Intl as { RelativeTimeFormat: typeof Intl.RelativeTimeFormat }
  afterEach(() => {
    intl.RelativeTimeFormat = Original
  })
  const nowMs = Date.UTC(2026, 0, 1)
  const at = (secondsAgo: number) => nowMs / 1000 - secondsAgo

  it('says now under a minute, then minutes, hours, yesterday, and future times', () => {
    expect(relativeTime(at(30), nowMs, 'en')).toBe('now')
    expect(relativeTime(at(5 * 60), nowMs, 'en')).toBe('5 minutes ago')
    expect(relativeTime(at(3 * 3600), nowMs, 'en')).toBe('3 hours ago')
    expect(relativeTime(at(86_400), nowMs, 'en')).toBe('yesterday')
    expect(relativeTime(at(-2 * 3600), nowMs, 'en')).toBe('in 2 hours')
  })

  it('builds one formatter per locale and keeps locales apart', () => {
    let built = 0
    intl.RelativeTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.RelativeTimeFormat>) {
        super(...args)
        built++
      }
    }
    // A locale no other test used: its formatter is not cached yet.
    const texts = Array.from({ length: 50 }, (_, i) => relativeTime(at(60 * (i + 2)), nowMs, 'fr'))
    expect(built).toBe(1)
    expect(texts[0]).toBe('il y a 2 minutes')
    expect(relativeTime(at(120), nowMs, 'de')).toBe('vor 2 Minuten')
    expect(built).toBe(2)
    expect(relativeTime(at(120), nowMs, 'fr')).toBe('il y a 2 minutes')
    expect(built).toBe(2)
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
