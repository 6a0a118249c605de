import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { Button } from 'react-aria-components'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { type Crumb, PageHeader, documentTitle } from './PageHeader.tsx'

const teamCrumbs: ReadonlyArray<Crumb> = [{ label: 'Account & Billing' }, { label: 'Team Members', href: '/app/setting/team' }]

const meta: Meta<typeof PageHeader> = {
  title: 'Primitives/PageHeader',
  component: PageHeader,
  args: { title: 'Team Members', crumbs: teamCrumbs },
  parameters: { layout: 'padded' },
}
export default meta
type Story = StoryObj<typeof PageHeader>

/** Breadcrumb and title: the trail is a named navigation, the last crumb the current page. */
export const WithBreadcrumb: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Team Members' })).toBeVisible()
    const trail = canvas.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(within(trail).getAllByRole('listitem')).toHaveLength(2)
    await expect(within(trail).getByText('Account & Billing')).toBeVisible()
    await expect(within(trail).getByRole('link', { name: 'Team Members' })).toHaveAttribute('aria-current', 'page')
  },
}

/** A title alone (no breadcrumb). */
export const TitleOnly: Story = {
  args: { title: 'Billing', crumbs: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible()
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument()
  },
}

/** A description and the page's primary action. */
export const WithActionsAndDescription: StoryObj<Parameters<typeof PageHeader>[0] & { onInvite: () => void }> = {
  args: { description: 'Everyone in this workspace and the roles they hold.', onInvite: fn() },
  render: ({ onInvite, ...args }) => <PageHeader {...args} actions={<Button onPress={onInvite}>Invite member</Button>} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Everyone in this workspace and the roles they hold.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Invite member' }))
    await expect(args.onInvite).toHaveBeenCalledOnce()
  },
}

/** A page that can rename itself or go away, to watch the tab title. */
function MountToggle() {
  const [shown, setShown] = useState(true)
  const [title, setTitle] = useState('Team Members')
  return (
    <>
      <Button onPress={() => setShown((s) => !s)}>{shown ? 'Leave the page' : 'Open the page'}</Button>{' '}
      <Button onPress={() => setTitle('User Roles')}>Rename the page</Button>
      {shown && <PageHeader title={title} crumbs={teamCrumbs} />}
    </>
  )
}

/** `document.title` follows the header while it is mounted and comes back when it unmounts. */
export const DocumentTitle: Story = {
  beforeEach: () => {
    const before = document.title
    document.title = 'Before the page'
    return () => {
      document.title = before
    }
  },
  render: () => <MountToggle />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(document.title).toBe(documentTitle('Team Members')))
    await expect(document.title).toBe('Team Members · Engage')
    await userEvent.click(canvas.getByRole('button', { name: 'Rename the page' }))
    await waitFor(() => expect(document.title).toBe('User Roles · Engage'))
    await userEvent.click(canvas.getByRole('button', { name: 'Leave the page' }))
    await waitFor(() => expect(document.title).toBe('Before the page'))
  },
}

/** At 390 px the actions wrap under the title. */
export const Mobile: StoryObj<Parameters<typeof PageHeader>[0] & { onInvite: () => void }> = {
  ...WithActionsAndDescription,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const heading = canvas.getByRole('heading', { level: 1, name: 'Team Members' })
    const button = canvas.getByRole('button', { name: 'Invite member' })
    await expect(button.getBoundingClientRect().top).toBeGreaterThanOrEqual(heading.getBoundingClientRect().bottom)
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  },
}

/** In the dark theme. */
export const Dark: Story = {
  ...WithBreadcrumb,
  globals: { theme: 'dark' },
}
