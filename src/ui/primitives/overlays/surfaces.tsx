/**
 * The overlays' surfaces, one chunk loaded on first use: react-aria-components'
 * Popover, Dialog, Menu and Tooltip with their positioning, focus scopes and collections (about
 * 35 kB gzip the shell does not load before it is interactive). The shell starts the download
 * once it has painted (`preloadOverlaySurfaces`); a trigger opened before then waits for it, with
 * nothing drawn meanwhile.
 *
 * `useOverlaySurfaces()` returns the loaded module, suspending (React `use`) until it is there:
 * call it inside `<SurfaceBoundary>`, which draws nothing while it loads and nothing (with a
 * warning) when the download fails, so a failed tooltip never takes the page down; the next
 * opening tries again.
 */
import { Component, type ComponentType, type ReactNode, Suspense, use, useState } from 'react'
import { loadOnce } from '../../../platform/load-once.ts'

export type OverlaySurfaces = typeof import('./OverlaySurfaces.tsx')

let loaded: OverlaySurfaces | undefined

/** Starts (or joins) the surfaces' download; resolves with the module. */
export const preloadOverlaySurfaces = loadOnce(() =>
  import('./OverlaySurfaces.tsx').then((module) => {
    loaded = module
    return module
  }),
)

/** The surfaces module; suspends until it has loaded (only the first overlay ever opened waits). */
export function useOverlaySurfaces(): OverlaySurfaces {
  return loaded ?? use(preloadOverlaySurfaces())
}

/**
 * A component that draws `pick`'s surface with its props, once the surfaces have loaded (it
 * suspends until then: render it inside `SurfaceBoundary`, or inside a surface already drawn).
 */
export function surfaceComponent<P extends object>(pick: (surfaces: OverlaySurfaces) => ComponentType<P>): ComponentType<P> {
  return function Surface(props: P) {
    const Drawn = pick(useOverlaySurfaces())
    return <Drawn {...props} />
  }
}

/**
 * True from the first time `isOpen` is true on: an overlay's surface mounts when it first opens
 * and then stays mounted, so react-aria can play its exit animation and keep its state.
 */
export function useOpenedOnce(isOpen: boolean): boolean {
  const [opened, setOpened] = useState(isOpen)
  if (isOpen && !opened) setOpened(true)
  return opened || isOpen
}

interface BoundaryProps {
  readonly children: ReactNode
  /** Changes when the overlay opens again: a failed download is then tried once more. */
  readonly attempt: unknown
}

/** Suspense (nothing drawn while loading) and a catch for a failed download (nothing drawn). */
export function SurfaceBoundary({ children, attempt }: BoundaryProps) {
  return (
    <DownloadFailed attempt={attempt}>
      <Suspense fallback={null}>{children}</Suspense>
    </DownloadFailed>
  )
}

class DownloadFailed extends Component<BoundaryProps, { failedAt: unknown; failed: boolean }> {
  override state = { failedAt: undefined as unknown, failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failedAt: unknown; failed: boolean }) {
    // Once failed, remember which attempt; a new attempt (the overlay opened again) clears it.
    if (state.failed && state.failedAt === undefined) return { failedAt: props.attempt }
    if (state.failed && state.failedAt !== props.attempt) return { failed: false, failedAt: undefined }
    return null
  }

  override componentDidCatch(error: unknown) {
    console.warn('An overlay could not be drawn:', error)
  }

  override render() {
    return this.state.failed ? null : this.props.children
  }
}
