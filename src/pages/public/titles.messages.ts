/**
 * The public site's page names: each page's h1, its tab title ("Pricing · Engage") and its link
 * in the footer; the landing page's heading and tab title.
 */
import { defineMessages } from '../../i18n/messages.ts'

export const publicTitlesMessages = defineMessages('publicTitles', {
  landingHeading: 'The workspace for AI customer-engagement teams',
  landingDocumentTitle: 'Engage: the workspace for AI customer-engagement teams',
  pricing: 'Pricing',
  tools: 'Tools',
  joinUs: 'Join us',
  bookACall: 'Book a call',
  termsOfService: 'Terms of Service',
  privacyPolicy: 'Privacy Policy',
  refundPolicy: 'Refund Policy',
})
