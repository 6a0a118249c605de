import type { Meta, StoryObj } from '@storybook/react-vite'
import ConstructionIcon from 'lucide-react/icons/construction'
import InboxIcon from 'lucide-react/icons/inbox'
import { Button } from 'react-aria-components'
import { expect, fn, userEvent, within } from 'storybook/test'
import { EmptyState } from './EmptyState.tsx'

const meta: Meta<typeof EmptyState> = {
  title: 'Primitives/EmptyState',
  component: EmptyState,
  args: { title: 'No roles yet' },
  parameters: { layout: 'padded' },
}
export default meta
type Story = StoryObj<typeof EmptyState>

/** A title only (the team and roles lists before anything exists). */
export const TitleOnly: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 2, name: 'No roles yet' })).toBeVisible()
  },
}

/** The honest state of a page a later release fills: icon, title, what will live here. */
export const ComingInALaterRelease: Story = {
  args: {
    title: 'Nothing here yet',
    icon: <ConstructionIcon size={24} />,
    description: 'This part of Engage is not available yet; it is coming in a later release.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 2, name: 'Nothing here yet' })).toBeVisible()
    await expect(canvas.getByText(/coming in a later release/)).toBeVisible()
    // The icon is decoration: nothing of it reaches the accessibility tree.
    await expect(canvasElement.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull()
  },
}

/** With an action a person can take. */
export const WithAction: StoryObj<{ onInvite: () => void } & Parameters<typeof EmptyState>[0]> = {
  args: {
    title: 'No team members yet',
    icon: <InboxIcon size={24} />,
    description: 'Invite the people you work with.',
    onInvite: fn(),
  },
  render: ({ onInvite, ...args }) => <EmptyState {...args} action={<Button onPress={onInvite}>Invite member</Button>} />,
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Invite member' }))
    await expect(args.onInvite).toHaveBeenCalledOnce()
  },
}

/** The coming-later state in the dark theme. */
export const Dark: Story = {
  ...ComingInALaterRelease,
  globals: { theme: 'dark' },
}
