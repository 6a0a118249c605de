/**
 * Public pages of SPEC.md §2.1 and the general pages of §2.5 outside /app (no sign-in, no shell).
 *
 * The public site (`SITE_PAGES`: the landing page, /pricing, /tools, /joinus,
 * /book-a-call and the legal pages) is a set of full pages with a shared header and footer in
 * src/pages/public/, loaded as a chunk of its own by the route tree; /share has its own pages
 * (./SharePage.tsx) and /sso/callback its own flow. The other pages (the window splash, sign-in
 * error, expired link, 404, bug reports and the integration and channel returns) are a card of
 * one message with a way to sign in, in the reader's language.
 * The route tree reads only the addresses (./public-pages.ts); this module loads with a card's page.
 */
import { useTranslator } from '../i18n/react.tsx'
import type { MessageDescriptor } from '../i18n/messages.ts'
import { titleFor, useDocumentTitle } from '../ui/documentTitle.ts'
import { PRODUCT_NAME } from '../ui/Logo.tsx'
import type { MessagePageKey } from './public-pages.ts'
import { publicPagesMessages as m } from './publicPages.messages.ts'
import { errorPagesMessages } from './status.messages.ts'
import { MessagePage } from './StatusPage.tsx'

/** A card's title (null: the product's name, the same in every language) and its text. */
interface MessagePageContent {
  readonly title: MessageDescriptor | null
  readonly text: MessageDescriptor
}

/** Each card page's words. */
export const MESSAGE_PAGES = {
  '/window-splash': { title: null, text: m.windowSplashText },
  '/app/integrations': { title: m.integrationTitle, text: m.integrationText },
  '/signin-error': { title: m.signInErrorTitle, text: m.signInErrorText },
  '/link-expired': { title: m.linkExpiredTitle, text: m.linkExpiredText },
  '/404': { title: errorPagesMessages.notFound, text: errorPagesMessages.notFoundText },
  '/enable-bug-report': { title: m.bugReportTitle, text: m.bugReportText },
  '/auth-callback': { title: m.channelTitle, text: m.channelText },
} as const satisfies Record<MessagePageKey, MessagePageContent>

export { SITE_PAGES, isSitePage, type MessagePageKey, type PublicPageKey, type SitePageKey } from './public-pages.ts'

/** A card page of MESSAGE_PAGES: its title and text in the reader's language, the tab named after it. */
export function PublicPage({ pageKey }: { pageKey: MessagePageKey }) {
  const { t } = useTranslator()
  const content: MessagePageContent = MESSAGE_PAGES[pageKey]
  const title = content.title ? t(content.title) : PRODUCT_NAME
  useDocumentTitle(content.title ? titleFor(title) : PRODUCT_NAME)
  return <MessagePage title={title} text={t(content.text)} />
}
