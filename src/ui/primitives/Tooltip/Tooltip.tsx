/**
 * Tooltip primitive (issue #15): `WithTooltip` wraps one focusable react-aria element (Button,
 * Link, or a primitive built on them) and shows `label` after the pointer rests on it for
 * `TOOLTIP_DELAY_MS`, or at once on keyboard focus; it hides `TOOLTIP_CLOSE_DELAY_MS` after the
 * pointer leaves (SPEC §9). Props: `label: string`, `placement?: TooltipPlacement` (one of
 * `TOOLTIP_PLACEMENTS`, default 'right'), `isDisabled?: boolean`, `children: ReactElement`.
 *
 * The tooltip repeats a name for sighted users; it is never the only name (icon-only controls
 * still carry `aria-label`, see IconButton). It sits on the `tooltip` layer, above any overlay its
 * trigger is in (layers.ts).
 */
import type { ReactElement } from 'react'
import { Tooltip as AriaTooltip, OverlayArrow, TooltipTrigger } from 'react-aria-components'
import { useLayer } from '../layers.ts'
import * as css from './Tooltip.css.ts'

/** SPEC §9: a tooltip shows after the pointer rests this long (ms). */
export const TOOLTIP_DELAY_MS = 700
/**
 * SPEC §9 "skip delay": after a tooltip hides, the next one within this window (ms) shows at once.
 * react-aria keeps its own warm-up window of at least 500 ms; this sets the close delay.
 */
export const TOOLTIP_CLOSE_DELAY_MS = 300

export const TOOLTIP_PLACEMENTS = ['right', 'bottom', 'top', 'left'] as const
export type TooltipPlacement = (typeof TOOLTIP_PLACEMENTS)[number]

export interface WithTooltipProps {
  label: string
  placement?: TooltipPlacement
  isDisabled?: boolean
  children: ReactElement
}

export function WithTooltip({ label, placement = 'right', isDisabled = false, children }: WithTooltipProps) {
  const zIndex = useLayer('tooltip')
  return (
    <TooltipTrigger delay={TOOLTIP_DELAY_MS} closeDelay={TOOLTIP_CLOSE_DELAY_MS} isDisabled={isDisabled}>
      {children}
      <AriaTooltip placement={placement} offset={8} className={css.tooltip} style={{ zIndex }}>
        <OverlayArrow className={css.arrow}>
          <svg width={8} height={4} viewBox="0 0 8 4" aria-hidden="true">
            <path d="M0 0 L4 4 L8 0 Z" />
          </svg>
        </OverlayArrow>
        {label}
      </AriaTooltip>
    </TooltipTrigger>
  )
}
