// @vitest-environment jsdom
import '../testing/jsdom.ts'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { NotificationsPage } from '../../../contract/notifications.ts'
import { makeNotification } from '../../../machines/notifications/notifications.fixtures.ts'
import type { NotificationChange } from '../../../machines/notifications/notifications.list.ts'
import { notificationsMachine } from '../../../machines/notifications/notifications.machine.ts'
import { DeferredStateProvider, NotificationsActorProvider } from '../../system/react.tsx'
import { NotificationsBell } from './NotificationsBell.tsx'
import { preloadOverlaySurfaces } from '../primitives/overlays/surfaces.tsx'

/** How long a lookup waits for the panel, a lazily loaded chunk (ms): a busy machine takes seconds to load it. */
const LAZY_MS = 10_000

afterEach(cleanup)
// The shell fetches the overlay surfaces once it has painted; these tests start from there.
beforeAll(() => preloadOverlaySurfaces(), 30_000)


/** A notifications actor started in `signedIn` with `items`, its change calls recorded in `sent`. */
function startedActor(items: ReturnType<typeof makeNotification>[], unreadBeyond = 0, unreadCapped = false) {
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
      context: { orgId: 'o-acme', items, hasMore: false, page: 1, filter: 'all', error: null, hasNew: true, unreadBeyond, unreadCapped, pending: [], settledDuringFetch: [], held: null },
    }),
  }).start()
  return { actor, sent }
}

