/**
 * Menu primitive (issue #15): a trigger that opens a menu of actions and links in a Popover,
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
import Check from 'lucide-react/icons/check'
import ExternalLink from 'lucide-react/icons/external-link'
import type { ReactElement, ReactNode } from 'react'
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  MenuSection as AriaMenuSection,
  type MenuTriggerProps,
  Header,
  MenuTrigger,
  Separator,
} from 'react-aria-components'
import { Popover, type PopoverProps } from '../Popover/Popover.tsx'
import * as css from './Menu.css.ts'

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

export function Menu<T extends object>({ trigger, header, placement = 'bottom end', isOpen, defaultOpen, onOpenChange, ...props }: MenuProps<T>) {
  return (
    <MenuTrigger isOpen={isOpen} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger}
      <Popover placement={placement} className={css.popover}>
        {header}
        <AriaMenu {...props} className={css.menu} />
      </Popover>
    </MenuTrigger>
  )
}

export interface MenuItemProps<T extends object = object> extends Omit<AriaMenuItemProps<T>, 'className' | 'style' | 'children'> {
  children: ReactNode
  icon?: ReactNode
  variant?: MenuItemVariant
}

export function MenuItem<T extends object = object>({ children, icon, variant = 'default', textValue, ...props }: MenuItemProps<T>) {
  return (
    <AriaMenuItem {...props} textValue={textValue ?? (typeof children === 'string' ? children : undefined)} className={css.itemVariant[variant]}>
      {({ isSelected, selectionMode }) => (
        <>
          {icon || selectionMode !== 'none' ? (
            <span className={css.icon} aria-hidden="true">
              {selectionMode !== 'none' ? isSelected ? <Check size={16} /> : null : icon}
            </span>
          ) : null}
          <span className={css.label}>{children}</span>
          {props.href && props.target === '_blank' ? <ExternalLink size={14} aria-hidden="true" className={css.trailing} /> : null}
        </>
      )}
    </AriaMenuItem>
  )
}

export function MenuSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <AriaMenuSection className={css.section}>
      {title ? <Header className={css.sectionHeader}>{title}</Header> : null}
      {children}
    </AriaMenuSection>
  )
}

export function MenuSeparator() {
  return <Separator className={css.separator} />
}
