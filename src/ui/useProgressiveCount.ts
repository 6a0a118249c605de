/**
 * Progressive rendering for long lists that are not virtualised (cards of varying height a person
 * reads and searches with the browser's find): the first `first` items render at once, then the
 * count grows by `step` in React transitions, so the rest is drawn in small, interruptible pieces
 * instead of one long task that holds up the first screen and input.
 */
import { startTransition, useEffect, useState } from 'react'

/**
 * How many of `total` items to render now: `first` at once (all when `total` is small), then
 * `step` more per transition until all are shown. A list that grows later continues from where
 * it is; a list that shrinks shows all of it.
 */
export function useProgressiveCount(total: number, first = 30, step = 40): number {
  // How far the list has grown; never below `first`, whatever arrived when.
  const [grown, setGrown] = useState(first)
  const shown = Math.min(total, Math.max(grown, first))
  useEffect(() => {
    if (shown >= total) return
    startTransition(() => setGrown((g) => Math.max(g, first) + step))
  }, [shown, total, first, step])
  return shown
}
