/**
 * Tooltip primitive: `WithTooltip` wraps one focusable react-aria element (Button,
 * Link, or a primitive built on them) and shows `label` after the pointer rests on it for
 * `TOOLTIP_DELAY_MS`, or at once on keyboard focus; it hides `TOOLTIP_CLOSE_DELAY_MS` after the
 * pointer leaves (SPEC §9). Props: `label: string`, `placement?: TooltipPlacement` (one of
 * `TOOLTIP_PLACEMENTS`, default 'right'), `isDisabled?: boolean`, `children: ReactElement`.
 *
 * The tooltip repeats a name for sighted users; it is never the only name (icon-only controls
 * still carry `aria-label`, see IconButton). It sits on the `tooltip` layer, above any overlay its
 * trigger is in (layers.ts).
 */
import { type ReactElement, useMemo, useRef } from 'react'
import { useTooltipTrigger } from 'react-aria'
import { useTooltipTriggerState } from 'react-stately'
import { surfaceComponent } from '../overlays/surfaces.tsx'
import { TriggeredOverlay } from '../overlays/trigger.tsx'
import { useLayer } from '../layers.ts'

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

/**
 * What react-aria's `TooltipTrigger` does, with its hooks (../overlays/trigger.tsx): the
 * tooltip's own code, with its positioning, loads when one first shows.
 */
export function WithTooltip({ label, placement = 'right', isDisabled = false, children }: WithTooltipProps) {
  const zIndex = useLayer('tooltip')
  const options = { delay: TOOLTIP_DELAY_MS, closeDelay: TOOLTIP_CLOSE_DELAY_MS, isDisabled }
  const state = useTooltipTriggerState(options)
  const triggerRef = useRef<HTMLElement>(null)
  const { triggerProps, tooltipProps } = useTooltipTrigger(options, state, triggerRef)
  const slot = useMemo(() => ({ ...triggerProps, ref: triggerRef }), [triggerProps])
  return (
    <TriggeredOverlay
      trigger={children}
      triggerProps={slot}
      isOpen={state.isOpen}
      surface={<Bubble state={state} tooltipProps={tooltipProps} triggerRef={triggerRef} label={label} placement={placement} zIndex={zIndex} />}
    />
  )
}

const Bubble = surfaceComponent((surfaces) => surfaces.TooltipSurface)
