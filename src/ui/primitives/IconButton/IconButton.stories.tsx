/**
 * Primitives/IconButton: always named by `label`, always with that label as tooltip.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import Bell from 'lucide-react/icons/bell'
import PanelLeft from 'lucide-react/icons/panel-left'
import Trash2 from 'lucide-react/icons/trash-2'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ICON_BUTTON_SIZES, ICON_BUTTON_VARIANTS, IconButton } from './IconButton.tsx'

const meta = {
  title: 'Primitives/IconButton',
  component: IconButton,
  parameters: { layout: 'centered' },
  args: { label: 'Notifications', children: <Bell size={18} />, variant: 'ghost', size: 'md', onPress: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ICON_BUTTON_VARIANTS },
    size: { control: 'inline-radio', options: ICON_BUTTON_SIZES },
  },
} satisfies Meta<typeof IconButton>
export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** Named by `label`; keyboard focus shows the label as a tooltip at once; Enter fires. */
const namedWithTooltip: Story['play'] = async ({ canvasElement, args }) => {
  const button = within(canvasElement).getByRole('button', { name: args.label })
  await userEvent.tab()
  await expect(button).toHaveFocus()
  await expect(await body(canvasElement).findByRole('tooltip')).toHaveTextContent(args.label)
  await userEvent.keyboard('{Enter}')
  await expect(args.onPress).toHaveBeenCalledTimes(1)
}

export const Ghost: Story = { play: namedWithTooltip }
export const Secondary: Story = { args: { variant: 'secondary', label: 'Toggle sidebar', children: <PanelLeft size={18} /> }, play: namedWithTooltip }
export const Small: Story = { args: { size: 'sm', label: 'Delete notification', children: <Trash2 size={14} /> }, play: namedWithTooltip }

/** Hovering shows the tooltip after the SPEC §9 delay too. */
export const TooltipOnHover: Story = {
  args: { tooltipPlacement: 'right' },
  play: async ({ canvasElement, args }) => {
    // Tooltips open on hover only in pointer modality (react-aria): a pointer press elsewhere sets it.
    await userEvent.click(canvasElement.ownerDocument.body)
    await userEvent.hover(within(canvasElement).getByRole('button', { name: args.label }))
    await expect(await body(canvasElement).findByRole('tooltip', {}, { timeout: 2000 })).toHaveTextContent(args.label)
  },
}

/** Pending: a spinner instead of the icon, same name, presses ignored. */
export const Pending: Story = {
  args: { isPending: true },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: args.label }))
    await expect(args.onPress).not.toHaveBeenCalled()
  },
}

/** Gated: focusable, still explains itself, does nothing. */
export const Gated: Story = {
  args: { 'aria-disabled': 'true', label: 'Delete workspace', children: <Trash2 size={18} /> },
  play: async ({ canvasElement, args }) => {
    await userEvent.tab()
    await expect(within(canvasElement).getByRole('button', { name: 'Delete workspace' })).toHaveFocus()
    await expect(await body(canvasElement).findByRole('tooltip')).toHaveTextContent('Delete workspace')
    await userEvent.keyboard('{Enter}')
    await expect(args.onPress).not.toHaveBeenCalled()
  },
}

function Sheet() {
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', padding: 24 }}>
      {ICON_BUTTON_VARIANTS.flatMap((variant) =>
        ICON_BUTTON_SIZES.map((size) => (
          <IconButton key={`${variant}-${size}`} label={`${variant} ${size}`} variant={variant} size={size}>
            <Bell size={size === 'sm' ? 14 : 18} />
          </IconButton>
        )),
      )}
      <IconButton label="Pending" isPending>
        <Bell size={18} />
      </IconButton>
      <IconButton label="Disabled" isDisabled>
        <Bell size={18} />
      </IconButton>
    </div>
  )
}

/** Every variant and size, light and dark. */
export const AllLight: Story = {
  render: Sheet,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'secondary sm' })).toBeVisible()
  },
}
export const AllDark: Story = { ...AllLight, globals: { theme: 'dark' } }
