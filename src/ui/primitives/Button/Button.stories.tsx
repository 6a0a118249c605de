/**
 * Primitives/Button: one story per variant and state, each asserting what a person
 * meets: the button's name, that a press fires (or not), that a gated button stays focusable.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import Download from 'lucide-react/icons/download'
import Plus from 'lucide-react/icons/plus'
import { ToggleButton } from 'react-aria-components'
import { expect, fn, userEvent, within } from 'storybook/test'
import { BUTTON_SIZES, BUTTON_VARIANTS, Button, LinkButton, buttonStyle } from './Button.tsx'

const meta = {
  title: 'Primitives/Button',
  component: Button,
  parameters: { layout: 'centered' },
  args: { children: 'Save changes', variant: 'primary', size: 'md', onPress: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: BUTTON_VARIANTS },
    size: { control: 'inline-radio', options: BUTTON_SIZES },
  },
} satisfies Meta<typeof Button>
export default meta
type Story = StoryObj<typeof meta>

/** Named by its text; a press (click, Enter, Space) fires `onPress`. */
const pressFires: Story['play'] = async ({ canvasElement, args }) => {
  const button = within(canvasElement).getByRole('button', { name: String(args.children) })
  await userEvent.click(button)
  await userEvent.keyboard('{Enter}')
  await expect(args.onPress).toHaveBeenCalledTimes(2)
}

export const Primary: Story = { play: pressFires }
export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancel' }, play: pressFires }
export const Ghost: Story = { args: { variant: 'ghost', children: 'Skip for now' }, play: pressFires }
export const Danger: Story = { args: { variant: 'danger', children: 'Remove member' }, play: pressFires }
export const Small: Story = { args: { size: 'sm', variant: 'secondary', children: 'Edit roles' }, play: pressFires }

/** A decorative leading icon: the name stays the text alone. */
export const WithIcon: Story = {
  args: { icon: <Plus size={16} />, children: 'New workspace' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'New workspace' })).toBeVisible()
  },
}

/** Pending: a spinner in the icon's place; still focusable, presses ignored. */
export const Pending: Story = {
  args: { isPending: true, icon: <Plus size={16} />, children: 'Saving' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Saving' })
    await userEvent.tab()
    await expect(button).toHaveFocus()
    await userEvent.click(button)
    await expect(args.onPress).not.toHaveBeenCalled()
  },
}

/** Disabled: out of the tab order, presses ignored. */
export const Disabled: Story = {
  args: { isDisabled: true, children: 'Send invite' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Send invite' })).toBeDisabled()
  },
}

/** Gated (`aria-disabled="true"`, e.g. a missing permission): focusable for its tooltip, inert. */
export const Gated: Story = {
  args: { 'aria-disabled': 'true', type: 'submit', children: 'Create role' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Create role' })
    await userEvent.tab()
    await expect(button).toHaveFocus()
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expect(button).toHaveAttribute('type', 'button')
    await userEvent.keyboard('{Enter}')
    await expect(args.onPress).not.toHaveBeenCalled()
  },
}

/** A link (`<a href>`) that looks like a button. */
export const AsLink: Story = {
  render: () => (
    <LinkButton href="#docs" variant="secondary" icon={<Download size={16} />}>
      Download report
    </LinkButton>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Download report' })).toHaveAttribute('href', '#docs')
  },
}

/** `buttonStyle` on another react-aria element: a toggle button that looks like a secondary button. */
export const StyledElement: Story = {
  render: () => <ToggleButton className={buttonStyle({ variant: 'secondary', size: 'sm' })}>Pin</ToggleButton>,
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('button', { name: 'Pin' })
    await userEvent.click(toggle)
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  },
}

function Sheet() {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(5, auto)', gap: 12, alignItems: 'center', padding: 24 }}>
      {BUTTON_VARIANTS.flatMap((variant) =>
        BUTTON_SIZES.map((size) => (
          <div key={`${variant}-${size}`} style={{ display: 'contents' }}>
            <Button variant={variant} size={size}>
              {variant} {size}
            </Button>
            <Button variant={variant} size={size} icon={<Plus size={16} />}>
              With icon
            </Button>
            <Button variant={variant} size={size} isPending>
              Pending
            </Button>
            <Button variant={variant} size={size} isDisabled>
              Disabled
            </Button>
            <Button variant={variant} size={size} aria-disabled="true">
              Gated
            </Button>
          </div>
        )),
      )}
    </div>
  )
}

/** Every variant, size and state, light. */
export const AllLight: Story = {
  render: Sheet,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('button')).toHaveLength(BUTTON_VARIANTS.length * BUTTON_SIZES.length * 5)
  },
}

/** Every variant, size and state, dark. */
export const AllDark: Story = { ...AllLight, globals: { theme: 'dark' } }
