// @vitest-environment jsdom
import '../testing/jsdom.ts'
/**
 * The list re-renders only what changed: a state change that leaves the
 * list alone (load more starting) renders no row again, a page appended below renders only its
 * own rows, and a changed notification renders only its row. Rows are counted through
 * `notificationActionHref`, which each row's content calls once per render.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import type { NotificationsPage } from '../../../contract/notifications.ts'
import { makeNotification, pageOf } from '../../../machines/notifications/notifications.fixtures.ts'
import type { NotificationChange } from '../../../machines/notifications/notifications.list.ts'
import { notificationsMachine } from '../../../machines/notifications/notifications.machine.ts'
import { type LoadViewInput, VIEW_PAGE_SIZE } from '../../../machines/notifications/notifications.types.ts'
import { controllable } from '../../../machines/testing/stubs.ts'
import userEvent from '@testing-library/user-event'
import { NotificationList } from './notifications/NotificationList.tsx'
import { NotificationsPanel } from './NotificationsPanel.tsx'

const rowRenders = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../../contract/notifications.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../contract/notifications.ts')>()
  return {
    ...original,
    notificationActionHref: (n: Parameters<typeof original.notificationActionHref>[0]) => {
      rowRenders.count++
      return original.notificationActionHref(n)
    },
  }
})

afterEach(cleanup)

/** 2026-01-01T00:00:00Z, the fixtures' reference time. */
const NOW_MS = 1_767_225_600_000

function renderList() {
  const load = controllable<NotificationsPage, { page: number; limit: number }>()
  const send = controllable<void, NotificationChange>()
  const machine = notificationsMachine.provide({ actors: { watchAuth: fromCallback(() => () => {}), loadPage: load.logic, sendChange: send.logic } })
  const items = [
    makeNotification('n1', { title: 'First' }, 120),
    makeNotification('n2', { title: 'Second' }, 600),
    makeNotification('n3', { title: 'Third' }, 7200),
  ]
  const actor = createActor(machine, {
    snapshot: machine.resolveState({
      value: { signedIn: { list: 'idle', changes: 'idle' } },
      context: {
        orgId: 'o-acme',
        items,
        hasMore: true,
        page: 1,
        filter: 'all',
        error: null,
        hasNew: false,
        unreadBeyond: 0,
        pending: [],
        settledDuringFetch: [],
        held: null,
      },
    }),
  }).start()
  render(<NotificationList actor={actor} now={() => NOW_MS} />)
  return { actor, load }
}

