import { describe, expect, it } from 'vitest'
import { makeNotification, pageOf } from '../../machines/notifications/notifications.fixtures.ts'
import type { NotificationChange } from '../../machines/notifications/notifications.list.ts'
import { memoryStorage } from '../platform/cookies.ts'
import { SENT_AT_CLOSE_KEY, SENT_AT_CLOSE_WINDOW_MS, dropSentAtClose, firstReadSentAtClose, keepSentAtClose, takeSentAtClose, withSentAtClose } from './notifications-closing.ts'

const n1 = makeNotification('n1')
const n2 = makeNotification('n2')
const n3 = makeNotification('n3', { read: true, status: 'read', seen: true })
const removeN1: NotificationChange = { kind: 'remove', id: 'n1', item: n1 }
const snoozeN3: NotificationChange = { kind: 'snooze', id: 'n3', until: '2030-01-01T09:00:00.000Z', item: n3 }

describe('the changes a closing page sent, kept for the next page of the tab', () => {
  it('keeps what was sent and hands it back once, within the window, for the same workspace only', () => {
    const storage = memoryStorage()
    keepSentAtClose(storage, 'org-a', [removeN1], 1_000)
    expect(takeSentAtClose(storage, 'org-a', 1_000 + SENT_AT_CLOSE_WINDOW_MS)).toEqual([removeN1])
    // Taken: a later page (a reload after the person restored it) gets nothing.
    expect(takeSentAtClose(storage, 'org-a', 1_000)).toEqual([])
    keepSentAtClose(storage, 'org-a', [removeN1], 1_000)
    expect(takeSentAtClose(storage, 'org-b', 1_000)).toEqual([])
    // Another workspace's read drops what is kept.
    expect(storage.getItem(SENT_AT_CLOSE_KEY)).toBeNull()
  })

  it('drops them once the window is over, and never hands back what was kept in the future', () => {
    const storage = memoryStorage()
    keepSentAtClose(storage, 'org-a', [removeN1], 1_000)
    expect(takeSentAtClose(storage, 'org-a', 1_001 + SENT_AT_CLOSE_WINDOW_MS)).toEqual([])
    expect(storage.getItem(SENT_AT_CLOSE_KEY)).toBeNull()
    keepSentAtClose(storage, 'org-a', [removeN1], 5_000)
    expect(takeSentAtClose(storage, 'org-a', 4_999)).toEqual([])
  })

  it('adds a second close within the window to the first, and starts over after it', () => {
    const storage = memoryStorage()
    keepSentAtClose(storage, 'org-a', [removeN1], 1_000)
    keepSentAtClose(storage, 'org-a', [snoozeN3], 2_000)
    expect(takeSentAtClose(storage, 'org-a', 2_000)).toEqual([removeN1, snoozeN3])
    keepSentAtClose(storage, 'org-a', [removeN1], 1_000)
    keepSentAtClose(storage, 'org-a', [snoozeN3], 1_001 + SENT_AT_CLOSE_WINDOW_MS)
    expect(takeSentAtClose(storage, 'org-a', 1_001 + SENT_AT_CLOSE_WINDOW_MS)).toEqual([snoozeN3])
  })

  it("gives the page's first read what was kept, and its later reads nothing", () => {
    const win = { sessionStorage: memoryStorage() } as unknown as Window
    keepSentAtClose(win.sessionStorage, 'org-a', [removeN1], 1_000)
    const sentAtClose = firstReadSentAtClose(win, () => 'org-a', () => 2_000)
    expect(sentAtClose()).toEqual([removeN1])
    keepSentAtClose(win.sessionStorage, 'org-a', [snoozeN3], 2_000)
    expect(sentAtClose()).toEqual([])
  })

  it('forgets what was kept when the page that sent it is on screen again', () => {
    const storage = memoryStorage()
    keepSentAtClose(storage, 'org-a', [removeN1], 1_000)
    dropSentAtClose(storage)
    expect(takeSentAtClose(storage, 'org-a', 1_000)).toEqual([])
  })

  it('keeps only what can be held for Undo; nothing when nothing was', () => {
    const storage = memoryStorage()
    keepSentAtClose(storage, 'org-a', [{ kind: 'read', id: 'n1' }], 1_000)
    expect(storage.length).toBe(0)
    keepSentAtClose(storage, 'org-a', [{ kind: 'read', id: 'n1' }, removeN1], 1_000)
    expect(takeSentAtClose(storage, 'org-a', 1_000)).toEqual([removeN1])
  })

  it.each([
    ['not JSON', '{'],
    ['a NUL in place of an object', '"\\u0000"'],
    ['an unknown kind', JSON.stringify({ orgId: 'org-a', sentAt: 1_000, changes: [{ kind: 'readAll', ids: [] }] })],
    ['a change without its item', JSON.stringify({ orgId: 'org-a', sentAt: 1_000, changes: [{ kind: 'remove', id: 'n1' }] })],
    ['a time that is text', JSON.stringify({ orgId: 'org-a', sentAt: '1000', changes: [] })],
  ])('reads %s as nothing kept', (_name, raw) => {
    const storage = memoryStorage()
    storage.setItem(SENT_AT_CLOSE_KEY, raw)
    expect(takeSentAtClose(storage, 'org-a', 1_000)).toEqual([])
  })

  it('shrugs off storage that throws (disabled, full)', () => {
    const throwing = {
      getItem: () => {
        throw new Error('disabled')
      },
      setItem: () => {
        throw new Error('quota')
      },
      removeItem: () => {
        throw new Error('disabled')
      },
    }
    expect(() => keepSentAtClose(throwing, 'org-a', [removeN1], 1_000)).not.toThrow()
    expect(takeSentAtClose(throwing, 'org-a', 1_000)).toEqual([])
  })
})

describe('an inbox page with the changes sent at close laid over it', () => {
  it('leaves out what the server has not yet deleted or snoozed, and lowers the counts by the unread and unseen among them', () => {
    const page = { ...pageOf([n1, n2, n3], false, 2), unseen_count: 2 }
    const laid = withSentAtClose(page, [removeN1, snoozeN3])
    expect(laid.notifications.map((n) => n._id)).toEqual(['n2'])
    expect(laid.unread_count).toBe(1)
    expect(laid.unseen_count).toBe(1)
  })

  it('changes nothing once the server has them, nor without changes', () => {
    const page = pageOf([n2], false, 1)
    expect(withSentAtClose(page, [removeN1, snoozeN3])).toBe(page)
    expect(withSentAtClose(page, [])).toBe(page)
  })

  it('leaves a count at its cap as it is (it means "at least")', () => {
    const page = pageOf([n1, n2], true, 100)
    expect(withSentAtClose(page, [removeN1]).unread_count).toBe(100)
  })

  it('takes out an archived one and every one of a delete-all', () => {
    const page = pageOf([n1, n2, n3], false, 2)
    expect(withSentAtClose(page, [{ kind: 'archive', id: 'n2', item: n2 }]).notifications.map((n) => n._id)).toEqual(['n1', 'n3'])
    expect(withSentAtClose(page, [{ kind: 'removeAll', removed: [n1, n2, n3] }])).toMatchObject({ notifications: [], unread_count: 0 })
  })
})
