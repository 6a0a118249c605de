/**
 * A part of the page that loads when first wanted, not with it (bundle budget): the
 * notifications panel and the workspace switcher's list (their download starts on hover or focus
 * of what opens them, so it is usually there before the click), the bug-report button, the role
 * editor. `preload()` starts the download once; later calls reuse the same promise, and a failed
 * download is tried again by the next call. `Component` is the `React.lazy` over it, to render
 * inside a Suspense boundary.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { loadOnce } from './load-once.ts'

export interface OnDemand<M, P> {
  /** Starts (or joins) the download; rejects when it fails. */
  readonly preload: () => Promise<M>
  readonly Component: LazyExoticComponent<ComponentType<P>>
}

export function lazyOnDemand<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): OnDemand<M, P> {
  const preload = loadOnce(load)
  return { preload, Component: lazy(() => preload().then((module) => ({ default: pick(module) }))) }
}
