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
import { type KeyboardEvent, type ReactElement, useMemo, useRef } from 'react'
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
 * What react-aria's `TooltipTrigger` does, with its hooks (issue #21, ../overlays/trigger.tsx): the
 * tooltip's own code, with its positioning, loads when one first shows.
 */
export function WithTooltip({ label, placement = 'right', isDisabled = false, children }: WithTooltipProps) {
  const zIndex = useLayer('tooltip')
  const options = { delay: TOOLTIP_DELAY_MS, closeDelay: TOOLTIP_CLOSE_DELAY_MS, isDisabled }
  const state = useTooltipTriggerState(options)
  const triggerRef = useRef<HTMLElement>(null)
  const { triggerProps, tooltipProps } = useTooltipTrigger(options, state, triggerRef)
  const slot = useMemo(() => ({ ...triggerProps, onKeyDown: transparentKeyDown(triggerProps.onKeyDown), ref: triggerRef }), [triggerProps])
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

/** react-aria's keyboard event: a React one that can also let the key go on to the page. */
type AriaKeyboardEvent = KeyboardEvent<HTMLElement> & { continuePropagation?: () => void }

/**
 * The tooltip's key handler (it hides the tooltip on any key) as one that never keeps a key from the
 * page. Handed through `ButtonContext`, it runs inside react-aria's `useKeyboard`, which stops a
 * key's propagation unless a handler lets it continue: Ctrl+K on a focused icon button never reached
 * the command palette's listener. A key another handler took (its default prevented: the menu
 * trigger's ArrowDown) still stops there, as with react-aria's own TooltipTrigger.
 */
function transparentKeyDown(onKeyDown: ((e: KeyboardEvent<HTMLElement>) => void) | undefined) {
  return (e: AriaKeyboardEvent) => {
    onKeyDown?.(e)
    if (!e.isDefaultPrevented()) e.continuePropagation?.()
  }
}
