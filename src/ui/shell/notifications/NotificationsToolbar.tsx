/**
 * The list's toolbar, one row in the panel's head and in the page's header: the filter (All /
 * Unread, and the Snoozed and Archived views), then the '⋯' menu.
 */
import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { MessageDescriptor } from '../../../i18n/messages.ts'
import { useTranslator } from '../../../i18n/react.tsx'
import { selectFilter } from '../../../../machines/notifications/notifications.selectors.ts'
import type { NotificationsActor } from '../../../system/react.tsx'
import { SegmentedControl } from '../../primitives/SegmentedControl/SegmentedControl.tsx'
import { BulkActionsMenu } from './BulkActionsMenu.tsx'
import { inboxMessages as m } from './inbox.messages.ts'
import * as css from './NotificationsToolbar.css.ts'

/** The two filters of the list (SPEC §2.6) and the Snoozed and Archived views, as the segmented control's options. */
export const FILTER_OPTIONS = [
  { id: 'all', label: m.filterAll },
  { id: 'unread', label: m.filterUnread },
  { id: 'snoozed', label: m.filterSnoozed },
  { id: 'archived', label: m.filterArchived },
] as const satisfies ReadonlyArray<{ id: string; label: MessageDescriptor }>

export function NotificationsToolbar({ actor }: { actor: NotificationsActor }) {
  const filter = useSelector(actor, selectFilter)
  const { t } = useTranslator()
  const options = useMemo(() => FILTER_OPTIONS.map((o) => ({ id: o.id, label: t(o.label) })), [t])
  return (
    <div className={css.toolbar}>
      <SegmentedControl
        aria-label={t(m.show)}
        size="sm"
        options={options}
        selectedKey={filter}
        onSelectionChange={(next) => actor.send({ type: 'notifications.filter', filter: next })}
      />
      <BulkActionsMenu actor={actor} />
    </div>
  )
}
