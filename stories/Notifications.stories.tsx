/**
 * The notifications bell and panel (SPEC §2.6, §3 Notification) and /app/notifications, one story
 * per state a person can see. Actors start from a saved state (stories/notifications-actor.tsx)
 * with loads that never answer and changes that succeed at once.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { RouterProvider } from 'react-aria-components'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import type { Notification } from '../contract/notifications.ts'
import { NotificationsView } from '../src/pages/NotificationsPage.tsx'
import { NotificationsActorProvider } from '../src/system/react.tsx'
import { NotificationsBell } from '../src/ui/shell/NotificationsBell.tsx'
import { createActor } from 'xstate'
import { toastsMachine } from '../machines/toasts/toasts.machine.ts'
import { toastDeleteAllUndo, toastHoldUndo } from '../src/system/notifications.ts'
import { ToastsActorProvider } from '../src/system/toasts.tsx'
import { ToastRegion } from '../src/ui/ToastRegion.tsx'
import type { MachineStateParameter } from './machine-states.ts'
import { type NotificationsStoryState, at, inboxActorIn, notificationsActorIn, sample } from './notifications-actor.tsx'

interface Args {
  readonly navigate: (href: string) => void
  /** For the `Playground` story's controls: unread and read notifications on the loaded page, unread beyond it. */
  readonly unread?: number
  readonly read?: number
  readonly unreadBeyond?: number
}
const meta: Meta<Args> = { title: 'Machines/notifications', args: { navigate: fn() }, argTypes: { navigate: { table: { disable: true } } } }
export default meta
type Story = StoryObj<Args>

/** A story's render: the header's bell with its panel open, over `actor`. */
function openBell(actor: () => ReturnType<typeof notificationsActorIn>): Story['render'] {
  return (args) => (
    <RouterProvider navigate={args.navigate}>
      <NotificationsActorProvider actor={actor()}>
        <div style={{ padding: 24, display: 'flex', justifyContent: 'flex-end', minHeight: 560 }}>
          <NotificationsBell defaultOpen />
        </div>
      </NotificationsActorProvider>
    </RouterProvider>
  )
}

function bellStory(state: NotificationsStoryState, play?: Story['play']): Story {
  return {
    render: openBell(() => notificationsActorIn(state)),
    parameters: {
      machineState: {
        machine: 'notifications',
        state: { signedIn: { list: state.list, changes: 'idle', deletingAll: state.deletingAll ?? 'idle' } },
      } satisfies MachineStateParameter,
    },
    ...(play ? { play } : {}),
  }
}

/** Archived items of the sample, as `view=archived` lists them. */
const archivedSample: ReadonlyArray<Notification> = [
  at('a1', 86_400 * 3, {
    title: 'Maintenance finished',
    body: 'The scheduled maintenance is over; every channel is back.',
    category: 'system',
    read: true,
    archived: true,
    seen: true,
  }),
  at('a2', 86_400 * 9, {
    title: 'New login from Firefox',
    body: 'A new sign-in to your account from Firefox on Linux.',
    category: 'alert',
    archived: true,
    seen: true,
  }),
]

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString()
const snoozedSample: ReadonlyArray<Notification> = [
  at('z1', 7_200, { title: 'Renewal quote to review', body: 'Globex asked for a quote before Friday.', category: 'reminder', snoozed_until: inHours(20) }),
  at('z2', 86_400, { title: 'Quarterly report ready', body: 'Your Q3 engagement report can be downloaded.', category: 'update', snoozed_until: inHours(1) }),
]

const grouped: ReadonlyArray<Notification> = [
  at('g1', 60, { title: 'New message from Dana', body: 'Can we move the call to 3pm?', category: 'message', group_key: 'conversation:42' }),
  at('g2', 240, { title: 'New message from Dana', body: 'Also, the contract is attached.', category: 'message', group_key: 'conversation:42' }),
  at('g3', 600, { title: 'New message from Dana', body: 'Hi! Quick question about billing.', category: 'message', group_key: 'conversation:42' }),
  ...sample,
]

/** The first page is on its way. */
export const Loading = bellStory({ list: 'loading' })

/** Nothing at all: 'No notifications yet'. */
export const Empty = bellStory({ list: 'idle' }, async () => {
  const text = await screen.findByText('No notifications yet')
  // Visible once the popover's fade-in (the Popover primitive's) has begun.
  await waitFor(() => expect(text).toBeVisible())
})

