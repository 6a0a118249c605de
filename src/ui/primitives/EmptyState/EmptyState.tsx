/**
 * EmptyState: what a page or a table shows when it has nothing to show, including
 * the honest "coming in a later release" state of pages a later release fills.
 *
 * Props: `title` (a level-2 heading); `description?` (text under it); `icon?` (a decorative
 * icon node, e.g. `<InboxIcon />`, hidden from screen readers); `action?` (a button or link);
 * `children?` (more content, between the description and the action).
 */
import type { ReactNode } from 'react'
import { Heading } from 'react-aria-components'
import * as css from './EmptyState.css.ts'

export interface EmptyStateProps {
  readonly title: string
  readonly description?: ReactNode
  readonly icon?: ReactNode
  readonly action?: ReactNode
  readonly children?: ReactNode
}

/** A dashed panel saying why there is nothing here and, optionally, what to do about it. */
export function EmptyState({ title, description, icon, action, children }: EmptyStateProps) {
  return (
    <div className={css.root}>
      {icon && (
        <span className={css.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <Heading level={2} className={css.title}>
        {title}
      </Heading>
      {description && <div className={css.description}>{description}</div>}
      {children}
      {action && <div className={css.action}>{action}</div>}
    </div>
  )
}
