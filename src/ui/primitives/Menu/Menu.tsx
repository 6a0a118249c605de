/**
 * Menu primitive: a trigger that opens a menu of actions and links in a Popover,
 * with react-aria's keyboard (Enter / Space / ArrowDown open it, arrows move, typeahead, Escape
 * closes and returns focus to the trigger).
 *
 * - `Menu`: `trigger: ReactElement` (a Button or IconButton primitive; the menu is named after
 *   it), `header?: ReactNode` (content above the items, e.g. who is signed in), `placement?`
 *   (default 'bottom end'), `isOpen?` / `defaultOpen?` / `onOpenChange?`, and the react-aria Menu
 *   props (`onAction`, `aria-label`, `disabledKeys`, `selectionMode`, `items`, `children`, ...).
 * - `MenuItem`: `children: ReactNode` (the label), `icon?: ReactNode` (decorative), `variant?:
 *   'default' | 'danger'` (`MENU_ITEM_VARIANTS`), `id?`, `onAction?`, `href?` / `target?` / `rel?`
 *   for a link item (a new-tab link shows an external-link mark), `isDisabled?`, `textValue?`
 *   (needed when `children` is not plain text).
 * - `MenuSection`: `title?: string` (a header that names the group), `children`.
 * - `MenuSeparator`: a line between items.
 */
import { type ReactElement, type ReactNode, useMemo, useRef } from 'react'
import { useMenuTrigger } from 'react-aria'
import type { MenuItemProps as AriaMenuItemProps, MenuProps as AriaMenuProps, MenuTriggerProps } from 'react-aria-components'
import { useMenuTriggerState } from 'react-stately'
import { surfaceComponent, useOverlaySurfaces } from '../overlays/surfaces.tsx'
import { TriggeredOverlay } from '../overlays/trigger.tsx'
import type { PopoverProps } from '../Popover/Popover.tsx'
import type { MenuSurfaceProps } from './MenuSurface.tsx'

export const MENU_ITEM_VARIANTS = ['default', 'danger'] as const
export type MenuItemVariant = (typeof MENU_ITEM_VARIANTS)[number]

export interface MenuProps<T extends object>
  extends Omit<AriaMenuProps<T>, 'className' | 'style'>, Pick<MenuTriggerProps, 'isOpen' | 'defaultOpen' | 'onOpenChange'> {
  /** The element that opens the menu: a Button or IconButton primitive. */
  trigger: ReactElement
  /** Content above the items, outside the menu's list (e.g. the signed-in person). */
  header?: ReactNode
  placement?: PopoverProps['placement']
}

/**
 * What react-aria's `MenuTrigger` does, with its hooks (../overlays/trigger.tsx): the
 * menu's code, with its collections and positioning, loads when a menu first opens.
 */
export function Menu<T extends object>({ trigger, header, placement = 'bottom end', isOpen, defaultOpen, onOpenChange, ...menuProps }: MenuProps<T>) {
  const state = useMenuTriggerState({ isOpen, defaultOpen, onOpenChange })
  const triggerRef = useRef<HTMLElement>(null)
  const { menuTriggerProps, menuProps: menuTriggerMenuProps } = useMenuTrigger<T>({ type: 'menu' }, state, triggerRef)
  const slot = useMemo(() => ({ ...menuTriggerProps, ref: triggerRef, isPressed: state.isOpen }), [menuTriggerProps, state.isOpen])
  return (
    <TriggeredOverlay
      trigger={trigger}
      triggerProps={slot}
      isOpen={state.isOpen}
      surface={
        <Surface
          state={state}
          triggerRef={triggerRef}
          menuTriggerMenuProps={menuTriggerMenuProps}
          placement={placement}
          header={header}
          menuProps={menuProps}
        />
      }
    />
  )
}

// Generic in the menu's item type, so written out rather than made by `surfaceComponent`.
function Surface<T extends object>(props: MenuSurfaceProps<T>) {
  const { MenuSurface } = useOverlaySurfaces()
  return <MenuSurface {...props} />
}

export interface MenuItemProps<T extends object = object> extends Omit<AriaMenuItemProps<T>, 'className' | 'style' | 'children'> {
  children: ReactNode
  icon?: ReactNode
  variant?: MenuItemVariant
}

// Items, sections and separators are only ever drawn inside an open menu, when the surfaces have loaded.
export const MenuItem = surfaceComponent((surfaces) => surfaces.MenuItemSurface)
export const MenuSection = surfaceComponent((surfaces) => surfaces.MenuSectionSurface)
export const MenuSeparator = surfaceComponent((surfaces) => surfaces.MenuSeparatorSurface)