/** The unread filter with everything read: 'No unread notifications'. */
export const EmptyUnread = bellStory({ list: 'idle', filter: 'unread', items: sample.filter((n) => n.read) }, async () => {
  const text = await screen.findByText('No unread notifications')
  await waitFor(() => expect(text).toBeVisible())
})

/** The fetch failed with nothing on hand (SPEC §8): the message and 'Try again', no "No notifications yet". */
export const FetchError = bellStory({ list: 'idle', error: 'Failed to fetch notifications' }, async () => {
  const message = await screen.findByText('Failed to fetch notifications')
  await waitFor(() => expect(message).toBeVisible())
  await expect(message).toHaveAttribute('role', 'alert')
  await expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible()
  await expect(screen.queryByText('No notifications yet')).toBeNull()
})

/** Two unread among four; the javascript: action URL of the last renders no link. */
export const WithUnread = bellStory({ list: 'idle', items: sample }, async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
  // 'View Details' is the default action text: only 'Invoice paid' (/app/billing) has it; the javascript: one has none.
  // The panel's rows render after the dialog itself (the list measures its viewport first).
  await expect(await within(dialog).findAllByRole('link', { name: 'View Details' })).toHaveLength(1)
  await expect(within(dialog).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/app/billing')
  await waitFor(() => expect(within(dialog).getByRole('link', { name: 'Open contact' })).toBeVisible())
})

/** Marking one read (`notification.markRead`, optimistic, `changes.idle` → `sending` → `idle`): the badge drops to 1. */
export const MarkOneRead = bellStory({ list: 'idle', items: sample }, async ({ canvasElement }) => {
  const bell = within(canvasElement).getByRole('button', { name: /^Notifications\b/, hidden: true })
  await expect(bell.textContent).toBe('2 unread')
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Mark read: Invoice paid' }))
  await waitFor(() => expect(bell.textContent).toBe('1 unread'))
  // The rows are drawn a render after the badge (a deferred value).
  await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Mark read: Invoice paid' })).toBeNull())
})

/** 'Mark all read' (in the '⋯' menu): every unread is read at once, the badge goes. */
export const MarkAllRead = bellStory({ list: 'idle', items: sample }, async ({ canvasElement }) => {
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Notification actions' }))
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark all read' }))
  await waitFor(() => expect(within(dialog).queryAllByRole('button', { name: /^Mark read:/ })).toHaveLength(0))
  await expect(within(canvasElement).getByRole('button', { name: /^Notifications\b/, hidden: true }).textContent).not.toContain('unread')
})

/** The '⋯' menu open: 'Mark all read' and 'Delete all'. */
export const ActionsMenu = bellStory({ list: 'idle', items: sample }, async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Notification actions' }))
  // The menu fades in: visible once its entry animation has started.
  const deleteAll = await screen.findByRole('menuitem', { name: 'Delete all' })
  await waitFor(() => expect(deleteAll).toBeVisible())
})

/** `deletingAll.pending`: the list is gone at once; the toast offers 'Undo' for 5 s, nothing is sent yet. */
export const DeleteAllPending = deleteAllStory({ list: 'idle', items: sample, deletingAll: 'pending' })

/**
 * The bell with the toast region beside it, the 'Undo' toasts wired as in the app
 * (`toastDeleteAllUndo`, `toastHoldUndo`): the toasts actor starts empty, or holding the delete-all's toast.
 */
function deleteAllStory(state: NotificationsStoryState, play?: Story['play']): Story {
  return {
    render: (args) => {
      const notifications = notificationsActorIn(state)
      const toasts = createActor(toastsMachine).start()
      toastDeleteAllUndo(notifications, toasts)
      toastHoldUndo(notifications, toasts)
      if (state.deletingAll === 'pending') {
        toasts.send({
          type: 'toast.show',
          toastType: 'info',
          message: `${state.items?.length ?? 0} notifications deleted`,
          action: { label: 'Undo', to: notifications, event: { type: 'notifications.undoRemoveAll' } },
        })
      }
      return (
        <RouterProvider navigate={args.navigate}>
          <ToastsActorProvider actor={toasts}>
            <NotificationsActorProvider actor={notifications}>
              <div style={{ padding: 24, display: 'flex', justifyContent: 'flex-end', minHeight: 560 }}>
                <NotificationsBell defaultOpen />
              </div>
              <ToastRegion />
            </NotificationsActorProvider>
          </ToastsActorProvider>
        </RouterProvider>
      )
    },
    parameters: {
      machineState: {
        machine: 'notifications',
        state: { signedIn: { list: state.list, changes: 'idle', deletingAll: state.deletingAll ?? 'idle' } },
      } satisfies MachineStateParameter,
    },
    ...(play ? { play } : {}),
  }
}

