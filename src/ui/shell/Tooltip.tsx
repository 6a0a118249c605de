/**
 * The shell's tooltip: react-aria TooltipTrigger with the SPEC §9 timings. Wraps one focusable
 * react-aria element (Button, Link) whose accessible name the tooltip repeats for sighted users.
 */
import type { ReactElement } from 'react'
import { Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components'
import * as css from './Tooltip.css.ts'

/** SPEC §9: a tooltip shows after the pointer rests this long (ms). */
export const TOOLTIP_DELAY_MS = 700
/**
 * SPEC §9 "skip delay": after a tooltip hides, the next one within this window (ms) shows at once.
 * react-aria keeps its own warm-up window of at least 500 ms; this sets the close delay.
 */
export const TOOLTIP_CLOSE_DELAY_MS = 300

export const TOOLTIP_PLACEMENTS = ['right', 'bottom', 'top', 'left'] as const

export function WithTooltip({
  label,
  placement = 'right',
  isDisabled = false,
  children,
}: {
  label: string
  placement?: (typeof TOOLTIP_PLACEMENTS)[number]
  isDisabled?: boolean
  children: ReactElement
}) {
  return (
    <TooltipTrigger delay={TOOLTIP_DELAY_MS} closeDelay={TOOLTIP_CLOSE_DELAY_MS} isDisabled={isDisabled}>
      {children}
      <AriaTooltip placement={placement} offset={8} className={css.tooltip}>
        {label}
      </AriaTooltip>
    </TooltipTrigger>
  )
}
