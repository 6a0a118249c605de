/**
 * Listener actors for the machines: one `fromCallback` shape for every "send an
 * event back when the browser says so" (window focus, online/offline, resize, visibility). The
 * machines invoke them only in the states that need them, so they stop when the state is left.
 */
import { type EventObject, fromCallback } from 'xstate'
import { type EventTargetLike, listen } from '../platform/window-events.ts'

/**
 * An actor that sends `toEvent(domEvent)` back to its parent on each of `types` from `target`;
 * `toEvent` may return null to ignore one (a key press that is not the shortcut).
 */
export function domEventsActor<TEvent extends EventObject, TDom extends Event = Event>(
  target: EventTargetLike,
  types: ReadonlyArray<string>,
  toEvent: (event: TDom) => TEvent | null,
  options?: AddEventListenerOptions,
) {
  return fromCallback<EventObject>(({ sendBack }) =>
    listen<TDom>(
      target,
      types,
      (event) => {
        const machineEvent = toEvent(event)
        if (machineEvent) sendBack(machineEvent)
      },
      options,
    ),
  )
}