/** Delete all, then Undo in the toast: the same list comes back. */
export const DeleteAllUndo = deleteAllStory({ list: 'idle', items: sample }, async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Notification actions' }))
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete all' }))
  await waitFor(() => expect(within(dialog).getByText('No notifications yet')).toBeVisible())
  await userEvent.click(await screen.findByRole('button', { name: 'Undo' }))
  await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(sample.length))
})

/** 150 unread on the server: the badge says 99+. */
/** Archive a row: it leaves at once and the toast offers 'Undo' (a hold, nothing sent); Undo puts it back. */
export const ArchiveUndo = deleteAllStory({ list: 'idle', items: sample }, async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
  const before = (await within(dialog).findAllByRole('listitem')).length
  const [first] = within(dialog).getAllByRole('button', { name: /^Archive: / })
  await userEvent.click(first!)
  await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(before - 1))
  await expect(await screen.findByText('1 notification archived')).toBeVisible()
  await userEvent.click(await screen.findByRole('button', { name: 'Undo' }))
  await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(before))
})

export const ManyUnread = bellStory({ list: 'idle', items: sample, unreadBeyond: 148 }, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByRole('button', { name: /^Notifications\b/, hidden: true }).textContent).toBe('99+ unread')
})

/**
 * The server stopped counting at 100 ("100 or more") and the person has read a few since: still
 * '99+', and the tooltip names no exact number.
 */
export const UnreadCountCapped = bellStory({ list: 'idle', items: sample, unreadBeyond: 90, unreadCapped: true }, async ({ canvasElement }) => {
  const badge = within(canvasElement).getByRole('button', { name: /^Notifications\b/, hidden: true })
  await expect(badge.textContent).toBe('99+ unread')
  await expect(badge.querySelector('[title]')?.getAttribute('title')).toBe('More than 99 unread')
})

/** The unread filter: only the two unread. */
export const UnreadFilter = bellStory({ list: 'idle', items: sample, filter: 'unread' })

/** An urgent notification: an accent bar, a red icon and a labelled siren 'Urgent' (not colour alone). */
export const Urgent = bellStory({
  list: 'idle',
  items: [
    at('u1', 30, {
      title: 'Payment failed',
      body: 'We could not charge your card; agents pause in 24 hours.',
      priority: 'urgent',
      category: 'alert',
      actionUrl: '/app/billing',
      actionText: 'Update card',
    }),
    ...sample,
  ],
})

/** More pages exist: the 'Load more' button. */
export const CanLoadMore = bellStory({ list: 'idle', items: sample, hasMore: true })

/** The unread filter with everything read: more pages exist, but none could add an unread one, so no 'Load more'. */
export const UnreadAllReadNoLoadMore = bellStory({ list: 'idle', filter: 'unread', items: sample.filter((n) => n.read), hasMore: true }, async () => {
  const text = await screen.findByText('No unread notifications')
  await waitFor(() => expect(text).toBeVisible())
  await expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
})

/** /app/notifications: the full list with the same actions. */
export const Page: Story = {
  parameters: { machineState: { machine: 'notifications', state: 'signedIn.list.idle' } satisfies MachineStateParameter },
  render: (args) => (
    <RouterProvider navigate={args.navigate}>
      <div style={{ padding: 24 }}>
        <NotificationsView actor={notificationsActorIn({ list: 'idle', items: sample, hasMore: true })} />
      </div>
    </RouterProvider>
  ),
}

