/**
 * The list's toolbar, one row in the panel's head and in the page's header: the filter (All /
 * Unread, and the Snoozed and Archived views), then the '⋯' menu.
 */
import { useSelector } from '@xstate/react'
import { selectFilter } from '../../../../machines/notifications/notifications.selectors.ts'
import type { NotificationsActor } from '../../../system/react.tsx'
import { SegmentedControl } from '../../primitives/SegmentedControl/SegmentedControl.tsx'
import { BulkActionsMenu } from './BulkActionsMenu.tsx'
import * as css from './NotificationsToolbar.css.ts'

/** The two filters of the list (SPEC §2.6) and the Snoozed and Archived views, as the segmented control's options. */
export const FILTER_OPTIONS = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
  { id: 'snoozed', label: 'Snoozed' },
  { id: 'archived', label: 'Archived' },
] as const

export function NotificationsToolbar({ actor }: { actor: NotificationsActor }) {
  const filter = useSelector(actor, selectFilter)
  return (
    <div className={css.toolbar}>
      <SegmentedControl
        aria-label="Show"
        size="sm"
        options={FILTER_OPTIONS}
        selectedKey={filter}
        onSelectionChange={(next) => actor.send({ type: 'notifications.filter', filter: next })}
      />
      <BulkActionsMenu actor={actor} />
    </div>
  )
}
