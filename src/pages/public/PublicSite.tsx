/**
 * The public site's pages (SPEC §2.1), one export per route so the route tree can
 * load them as one chunk of their own (`lazyRouteComponent(..., name)`): the landing page,
 * /pricing, /tools, /joinus, /book-a-call and the three legal pages. The names are listed in
 * src/pages/PublicPage.tsx `SITE_PAGES`. Each speaks the site's own messages (./SiteMessages.tsx).
 */
import { BookACallPage as BookACall, JoinUsPage as JoinUs, ToolsPage as Tools } from './InfoPages.tsx'
import { LandingPage as Landing } from './LandingPage.tsx'
import { LEGAL_DOCUMENTS, LegalPage } from './LegalPages.tsx'
import { PricingPage as Pricing } from './PricingPage.tsx'
import { withSiteMessages } from './SiteMessages.tsx'

export const LandingPage = withSiteMessages(Landing)
export const PricingPage = withSiteMessages(Pricing)
export const ToolsPage = withSiteMessages(Tools)
export const JoinUsPage = withSiteMessages(JoinUs)
export const BookACallPage = withSiteMessages(BookACall)
export const TermsOfServicePage = withSiteMessages(function TermsOfService() {
  return <LegalPage document={LEGAL_DOCUMENTS['/terms-of-service']} />
})
export const PrivacyPolicyPage = withSiteMessages(function PrivacyPolicy() {
  return <LegalPage document={LEGAL_DOCUMENTS['/privacy-policy']} />
})
export const RefundPolicyPage = withSiteMessages(function RefundPolicy() {
  return <LegalPage document={LEGAL_DOCUMENTS['/refund-policy']} />
})
