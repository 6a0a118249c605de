/**
 * Path rules of SPEC.md §2.1 (public pages) and §2.3 (which /app pages drop the dashboard
 * layout for a bare full-height container). Pure functions over a pathname.
 */
import { LayoutTypes } from '../../contract/api.ts'

/** Where /app (and a sign-in without a redirect) lands: the Overview. */
export const SIGNED_IN_LANDING = '/app/dashboard'

/** SPEC §2.1: public prefixes (the path equals the prefix or continues with `/`). */
export const PUBLIC_PREFIXES = ['/window-splash', '/pricing', '/tools', '/joinus', '/book-a-call', '/share'] as const
/** SPEC §2.1: public pages matched exactly. */
export const PUBLIC_EXACT = ['/', '/terms-of-service', '/privacy-policy', '/refund-policy'] as const
/** SPEC §2.1: `/app/integrations/...` (with a trailing part) is public, e.g. OAuth returns. */
export const PUBLIC_APP_INTEGRATIONS_PREFIX = '/app/integrations/'

function hasPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`)
}

/** True when `pathname` is a public page of SPEC §2.1 (no sign-in, no shell). */
export function isPublicPath(pathname: string): boolean {
  if ((PUBLIC_EXACT as readonly string[]).includes(pathname)) return true
  if (pathname.startsWith(PUBLIC_APP_INTEGRATIONS_PREFIX)) return true
  return PUBLIC_PREFIXES.some((p) => hasPrefix(pathname, p))
}

/** SPEC §2.3: prefixes whose pages use the bare full-height container instead of the dashboard layout. */
export const BARE_LAYOUT_PREFIXES = [
  '/app/setting/integrations/',
  '/app/waitlist',
  '/app/sign-up-info',
  '/app/signout',
  '/app/release-notes',
  '/app/workspace-selection',
  ...LayoutTypes.map((t) => `/app/${t}/onboarding`),
] as const

/** True when the page at `pathname` replaces the dashboard layout with a bare container (SPEC §2.3). */
export function usesBareLayout(pathname: string): boolean {
  return BARE_LAYOUT_PREFIXES.some((p) => pathname.startsWith(p))
}

/** SPEC §2.3: the page at `pathname` shows the floating bug-report button (not on paths containing /app/integrations). */
export function showsBugReportButton(pathname: string): boolean {
  return !pathname.includes('/app/integrations')
}

/**
 * True when `href` leaves the app: it names its own scheme (`https://docs.engage.dev`,
 * `mailto:`) or host (`//cdn.example`). Such a link keeps its address as written, never resolved
 * as a path inside the app by the router, and is opened by the browser.
 */
export function isExternalHref(href: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(href) || href.startsWith('//')
}
