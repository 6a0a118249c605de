/**
 * The browser tab's title for pages without a PageHeader (issue #16 item 14): the public pages,
 * /signin and /signup. Same behaviour as PageHeader's: set while mounted, the previous title back
 * on unmount.
 */
import { useEffect } from 'react'

/** Sets `document.title` to `title` (the whole string, e.g. "Pricing · Engage") while mounted. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title
    document.title = title
    return () => {
      document.title = previous
    }
  }, [title])
}

/**
 * The tab title of a page named `name`: "Pricing · Engage" (the same form as PageHeader's
 * `documentTitle`, kept here so the entry chunk's pages need not load PageHeader and its styles).
 */
export function titleFor(name: string): string {
  return `${name} · Engage`
}
