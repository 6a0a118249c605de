// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { NotificationsPage } from '../../../contract/notifications.ts'
import { makeNotification } from '../../../machines/notifications/notifications.fixtures.ts'
import type { NotificationChange } from '../../../machines/notifications/notifications.list.ts'
import { notificationsMachine } from '../../../machines/notifications/notifications.machine.ts'
import { NotificationsActorProvider } from '../../system/react.tsx'
import { NotificationsBell } from './NotificationsBell.tsx'

afterEach(cleanup)

const cssApi = ((globalThis as { CSS?: { escape?: (s: string) => string } }).CSS ??= {})
cssApi.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

function renderBell(items = [
  makeNotification('n1', { title: 'Invoice paid', actionUrl: '/app/billing', actionText: 'Open billing', category: 'transaction' }, 10),
  makeNotification('n2', { title: 'Sneaky <b>link</b>', actionUrl: 'javascript:alert(1)' }, 20),
  makeNotification('n3', { title: 'Old news', read: true }, 30),
], unreadBeyond = 0) {
  const sent: NotificationChange[] = []
  const machine = notificationsMachine.provide({
    actors: {
      watchAuth: fromCallback(() => () => {}),
      loadPage: fromPromise<NotificationsPage, { page: number; limit: number }>(() => new Promise(() => {})),
      sendChange: fromPromise<void, NotificationChange>(async ({ input }) => void sent.push(input)),
    },
  })
  const actor = createActor(machine, {
    snapshot: machine.resolveState({
      value: { signedIn: { list: 'idle', changes: 'idle' } },
      context: { orgId: 'o-acme', items, hasMore: false, page: 1, filter: 'all', error: null, hasNew: true, unreadBeyond, pending: [], settledDuringFetch: [] },
    }),
  }).start()
  render(
    <NotificationsActorProvider actor={actor}>
      <NotificationsBell />
    </NotificationsActorProvider>,
  )
  return { actor, sent }
}

describe('NotificationsBell', () => {
  it('Scenario: the bell shows the unread count, and 99+ above 99', () => {
    renderBell(undefined, 150)
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveProperty('textContent', '99+ unread')
  })

  it('Scenario: the panel renders text, links only safe action URLs, and marking one read drops the count', async () => {
    const user = userEvent.setup()
    const { sent } = renderBell()
    const bell = screen.getByRole('button', { name: 'Notifications' })
    expect(bell.textContent).toBe('2 unread')
    await user.click(bell)
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
    // The title is text: no <b> element is created from it.
    expect(within(dialog).getByText('Sneaky <b>link</b>')).toBeTruthy()
    expect(dialog.querySelector('b')).toBeNull()
    const links = within(dialog).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual([
      ['Open billing', '/app/billing'],
      ['View all notifications', '/app/setting/profile-settings?tab=notification-settings'],
    ])
    await user.click(within(dialog).getByRole('button', { name: 'Mark read: Invoice paid' }))
    expect(sent).toEqual([{ kind: 'read', id: 'n1' }])
    // The popover hides the page from assistive tech while open, hence `hidden`.
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true }).textContent).toBe('1 unread')
  })

  it('Scenario: the unread filter, then mark all read shows the unread empty text', async () => {
    const user = userEvent.setup()
    renderBell()
    await user.click(screen.getByRole('button', { name: 'Notifications' }))
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
    await user.click(within(dialog).getByRole('radio', { name: 'Unread' }))
    expect(within(dialog).queryByText('Old news')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Mark all read' }))
    expect(within(dialog).getByText('No unread notifications')).toBeTruthy()
  })
})