/** Pick the unread and read counts with the controls: the badge (up to 99+) and the list follow. */
export const Playground: Story = {
  args: { unread: 3, read: 2, unreadBeyond: 0 },
  argTypes: {
    unread: { control: { type: 'range', min: 0, max: 20, step: 1 } },
    read: { control: { type: 'range', min: 0, max: 20, step: 1 } },
    unreadBeyond: { control: { type: 'number', min: 0 } },
  },
  render: (args) => {
    const items = [
      ...Array.from({ length: args.unread ?? 0 }, (_, i) => at(`u${i}`, 60 * (i + 1), { title: `Unread notification ${i + 1}`, read: false })),
      ...Array.from({ length: args.read ?? 0 }, (_, i) => at(`r${i}`, 3_600 * (i + 1), { title: `Read notification ${i + 1}`, read: true })),
    ]
    return (
      <RouterProvider navigate={args.navigate}>
        <NotificationsActorProvider
          key={JSON.stringify([args.unread, args.read, args.unreadBeyond])}
          actor={notificationsActorIn({ list: 'idle', items, unreadBeyond: args.unreadBeyond ?? 0 })}
        >
          <div style={{ padding: 24, display: 'flex', justifyContent: 'flex-end', minHeight: 560 }}>
            <NotificationsBell defaultOpen />
          </div>
        </NotificationsActorProvider>
      </RouterProvider>
    )
  },
  parameters: {
    machineState: { machine: 'notifications', state: { signedIn: { list: 'idle', changes: 'idle', deletingAll: 'idle' } } } satisfies MachineStateParameter,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /^Notifications\b/, hidden: true }).textContent).toBe('3 unread')
  },
}

/** The Archived view (`view.idle`): archived notifications, each with 'Restore'. */
export const Archived = inboxStory({ view: 'idle', filter: 'archived', items: [...sample, ...archivedSample] }, async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
  await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(2))
  await expect(within(dialog).getByRole('button', { name: 'Restore: Maintenance finished' })).toBeTruthy()
})

/** The Archived view while its page loads (`view.loading`), nothing archived on hand. */
export const ArchivedLoading = inboxStory({ view: 'loading', filter: 'archived', items: sample })


function inboxStory(state: Parameters<typeof inboxActorIn>[0], play?: Story['play']): Story {
  return {
    render: openBell(() => inboxActorIn(state)),
    parameters: {
      machineState: {
        machine: 'notifications',
        state: { signedIn: { list: 'idle', changes: 'idle', view: state.view, counts: 'idle', deletingAll: 'idle' } },
      } satisfies MachineStateParameter,
    },
    ...(play ? { play } : {}),
  }
}

/** 'Load more' in the Archived view while its next page loads (`view.loadingMore`). */
export const ArchivedLoadingMore = inboxStory({ view: 'loadingMore', filter: 'archived', items: [...sample, ...archivedSample] }, async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
  await expect(await within(dialog).findByRole('button', { name: 'Loading more...' })).toBeTruthy()
})

/** The Archived view with nothing archived: 'No archived notifications'. */
export const ArchivedEmpty = inboxStory({ view: 'idle', filter: 'archived', items: sample }, async () => {
  const text = await screen.findByText('No archived notifications')
  await waitFor(() => expect(text).toBeVisible())
})

/** 'Archive' on a row takes it out of All at once (optimistic); the badge drops when it was unread. */
export const ArchiveOne = inboxStory({ view: 'idle', filter: 'all', items: sample }, async ({ canvasElement }) => {
  const bell = within(canvasElement).getByRole('button', { name: /^Notifications\b/, hidden: true })
  await expect(bell.textContent).toBe('2 unread')
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Archive: Invoice paid' }))
  await waitFor(() => expect(within(dialog).queryByText('Invoice paid')).toBeNull())
  await waitFor(() => expect(bell.textContent).toBe('1 unread'))
})

/** 'Mark unread' on a read row: it is unread again and the badge counts it (the tab counts are asked for again, in the background). */
export const MarkUnread: Story = {
  ...inboxStory({ view: 'idle', filter: 'all', items: sample }),
  parameters: {
    machineState: { machine: 'notifications', state: { signedIn: { list: 'idle', changes: 'idle', view: 'idle', deletingAll: 'idle' } } } satisfies MachineStateParameter,
  },
  play: async ({ canvasElement }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Mark unread: Credits running low' }))
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Mark read: Credits running low' })).toBeTruthy())
    await expect(within(canvasElement).getByRole('button', { name: /^Notifications\b/, hidden: true }).textContent).toBe('3 unread')
  },
}

/** The Snoozed view: the soonest back first, each with when it comes back and 'Unsnooze'. */
export const Snoozed = inboxStory({ view: 'idle', filter: 'snoozed', items: [...sample, ...snoozedSample] }, async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
  await waitFor(() =>
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Unread: Quarterly report ready', 'Unread: Renewal quote to review']),
  )
  await expect(within(dialog).getByRole('button', { name: 'Unsnooze: Quarterly report ready' })).toBeTruthy()
  await expect(within(dialog).getAllByText(/^Back /)).toHaveLength(2)
})

