/**
 * PageHeader (issue #15): the top of every /app page — a breadcrumb trail, the page's h1, an
 * optional description and the page's primary actions — replacing src/ui/PageHeader.tsx 1:1.
 *
 * The trail is a react-aria Breadcrumbs in a navigation landmark named 'Breadcrumb'; crumbs with an `href` are
 * links, the last one is marked as the current page. While mounted the header names the tab
 * `${title} · Engage` through the title controller (src/ui/documentTitle.ts; issue #18: after
 * the unread count) and restores the previous title when it unmounts.
 *
 * Props: `title` (the h1); `crumbs?` (Crumb[]: { label, href? }); `actions?` (buttons);
 * `description?` (text under the title).
 */
import type { ReactNode } from 'react'
import { Breadcrumb, Breadcrumbs, Heading, Link } from 'react-aria-components'
import { useDocumentTitle } from '../../documentTitle.ts'
import * as css from './PageHeader.css.ts'

/** One step of the breadcrumb trail; without `href` it is plain text (a section, not a page). */
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

  return (
    <div className={css.header}>
      <div className={css.titles}>
        {crumbs.length > 0 && (
          <nav aria-label="Breadcrumb">
            <Breadcrumbs className={css.crumbs}>
              {crumbs.map((crumb, i) => (
                <Breadcrumb key={`${i}-${crumb.label}`} id={`${i}-${crumb.label}`} className={css.crumb}>
                  {crumb.href ? (
                    <Link href={crumb.href} className={css.link}>
                      {crumb.label}
                    </Link>
                  ) : (
                    crumb.label
                  )}
                </Breadcrumb>
              ))}
            </Breadcrumbs>
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
