/**
 * Primitives/PopoverDialog: a trigger that opens a dialog in a popover, its surface
 * drawn from the overlay chunk on first use. Visible states: closed (the trigger alone) and open.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import Bell from 'lucide-react/icons/bell'
import { Heading } from 'react-aria-components'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../Button/Button.tsx'
import { IconButton } from '../IconButton/IconButton.tsx'
import { TOOLTIP_PLACEMENTS } from '../Tooltip/Tooltip.tsx'
import { PopoverDialog, type PopoverDialogProps } from './PopoverDialog.tsx'

function Details(props: Omit<PopoverDialogProps, 'trigger' | 'children'>) {
  return (
    <PopoverDialog {...props} trigger={<Button variant="secondary">Workspace details</Button>}>
      <div style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 8, maxWidth: 280 }}>
        <Heading slot="title" style={{ margin: 0, fontSize: '1rem' }}>
          Acme Support
        </Heading>
        <p style={{ margin: 0 }}>12 members, created March 2024.</p>
        <Button size="sm" slot="close">
          Done
        </Button>
      </div>
    </PopoverDialog>
  )
}

const meta = {
  title: 'Primitives/PopoverDialog',
  component: Details,
  parameters: { layout: 'centered' },
  args: { placement: 'bottom' },
  argTypes: { placement: { control: 'inline-radio', options: TOOLTIP_PLACEMENTS } },
} satisfies Meta<typeof Details>
export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** Closed: the trigger alone, collapsed (as react-aria's DialogTrigger, no `aria-haspopup` for a dialog). */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Workspace details' })
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
  },
}

/** Open on press, named by its title; Escape closes it and focus returns to the trigger. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Workspace details' })
    await userEvent.click(trigger)
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Acme Support' })
    await waitFor(() => expect(dialog).toBeVisible())
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(trigger).toHaveFocus())
  },
}

/** From the keyboard: Enter opens it, its `slot="close"` button closes it. */
export const Keyboard: Story = {
  args: { placement: 'right' },
  play: async ({ canvasElement }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Acme Support' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull())
  },
}

/** An IconButton trigger keeps its tooltip (two triggers on one button: the tooltip's and the dialog's). */
export const IconTrigger: Story = {
  render: () => (
    <PopoverDialog
      aria-label="Notifications"
      placement="bottom end"
      trigger={
        <IconButton label="Notifications">
          <Bell size={18} />
        </IconButton>
      }
    >
      <p style={{ margin: 0, padding: 16 }}>No notifications yet</p>
    </PopoverDialog>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.tab()
    await body(canvasElement).findByRole('tooltip', { name: 'Notifications' })
    await userEvent.keyboard('{Enter}')
    await body(canvasElement).findByRole('dialog', { name: 'Notifications' })
  },
}
