/**
 * PopoverDialog primitive: a trigger that opens a dialog in a popover — the
 * notifications panel, the workspace switcher, the credits used, the collapsed sidebar's groups.
 * What react-aria's `DialogTrigger` + `Popover` + `Dialog` do, with the trigger wired by react-aria's
 * hooks (../overlays/trigger.tsx) so the popover's code loads when one first opens.
 *
 * Props: `trigger` (a Button, IconButton or Link primitive: it gets `aria-expanded`, the press that
 * opens and its ref), `children` (the dialog's content, or a function of `{ close }`),
 * `aria-label` (the dialog's name, unless a `<Heading slot="title">` inside names it), `isOpen` /
 * `defaultOpen` / `onOpenChange`, `placement`, `offset`, `className` (the popover's size) and
 * `dialogClassName`.
 */
import { type ReactElement, useId, useMemo, useRef } from 'react'
import { useOverlayTrigger } from 'react-aria'
import type { DialogProps } from 'react-aria-components'
import { useMenuTriggerState } from 'react-stately'
import { surfaceComponent } from '../overlays/surfaces.tsx'
import { TriggeredOverlay } from '../overlays/trigger.tsx'
import type { PopoverProps } from './Popover.tsx'

export interface PopoverDialogProps {
  readonly trigger: ReactElement
  readonly children: DialogProps['children']
  readonly 'aria-label'?: string
  readonly isOpen?: boolean
  readonly defaultOpen?: boolean
  readonly onOpenChange?: (isOpen: boolean) => void
  readonly placement?: PopoverProps['placement']
  readonly offset?: number
  readonly className?: string
  readonly dialogClassName?: string
}

export function PopoverDialog({ trigger, isOpen, defaultOpen, onOpenChange, placement = 'bottom', ...rest }: PopoverDialogProps) {
  // A menu state, as react-aria's DialogTrigger keeps, so a menu opened inside can nest under it.
  const state = useMenuTriggerState({ isOpen, defaultOpen, onOpenChange })
  const triggerRef = useRef<HTMLElement>(null)
  const { triggerProps, overlayProps } = useOverlayTrigger({ type: 'dialog' }, state, triggerRef)
  // The trigger names the dialog when nothing inside does (react-aria's DialogTrigger does the same).
  const triggerId = useId()
  const slot = useMemo(() => ({ ...triggerProps, id: triggerId, ref: triggerRef, isPressed: state.isOpen }), [triggerProps, triggerId, state.isOpen])
  return (
    <TriggeredOverlay
      trigger={trigger}
      triggerProps={slot}
      isOpen={state.isOpen}
      surface={
        <Surface
          state={state}
          triggerRef={triggerRef}
          overlayProps={{ ...overlayProps, 'aria-labelledby': triggerId }}
          placement={placement}
          offset={rest.offset}
          className={rest.className}
          dialogClassName={rest.dialogClassName}
          aria-label={rest['aria-label']}
        >
          {rest.children}
        </Surface>
      }
    />
  )
}

const Surface = surfaceComponent((surfaces) => surfaces.PopoverDialogSurface)
