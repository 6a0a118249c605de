/**
 * The tooltip itself (in the overlay surfaces chunk): react-aria's `Tooltip`, positioned
 * against the trigger and driven by the state `WithTooltip` (./Tooltip.tsx) keeps. Props: `state`
 * (react-stately tooltip trigger state), `tooltipProps` (from `useTooltipTrigger`: its id, which
 * the trigger's `aria-describedby` names), `triggerRef`, `label`, `placement`, `zIndex`.
 */
import type { RefObject } from 'react'
import { OverlayArrow, Tooltip as AriaTooltip, TooltipContext, TooltipTriggerStateContext } from 'react-aria-components'
import type { useTooltipTrigger } from 'react-aria'
import type { TooltipTriggerState } from 'react-stately'
import type { TooltipPlacement } from './Tooltip.tsx'
import * as css from './Tooltip.css.ts'

export interface TooltipSurfaceProps {
  readonly state: TooltipTriggerState
  readonly tooltipProps: ReturnType<typeof useTooltipTrigger>['tooltipProps']
  readonly triggerRef: RefObject<HTMLElement | null>
  readonly label: string
  readonly placement: TooltipPlacement
  readonly zIndex: number
}

export function TooltipSurface({ state, tooltipProps, triggerRef, label, placement, zIndex }: TooltipSurfaceProps) {
  return (
    <TooltipTriggerStateContext value={state}>
      <TooltipContext value={{ ...tooltipProps, triggerRef }}>
        <AriaTooltip placement={placement} offset={8} className={css.tooltip} style={{ zIndex }}>
          <OverlayArrow className={css.arrow}>
            <svg width={8} height={4} viewBox="0 0 8 4" aria-hidden="true">
              <path d="M0 0 L4 4 L8 0 Z" />
            </svg>
          </OverlayArrow>
          {label}
        </AriaTooltip>
      </TooltipContext>
    </TooltipTriggerStateContext>
  )
}
