/** Page title with its breadcrumb trail and primary actions, shared by every /app page. */
import type { ReactNode } from 'react'
import { Breadcrumb, Breadcrumbs, Heading, Link } from 'react-aria-components'
import * as page from './Page.css.ts'
import * as css from './PageHeader.css.ts'

export interface Crumb {
  readonly label: string
  readonly href?: string
}

export function PageHeader({ title, crumbs = [], actions }: { title: string; crumbs?: ReadonlyArray<Crumb>; actions?: ReactNode }) {
  return (
    <div className={css.header}>
      <div className={css.titles}>
        {crumbs.length > 0 && (
          <Breadcrumbs className={css.crumbs} aria-label="Breadcrumb">
            {crumbs.map((c) => (
              <Breadcrumb key={c.label} className={css.crumb}>
                {c.href ? (
                  <Link href={c.href} className={page.link}>
                    {c.label}
                  </Link>
                ) : (
                  c.label
                )}
              </Breadcrumb>
            ))}
          </Breadcrumbs>
        )}
        <Heading level={1} className={page.heading}>
          {title}
        </Heading>
      </div>
      {actions && <div className={css.actions}>{actions}</div>}
    </div>
  )
}

/** The honest empty state of a page whose content a later release brings. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={css.empty}>
      <Heading level={2} className={css.emptyTitle}>
        {title}
      </Heading>
      {children}
    </div>
  )
}
