/** The public site's frame (PublicLayout.tsx): the header, the footer and their landmarks. */
import { defineMessages } from '../../i18n/messages.ts'

export const publicSiteMessages = defineMessages('publicSite', {
  /** The logo link's name; `product` is the wordmark it shows (Logo.tsx PRODUCT_NAME), the same in every language. */
  home: '{product} home',
  site: 'Site',
  signIn: 'Sign in',
  getStarted: 'Get started',
  tagline: 'The workspace for AI customer-engagement teams.',
  copyright: '© 2026 Engage',
  product: 'Product',
  company: 'Company',
  legal: 'Legal',
})
