/**
 * The frame of the public pages (SPEC §2.1): the skip link, a header (logo, Pricing,
 * Sign in, 'Get started' → /signup), the page as the main landmark, and a footer linking every
 * public page. It names the browser tab (`documentTitle`, e.g. "Pricing · Engage").
 */
import type { ReactNode } from 'react'
import { Link } from 'react-aria-components'
import { useDocumentTitle } from '../../ui/documentTitle.ts'
import { Logo } from '../../ui/Logo.tsx'
import { LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { SkipLink, mainProps } from '../../ui/SkipLink.tsx'
import * as css from './PublicLayout.css.ts'

/** The footer's columns: a heading and its links (label, path). */
export const FOOTER_LINKS: ReadonlyArray<{ readonly heading: string; readonly links: ReadonlyArray<readonly [string, string]> }> = [
  {
    heading: 'Product',
    links: [
      ['Pricing', '/pricing'],
      ['Tools', '/tools'],
    ],
  },
  {
    heading: 'Company',
    links: [
      ['Join us', '/joinus'],
      ['Book a call', '/book-a-call'],
    ],
  },
  {
    heading: 'Legal',
    links: [
      ['Terms of Service', '/terms-of-service'],
      ['Privacy Policy', '/privacy-policy'],
      ['Refund Policy', '/refund-policy'],
    ],
  },
]

export interface PublicLayoutProps {
  /** The browser tab's whole title. */
  readonly documentTitle: string
  /** The page's path, to mark its own links as the current page. */
  readonly path: string
  readonly children: ReactNode
}

export function PublicLayout({ documentTitle, path, children }: PublicLayoutProps) {
  useDocumentTitle(documentTitle)
  const current = (href: string) => (href === path ? ('page' as const) : undefined)
  return (
    <div className={css.page}>
      <SkipLink />
      <header className={css.header}>
        <div className={css.headerInner}>
          <Link href="/" className={css.homeLink} aria-label="Engage home" aria-current={current('/')}>
            <Logo size={28} />
          </Link>
          <nav aria-label="Site" className={css.nav}>
            <Link href="/pricing" className={`${css.navLink} ${css.wideOnly}`} aria-current={current('/pricing')}>
              Pricing
            </Link>
            <Link href="/signin" className={css.navLink}>
              Sign in
            </Link>
            <LinkButton href="/signup" size="sm">
              Get started
            </LinkButton>
          </nav>
        </div>
      </header>
      <main {...mainProps} className={css.main}>
        {children}
      </main>
      <footer className={css.footer}>
        <div className={css.footerInner}>
          <div className={css.footerBrand}>
            <Logo size={24} />
            <p className={css.footerText}>The workspace for AI customer-engagement teams.</p>
            <p className={css.footerText}>© 2026 Engage</p>
          </div>
          {FOOTER_LINKS.map((column) => (
            <nav key={column.heading} aria-label={column.heading} className={css.footerColumn}>
              <h2 className={css.footerHeading}>{column.heading}</h2>
              <ul className={css.footerList}>
                {column.links.map(([label, href]) => (
                  <li key={href}>
                    <Link href={href} className={css.navLink} aria-current={current(href)}>
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </footer>
    </div>
  )
}
