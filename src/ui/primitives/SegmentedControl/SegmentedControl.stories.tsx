/**
 * Primitives/SegmentedControl: a single choice as a segmented pill.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { SEGMENTED_CONTROL_SIZES, SegmentedControl, type SegmentedControlProps } from './SegmentedControl.tsx'

type Filter = 'all' | 'unread' | 'urgent'

/** Stateful, as a view holds it from its actor's snapshot. */
function Filters({ onSelectionChange, selectedKey, ...props }: SegmentedControlProps<Filter>) {
  const [selected, setSelected] = useState<Filter>(selectedKey)
  return (
    <SegmentedControl
      {...props}
      selectedKey={selected}
      onSelectionChange={(key) => {
        setSelected(key)
        onSelectionChange(key)
      }}
    />
  )
}

const meta = {
  title: 'Primitives/SegmentedControl',
  component: Filters,
  parameters: { layout: 'centered' },
  args: {
    'aria-label': 'Show',
    options: [
      { id: 'all', label: 'All' },
      { id: 'unread', label: 'Unread', count: 3 },
      { id: 'urgent', label: 'Urgent' },
    ],
    selectedKey: 'all',
    onSelectionChange: fn(),
    size: 'md',
  },
  argTypes: { size: { control: 'inline-radio', options: SEGMENTED_CONTROL_SIZES } },
} satisfies Meta<typeof Filters>
export default meta
type Story = StoryObj<typeof meta>

/** A named group of options, one checked; a click selects another; pressing the selected one keeps it. */
export const Pointer: Story = {
  play: async ({ canvasElement, args }) => {
    const group = within(within(canvasElement).getByRole('radiogroup', { name: 'Show' }))
    await expect(group.getByRole('radio', { name: 'All' })).toBeChecked()
    await userEvent.click(group.getByRole('radio', { name: 'Unread (3)' }))
    await expect(args.onSelectionChange).toHaveBeenCalledWith('unread')
    await expect(group.getByRole('radio', { name: 'Unread (3)' })).toBeChecked()
    await expect(group.getByRole('radio', { name: 'All' })).not.toBeChecked()
    await userEvent.click(group.getByRole('radio', { name: 'Unread (3)' }))
    await expect(group.getByRole('radio', { name: 'Unread (3)' })).toBeChecked()
    await expect(args.onSelectionChange).toHaveBeenCalledTimes(1)
  },
}

/** Keyboard: Tab reaches the group, arrows move, Space selects. */
export const Keyboard: Story = {
  args: { size: 'sm' },
  play: async ({ canvasElement, args }) => {
    const group = within(within(canvasElement).getByRole('radiogroup', { name: 'Show' }))
    await userEvent.tab()
    await expect(group.getByRole('radio', { name: 'All' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    await expect(group.getByRole('radio', { name: 'Urgent' })).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('urgent')
    await expect(group.getByRole('radio', { name: 'Urgent' })).toBeChecked()
  },
}

/** Disabled: no option can be chosen. */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement, args }) => {
    const radio = within(canvasElement).getByRole('radio', { name: 'Urgent' })
    await expect(radio).toBeDisabled()
    await userEvent.click(radio, { pointerEventsCheck: 0 })
    await expect(args.onSelectionChange).not.toHaveBeenCalled()
  },
}

/** Dark theme. */
export const Dark: Story = { ...Pointer, globals: { theme: 'dark' } }
