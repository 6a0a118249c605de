/**
 * IconButton primitive: an icon-only react-aria Button that is always named and
 * always explains itself. `label: string` (required) is the accessible name (`aria-label`) and
 * the text of its tooltip (Tooltip primitive). Props: `label`, `children` (the decorative icon,
 * e.g. `<X size={16} />`), `variant?: 'ghost' | 'secondary'` (`ICON_BUTTON_VARIANTS`, default
 * 'ghost'), `size?: 'sm' | 'md'` (`ICON_BUTTON_SIZES`: 24 / 32 px, default 'md'),
 * `tooltipPlacement?: TooltipPlacement` (default 'bottom'), `isPending?`, and the other react-aria
 * Button props (`onPress`, `isDisabled`, `slot`, `aria-disabled` for gated buttons, `ref`, ...).
 */
import type { ReactNode, Ref } from 'react'
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components'
import { PendingSpinner, gatedPress } from '../Button/Button.tsx'
import { variant as variantClass } from '../Button/Button.css.ts'
import { type TooltipPlacement, WithTooltip } from '../Tooltip/Tooltip.tsx'
import * as css from './IconButton.css.ts'

export const ICON_BUTTON_VARIANTS = ['ghost', 'secondary'] as const
export type IconButtonVariant = (typeof ICON_BUTTON_VARIANTS)[number]

export const ICON_BUTTON_SIZES = ['sm', 'md'] as const
export type IconButtonSize = (typeof ICON_BUTTON_SIZES)[number]

export interface IconButtonProps extends Omit<AriaButtonProps, 'className' | 'children' | 'style' | 'aria-label'> {
  /** The accessible name and the tooltip's text: what a person would call it ('Close', 'Notifications'). */
  label: string
  /** The icon, decorative (the name comes from `label`). */
  children: ReactNode
  variant?: IconButtonVariant
  size?: IconButtonSize
  tooltipPlacement?: TooltipPlacement
  /** Extra class names after the button's own (layout only). */
  className?: string
  ref?: Ref<HTMLButtonElement>
}

export function IconButton({
  label,
  children,
  variant = 'ghost',
  size = 'md',
  tooltipPlacement = 'bottom',
  className,
  isPending = false,
  onPress,
  type,
  ...props
}: IconButtonProps) {
  const own = `${variantClass[variant]} ${css.size[size]}`
  return (
    <WithTooltip label={label} placement={tooltipPlacement}>
      <AriaButton
        {...props}
        {...gatedPress({ onPress, type, 'aria-disabled': props['aria-disabled'] })}
        aria-label={label}
        isPending={isPending}
        className={className ? `${own} ${className}` : own}
      >
        {isPending ? <PendingSpinner size={size === 'sm' ? 14 : 16} /> : children}
      </AriaButton>
    </WithTooltip>
  )
}
