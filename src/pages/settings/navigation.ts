/**
 * Programmatic navigation for the settings pages (after a save, from a gated button).
 *
 * In the app the TanStack router is in context; stories and component tests render the pages
 * without one, where navigating is a no-op (links still work through react-aria's `href`).
 */
import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'

/** Returns `goTo(href)`, a client-side navigation to a same-origin path such as `/app/setting/roles`. */
export function useGoTo(): (href: string) => void {
  // `warn: false`: being outside a router is expected in stories, not a wiring bug.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined
  return useCallback(
    (href: string) => {
      void router?.navigate({ href })
    },
    [router],
  )
}
