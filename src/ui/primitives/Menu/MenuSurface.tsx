/**
 * The menu itself (in the overlay surfaces chunk): react-aria's Menu in the Popover
 * primitive, wired to the trigger state `Menu` (./Menu.tsx) keeps, as react-aria's own
 * `MenuTrigger` wires it; and the items, sections and separators drawn inside it.
 */
import Check from 'lucide-react/icons/check'
import ExternalLink from 'lucide-react/icons/external-link'
import { type ReactNode, type RefObject, useRef } from 'react'
import type { AriaMenuOptions } from 'react-aria'
import {
  Header,
  Menu as AriaMenu,
  MenuContext,
  MenuItem as AriaMenuItem,
  type MenuProps as AriaMenuProps,
  MenuSection as AriaMenuSection,
  OverlayTriggerStateContext,
  PopoverContext,
  Provider,
  RootMenuTriggerStateContext,
  Separator,
} from 'react-aria-components'
import type { RootMenuTriggerState } from 'react-stately'
import { Popover, type PopoverProps } from '../Popover/Popover.tsx'
import type { MenuItemProps } from './Menu.tsx'
import * as css from './Menu.css.ts'

export interface MenuSurfaceProps<T extends object> {
  readonly state: RootMenuTriggerState
  readonly triggerRef: RefObject<HTMLElement | null>
  /** From `useMenuTrigger`: the menu's id, its name (the trigger) and its focus strategy. */
  readonly menuTriggerMenuProps: AriaMenuOptions<T>
  readonly placement: PopoverProps['placement']
  readonly header: ReactNode
  readonly menuProps: Omit<AriaMenuProps<T>, 'className' | 'style'>
}

export function MenuSurface<T extends object>({ state, triggerRef, menuTriggerMenuProps, placement, header, menuProps }: MenuSurfaceProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null)
  return (
    <Provider
      values={[
        [MenuContext, { ...(menuTriggerMenuProps as object), ref: scrollRef }],
        [OverlayTriggerStateContext, state],
        [RootMenuTriggerStateContext, state],
        [PopoverContext, { trigger: 'MenuTrigger', triggerRef, scrollRef, 'aria-labelledby': menuTriggerMenuProps['aria-labelledby'] }],
      ]}
    >
      <Popover placement={placement} className={css.popover}>
        {header}
        <AriaMenu {...menuProps} className={css.menu} />
      </Popover>
    </Provider>
  )
}

export function MenuItemSurface<T extends object = object>({ children, icon, variant = 'default', textValue, ...props }: MenuItemProps<T>) {
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

export function MenuSectionSurface({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <AriaMenuSection className={css.section}>
      {title ? <Header className={css.sectionHeader}>{title}</Header> : null}
      {children}
    </AriaMenuSection>
  )
}

export function MenuSeparatorSurface() {
  return <Separator className={css.separator} />
}
