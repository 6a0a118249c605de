/**
 * The list under the current filter, shared by the panel and /app/notifications: its loading,
 * error and empty states, its rows (a group shows as one row that expands), and 'Load more'.
 * Everything comes from the `notifications` actor through selectors.
 */
import { useSelector } from '@xstate/react'
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react'
import {
  type DisplayRow,
  displayRows,
  errorText,
  type NotificationRow,
  selectCanLoadMore,
  selectEmptyMessage,
  selectError,
  selectFilter,
  selectIsLoading,
  selectIsLoadingMore,
  selectRows,
} from '../../../../machines/notifications/notifications.selectors.ts'
import { useTranslator } from '../../../i18n/react.tsx'
import type { NotificationsActor } from '../../../system/react.tsx'
import { Button, PendingSpinner } from '../../primitives/Button/Button.tsx'
import { RowActionTips } from '../RowActions.tsx'
import { snoozeMomentText } from '../SnoozeMenu.tsx'
import { inboxMessages as m } from './inbox.messages.ts'
import * as css from './NotificationList.css.ts'
import { NotificationItem, type NotificationItemProps, type RowSelection } from './NotificationItem.tsx'
import { VirtualItems } from './VirtualItems.tsx'

/** The rows before the list's first deferred render. */
const NO_ROWS: ReadonlyArray<NotificationRow> = []

/** Does nothing: the default `onNavigate` where no popover needs closing (the page). */
const noop = () => {}

function toggled(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(set)
  if (!next.delete(key)) next.add(key)
  return next
}

export function NotificationList({
  actor,
  now = Date.now,
  virtual = false,
  onNavigate = noop,
  selection,
}: {
  actor: NotificationsActor
  now?: () => number
  virtual?: boolean
  /** Runs when a notification's action link is followed (the panel closes). */
  onNavigate?: () => void
  /** The page: rows carry a checkbox, and the keyboard cursor is marked. */
  selection?: RowSelection
}) {
  const liveRows = useSelector(actor, selectRows)
  // The rows render after the change that moved them has painted (a transition React
  // may interrupt): opening the panel paints the panel at once and its rows a frame later, and an
  // archive or 'Mark all read' paints the press before the list is rendered again.
  const rows = useDeferredValue(liveRows, NO_ROWS)
  const filter = useSelector(actor, selectFilter)
  const loading = useSelector(actor, selectIsLoading)
  const error = useSelector(actor, selectError)
  const emptyMessage = useSelector(actor, selectEmptyMessage)
  const canLoadMore = useSelector(actor, selectCanLoadMore)
  const loadingMore = useSelector(actor, selectIsLoadingMore)
  const translator = useTranslator()
  const { t } = translator
  // What the relative times are computed against; a row renders again only when its text changes.
  const at = now()
  // Which groups are open (by group key); a view-only choice, gone with the list.
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set())
  const toggleGroup = useCallback((key: string) => setOpen((was) => toggled(was, key)), [])
  const items = useMemo(() => displayRows(rows, open), [rows, open])
  const row = (d: DisplayRow, extra?: Pick<NotificationItemProps, 'row'>) => (
    <NotificationItem
      key={d.notification._id}
      display={d}
      when={translator.relative(d.notification.created_at_timestamp * 1000, at)}
      back={filter === 'snoozed' && d.notification.snoozed_until ? snoozeMomentText(translator, d.notification.snoozed_until, at) : null}
      actor={actor}
      onNavigate={onNavigate}
      onToggleGroup={toggleGroup}
      selection={selection}
      {...extra}
    />
  )
  // The rows' buttons share one tooltip (RowActions.tsx).
  const container = useRef<HTMLDivElement>(null)
  return (
    <div ref={container} aria-busy={loading || loadingMore || undefined}>
      <RowActionTips container={container} />
      {error && (
        <p role="alert" className={css.error}>
          {translator.text(errorText(error))}
        </p>
      )}
      {loading ? (
        <p className={css.message}>
          <PendingSpinner /> {t(m.loading)}
        </p>
      ) : items.length === 0 && error ? (
        // Nothing could be loaded: say so and offer to try again, not "No notifications" (untrue).
        <div className={css.foot}>
          <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'notifications.refresh' })}>
            {t(m.tryAgain)}
          </Button>
        </div>
      ) : items.length === 0 ? (
        // Not while the first rows are still on their way: "No notifications" would be untrue.
        rows !== NO_ROWS && <p className={css.message}>{t(emptyMessage)}</p>
      ) : virtual ? (
        <VirtualItems items={items} render={row} cursor={selection?.cursor ?? null} />
      ) : (
        <ul className={css.list} aria-label={t(m.notifications)}>
          {items.map((d) => row(d))}
        </ul>
      )}
      {(canLoadMore || loadingMore) && (
        <div className={css.foot}>
          <Button variant="ghost" size="sm" isPending={loadingMore} onPress={() => actor.send({ type: 'notifications.loadMore' })}>
            {loadingMore ? t(m.loadingMore) : t(m.loadMore)}
          </Button>
        </div>
      )}
    </div>
  )
}
