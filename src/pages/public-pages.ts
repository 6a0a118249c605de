/**
 * The addresses of SPEC.md §2.1's public pages and §2.5's general pages outside /app, without their
 * texts: the route tree (src/routes/tree.tsx) builds a route per address at boot, and each page's
 * card (./PublicPage.tsx) or the public site (./public/PublicSite.tsx) loads with its route.
 */
import type * as PublicSite from './public/PublicSite.tsx'

/** Every public address, in the order the route tree registers them. */
export const PUBLIC_PAGE_KEYS = [
  '/',
  '/pricing',
  '/tools',
  '/joinus',
  '/book-a-call',
  '/window-splash',
  '/share',
  '/terms-of-service',
  '/privacy-policy',
  '/refund-policy',
  '/app/integrations',
  '/signin-error',
  '/link-expired',
  '/404',
  '/sso/callback',
  '/enable-bug-report',
  '/auth-callback',
] as const

export type PublicPageKey = (typeof PUBLIC_PAGE_KEYS)[number]

/**
 * The public site's full pages: each key's export of src/pages/public/PublicSite.tsx.
 * Their h1 and tab title are the page's name in publicTitles (./public/titles.messages.ts).
 */
export const SITE_PAGES = {
  '/': 'LandingPage',
  '/pricing': 'PricingPage',
  '/tools': 'ToolsPage',
  '/joinus': 'JoinUsPage',
  '/book-a-call': 'BookACallPage',
  '/terms-of-service': 'TermsOfServicePage',
  '/privacy-policy': 'PrivacyPolicyPage',
  '/refund-policy': 'RefundPolicyPage',
} as const satisfies Partial<Record<PublicPageKey, keyof typeof PublicSite>>

export type SitePageKey = keyof typeof SITE_PAGES

/** True for the keys the public site's full pages serve. */
export function isSitePage(key: PublicPageKey): key is SitePageKey {
  return key in SITE_PAGES
}

/** The card pages of one message (./PublicPage.tsx): every public address but the site's, /share's and single sign-on's return. */
export type MessagePageKey = Exclude<PublicPageKey, SitePageKey | '/share' | '/sso/callback'>
