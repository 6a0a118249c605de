/**
 * Public pages of SPEC.md §2.1 (no sign-in, no shell). Their marketing and legal content is
 * not part of the spec; each page says what it is and links to sign-in.
 */
import { Link } from 'react-aria-components'
import * as page from '../ui/Page.css.ts'
import { StatusPage } from './StatusPage.tsx'

export const PUBLIC_PAGES = {
  '/': { title: 'Engage', text: 'The workspace for AI customer-engagement teams: agents, contacts, calls and workflows in one place.' },
  '/pricing': { title: 'Pricing', text: 'Plans and prices for Engage workspaces.' },
  '/tools': { title: 'Tools', text: 'Free tools from the Engage team.' },
  '/joinus': { title: 'Join us', text: 'Open roles at Engage.' },
  '/book-a-call': { title: 'Book a call', text: 'Talk to the Engage team about your workspace.' },
  '/window-splash': { title: 'Engage', text: 'Opening Engage…' },
  '/share': { title: 'Shared with you', text: 'This page shows content someone shared from an Engage workspace.' },
  '/terms-of-service': { title: 'Terms of Service', text: 'The terms that govern the use of Engage.' },
  '/privacy-policy': { title: 'Privacy Policy', text: 'How Engage collects, uses and protects personal data.' },
  '/refund-policy': { title: 'Refund Policy', text: 'When and how Engage refunds payments.' },
  '/app/integrations': { title: 'Connecting your integration', text: 'This page completes an integration sign-in. You can close it and return to Engage.' },
} as const

export type PublicPageKey = keyof typeof PUBLIC_PAGES

export function PublicPage({ pageKey }: { pageKey: PublicPageKey }) {
  const content = PUBLIC_PAGES[pageKey]
  return (
    <StatusPage title={content.title}>
      <p className={page.text}>{content.text}</p>
      <Link href="/signin" className={page.link}>
        Sign in
      </Link>
    </StatusPage>
  )
}
