import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { expect, fn, userEvent, within } from 'storybook/test'
import { TEXT_FIELD_TYPES, TextField, type TextFieldProps } from './TextField.tsx'

/** A controlled TextField: the story keeps the value, as a machine would. */
function Controlled(props: TextFieldProps) {
  const [value, setValue] = useState(props.value ?? '')
  return (
    <TextField
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next)
        props.onChange?.(next)
      }}
    />
  )
}

const meta: Meta<typeof TextField> = {
  title: 'Primitives/TextField',
  component: TextField,
  args: { label: 'Email', type: 'email', autoComplete: 'username', onChange: fn() },
  argTypes: { type: { control: 'select', options: TEXT_FIELD_TYPES } },
  parameters: { layout: 'centered' },
  render: (args) => <Controlled {...args} />,
}
export default meta
type Story = StoryObj<typeof TextField>

/** Controlled: typing reports each new value. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' })
    await userEvent.type(input, 'ada@acme.test')
    await expect(input).toHaveValue('ada@acme.test')
    await expect(args.onChange).toHaveBeenLastCalledWith('ada@acme.test')
    await expect(input).not.toHaveAttribute('aria-invalid')
  },
}

/** Uncontrolled, with a first value. */
export const DefaultValue: Story = {
  args: { label: 'Full name', type: 'text', autoComplete: 'name', defaultValue: 'Ada Lovelace' },
  render: (args) => <TextField {...args} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada Lovelace')
  },
}

/** Help text under the field, read with it. */
export const WithDescription: Story = {
  args: { label: 'Workspace name', type: 'text', description: 'How this workspace appears in the workspace switcher.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Workspace name' })
    await expect(input).toHaveAccessibleDescription('How this workspace appears in the workspace switcher.')
  },
}

/** An error from the machine inside a `validationBehavior="aria"` form: shown, linked, aria-invalid. */
export const WithError: Story = {
  args: { value: 'not-an-email', error: 'Enter a valid email address', description: 'Your work email.' },
  decorators: [
    (Story) => (
      <Form validationBehavior="aria" aria-label="Sign in">
        <Story />
      </Form>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole('textbox', { name: 'Email' })
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(canvas.getByText('Enter a valid email address')).toBeVisible()
    await expect(input).toHaveAccessibleDescription(expect.stringContaining('Enter a valid email address'))
    await expect(input).toHaveAccessibleDescription(expect.stringContaining('Your work email.'))
  },
}

/** The sign-in form's two fields, as SignInPage renders them, with the contract's field errors. */
export const SignInForm: Story = {
  render: () => (
    <Form validationBehavior="aria" aria-label="Sign in" style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 420 }}>
      <Controlled name="email" type="email" label="Email" autoComplete="username" value="ada" error="Enter a valid email address" />
      <Controlled name="password" type="password" label="Password" autoComplete="current-password" value="" error="Enter your password" />
    </Form>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true')
    const password = canvas.getByLabelText('Password')
    await expect(password).toHaveAttribute('type', 'password')
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    await expect(password).toHaveAccessibleDescription('Enter your password')
  },
}

/** `multiline`: a text area. */
export const Multiline: Story = {
  args: { label: 'Description', type: 'text', multiline: true, isRequired: true },
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Description' })
    await expect(area.tagName).toBe('TEXTAREA')
    await expect(area).toBeRequired()
    await userEvent.type(area, 'First line{Enter}Second line')
    await expect(area).toHaveValue('First line\nSecond line')
  },
}

/** `type="search"`: a search box. */
export const Search: Story = {
  args: { label: 'Search contacts', type: 'search', placeholder: 'Name or email' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('searchbox', { name: 'Search contacts' })).toHaveAttribute('placeholder', 'Name or email')
  },
}

/** `isDisabled`: no typing (the form is busy). */
export const Disabled: Story = {
  args: { value: 'ada@acme.test', isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Email' })).toBeDisabled()
  },
}

/** `isReadOnly`: shown, focusable, not editable. */
export const ReadOnly: Story = {
  args: { value: 'ada@acme.test', isReadOnly: true, description: 'Your sign-in email cannot be changed here.' },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' })
    await expect(input).toHaveAttribute('readonly')
    await userEvent.type(input, 'x')
    await expect(input).toHaveValue('ada@acme.test')
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

/** The error state in the dark theme. */
export const DarkWithError: Story = {
  ...WithError,
  globals: { theme: 'dark' },
}
