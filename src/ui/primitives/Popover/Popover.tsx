/**
 * Popover primitive: react-aria `Popover` on the product's raised surface, for menus
 * (Menu primitive) and panels (a react-aria `Dialog` inside, e.g. notifications). Props: every
 * react-aria Popover prop (`placement`, `offset`, `isNonModal`, `isOpen`/`onOpenChange`,
 * `triggerRef` when standalone, ...) plus `showArrow?: boolean` (default false), `className?:
 * string` (extra class after its own, e.g. a width) and `children: ReactNode`. Inside a trigger
 * (`DialogTrigger`, `MenuTrigger`) react-aria positions and opens it.
 *
 * It sits on the `popover` layer, above any overlay it is opened from (layers.ts), and passes its
 * level on to the overlays opened inside it.
 */
import type { ReactNode } from 'react'
import { Popover as AriaPopover, type PopoverProps as AriaPopoverProps, OverlayArrow } from 'react-aria-components'
import { LayerContext, useLayer } from '../layers.ts'
import * as css from './Popover.css.ts'

export interface PopoverProps extends Omit<AriaPopoverProps, 'className' | 'style' | 'children'> {
  children: ReactNode
  /** Draw an arrow pointing at the trigger. */
  showArrow?: boolean
  /** Extra class names after the popover's own (size only: width, max height). */
  className?: string
}

export function Popover({ children, showArrow = false, offset, className, ...props }: PopoverProps) {
  const zIndex = useLayer('popover')
  return (
    <AriaPopover offset={offset ?? (showArrow ? 10 : 6)} {...props} className={className ? `${css.popover} ${className}` : css.popover} style={{ zIndex }}>
      {showArrow ? (
        <OverlayArrow className={css.arrow}>
          <svg width={12} height={6} viewBox="0 0 12 6" aria-hidden="true">
            <path d="M0 0 L6 6 L12 0" />
          </svg>
        </OverlayArrow>
      ) : null}
      <div className={css.content}>
        <LayerContext value={zIndex}>{children}</LayerContext>
      </div>
    </AriaPopover>
  )
}