describe('NotificationList', () => {
  it('Scenario: rows render again only when their notification or time text changes', async () => {
    const { actor, load } = renderList()
    const list = screen.getByRole('list', { name: 'Notifications' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    expect(within(list).getByRole('listitem', { name: 'Unread: Second' }).textContent).toContain('10 minutes ago')
    expect(rowRenders.count).toBe(3)

    // Load more starts: the button changes, the rows do not.
    rowRenders.count = 0
    await act(async () => {
      actor.send({ type: 'notifications.loadMore' })
    })
    expect(screen.getByRole('button', { name: 'Loading more...' })).toBeTruthy()
    expect(rowRenders.count).toBe(0)

    // The next page arrives: only its two rows are rendered.
    await act(async () => {
      await load.resolve(pageOf([makeNotification('n4', { title: 'Fourth' }, 86_400), makeNotification('n5', { title: 'Fifth' }, 90_000)]))
    })
    expect(within(list).getAllByRole('listitem')).toHaveLength(5)
    expect(within(list).getByRole('listitem', { name: 'Unread: Fourth' }).textContent).toContain('yesterday')
    expect(rowRenders.count).toBe(2)

    // Marking one read renders that row only.
    rowRenders.count = 0
    await act(async () => {
      actor.send({ type: 'notifications.markRead', id: 'n2' })
    })
    expect(within(list).getByRole('listitem', { name: 'Second' })).toBeTruthy()
    expect(rowRenders.count).toBe(1)

    // The panel opened marks every loaded row seen: nothing a row shows, so no row renders again.
    rowRenders.count = 0
    await act(async () => {
      actor.send({ type: 'notifications.seen' })
    })
    expect(actor.getSnapshot().context.items.every((n) => n.seen !== false)).toBe(true)
    expect(rowRenders.count).toBe(0)
  })
})

describe('NotificationsPanel inbox actions', () => {
  it('Scenario: Archive takes a row out of All at once, the Archived view lists it with Restore, and Mark unread flips a read row', async () => {
    const user = userEvent.setup()
    const load = controllable<NotificationsPage, { page: number; limit: number }>()
    const archived = controllable<NotificationsPage, LoadViewInput>()
    const send = controllable<void, NotificationChange>()
    const machine = notificationsMachine.provide({
      actors: { watchAuth: fromCallback(() => () => {}), loadPage: load.logic, loadView: archived.logic, sendChange: send.logic },
    })
    const actor = createActor(machine).start()
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await load.resolve(pageOf([makeNotification('n1', { title: 'First' }, 120), makeNotification('n2', { title: 'Second', read: true }, 600)]))
    render(<NotificationsPanel actor={actor} now={() => NOW_MS} />)
    const list = () => screen.getByRole('list', { name: 'Notifications' })

    await user.click(screen.getByRole('button', { name: 'Mark unread: Second' }))
    expect(within(list()).getByRole('listitem', { name: 'Unread: Second' })).toBeTruthy()
    await act(() => send.resolve(undefined))

    await user.click(screen.getByRole('button', { name: 'Archive: First' }))
    expect(
      within(list())
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Unread: Second'])
    // Held for 'Undo' until its window lapses.
    expect(send.calls.map((c) => c.kind)).toEqual(['unread'])
    act(() => actor.send({ type: 'notifications.holdLapsed', holdId: 'hold-1' }))
    await act(() => send.resolve(undefined))

    await user.click(screen.getByRole('radio', { name: 'Archived' }))
    expect(archived.calls).toEqual([{ view: 'archived', page: 1, limit: VIEW_PAGE_SIZE }])
    await act(() => archived.resolve(pageOf([makeNotification('n1', { title: 'First', archived: true }, 120)])))
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Restore: First' }))
    expect(screen.getByText('No archived notifications')).toBeTruthy()
    expect(send.calls.map((c) => c.kind)).toEqual(['unread', 'archive', 'restore'])
  })
})

describe('NotificationsPanel action links', () => {
  it('Scenario: a notification’s link opened in a new tab (Ctrl or Cmd click, middle click) marks it read', async () => {
    const load = controllable<NotificationsPage, { page: number; limit: number }>()
    const send = controllable<void, NotificationChange>()
    const machine = notificationsMachine.provide({ actors: { watchAuth: fromCallback(() => () => {}), loadPage: load.logic, sendChange: send.logic } })
    const actor = createActor(machine).start()
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await load.resolve(
      pageOf([
        makeNotification('n1', { title: 'First', actionUrl: '/app/billing', actionText: 'Open billing' }, 120),
        makeNotification('n2', { title: 'Second', actionUrl: '/app/billing', actionText: 'See billing' }, 600),
      ]),
    )
    render(<NotificationsPanel actor={actor} now={() => NOW_MS} />)
    const first = screen.getByRole('link', { name: 'Open billing' })
    act(() => void first.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true })))
    const second = screen.getByRole('link', { name: 'See billing' })
    act(() => void second.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 })))
    expect(send.calls).toEqual([{ kind: 'read', id: 'n1' }])
    await act(() => send.resolve(undefined))
    expect(send.calls).toEqual([
      { kind: 'read', id: 'n1' },
      { kind: 'read', id: 'n2' },
    ])
  })
})

describe('NotificationsPanel focus after a row leaves', () => {
  it('Scenario: archiving from the keyboard moves focus to the next row’s Archive, and from the last row to the previous row’s', async () => {
    const user = userEvent.setup()
    const load = controllable<NotificationsPage, { page: number; limit: number }>()
    const send = controllable<void, NotificationChange>()
    const machine = notificationsMachine.provide({ actors: { watchAuth: fromCallback(() => () => {}), loadPage: load.logic, sendChange: send.logic } })
    const actor = createActor(machine).start()
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await load.resolve(
      pageOf([
        makeNotification('n1', { title: 'First' }, 120),
        makeNotification('n2', { title: 'Second', read: true }, 600),
        makeNotification('n3', { title: 'Third' }, 900),
      ]),
    )
    render(<NotificationsPanel actor={actor} now={() => NOW_MS} />)

    screen.getByRole('button', { name: 'Archive: First' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('button', { name: 'Archive: First' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Archive: Second' }))

    screen.getByRole('button', { name: 'Delete: Third' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('button', { name: 'Delete: Third' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete: Second' }))
  })
})
