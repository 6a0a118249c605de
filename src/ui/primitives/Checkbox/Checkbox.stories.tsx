import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Checkbox, CheckboxGroup, type CheckboxProps, RowCheckbox } from './Checkbox.tsx'

const meta: Meta<typeof Checkbox> = {
  title: 'Primitives/Checkbox',
  component: Checkbox,
  args: { children: 'Send me a weekly summary', onChange: fn() },
  parameters: { layout: 'centered' },
}
export default meta
type Story = StoryObj<typeof Checkbox>

/** Clear; a click ticks it. */
export const Unchecked: Story = {
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Send me a weekly summary' })
    await expect(box).not.toBeChecked()
    await userEvent.click(box)
    await expect(box).toBeChecked()
    await expect(args.onChange).toHaveBeenCalledWith(true)
  },
}

/** Ticked from the start; Space clears it. */
export const Checked: Story = {
  args: { defaultSelected: true },
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Send me a weekly summary' })
    await expect(box).toBeChecked()
    await userEvent.tab()
    await userEvent.keyboard(' ')
    await expect(box).not.toBeChecked()
    await expect(args.onChange).toHaveBeenCalledWith(false)
  },
}

/** `isIndeterminate`: some of what it stands for is selected (a dash). */
export const Indeterminate: Story = {
  args: { children: 'All contact permissions', isIndeterminate: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: 'All contact permissions' })).toBePartiallyChecked()
  },
}

/** With a description under the label, linked to the box. */
export const WithDescription: Story = {
  args: { children: 'Support Agent', description: 'Answers conversations and sees contacts.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: 'Support Agent' })).toHaveAccessibleDescription('Answers conversations and sees contacts.')
  },
}

/** No visible text, as in a permissions grid cell: named by `aria-label`. */
export const LabelLess: Story = {
  args: { children: undefined, 'aria-label': 'Contacts: read', isSelected: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: 'Contacts: read' })).toBeChecked()
  },
}

/** `isDisabled`: cannot change. */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: 'Send me a weekly summary' })).toBeDisabled()
  },
}

/** `isReadOnly` and ticked: a system role's grant, shown but fixed. */
export const ReadOnly: Story = {
  args: { isReadOnly: true, isSelected: true },
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Send me a weekly summary' })
    await userEvent.click(box)
    await expect(box).toBeChecked()
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

const roles = [
  { id: 'admin', name: 'Administrator', description: 'Everything, including billing.' },
  { id: 'agent', name: 'Support Agent', description: 'Answers conversations and sees contacts.' },
  { id: 'viewer', name: 'Viewer', description: 'Reads everything, changes nothing.' },
] as const

/** A group kept by the story, as the roles dialog keeps it. */
function RolesGroup(props: { onChange: (value: string[]) => void; error?: string; initial?: string[] }) {
  const [value, setValue] = useState<string[]>(props.initial ?? [])
  return (
    <CheckboxGroup
      label="Roles"
      description="ada@acme.test will have every permission of the roles you tick."
      value={value}
      onChange={(next) => {
        setValue(next)
        props.onChange(next)
      }}
      error={props.error}
    >
      {roles.map((role) => (
        <Checkbox key={role.id} value={role.id} description={role.description}>
          {role.name}
        </Checkbox>
      ))}
    </CheckboxGroup>
  )
}

/** CheckboxGroup: ticking boxes reports the group's whole list of values. */
export const Group: StoryObj<{ onChange: (value: string[]) => void }> = {
  args: { onChange: fn() },
  render: (args) => <RolesGroup onChange={args.onChange} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const group = canvas.getByRole('group', { name: 'Roles' })
    await expect(group).toHaveAccessibleDescription('ada@acme.test will have every permission of the roles you tick.')
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Support Agent' }))
    await expect(args.onChange).toHaveBeenLastCalledWith(['agent'])
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Viewer' }))
    await expect(args.onChange).toHaveBeenLastCalledWith(['agent', 'viewer'])
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Support Agent' }))
    await expect(args.onChange).toHaveBeenLastCalledWith(['viewer'])
  },
}

/** CheckboxGroup with an error, in a `validationBehavior="aria"` form: shown, linked, boxes invalid. */
export const GroupWithError: StoryObj<{ onChange: (value: string[]) => void }> = {
  args: { onChange: fn() },
  render: (args) => (
    <Form validationBehavior="aria" aria-label="Edit roles">
      <RolesGroup onChange={args.onChange} error="Choose at least one role." />
    </Form>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Choose at least one role.')).toBeVisible()
    await expect(canvas.getByRole('group', { name: 'Roles' })).toHaveAccessibleDescription(expect.stringContaining('Choose at least one role.'))
    await expect(canvas.getByRole('checkbox', { name: 'Administrator' })).toHaveAttribute('aria-invalid', 'true')
  },
}

/** Ticked, clear and mixed side by side in the dark theme. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args: CheckboxProps) => (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Checkbox {...args} defaultSelected>
        Ticked
      </Checkbox>
      <Checkbox {...args}>Clear</Checkbox>
      <Checkbox {...args} isIndeterminate>
        Mixed
      </Checkbox>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('checkbox', { name: 'Ticked' })).toBeChecked()
    await expect(canvas.getByRole('checkbox', { name: 'Clear' })).not.toBeChecked()
    await expect(canvas.getByRole('checkbox', { name: 'Mixed' })).toBePartiallyChecked()
  },
}

/** RowCheckbox: a list row's selection box, the same box on a native input; a click on the box and Space toggle it. */
export const Row: StoryObj<{ onChange: (selected: boolean) => void }> = {
  args: { onChange: fn() },
  render: function Render({ onChange }) {
    const [selected, setSelected] = useState(false)
    return (
      <RowCheckbox
        aria-label="Select: Invoice paid"
        isSelected={selected}
        onChange={(next) => {
          setSelected(next)
          onChange(next)
        }}
      />
    )
  },
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Select: Invoice paid' })
    await expect(box).not.toBeChecked()
    await userEvent.click(box.closest('label') as HTMLElement)
    await expect(box).toBeChecked()
    await expect(args.onChange).toHaveBeenCalledWith(true)
    await userEvent.keyboard(' ')
    await expect(box).not.toBeChecked()
    await expect(args.onChange).toHaveBeenLastCalledWith(false)
  },
}
