/**
 * Public pages of SPEC.md §2.1 and the general pages of §2.5 outside /app (no sign-in, no shell).
 *
 * The public site (`SITE_PAGES`: the landing page, /pricing, /tools, /joinus,
 * /book-a-call and the legal pages) is a set of full pages with a shared header and footer in
 * src/pages/public/, loaded as a chunk of its own by the route tree. The other pages (the
 * window splash, share, sign-in error, expired link, 404, SSO and channel returns) stay a card of
 * one message with a way to sign in: their texts are the ones specs and tests rely on.
 * The route tree reads only the addresses (./public-pages.ts); this module loads with a card's page.
 */
import { titleFor, useDocumentTitle } from '../ui/documentTitle.ts'
import { LANDING_HEADING } from './public/titles.ts'
import { MessagePage } from './StatusPage.tsx'
import type { PublicPageKey } from './public-pages.ts'

export const PUBLIC_PAGES = {
  '/': { title: LANDING_HEADING, text: 'AI agents, contacts, calls and workflows in one place.' },
  '/pricing': { title: 'Pricing', text: 'Plans and credits for Engage workspaces.' },
  '/tools': { title: 'Tools', text: 'Free tools from the Engage team.' },
  '/joinus': { title: 'Join us', text: 'Open roles at Engage.' },
  '/book-a-call': { title: 'Book a call', text: 'Talk to the Engage team about your workspace.' },
  '/window-splash': { title: 'Engage', text: 'Opening Engage…' },
  '/share': { title: 'Shared with you', text: 'This page shows content someone shared from an Engage workspace.' },
  '/terms-of-service': { title: 'Terms of Service', text: 'The terms that govern the use of Engage.' },
  '/privacy-policy': { title: 'Privacy Policy', text: 'How Engage collects, uses and protects personal data.' },
  '/refund-policy': { title: 'Refund Policy', text: 'When and how Engage refunds payments.' },
  '/app/integrations': { title: 'Connecting your integration', text: 'This page completes an integration sign-in. You can close it and return to Engage.' },
  // SPEC §2.5 general hidden routes outside /app.
  '/signin-error': { title: 'We could not sign you in', text: 'Something went wrong while signing you in. Please try again.' },
  '/link-expired': { title: 'This link has expired', text: 'Links from Engage emails work for a limited time. Ask for a new one, or sign in.' },
  '/404': { title: 'Page not found', text: 'There is no page at this address.' },
  '/sso/callback': { title: 'Completing single sign-on', text: 'Single sign-on is not set up for this workspace yet. Sign in with your email and password.' },
  '/enable-bug-report': { title: 'Bug reports', text: 'The bug report button can be turned back on from here once bug reporting is available.' },
  '/auth-callback': {
    title: 'Connecting your account',
    text: 'This page completes a channel sign-in (LinkedIn, Messenger, Instagram, WhatsApp). You can close it and return to Engage.',
  },
} as const satisfies Record<PublicPageKey, { readonly title: string; readonly text: string }>

export { SITE_PAGES, isSitePage, type PublicPageKey, type SitePageKey } from './public-pages.ts'

/** A message page of PUBLIC_PAGES: the card with its title and text, the tab named after it. */
export function PublicPage({ pageKey }: { pageKey: PublicPageKey }) {
  const content = PUBLIC_PAGES[pageKey]
  useDocumentTitle(content.title === 'Engage' ? 'Engage' : titleFor(content.title))
  return <MessagePage title={content.title} text={content.text} />
}
