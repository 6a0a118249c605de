import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { SWITCH_LABEL_POSITIONS, Switch, type SwitchProps } from './Switch.tsx'

/** A controlled Switch: the story keeps the state, as a machine would. */
function Controlled(props: SwitchProps) {
  const [on, setOn] = useState(props.isSelected ?? false)
  return (
    <Switch
      {...props}
      isSelected={on}
      onChange={(next) => {
        setOn(next)
        props.onChange?.(next)
      }}
    />
  )
}

const meta: Meta<typeof Switch> = {
  title: 'Primitives/Switch',
  component: Switch,
  args: { label: 'Email notifications', onChange: fn() },
  argTypes: { labelPosition: { control: 'inline-radio', options: SWITCH_LABEL_POSITIONS } },
  parameters: { layout: 'centered' },
  render: (args) => <Controlled {...args} />,
}
export default meta
type Story = StoryObj<typeof Switch>

/** Off; a click turns it on and a second click off again. */
export const Off: Story = {
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Email notifications' })
    await expect(toggle).not.toBeChecked()
    await userEvent.click(toggle)
    await expect(toggle).toBeChecked()
    await expect(args.onChange).toHaveBeenLastCalledWith(true)
    await userEvent.click(toggle)
    await expect(toggle).not.toBeChecked()
    await expect(args.onChange).toHaveBeenLastCalledWith(false)
  },
}

/** On; Space turns it off from the keyboard. */
export const On: Story = {
  args: { isSelected: true },
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Email notifications' })
    await expect(toggle).toBeChecked()
    await userEvent.tab()
    await expect(toggle).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(toggle).not.toBeChecked()
    await expect(args.onChange).toHaveBeenCalledWith(false)
  },
}

/** With a description, linked to the switch. */
export const WithDescription: Story = {
  args: { label: 'Browser push notifications', description: 'Notifications in your browser while Engage is closed or in the background' },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Browser push notifications' })
    await expect(toggle).toHaveAccessibleDescription('Notifications in your browser while Engage is closed or in the background')
  },
}

/** `labelPosition="start"`: the settings-list layout, label left, track right. */
export const LabelStart: Story = {
  args: { ...WithDescription.args, labelPosition: 'start', isSelected: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByText('Browser push notifications'))
    await expect(canvas.getByRole('switch', { name: 'Browser push notifications' })).not.toBeChecked()
  },
}

/** `isDisabled`: does not change (the page is saving). */
export const Disabled: Story = {
  args: { isDisabled: true, isSelected: true },
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Email notifications' })
    await expect(toggle).toBeDisabled()
    await userEvent.click(toggle, { pointerEventsCheck: 0 })
    await expect(toggle).toBeChecked()
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

/** On and off side by side in the dark theme. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Controlled {...args} label="Push" isSelected />
      <Controlled {...args} label="Email" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('switch', { name: 'Push' })).toBeChecked()
    await expect(canvas.getByRole('switch', { name: 'Email' })).not.toBeChecked()
  },
}
