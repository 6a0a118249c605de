/**
 * 'Skip to content' (WCAG 2.4.1 Bypass Blocks): the first focusable element of
 * the signed-in shell and of the public pages, shown only while it has focus. It moves focus to the
 * page's main landmark, which carries `id={MAIN_CONTENT_ID}` and `tabIndex={-1}` (`mainProps`).
 *
 * A plain in-page `<a href="#main">` rather than a react-aria Link: react-aria hands every href to
 * the router, and a fragment is not a route. The click focuses the target itself instead of
 * changing the address, so no history entry and no router re-match follow; without script the
 * fragment still works.
 */
import type { MouseEvent } from 'react'
import { useTranslator } from '../i18n/react.tsx'
import { skipLinkMessages } from './app.messages.ts'
import * as css from './SkipLink.css.ts'

/** The id of the main landmark every page with a skip link gives its `<main>`. */
export const MAIN_CONTENT_ID = 'main'

/** The props of the `<main>` the skip link targets: its id, focusable by script only (its own style drops the outline). */
export const mainProps = { id: MAIN_CONTENT_ID, tabIndex: -1 } as const

/** The skip link's text in English (tests); the link shows it in the reader's language. */
export const SKIP_LINK_LABEL = 'Skip to content'

export function SkipLink({ target = MAIN_CONTENT_ID }: { target?: string }) {
  const { t } = useTranslator()
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(target)
    if (!main) return
    event.preventDefault()
    main.focus()
  }
  return (
    <a href={`#${target}`} className={css.skipLink} onClick={skip}>
      {t(skipLinkMessages.label)}
    </a>
  )
}