/** The Snoozed view with nothing snoozed. */
export const SnoozedEmpty = inboxStory({ view: 'idle', filter: 'snoozed', items: sample }, async () => {
  await expect(await screen.findByText('Nothing snoozed')).toBeTruthy()
})


/** 'Snooze' on a row offers 1 hour, tomorrow, next week and a chosen time; '1 hour' takes it out of the inbox at once. */
export const SnoozeOne = inboxStory({ view: 'idle', filter: 'all', items: sample }, async ({ canvasElement }) => {
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Snooze: Invoice paid' }))
  const menu = await screen.findByRole('menu')
  await expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((m) => m.textContent?.split(' · ')[0]),
  ).toEqual(['1 hour', 'Tomorrow', 'Next week', 'Pick a time…'])
  await userEvent.click(within(menu).getByRole('menuitem', { name: /^1 hour/ }))
  await waitFor(() => expect(within(dialog).queryByText('Invoice paid')).toBeNull())
  await waitFor(() => expect(within(canvasElement).getByRole('button', { name: /^Notifications\b/, hidden: true }).textContent).toBe('1 unread'))
})

/** 'Pick a time…' (the menu opened from the keyboard) refuses a moment in the past with a field error, and sends nothing. */
export const SnoozePickTime = inboxStory({ view: 'idle', filter: 'all', items: sample }, async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
  ;(await within(dialog).findByRole('button', { name: 'Snooze: Invoice paid' })).focus()
  await userEvent.keyboard('{Enter}')
  await expect(await screen.findByRole('menu')).toBeTruthy()
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Pick a time…' }))
  const picker = await screen.findByRole('dialog', { name: 'Snooze until' })
  const field = within(picker).getByLabelText('Date and time')
  await userEvent.clear(field)
  await userEvent.type(field, '2020-01-01T09:00')
  await userEvent.click(within(picker).getByRole('button', { name: 'Snooze' }))
  await expect(await within(picker).findByText('Choose a moment in the future')).toBeTruthy()
})

/** Category tabs with the server's counts; 'Alerts' narrows the list (its page is loading here). */
export const CategoryTabs = inboxStory(
  {
    view: 'loading',
    filter: 'all',
    category: 'alert',
    counts: { inbox: 3, unread: 2, unseen: 2, archived: 0, snoozed: 0, categories: { alert: 4, transaction: 1, message: 1 } },
    items: sample,
  },
  async () => {
    const tabs = await screen.findByRole('radiogroup', { name: 'Category' }).catch(() => screen.findByRole('toolbar', { name: 'Category' }))
    await expect(within(tabs).getByRole('radio', { name: 'Alerts, 4' }).getAttribute('aria-checked')).toBe('true')
  },
)

/** Three messages of one conversation show as one row with '+2 more', which expands. */
export const Grouped = inboxStory({ view: 'idle', filter: 'all', items: grouped }, async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
  await expect(await within(dialog).findByRole('listitem', { name: 'Unread: New message from Dana (3 in group)' })).toBeTruthy()
  await userEvent.click(within(dialog).getByRole('button', { name: '+2 more' }))
  await waitFor(() => expect(within(dialog).getAllByRole('listitem', { name: /New message from Dana/ })).toHaveLength(3))
})

/** The row buttons share one tooltip: it names the button the pointer rests on, and follows keyboard focus. */
export const RowButtonTooltip = inboxStory({ view: 'idle', filter: 'all', items: sample }, async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
  await userEvent.hover(await within(dialog).findByRole('button', { name: 'Archive: Invoice paid' }))
  await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Archive: Invoice paid'), { timeout: 2000 })
  await userEvent.unhover(within(dialog).getByRole('button', { name: 'Archive: Invoice paid' }))
  await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull(), { timeout: 2000 })
  // Keyboard focus shows it at once, on the focused button.
  ;(await within(dialog).findByRole('button', { name: 'Delete: Invoice paid' })).focus()
  await userEvent.tab({ shift: true })
  await userEvent.tab()
  await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Delete: Invoice paid'))
})


/** The next page is on its way. */
export const LoadingMore = bellStory({ list: 'loadingMore', items: sample, hasMore: true })

/** Interaction (ends loading): 'Try again' asks for the first page again. */
export const FetchErrorTryAgain: Story = {
  render: FetchError.render,
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    await expect(await screen.findByText(/Loading notifications/)).toBeInTheDocument()
    await expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  },
}
