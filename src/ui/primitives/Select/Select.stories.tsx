import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { Select, type SelectProps } from './Select.tsx'

const teamSizes = [
  { id: '1-10', label: '1–10 people' },
  { id: '11-50', label: '11–50 people' },
  { id: '51-200', label: '51–200 people' },
  { id: '201+', label: 'More than 200 people' },
] as const
type TeamSize = (typeof teamSizes)[number]['id']

/** A controlled Select: the story keeps the choice, as a machine would. */
function Controlled(props: SelectProps<TeamSize>) {
  const [key, setKey] = useState<TeamSize | null>(props.selectedKey ?? null)
  return (
    <Select
      {...props}
      selectedKey={key}
      onSelectionChange={(next) => {
        setKey(next)
        props.onSelectionChange?.(next)
      }}
    />
  )
}

const meta: Meta<SelectProps<TeamSize>> = {
  title: 'Primitives/Select',
  component: Select,
  args: { label: 'Team size', items: teamSizes, placeholder: 'Choose a team size', onSelectionChange: fn() },
  parameters: { layout: 'centered' },
  render: (args) => <Controlled {...args} />,
}
export default meta
type Story = StoryObj<SelectProps<TeamSize>>

/** Nothing chosen: the keyboard opens the list, moves down one and picks. */
export const KeyboardPick: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const button = canvas.getByRole('button', { name: /Team size/ })
    await expect(button).toHaveTextContent('Choose a team size')
    await userEvent.tab()
    await expect(button).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    const listBox = await screen.findByRole('listbox', { name: 'Team size' })
    await waitFor(() => expect(within(listBox).getByRole('option', { name: '1–10 people' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
    await expect(args.onSelectionChange).toHaveBeenCalledWith('11-50')
    await expect(button).toHaveTextContent('11–50 people')
  },
}

/** A choice already made: the open list marks it selected. */
export const Selected: Story = {
  args: { selectedKey: '51-200' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Team size/ })
    await expect(button).toHaveTextContent('51–200 people')
    await userEvent.click(button)
    const listBox = await screen.findByRole('listbox', { name: 'Team size' })
    await expect(within(listBox).getByRole('option', { name: '51–200 people' })).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
  },
}

/** With a description, linked to the button. */
export const WithDescription: Story = {
  args: { description: 'Helps us size your workspace.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Team size/ })).toHaveAccessibleDescription('Helps us size your workspace.')
  },
}

/** An error from the machine in a `validationBehavior="aria"` form: shown and linked. */
export const WithError: Story = {
  args: { error: 'Choose your team size' },
  decorators: [
    (Story) => (
      <Form validationBehavior="aria" aria-label="Finish setting up your workspace">
        <Story />
      </Form>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Choose your team size')).toBeVisible()
    await expect(canvas.getByRole('button', { name: /Team size/ })).toHaveAccessibleDescription('Choose your team size')
  },
}

/** `isDisabled`: the list does not open. */
export const Disabled: Story = {
  args: { isDisabled: true, selectedKey: '1-10' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Team size/ })).toBeDisabled()
  },
}

/** The open list in the dark theme. */
export const DarkOpen: Story = {
  globals: { theme: 'dark' },
  args: { selectedKey: '11-50' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Team size/ }))
    const listBox = await screen.findByRole('listbox', { name: 'Team size' })
    await expect(within(listBox).getAllByRole('option')).toHaveLength(teamSizes.length)
  },
}
