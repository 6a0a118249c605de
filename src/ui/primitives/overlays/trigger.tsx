/**
 * How the overlay primitives wire their trigger. react-aria-components' own
 * `DialogTrigger`, `MenuTrigger` and `TooltipTrigger` live in the modules that also hold the
 * Popover, Menu and Tooltip, so importing a trigger brings overlay positioning, focus scopes and
 * collections into the shell's first load. The primitives instead build the trigger's state with
 * the same react-stately / react-aria hooks those components use, hand the trigger props to the
 * react-aria Button or Link inside through `ButtonContext` / `LinkContext` (as the components do
 * with their internal responders), and draw the overlay itself from the surfaces chunk
 * (./surfaces.tsx) once it first opens.
 */
import type { KeyboardEvent, ReactElement, ReactNode, Ref } from 'react'
import { use, useMemo } from 'react'
import { mergeProps } from 'react-aria'
import { ButtonContext, LinkContext } from 'react-aria-components'
import { SurfaceBoundary, useOpenedOnce } from './surfaces.tsx'

/** DOM and react-aria props for a trigger, with the ref that must reach its element. */
export type TriggerProps = Record<string, unknown> & { readonly ref?: Ref<HTMLElement | null> }

type Props = Record<PropertyKey, unknown>

/**
 * `props` merged into a react-aria context value: into plain props, or into each slot of the
 * `{ slots }` form (a Dialog's close slot), keeping the slots (their keys include a symbol).
 */
function mergeInto(outer: unknown, props: TriggerProps): unknown {
  if (!outer || typeof outer !== 'object') return props
  const slots = (outer as { slots?: Record<PropertyKey, Props> }).slots
  if (!slots) return mergeProps(outer as Props, props)
  return { ...outer, slots: Object.fromEntries(Reflect.ownKeys(slots).map((key) => [key, mergeProps(slots[key] ?? {}, props)])) }
}

/** react-aria's keyboard event: a React one that can also let the key go on to the page. */
type AriaKeyboardEvent = KeyboardEvent<HTMLElement> & { continuePropagation?: () => void }
type KeyHandler = (e: AriaKeyboardEvent) => void

/**
 * A trigger hook's key handler as the DOM handler it was written as. The hooks return DOM props
 * (react-aria's own triggers put them on the element); handed through `ButtonContext` they run
 * inside the Button's `useKeyboard`, which stops a key's propagation unless a handler lets it
 * continue, so the tooltip's handler (it hides the tooltip on any key) kept Ctrl+K from the
 * command palette. A key a handler took (its default prevented: the menu trigger's ArrowDown)
 * still stops there, as it does on react-aria's own triggers.
 */
function asDomKeyHandler(handler: unknown): KeyHandler | undefined {
  if (typeof handler !== 'function') return undefined
  return (e) => {
    ;(handler as KeyHandler)(e)
    if (!e.isDefaultPrevented()) e.continuePropagation?.()
  }
}

/**
 * Gives `props` to the one react-aria Button or Link inside `children`, merged (handlers chained,
 * ids and refs joined) with those of an enclosing trigger: a tooltip's trigger inside a menu's
 * (the user menu's IconButton) gets both, and a Dialog's close slot keeps its press. Key handlers
 * keep their DOM meaning (`asDomKeyHandler`).
 */
export function TriggerSlot({ props, children }: { props: TriggerProps; children: ReactNode }) {
  const outerButton = use(ButtonContext)
  const outerLink = use(LinkContext)
  const own = useMemo(() => ({ ...props, onKeyDown: asDomKeyHandler(props.onKeyDown), onKeyUp: asDomKeyHandler(props.onKeyUp) }), [props])
  const button = useMemo(() => mergeInto(outerButton, own), [outerButton, own])
  const link = useMemo(() => mergeInto(outerLink, own), [outerLink, own])
  return (
    <ButtonContext value={button as never}>
      <LinkContext value={link as never}>{children}</LinkContext>
    </ButtonContext>
  )
}

/**
 * An overlay primitive's whole render: the trigger with its props (`TriggerSlot`) and, from the
 * overlay's first opening on, its `surface` (an element of a `surfaceComponent`) in a
 * `SurfaceBoundary` tried again on each opening.
 */
export function TriggeredOverlay({
  trigger,
  triggerProps,
  isOpen,
  surface,
}: {
  trigger: ReactElement
  triggerProps: TriggerProps
  isOpen: boolean
  surface: ReactElement
}) {
  const opened = useOpenedOnce(isOpen)
  return (
    <>
      <TriggerSlot props={triggerProps}>{trigger}</TriggerSlot>
      {opened && <SurfaceBoundary attempt={isOpen}>{surface}</SurfaceBoundary>}
    </>
  )
}
