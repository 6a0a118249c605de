/**
 * Link prefetch (SPEC.md §9 "Link prefetch margin 200 px"): a page's route (its lazy chunk, its
 * guards) is loaded as soon as a link to it comes within 200 px of the viewport.
 *
 * TanStack Router's own `preload: 'viewport'` watches only its `<Link>`s, with a fixed
 * `rootMargin` of 100 px, and our links are react-aria links that navigate through the router
 * (src/routes/tree.tsx). So one document-wide observer watches every same-origin link instead
 * (docs/decisions.md "Link prefetch: one observer over every link, 200 px").
 */

/** SPEC §9: how far outside the viewport (CSS px) a link starts its page's prefetch. */
export const LINK_PREFETCH_MARGIN_PX = 200
/** The IntersectionObserver `rootMargin` for that margin. */
export const LINK_PREFETCH_ROOT_MARGIN = `${LINK_PREFETCH_MARGIN_PX}px`

/** Paths never prefetched: following them does something (signing out), not just showing a page. */
export const NO_PREFETCH_PATHS: ReadonlyArray<string> = ['/app/signout']

/** The parts of a link element the rule reads. */
export interface LinkLike {
  getAttribute(name: string): string | null
  hasAttribute(name: string): boolean
}

/**
 * The path (with search) to prefetch for a link, or null: only same-origin links to pages of the
 * app, opened in this tab, not downloads, not /api, not `NO_PREFETCH_PATHS`.
 */
export function prefetchTarget(link: LinkLike, origin: string): string | null {
  const raw = link.getAttribute('href')
  if (!raw || raw.startsWith('#') || link.hasAttribute('download')) return null
  const target = link.getAttribute('target')
  if (target && target !== '_self') return null
  let url: URL
  try {
    url = new URL(raw, origin)
  } catch {
    return null
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return null
  if (NO_PREFETCH_PATHS.includes(url.pathname)) return null
  return `${url.pathname}${url.search}`
}

/** The browser classes the observer needs (a test passes fakes). */
export interface PrefetchEnvironment {
  readonly IntersectionObserver: typeof IntersectionObserver
  readonly MutationObserver: typeof MutationObserver
  readonly origin: string
  /**
   * Runs a preload when the browser has time (the app passes `requestIdleCallback`), so prefetching
   * never competes with the page being shown. Immediate when absent.
   */
  readonly schedule?: (run: () => void) => void
}

/**
 * Watches every `a[href]` under `root` (now and added later) and calls `preload(path)` once per
 * path when a link to it comes within `LINK_PREFETCH_MARGIN_PX` of the viewport. Returns the
 * cleanup, which stops both observers. `preload` errors are the caller's to catch.
 */
export function observeLinkPrefetch(root: Element, preload: (path: string) => void, env: PrefetchEnvironment): () => void {
  const done = new Set<string>()
  const watched = new WeakSet<Element>()
  const intersections = new env.IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        intersections.unobserve(entry.target)
        const path = prefetchTarget(entry.target, env.origin)
        if (path === null || done.has(path)) continue
        done.add(path)
        if (env.schedule) env.schedule(() => preload(path))
        else preload(path)
      }
    },
    { rootMargin: LINK_PREFETCH_ROOT_MARGIN },
  )
  const watch = (node: Node) => {
    const element = node as Element
    if (typeof element.querySelectorAll !== 'function') return
    const links = element.matches?.('a[href]') ? [element] : []
    links.push(...Array.from(element.querySelectorAll('a[href]')))
    for (const link of links) {
      if (watched.has(link) || prefetchTarget(link, env.origin) === null) continue
      watched.add(link)
      intersections.observe(link)
    }
  }
  watch(root)
  const mutations = new env.MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(watch)
  })
  mutations.observe(root, { childList: true, subtree: true })
  return () => {
    mutations.disconnect()
    intersections.disconnect()
  }
}
