/**
 * The one way the app listens to window and document events: focus, online,
 * offline, visibilitychange, resize, keydown. `listen` adds one handler for several event types
 * and returns the function that removes them all, so a listener can never be left half attached.
 */

/** Anything events can be listened on: `window`, `document`, or a test's fake. */
export type EventTargetLike = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>

/**
 * Calls `handler` on each of `types` dispatched on `target` until the returned cleanup runs.
 * `options` is passed to both `addEventListener` and `removeEventListener` (e.g. `{ passive: true }`).
 */
export function listen<E extends Event = Event>(
  target: EventTargetLike,
  types: ReadonlyArray<string>,
  handler: (event: E) => void,
  options?: AddEventListenerOptions,
): () => void {
  const listener = handler as EventListener
  for (const type of types) target.addEventListener(type, listener, options)
  return () => {
    for (const type of types) target.removeEventListener(type, listener, options)
  }
}