function renderBell(items = [
  makeNotification('n1', { title: 'Invoice paid', actionUrl: '/app/billing', actionText: 'Open billing', category: 'transaction' }, 10),
  makeNotification('n2', { title: 'Sneaky <b>link</b>', actionUrl: 'javascript:alert(1)' }, 20),
  makeNotification('n3', { title: 'Old news', read: true }, 30),
], unreadBeyond = 0, unreadCapped = false) {
  const { actor, sent } = startedActor(items, unreadBeyond, unreadCapped)
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
    expect(screen.getByRole('button', { name: /^Notifications\b/ })).toHaveProperty('textContent', '99+ unread')
  })

  it('Scenario: the badge names an exact count it knows, and no number when the server stopped counting at 100', () => {
    renderBell(undefined, 148)
    expect(screen.getByTitle('150 unread')).toHaveProperty('textContent', '99+ unread')
    cleanup()
    // A floor of 100 with some read since: still '99+', and the tooltip claims no exact number.
    renderBell(undefined, 60, true)
    expect(screen.getByRole('button', { name: /^Notifications\b/ })).toHaveProperty('textContent', '99+ unread')
    expect(screen.getByTitle('More than 99 unread')).toBeTruthy()
  })

  it('Scenario: the panel renders text, links only safe action URLs, and marking one read drops the count', async () => {
    const user = userEvent.setup()
    const { sent } = renderBell()
    const bell = screen.getByRole('button', { name: /^Notifications\b/ })
    expect(bell.textContent).toBe('2 unread')
    await user.click(bell)
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' }, { timeout: LAZY_MS })
    // The title is text: no <b> element is created from it. (The panel is a lazy chunk: find, not get.)
    expect(await within(dialog).findByText('Sneaky <b>link</b>', {}, { timeout: LAZY_MS })).toBeTruthy()
    expect(dialog.querySelector('b')).toBeNull()
    const links = within(dialog).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual([
      ['Open billing', '/app/billing'],
      ['Open inbox', '/app/notifications'],
      ['View all notifications', '/app/setting/profile-settings?tab=notification-settings'],
    ])
    await user.click(within(dialog).getByRole('button', { name: 'Mark read: Invoice paid' }))
    // Opening the panel first marked what it lists seen.
    expect(sent).toEqual([expect.objectContaining({ kind: 'seen' }), { kind: 'read', id: 'n1' }])
    // The popover hides the page from assistive tech while open, hence `hidden`.
    expect(screen.getByRole('button', { name: /^Notifications\b/, hidden: true }).textContent).toBe('1 unread')
  })

  it('Scenario: the unread filter, then mark all read shows the unread empty text', async () => {
    const user = userEvent.setup()
    renderBell()
    await user.click(screen.getByRole('button', { name: /^Notifications\b/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' }, { timeout: LAZY_MS })
    await user.click(await within(dialog).findByRole('radio', { name: 'Unread' }, { timeout: LAZY_MS }))
    expect(within(dialog).queryByText('Old news')).toBeNull()
    // The bulk actions are in the '⋯' menu.
    await user.click(within(dialog).getByRole('button', { name: 'Notification actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Mark all read' }))
    expect(within(dialog).getByText('No unread notifications')).toBeTruthy()
  })

  it('Scenario: Delete all from the menu hides the list at once and sends nothing yet', async () => {
    const user = userEvent.setup()
    const { actor, sent } = renderBell()
    await user.click(screen.getByRole('button', { name: /^Notifications\b/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' }, { timeout: LAZY_MS })
    await within(dialog).findByText('Old news')
    await user.click(within(dialog).getByRole('button', { name: 'Notification actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete all' }))
    expect(within(dialog).getByText('No notifications yet')).toBeTruthy()
    // Only the seen of the opening went out: no delete yet.
    expect(sent.map((c) => c.kind)).toEqual(['seen'])
    await act(async () => {
      actor.send({ type: 'notifications.undoRemoveAll' })
    })
    expect(within(dialog).getByText('Old news')).toBeTruthy()
  })

  it('Scenario: following View all notifications closes the panel', async () => {
    const user = userEvent.setup()
    renderBell()
    await user.click(screen.getByRole('button', { name: /^Notifications\b/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' }, { timeout: LAZY_MS })
    const viewAll = await within(dialog).findByRole('link', { name: 'View all notifications' })
    // jsdom does not navigate; the press alone must close the popover.
    viewAll.addEventListener('click', (e) => e.preventDefault())
    await user.click(viewAll)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull())
  })

  it('Scenario: each category has its own icon and anything else a bell; a missing action text reads View Details (SPEC §3)', async () => {
    const user = userEvent.setup()
    renderBell([
      makeNotification('c1', { title: 'Sys', category: 'system' }, 10),
      makeNotification('c2', { title: 'Alarm', category: 'alert' }, 20),
      makeNotification('c3', { title: 'Odd', category: 'something-else' }, 30),
      makeNotification('c4', { title: 'Meta link', actionUrl: null, actionText: null, metadata: { action_url: '/app/billing' } }, 40),
    ])
    await user.click(screen.getByRole('button', { name: /^Notifications\b/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' }, { timeout: LAZY_MS })
    await within(dialog).findByRole('listitem', { name: 'Unread: Sys' })
    const iconOf = (title: string) => within(dialog).getByRole('listitem', { name: `Unread: ${title}` }).querySelector('svg')?.getAttribute('class') ?? ''
    expect(iconOf('Sys')).toContain('lucide-settings')
    expect(iconOf('Alarm')).toContain('lucide-triangle-alert')
    expect(iconOf('Odd')).toContain('lucide-bell')
    expect(new Set([iconOf('Sys'), iconOf('Alarm'), iconOf('Odd')]).size).toBe(3)
    const link = within(dialog).getByRole('link', { name: 'View Details' })
    expect(link.getAttribute('href')).toBe('/app/billing')
  })

  it('Scenario: the new-notification flag rings the bell until the panel is opened, and again when one arrives (SPEC §4)', async () => {
    const user = userEvent.setup()
    const { actor } = renderBell()
    const bell = screen.getByRole('button', { name: /^Notifications\b/ })
    expect(bell.hasAttribute('data-new')).toBe(true)
    await user.click(bell)
    await screen.findByRole('dialog', { name: 'Notifications' })
    const hiddenBell = () => screen.getByRole('button', { name: /^Notifications\b/, hidden: true })
    expect(hiddenBell().hasAttribute('data-new')).toBe(false)
    await act(async () => {
      actor.send({ type: 'notifications.received', notification: makeNotification('n9', { title: 'Fresh' }, 1) })
    })
    expect(hiddenBell().hasAttribute('data-new')).toBe(true)
  })

  it('Scenario: before the deferred actor has started the bell is there without a badge, asks for it, and opens on a loading panel that it fills once it arrives', async () => {
    const user = userEvent.setup()
    const asked: number[] = []
    const { actor } = startedActor([makeNotification('n1', { title: 'Invoice paid' }, 10)])
    function App({ started }: { started: boolean }) {
      return (
        <DeferredStateProvider value={{ pending: !started, start: () => asked.push(1) }}>
          <NotificationsActorProvider actor={started ? actor : null}>
            <NotificationsBell />
          </NotificationsActorProvider>
        </DeferredStateProvider>
      )
    }
    const view = render(<App started={false} />)
    const bell = screen.getByRole('button', { name: 'Notifications' })
    expect(bell.hasAttribute('data-new')).toBe(false)
    expect(asked).toHaveLength(1)
    await user.click(bell)
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' }, { timeout: LAZY_MS })
    expect(within(dialog).getByRole('status')).toHaveProperty('textContent', 'Loading notifications…')
    view.rerender(<App started />)
    expect(await within(dialog).findByText('Invoice paid')).toBeTruthy()
    // Opened before it started: it heard `notifications.seen` once it had, so the bell stops ringing.
    await waitFor(() => expect(actor.getSnapshot().context.hasNew).toBe(false))
  })

  it('Scenario: outside the app (no actor, nothing pending) there is no bell', () => {
    render(<NotificationsBell />)
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull()
  })
})
