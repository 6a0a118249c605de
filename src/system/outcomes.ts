/**
 * Machines talk outward with emitted outcome events (CONVENTIONS: "a toast layer listens").
 * These hooks are the one place a view-mounted actor's outcomes become effects:
 * `useEmitted` runs handlers, `useOutcomeToasts` turns outcomes into toasts (SPEC §8 strings).
 */
import { useEffect, useRef } from 'react'
import type { ActorRef, ActorRefFrom, EventObject, Snapshot } from 'xstate'
import type { ToastType, ToastsMachine } from '../../machines/toasts/toasts.machine.ts'
import { useToasts } from './toasts.tsx'
import type { DisplayText } from '../../contract/messages.ts'

/** An actor that emits `TEmitted` events (any page-level machine's actor); only its `on` is used. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the events it accepts do not matter here
export type EmittingActor<TEmitted extends EventObject> = Pick<ActorRef<Snapshot<unknown>, any, TEmitted>, 'on'>

/** Handlers by emitted event type; each gets the event narrowed to its type. */
export type EmittedHandlers<TEmitted extends EventObject> = {
  readonly [K in TEmitted['type']]?: (event: Extract<TEmitted, { type: K }>) => void
}

/**
 * Subscribes `handlers` to `actor`'s emitted events for as long as the component is mounted.
 * The latest handlers run (they may close over fresh props) without resubscribing.
 */
export function useEmitted<TEmitted extends EventObject>(actor: EmittingActor<TEmitted>, handlers: EmittedHandlers<TEmitted>): void {
  const latest = useRef(handlers)
  latest.current = handlers
  // The set of types is fixed per call site; read once so a re-render never resubscribes.
  const types = useRef(Object.keys(handlers) as Array<TEmitted['type']>).current
  useEffect(() => {
    const subscriptions = types.map((type) =>
      actor.on(type, (event) => (latest.current[type] as ((e: EventObject) => void) | undefined)?.(event)),
    )
    return () => subscriptions.forEach((s) => s.unsubscribe())
  }, [actor, types])
}

/** A toast for one outcome: its type and its message (a server's words, or a message to translate), fixed or read from the event. */
export type OutcomeToast<TEvent> = readonly [ToastType, DisplayText | ((event: TEvent) => DisplayText)]

/** Toasts by emitted event type. */
export type OutcomeToasts<TEmitted extends EventObject> = {
  readonly [K in TEmitted['type']]?: OutcomeToast<Extract<TEmitted, { type: K }>>
}

/** The handlers that show each outcome's toast through `show`; shared by the hook and {@link toastOutcomes}. */
function toastHandlers<TEmitted extends EventObject>(toasts: OutcomeToasts<TEmitted>, show: (type: ToastType, message: DisplayText) => void): EmittedHandlers<TEmitted> {
  const handlers: Record<string, (event: EventObject) => void> = {}
  for (const [type, spec] of Object.entries(toasts) as Array<[string, OutcomeToast<EventObject> | undefined]>) {
    if (!spec) continue
    const [toastType, message] = spec
    handlers[type] = (event) => show(toastType, typeof message === 'function' ? message(event) : message)
  }
  return handlers as unknown as EmittedHandlers<TEmitted>
}

/** Shows a toast (SPEC §3 Toast) for each outcome listed in `toasts`, e.g. `{ 'role.saveFailed': ['error', (e) => e.message] }`. */
export function useOutcomeToasts<TEmitted extends EventObject>(actor: EmittingActor<TEmitted>, toasts: OutcomeToasts<TEmitted>): void {
  const { show } = useToasts()
  useEmitted(actor, toastHandlers(toasts, show))
}

/**
 * {@link useOutcomeToasts} outside React, for a root actor whose outcomes must be toasted for the
 * page's lifetime whatever view is on screen (creating a workspace). Toasts go to `toasts`.
 */
export function toastOutcomes<TEmitted extends EventObject>(actor: EmittingActor<TEmitted>, toasts: ActorRefFrom<ToastsMachine>, outcomes: OutcomeToasts<TEmitted>): void {
  const handlers = toastHandlers(outcomes, (toastType, message) => toasts.send({ type: 'toast.show', toastType, message }))
  for (const [type, handler] of Object.entries(handlers) as Array<[TEmitted['type'], (event: EventObject) => void]>) actor.on(type, handler)
}
