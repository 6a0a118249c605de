/**
 * The browser tab's title for pages without a PageHeader: the public pages,
 * /signin and /signup. Same behaviour as PageHeader's: set while mounted, the previous title back
 * on unmount, through the title controller (src/platform/title.ts), which puts the
 * unread count before it ("(3) Pricing · Engage") while someone is signed in with unread ones.
 */
import { useEffect } from 'react'
import { documentTitleController } from '../platform/title.ts'

/** Names the tab `title` (the whole page title, e.g. "Pricing · Engage", after any count prefix) while mounted. */
export function useDocumentTitle(title: string): void {
  useEffect(() => documentTitleController()?.setPage(title), [title])
}

/**
 * The tab title of a page named `name`: "Pricing · Engage" (the same form as PageHeader's
 * `documentTitle`, kept here so the entry chunk's pages need not load PageHeader and its styles).
 */
export function titleFor(name: string): string {
  return `${name} · Engage`
}
