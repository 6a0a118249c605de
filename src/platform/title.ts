/**
 * The browser tab's title as two parts (Attention outside the page): a prefix the app
 * owns (the unread count, "(3) ") and the page's title ("Overview · Engage"). `document.title` is
 * always `prefix + page`, whichever of the two changed last.
 *
 * Pages name the tab through `useDocumentTitle` (src/ui/documentTitle.ts), which goes through
 * `setPage` (PageHeader too). Anything that still assigns `document.title` directly is followed too:
 * the controller watches the <title> element, takes what was written (less any count prefix it
 * carries, e.g. a "previous" title restored on unmount) as the page's title, and puts the prefix
 * back. Without a MutationObserver (old browsers) direct writes simply go unprefixed until the
 * count next changes.
 */

/** A count prefix as the controller writes it: "(3) ", "(99+) ". */
const COUNT_PREFIX = /^\(\d+\+?\) /

/** The title shown for a prefix and a page title: `"(3) " + "Overview · Engage"`. */
export function composeTitle(prefix: string, page: string): string {
  return prefix + page
}

/** A title less a leading count prefix: "(3) Overview · Engage" → "Overview · Engage". */
export function stripCountPrefix(title: string): string {
  return title.replace(COUNT_PREFIX, '')
}

export interface TitleController {
  /** The page's title (without prefix), as last set or seen. */
  page(): string
  /**
   * Sets the page's title; returns the undo, which puts back the page title that was there
   * before (the same contract as setting `document.title` while mounted and restoring it).
   */
  setPage(title: string): () => void
  /** Sets the prefix ('' for none), e.g. "(3) ". */
  setPrefix(prefix: string): void
  /** Stops watching the <title> element. */
  stop(): void
}

/** The document as far as the controller needs it. */
export type TitleDocument = Pick<Document, 'title' | 'head'>

/** A controller that owns `doc.title`; the page title starts as the current title (less any prefix). */
export function createTitleController(doc: TitleDocument, Observer: typeof MutationObserver | undefined = globalThis.MutationObserver): TitleController {
  let page = stripCountPrefix(doc.title)
  let prefix = ''
  let written = doc.title
  const write = () => {
    const next = composeTitle(prefix, page)
    if (doc.title !== next) doc.title = next
    // Read back: the DOM normalises whitespace, and the observer compares with what it reads.
    written = doc.title
  }
  // A direct write (PageHeader) changes the title without us: adopt it as the page's title.
  const adopt = () => {
    if (doc.title === written) return
    page = stripCountPrefix(doc.title)
    write()
  }
  const observer = Observer && doc.head ? new Observer(adopt) : null
  observer?.observe(doc.head, { childList: true, subtree: true, characterData: true })
  return {
    page: () => page,
    setPage(title) {
      adopt()
      const previous = page
      page = title
      write()
      return () => {
        adopt()
        page = previous
        write()
      }
    },
    setPrefix(next) {
      adopt()
      prefix = next
      write()
    },
    stop: () => observer?.disconnect(),
  }
}

let shared: TitleController | undefined
/** The controller of this window's document, made on first use (null without a document, e.g. SSR or node tests). */
export function documentTitleController(): TitleController | null {
  if (typeof document === 'undefined') return null
  shared ??= createTitleController(document)
  return shared
}
