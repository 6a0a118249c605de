/**
 * PageHeader: the top of every /app page — a breadcrumb trail, the page's h1, an
 * optional description and the page's primary actions.
 *
 * The trail is an ordered list in a navigation landmark named 'Breadcrumb'; crumbs with an `href` are
 * links, the last one is marked as the current page. (A plain list, not react-aria's Breadcrumbs:
 * that one builds a collection, whose code the shell's first load does without.) While mounted the header names the tab
 * `${title} · Engage` through the title controller (src/ui/documentTitle.ts; after
 * the unread count) and restores the previous title when it unmounts.
 *
 * Props: `title` (the h1); `crumbs?` (Crumb[]: { label, href? }); `actions?` (buttons);
 * `description?` (text under the title).
 */
import type { ReactNode } from 'react'
import { Heading, Link } from 'react-aria-components'
import { useDocumentTitle } from '../../documentTitle.ts'
import { useTranslator } from '../../../i18n/react.tsx'
import { navTitle } from '../../../navigation/nav-title.ts'
import { primitivesMessages as m } from '../primitives.messages.ts'
import * as css from './PageHeader.css.ts'

/** One step of the breadcrumb trail (a route title or menu group, shown in the reader's language); without `href` it is plain text (a section, not a page). */
export interface Crumb {
  readonly label: string
  readonly href?: string
}

export interface PageHeaderProps {
  readonly title: string
  readonly crumbs?: ReadonlyArray<Crumb>
  readonly actions?: ReactNode
  readonly description?: ReactNode
}

/** The browser tab's title for a page. */
export const documentTitle = (title: string) => `${title} · Engage`

/** The page's breadcrumb, h1, description and actions; names the browser tab after the page. */
export function PageHeader({ title, crumbs = [], actions, description }: PageHeaderProps) {
  useDocumentTitle(documentTitle(title))
  const translator = useTranslator()
  const { t } = translator

  return (
    <div className={css.header}>
      <div className={css.titles}>
        {crumbs.length > 0 && (
          <nav aria-label={t(m.breadcrumb)}>
            <ol className={css.crumbs}>
              {crumbs.map((crumb, i) => {
                const current = i === crumbs.length - 1
                const label = navTitle(translator, crumb.label)
                return (
                  <li key={`${i}-${crumb.label}`} className={css.crumb} data-current={current || undefined}>
                    {crumb.href ? (
                      <Link href={crumb.href} className={css.link} aria-current={current ? 'page' : undefined} isDisabled={current}>
                        {label}
                      </Link>
                    ) : (
                      label
                    )}
                  </li>
                )
              })}
            </ol>
          </nav>
        )}
        <Heading level={1} className={css.title}>
          {title}
        </Heading>
        {description && <div className={css.description}>{description}</div>}
      </div>
      {actions && <div className={css.actions}>{actions}</div>}
    </div>
  )
}
