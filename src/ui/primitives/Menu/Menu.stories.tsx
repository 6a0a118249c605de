/**
 * Primitives/Menu: a trigger, a Menu of MenuItems (icons, links, a danger item),
 * sections and separators; react-aria's keyboard.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import BookOpen from 'lucide-react/icons/book-open'
import Copy from 'lucide-react/icons/copy'
import Ellipsis from 'lucide-react/icons/ellipsis'
import LogOut from 'lucide-react/icons/log-out'
import Pencil from 'lucide-react/icons/pencil'
import Settings from 'lucide-react/icons/settings'
import Trash2 from 'lucide-react/icons/trash-2'
import { useState } from 'react'
import type { Key } from 'react-aria-components'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../Button/Button.tsx'
import { IconButton } from '../IconButton/IconButton.tsx'
import { MENU_ITEM_VARIANTS, Menu, MenuItem, MenuSection, MenuSeparator } from './Menu.tsx'

/** A row's actions behind an IconButton. */
function RowActions({ onAction }: { onAction: (key: Key) => void }) {
  return (
    <Menu
      trigger={
        <IconButton label="More actions">
          <Ellipsis size={18} />
        </IconButton>
      }
      onAction={(key) => onAction(key)}
    >
      <MenuItem id="rename" icon={<Pencil size={16} />}>
        Rename
      </MenuItem>
      <MenuItem id="duplicate" icon={<Copy size={16} />}>
        Duplicate
      </MenuItem>
      <MenuItem id="archive" isDisabled>
        Archive
      </MenuItem>
      <MenuSeparator />
      <MenuItem id="delete" icon={<Trash2 size={16} />} variant="danger">
        Delete
      </MenuItem>
    </Menu>
  )
}

const meta = {
  title: 'Primitives/Menu',
  component: RowActions,
  parameters: { layout: 'centered', docs: { description: { component: `Item variants: ${MENU_ITEM_VARIANTS.join(', ')}.` } } },
  args: { onAction: fn() },
} satisfies Meta<typeof RowActions>
export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** Keyboard: Enter opens on the first item, ArrowDown moves, Enter fires and closes, focus returns. */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'More actions' })
    await userEvent.tab()
    await waitFor(() => expect(trigger).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    const menu = await body(canvasElement).findByRole('menu', { name: 'More actions' })
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Rename' })).toHaveFocus())
    await expect(within(menu).getByRole('menuitem', { name: 'Archive' })).toHaveAttribute('aria-disabled', 'true')
    await userEvent.keyboard('{ArrowDown}')
    await expect(within(menu).getByRole('menuitem', { name: 'Duplicate' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onAction).toHaveBeenCalledWith('duplicate')
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull())
    await waitFor(() => expect(trigger).toHaveFocus())
  },
}

/** Pointer: click opens, the danger item fires, Escape would close. */
export const Danger: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'More actions' }))
    const menu = await body(canvasElement).findByRole('menu', { name: 'More actions' })
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }))
    await expect(args.onAction).toHaveBeenCalledWith('delete')
  },
}

/** A user menu: a header above the items, named sections, link items (one to a new tab). The menu takes its trigger's name. */
export const SectionsAndLinks: Story = {
  render: () => (
    <Menu
      trigger={<Button variant="secondary">Ada Lovelace</Button>}
      header={<div style={{ padding: '12px 12px 4px', fontSize: '0.8125rem' }}>ada@acme.test</div>}
    >
      <MenuSection title="Account">
        <MenuItem href="#settings" icon={<Settings size={16} />}>
          Settings
        </MenuItem>
        <MenuItem href="https://docs.example.com" target="_blank" rel="noopener noreferrer" icon={<BookOpen size={16} />}>
          Documentation
        </MenuItem>
      </MenuSection>
      <MenuSection title="Session">
        <MenuItem href="#sign-out" icon={<LogOut size={16} />}>
          Sign out
        </MenuItem>
      </MenuSection>
    </Menu>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.tab()
    await expect(within(canvasElement).getByRole('button', { name: 'Ada Lovelace' })).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    const menu = within(await body(canvasElement).findByRole('menu', { name: 'Ada Lovelace' }))
    await expect(menu.getByRole('group', { name: 'Account' })).toBeInTheDocument()
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '#settings')
    await expect(menu.getByRole('menuitem', { name: 'Documentation' })).toHaveAttribute('target', '_blank')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull())
  },
}

function Sort() {
  const [sort, setSort] = useState<Set<Key>>(new Set(['newest']))
  return (
    <Menu trigger={<Button variant="ghost">Sort</Button>} selectionMode="single" selectedKeys={sort} onSelectionChange={(keys) => setSort(new Set(keys))}>
      <MenuItem id="newest">Newest first</MenuItem>
      <MenuItem id="oldest">Oldest first</MenuItem>
    </Menu>
  )
}

/** Single selection: a check marks the chosen item. */
export const Selection: Story = {
  render: () => <Sort />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sort' }))
    let menu = within(await body(canvasElement).findByRole('menu'))
    await expect(menu.getByRole('menuitemradio', { name: 'Newest first' })).toBeChecked()
    await userEvent.click(menu.getByRole('menuitemradio', { name: 'Oldest first' }))
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull())
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sort' }))
    menu = within(await body(canvasElement).findByRole('menu'))
    await expect(menu.getByRole('menuitemradio', { name: 'Oldest first' })).toBeChecked()
  },
}

/** Dark theme, open. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'More actions' }))
    const item = await body(canvasElement).findByRole('menuitem', { name: 'Delete' })
    await waitFor(() => expect(item).toBeVisible())
  },
}
