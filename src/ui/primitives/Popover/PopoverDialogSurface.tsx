/**
 * A dialog in a popover (in the overlay surfaces chunk): react-aria's Dialog in the
 * Popover primitive, wired to the trigger state `PopoverDialog` (./PopoverDialog.tsx) keeps, as
 * react-aria's own `DialogTrigger` wires it.
 */
import type { RefObject } from 'react'
import type { useOverlayTrigger } from 'react-aria'
import {
  Dialog,
  DialogContext,
  type DialogProps,
  OverlayTriggerStateContext,
  PopoverContext,
  Provider,
  RootMenuTriggerStateContext,
} from 'react-aria-components'
import type { RootMenuTriggerState } from 'react-stately'
import { Popover, type PopoverProps } from './Popover.tsx'

export interface PopoverDialogSurfaceProps {
  readonly state: RootMenuTriggerState
  readonly triggerRef: RefObject<HTMLElement | null>
  /** From `useOverlayTrigger`: the dialog's id and, failing a name of its own, the trigger as its name. */
  readonly overlayProps: ReturnType<typeof useOverlayTrigger>['overlayProps'] & { readonly 'aria-labelledby': string }
  readonly placement: PopoverProps['placement']
  readonly offset: PopoverProps['offset']
  readonly className: string | undefined
  readonly dialogClassName: string | undefined
  readonly 'aria-label': string | undefined
  readonly children: DialogProps['children']
}

export function PopoverDialogSurface({
  state,
  triggerRef,
  overlayProps,
  placement,
  offset,
  className,
  dialogClassName,
  children,
  ...props
}: PopoverDialogSurfaceProps) {
  return (
    <Provider
      values={[
        [OverlayTriggerStateContext, state],
        [RootMenuTriggerStateContext, state],
        [DialogContext, overlayProps],
        [PopoverContext, { trigger: 'DialogTrigger', triggerRef, id: overlayProps.id, 'aria-labelledby': overlayProps['aria-labelledby'] }],
      ]}
    >
      <Popover placement={placement} offset={offset} className={className}>
        <Dialog aria-label={props['aria-label']} className={dialogClassName}>
          {children}
        </Dialog>
      </Popover>
    </Provider>
  )
}
