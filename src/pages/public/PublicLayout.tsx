/**
 * The frame of the public pages (SPEC §2.1): the skip link, a header (logo, Pricing,
 * Sign in, 'Get started' → /signup), the page as the main landmark, and a footer linking every
 * public page. It names the browser tab (`documentTitle`, e.g. "Pricing · Engage").
 */
import type { ReactNode } from 'react'
import { Link } from 'react-aria-components'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { useDocumentTitle } from '../../ui/documentTitle.ts'
import { Logo, PRODUCT_NAME } from '../../ui/Logo.tsx'
import { LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { SkipLink, mainProps } from '../../ui/SkipLink.tsx'
import * as css from './PublicLayout.css.ts'
import { publicSiteMessages as m } from './publicSite.messages.ts'
import { publicTitlesMessages as titles } from './titles.messages.ts'

/** The footer's columns: a heading and its links (label, path). */
export const FOOTER_LINKS: ReadonlyArray<{ readonly heading: MessageDescriptor; readonly links: ReadonlyArray<readonly [MessageDescriptor, string]> }> = [
  {
    heading: m.product,
    links: [
      [titles.pricing, '/pricing'],
      [titles.tools, '/tools'],
    ],
  },
  {
    heading: m.company,
    links: [
      [titles.joinUs, '/joinus'],
      [titles.bookACall, '/book-a-call'],
    ],
  },
  {
    heading: m.legal,
    links: [
      [titles.termsOfService, '/terms-of-service'],
      [titles.privacyPolicy, '/privacy-policy'],
      [titles.refundPolicy, '/refund-policy'],
    ],
  },
]

export interface PublicLayoutProps {
  /** The browser tab's whole title, in the reader's language. */
  readonly documentTitle: string
  /** The page's path, to mark its own links as the current page. */
  readonly path: string
  readonly children: ReactNode
}

export function PublicLayout({ documentTitle, path, children }: PublicLayoutProps) {
  useDocumentTitle(documentTitle)
  const { t } = useTranslator()
  const current = (href: string) => (href === path ? ('page' as const) : undefined)
  return (
    <div className={css.page}>
      <SkipLink />
      <header className={css.header}>
        <div className={css.headerInner}>
          <Link href="/" className={css.homeLink} aria-label={t(m.home, { product: PRODUCT_NAME })} aria-current={current('/')}>
            <Logo size={28} />
          </Link>
          <nav aria-label={t(m.site)} className={css.nav}>
            <Link href="/pricing" className={`${css.navLink} ${css.wideOnly}`} aria-current={current('/pricing')}>
              {t(titles.pricing)}
            </Link>
            <Link href="/signin" className={css.navLink}>
              {t(m.signIn)}
            </Link>
            <LinkButton href="/signup" size="sm">
              {t(m.getStarted)}
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
            <p className={css.footerText}>{t(m.tagline)}</p>
            <p className={css.footerText}>{t(m.copyright)}</p>
          </div>
          {FOOTER_LINKS.map((column) => (
            <nav key={column.heading.id} aria-label={t(column.heading)} className={css.footerColumn}>
              <h2 className={css.footerHeading}>{t(column.heading)}</h2>
              <ul className={css.footerList}>
                {column.links.map(([label, href]) => (
                  <li key={href}>
                    <Link href={href} className={css.navLink} aria-current={current(href)}>
                      {t(label)}
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
