/**
 * A public /share/ page (SPEC.md §2.5, src/navigation/share.ts): the matching page's title and
 * text, or the generic shared page. Public, no shell; the router puts it behind the
 * human-verification gate.
 */
import { useLocation } from '@tanstack/react-router'
import { useTranslator } from '../i18n/react.tsx'
import { SHARE_FALLBACK, sharePageFor } from '../navigation/share.ts'
import { titleFor, useDocumentTitle } from '../ui/documentTitle.ts'
import { MessagePage } from './StatusPage.tsx'

export function SharePage({ pathname }: { pathname: string }) {
  const { t } = useTranslator()
  const content = sharePageFor(pathname) ?? SHARE_FALLBACK
  const title = t(content.title)
  useDocumentTitle(titleFor(title))
  return <MessagePage title={title} text={t(content.text)} />
}

/** The router's /share and /share/$ component: the page for the current path. */
export function SharePageRoute() {
  const { pathname } = useLocation()
  return <SharePage pathname={pathname} />
}
