/**
 * Primitives/Dialog: `Modal`, controlled and under a `DialogTrigger`. Each story
 * asserts the dialog's name, the focus trap, and how it closes.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../Button/Button.tsx'
import { IconButton } from '../IconButton/IconButton.tsx'
import { DialogTrigger, MODAL_SIZES, Modal, type ModalProps } from './Dialog.tsx'

/** A page with a button that opens the modal (controlled by `isOpen` / `onOpenChange`). */
function DeleteWorkspace({ onOpenChange, ...props }: Omit<ModalProps, 'isOpen'>) {
  const [isOpen, setOpen] = useState(false)
  return (
    <>
      <Button variant="danger" onPress={() => setOpen(true)}>
        Delete workspace
      </Button>
      <Modal
        {...props}
        isOpen={isOpen}
        onOpenChange={(open) => {
          setOpen(open)
          onOpenChange?.(open)
        }}
      />
    </>
  )
}

const meta = {
  title: 'Primitives/Dialog',
  component: DeleteWorkspace,
  parameters: { layout: 'centered' },
  args: {
    title: 'Delete workspace?',
    description: 'Acme Support and its 1,204 conversations are deleted for everyone.',
    children: <p style={{ margin: 0 }}>This cannot be undone. Export the conversations first if you need them.</p>,
    footer: (
      <>
        <Button variant="secondary" slot="close">
          Cancel
        </Button>
        <Button variant="danger" slot="close">
          Delete
        </Button>
      </>
    ),
    size: 'md',
    onOpenChange: fn(),
  },
  argTypes: { size: { control: 'inline-radio', options: MODAL_SIZES } },
} satisfies Meta<typeof DeleteWorkspace>
export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)
const open = async (canvasElement: HTMLElement, name: string, role: 'dialog' | 'alertdialog' = 'dialog') => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete workspace' }))
  return body(canvasElement).findByRole(role, { name })
}
const closed = (canvasElement: HTMLElement) =>
  waitFor(() => expect(body(canvasElement).queryByRole('dialog') ?? body(canvasElement).queryByRole('alertdialog')).toBeNull())

/** Named by its title, described; Tab cycles inside (focus trapped); Escape closes and focus returns. */
export const Controlled: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await open(canvasElement, 'Delete workspace?')
    await expect(dialog).toHaveAccessibleDescription(String(args.description))
    const inside = within(dialog)
    const tabbable = [
      inside.getByRole('button', { name: 'Close' }),
      inside.getByRole('button', { name: 'Cancel' }),
      inside.getByRole('button', { name: 'Delete' }),
    ]
    for (let i = 0; i < tabbable.length * 2; i++) {
      await userEvent.tab()
      await expect(dialog).toContainElement(document.activeElement as HTMLElement)
    }
    await userEvent.keyboard('{Escape}')
    await closed(canvasElement)
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false)
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Delete workspace' })).toHaveFocus())
  },
}

/** The Close button (named 'Close', with its tooltip above the backdrop) closes it. */
export const CloseButton: Story = {
  args: { size: 'sm' },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement, 'Delete workspace?')
    await userEvent.tab()
    const close = within(dialog).getByRole('button', { name: 'Close' })
    await expect(close).toHaveFocus()
    const tooltip = await body(canvasElement).findByRole('tooltip', { name: 'Close' })
    const backdrop = dialog.closest('[style*="z-index"]') as HTMLElement
    await expect(Number(getComputedStyle(tooltip).zIndex)).toBeGreaterThan(Number(getComputedStyle(backdrop).zIndex))
    await userEvent.click(close)
    await closed(canvasElement)
  },
}

/** A footer action with `slot="close"` closes it. */
export const FooterAction: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await open(canvasElement, 'Delete workspace?')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await closed(canvasElement)
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false)
  },
}

/** `isDismissable={false}`: no Close button, Escape does nothing; only its actions close it. */
export const NotDismissable: Story = {
  args: {
    isDismissable: false,
    role: 'alertdialog',
    title: 'Session expired',
    description: 'Sign in again to continue.',
    children: undefined,
    footer: ({ close }) => <Button onPress={close}>Sign in</Button>,
  },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement, 'Session expired', 'alertdialog')
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull()
    // Past its entry animation (opacity from 0), so "still visible" below means something.
    await waitFor(() => expect(dialog).toBeVisible())
    await userEvent.keyboard('{Escape}')
    await new Promise((resolve) => setTimeout(resolve, 300))
    await expect(dialog).toBeInTheDocument()
    await expect(dialog).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }))
    await closed(canvasElement)
  },
}

/** As the second child of a `DialogTrigger`, opened by its trigger (here an IconButton). */
export const WithTrigger: Story = {
  render: (args) => (
    <DialogTrigger>
      <Button variant="secondary">Rename</Button>
      <Modal title="Rename workspace" size="sm" footer={args.footer}>
        <p style={{ margin: 0 }}>Workspace names show in the sidebar and in invitations.</p>
        <IconButton label="Help">?</IconButton>
      </Modal>
    </DialogTrigger>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Rename' }))
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Rename workspace' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await closed(canvasElement)
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Rename' })).toHaveFocus())
  },
}

/** Dark theme. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement, 'Delete workspace?')
    await waitFor(() => expect(dialog).toBeVisible())
  },
}
