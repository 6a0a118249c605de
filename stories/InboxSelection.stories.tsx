/**
 * The selection of /app/notifications (SPEC §2.6 bulk actions): the inboxSelection machine over the
 * page's rows, one story per state. The notifications machine's own stories are
 * Notifications.stories.tsx.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { RouterProvider } from 'react-aria-components'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { NotificationsView } from '../src/pages/NotificationsPage.tsx'
import type { MachineStateParameter } from './machine-states.ts'
import { inboxActorIn, sample } from './notifications-actor.tsx'

interface Args {
  readonly navigate: (href: string) => void
}
const meta: Meta<Args> = { title: 'Machines/inboxSelection', args: { navigate: fn() }, argTypes: { navigate: { table: { disable: true } } } }
export default meta
type Story = StoryObj<Args>

/** /app/notifications over the sample, its view settled. */
const page: Story['render'] = (args) => (
  <RouterProvider navigate={args.navigate}>
    <div style={{ padding: 24 }}>
      <NotificationsView actor={inboxActorIn({ view: 'idle', filter: 'all', items: sample })} />
    </div>
  </RouterProvider>
)

/** The page with nothing ticked (`inboxSelection.none`): a checkbox per row, no bulk bar. */
export const PageNothingSelected: Story = {
  parameters: { machineState: { machine: 'inboxSelection', state: 'none' } satisfies MachineStateParameter },
  render: page,
  play: async ({ canvasElement }) => {
    await expect((await within(canvasElement).findAllByRole('checkbox')).length).toBeGreaterThan(0)
  },
}

/** Interaction (ends with nothing selected): 'Archive' in the bulk bar takes every ticked row out at once. */
export const PageBulkArchive: Story = {
  parameters: { machineState: { machine: 'inboxSelection', state: 'none' } satisfies MachineStateParameter },
  render: page,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Select: Invoice paid' }))
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select: Credits running low' }))
    const bar = await canvas.findByRole('toolbar', { name: 'Selected notifications' })
    await userEvent.click(within(bar).getByRole('button', { name: 'Archive' }))
    await waitFor(() => expect(canvas.queryByText('Invoice paid')).toBeNull())
    await expect(canvas.queryByText('Credits running low')).toBeNull()
    await expect(canvas.queryByRole('toolbar', { name: 'Selected notifications' })).toBeNull()
  },
}

/** The page's selection (`inboxSelection.none` → `some`): ticking two rows shows the bulk bar with '2 selected'. */
export const PageBulkSelection: Story = {
  parameters: { machineState: { machine: 'inboxSelection', state: 'some' } satisfies MachineStateParameter },
  render: page,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('toolbar', { name: 'Selected notifications' })).toBeNull()
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Select: Invoice paid' }))
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select: Credits running low' }))
    const bar = await canvas.findByRole('toolbar', { name: 'Selected notifications' })
    await expect(within(bar).getByText('2 selected')).toBeTruthy()
  },
}
