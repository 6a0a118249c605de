/**
 * Scheduling helpers for work that must not compete with a page's first render (SPEC.md §9 link
 * prefetch; the bug-report button, which loads after the first page).
 */
import { useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

/** Runs `run` when the main thread is idle (at most `timeoutMs`, default 2,000 ms, later); Safari has no requestIdleCallback. */
export function whenIdle(run: () => void, timeoutMs = 2000): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: timeoutMs })
  else window.setTimeout(run, 1)
}

/**
 * True once the router has resolved its first page (guards settled, the page rendered) and the
 * browser was idle after it; false before. For code nobody needs for the first interaction.
 */
export function useAfterFirstPage(): boolean {
  const router = useRouter()
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    let unsubscribe = () => {}
    const settle = () => {
      unsubscribe()
      whenIdle(() => live && setReady(true))
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
