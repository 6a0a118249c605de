/**
 * The public site's pages (SPEC §2.1), one export per route so the route tree can
 * load them as one chunk of their own (`lazyRouteComponent(..., name)`): the landing page,
 * /pricing, /tools, /joinus, /book-a-call and the three legal pages. The names are listed in
 * src/pages/PublicPage.tsx `SITE_PAGES`.
 */
import { LEGAL_DOCUMENTS, LegalPage } from './LegalPages.tsx'

export { LandingPage } from './LandingPage.tsx'
export { PricingPage } from './PricingPage.tsx'
export { BookACallPage, JoinUsPage, ToolsPage } from './InfoPages.tsx'

export function TermsOfServicePage() {
  return <LegalPage document={LEGAL_DOCUMENTS['/terms-of-service']} />
}

export function PrivacyPolicyPage() {
  return <LegalPage document={LEGAL_DOCUMENTS['/privacy-policy']} />
}

export function RefundPolicyPage() {
  return <LegalPage document={LEGAL_DOCUMENTS['/refund-policy']} />
}
