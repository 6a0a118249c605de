/**
 * Primitives/Popover: a panel (react-aria Dialog) in a Popover, opened by a trigger.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { Dialog, DialogTrigger, Heading } from 'react-aria-components'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../Button/Button.tsx'
import { TOOLTIP_PLACEMENTS } from '../Tooltip/Tooltip.tsx'
import { Popover, type PopoverProps } from './Popover.tsx'

function Panel(props: Omit<PopoverProps, 'children'>) {
  return (
    <DialogTrigger>
      <Button variant="secondary">Workspace details</Button>
      <Popover {...props}>
        <Dialog aria-labelledby="popover-title" style={{ padding: 16, outline: 'none', display: 'flex', flexDirection: 'column', gap: 8, maxWidth: 280 }}>
          <Heading id="popover-title" slot="title" style={{ margin: 0, fontSize: '1rem' }}>
            Acme Support
          </Heading>
          <p style={{ margin: 0 }}>12 members, created March 2024.</p>
          <Button size="sm" slot="close">
            Done
          </Button>
        </Dialog>
      </Popover>
    </DialogTrigger>
  )
}

const meta = {
  title: 'Primitives/Popover',
  component: Panel,
  parameters: { layout: 'centered' },
  args: { placement: 'bottom', showArrow: false },
  argTypes: { placement: { control: 'inline-radio', options: TOOLTIP_PLACEMENTS } },
} satisfies Meta<typeof Panel>
export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** Opens on press as a named panel; Escape closes it and focus returns to the trigger. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Workspace details' })
    await userEvent.click(trigger)
    const panel = await body(canvasElement).findByRole('dialog', { name: 'Acme Support' })
    await waitFor(() => expect(panel).toBeVisible())
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(trigger).toHaveFocus())
  },
}

/** With an arrow toward the trigger; a `slot="close"` button closes it. */
export const WithArrow: Story = {
  args: { showArrow: true, placement: 'top' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Workspace details' }))
    const panel = within(await body(canvasElement).findByRole('dialog', { name: 'Acme Support' }))
    await userEvent.click(panel.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull())
  },
}

/** Dark theme, with arrow. */
export const Dark: Story = { ...WithArrow, args: { showArrow: true, placement: 'bottom' }, play: Default.play, globals: { theme: 'dark' } }
