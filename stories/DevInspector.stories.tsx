/**
 * The development-only statechart inspector (src/dev/Inspector.tsx; in the app: Alt+Shift+I or
 * `?inspect`), here over a notifications actor started from a saved state. The play function
 * sends an event and checks the panel follows: state, last events, highlighted chart.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, waitFor, within } from 'storybook/test'
import { makeNotification } from '../machines/notifications/notifications.fixtures.ts'
import { createInspectionHub } from '../src/dev/inspection.ts'
import { Inspector } from '../src/dev/Inspector.tsx'
import { notificationsActorIn } from './notifications-actor.tsx'

interface Args {
  readonly onClose: () => void
}
const meta: Meta<Args> = {
  title: 'Dev tools/Statechart inspector',
  tags: ['!autodocs'],
  args: { onClose: fn() },
  parameters: {
    layout: 'fullscreen',
    // The chart is a tree whose items are named by their state's path and hold that state's
    // transitions and child states (ARIA's tree: a group of children inside its item). axe's
    // label-in-name check takes all of that text for the item's label, so every item with
    // transitions or children fails.
    a11y: { config: { rules: [{ id: 'label-content-name-mismatch', enabled: false }] } },
  },
}
export default meta

function Live({ onClose }: Args) {
  const [{ actor, hub }] = useState(() => {
    const actor = notificationsActorIn({ list: 'idle', items: [makeNotification('n1', { read: false, title: 'New reply' })] })
    return { actor, hub: createInspectionHub(actor) }
  })
  return (
    <>
      <button type="button" onClick={() => actor.send({ type: 'notifications.filter', filter: 'unread' })}>
        Send notifications.filter
      </button>
      <Inspector hub={hub} onClose={onClose} />
    </>
  )
}

/** The notifications actor and its invoked listeners; the chart outlines `signedIn.list.idle`. */
export const NotificationsActor: StoryObj<Args> = {
  render: (args) => <Live {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const panel = canvas.getByRole('complementary', { name: 'Statechart inspector' })
    const panelScope = within(panel)
    await expect(panelScope.getByLabelText('Current state')).toHaveTextContent('signedIn.list.idle | signedIn.changes.idle')
    await expect(panelScope.getByRole('treeitem', { name: 'signedIn.list.idle' })).toHaveAttribute('aria-selected', 'true')
    await expect(panelScope.getByRole('treeitem', { name: 'signedIn.list.loading' })).toHaveAttribute('aria-selected', 'false')
    canvas.getByRole('button', { name: 'Send notifications.filter' }).click()
    await waitFor(() => expect(within(panelScope.getByRole('region', { name: 'Last events' })).getByText(/notifications\.filter/)).toBeVisible())
    panelScope.getByRole('button', { name: 'Close' }).click()
    await waitFor(() => expect(args.onClose).toHaveBeenCalled())
  },
}
