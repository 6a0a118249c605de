/**
 * Scheduling helpers for work that must not compete with a page's first render (SPEC.md §9 link
 * prefetch; the bug-report button and the version check, which load after the first page).
 */
import { useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

/** Runs `run` when the main thread is idle (at most `timeoutMs`, default 2,000 ms, later); Safari has no requestIdleCallback. */
export function whenIdle(run: () => void, timeoutMs = 2000): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: timeoutMs })
  else window.setTimeout(run, 1)
}

/** How many splashes (SPEC §2.2: authentication or a route loading) are on screen now. */
let splashesShown = 0
/** Who waits for the last splash to go. */
const waitingForNoSplash = new Set<() => void>()

/**
 * Marks a splash as on screen while the calling component is mounted (src/ui/Splash.tsx): a page
 * is not up while one shows, as on the sign-in page while its verification gate decides.
 */
export function useSplashShown(): void {
  useEffect(() => {
    splashesShown += 1
    return () => {
      splashesShown -= 1
      if (splashesShown === 0) for (const run of [...waitingForNoSplash]) run()
    }
  }, [])
}

/** Runs `run` once no splash is on screen: at once when none is. */
function whenNoSplash(run: () => void): void {
  if (splashesShown === 0) return run()
  const once = () => {
    waitingForNoSplash.delete(once)
    run()
  }
  waitingForNoSplash.add(once)
}

/**
 * True once the router has resolved its first page (guards settled, the page rendered), no splash
 * is on screen (a gate or a loading section still deciding), and the browser was idle after it;
 * false before. For code nobody needs for the first interaction.
 */
export function useAfterFirstPage(): boolean {
  const router = useRouter()
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    let unsubscribe = () => {}
    // One splash may give way to another in the same render (a gate's, then its form's Suspense):
    // checked again once the browser is idle.
    const whenUp = () =>
      whenNoSplash(() =>
        whenIdle(() => {
          if (!live) return
          if (splashesShown > 0) whenUp()
          else setReady(true)
        }),
      )
    const settle = () => {
      unsubscribe()
      whenUp()
    }
    unsubscribe = router.subscribe('onResolved', settle)
    // The first page may already be resolved when this mounts (a page without guards).
    if (router.state.status === 'idle' && router.state.resolvedLocation) settle()
    return () => {
      live = false
      unsubscribe()
    }
  }, [router])
  return ready
}
