/**
 * Mounts the SPEC.md §9 link prefetch (src/navigation/prefetch.ts) for the app: every same-origin
 * link within 200 px of the viewport has its route preloaded through the TanStack router
 * (`router.preloadRoute`: lazy chunks and guards), when the browser is idle. Renders nothing.
 */
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { whenIdle } from './idle.ts'
import { observeLinkPrefetch } from './prefetch.ts'

export function LinkPrefetch() {
  const router = useRouter()
  useEffect(() => {
    if (typeof IntersectionObserver !== 'function' || typeof MutationObserver !== 'function') return
    return observeLinkPrefetch(
      document.body,
      (path) => {
        // A failed preload (offline, a lost chunk) is retried by the navigation itself.
        router.preloadRoute({ href: path } as Parameters<typeof router.preloadRoute>[0]).catch(() => {})
      },
      { IntersectionObserver, MutationObserver, origin: window.location.origin, schedule: whenIdle },
    )
  }, [router])
  return null
}
