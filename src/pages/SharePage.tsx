/**
 * A public /share/ page (SPEC.md §2.5, src/navigation/share.ts): the matching page's title and
 * text, or the generic shared page. Public, no shell; the router puts it behind the
 * human-verification gate.
 */
import { useLocation } from '@tanstack/react-router'
import { SHARE_FALLBACK, sharePageFor } from '../navigation/share.ts'
import { MessagePage } from './StatusPage.tsx'

export function SharePage({ pathname }: { pathname: string }) {
  const content = sharePageFor(pathname) ?? SHARE_FALLBACK
  return <MessagePage title={content.title} text={content.text} />
}

/** The router's /share and /share/$ component: the page for the current path. */
export function SharePageRoute() {
  const { pathname } = useLocation()
  return <SharePage pathname={pathname} />
}
