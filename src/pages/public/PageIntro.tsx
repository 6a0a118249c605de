/**
 * A public page's opening: the h1, a lead paragraph and an optional small line under
 * it (e.g. when a legal page last changed). Aligned with the page's sections; `narrow` centres it
 * on the reading column of the legal pages, `centered` centres its text.
 */
import type { ReactNode } from 'react'
import * as css from './PublicLayout.css.ts'

export interface PageIntroProps {
  readonly title: string
  /** The lead paragraph. */
  readonly children?: ReactNode
  /** A small muted line under the lead. */
  readonly meta?: string
  readonly centered?: boolean
  readonly narrow?: boolean
}

export function PageIntro({ title, children, meta, centered = false, narrow = false }: PageIntroProps) {
  const classes = [css.intro, centered && css.introCentered, narrow && css.introNarrow].filter(Boolean).join(' ')
  return (
    <div className={classes}>
      <h1 className={css.title}>{title}</h1>
      {children && <p className={css.lead}>{children}</p>}
      {meta && <p className={css.meta}>{meta}</p>}
    </div>
  )
}
