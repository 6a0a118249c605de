/**
 * The notifications panel (SPEC §2.6) and the list it shares with /app/notifications: filter all
 * or unread, mark one read, mark all read, delete, delete all, load more, the empty texts, and a
 * link 'View all notifications'. Everything comes from the `notifications` actor through
 * selectors; the component only sends events. Title and body are rendered as text (React
 * escapes them), never as HTML, and an action link appears only for a URL `notificationActionHref`
 * accepts.
 *
 * Issue #16 (Novu/Knock-like): a one-row head (title, the All / Unread segmented control, and a
 * '⋯' menu 'Notification actions' holding 'Mark all read' and 'Delete all'); unread rows carry a
 * dot, urgent ones an accent bar and a labelled icon; following a link calls `onNavigate` (the
 * bell closes its popover).
 *
 * Issue #18 (the inbox): an 'Archived' option beside All / Unread lists the archived ones (each
 * with 'Restore'); inbox rows carry 'Archive' and, when read, 'Mark unread'; the '⋯' menu adds
 * 'Archive all read'. Every row button is named after its notification ('Archive: Invoice paid').
 */
import { useVirtualizer } from '@tanstack/react-virtual'
import { useSelector } from '@xstate/react'
import AlarmClock from 'lucide-react/icons/alarm-clock'
import Archive from 'lucide-react/icons/archive'
import ArchiveRestore from 'lucide-react/icons/archive-restore'
import Bell from 'lucide-react/icons/bell'
import Check from 'lucide-react/icons/check'
import CheckCheck from 'lucide-react/icons/check-check'
import CircleDot from 'lucide-react/icons/circle-dot'
import CreditCard from 'lucide-react/icons/credit-card'
import Ellipsis from 'lucide-react/icons/ellipsis'
import Megaphone from 'lucide-react/icons/megaphone'
import MessageSquare from 'lucide-react/icons/message-square'
import RefreshCw from 'lucide-react/icons/refresh-cw'
import Settings from 'lucide-react/icons/settings'
import Siren from 'lucide-react/icons/siren'
import Trash2 from 'lucide-react/icons/trash-2'
import TriangleAlert from 'lucide-react/icons/triangle-alert'
import { type ComponentType, memo, useCallback, useRef } from 'react'
import { Heading, Link } from 'react-aria-components'
import { type Notification, notificationActionHref } from '../../../contract/notifications.ts'
import { isArchived, isRead } from '../../../machines/notifications/notifications.list.ts'
import {
  relativeTime,
  selectCanLoadMore,
  selectEmptyText,
  selectError,
  selectFilter,
  selectHasReadShown,
  selectHasShown,
  selectHasUnread,
  selectIsLoading,
  selectIsLoadingMore,
  selectVisible,
} from '../../../machines/notifications/notifications.selectors.ts'
import type { NotificationsActor } from '../../system/react.tsx'
import { Button, PendingSpinner } from '../primitives/Button/Button.tsx'
import { IconButton } from '../primitives/IconButton/IconButton.tsx'
import { Menu, MenuItem } from '../primitives/Menu/Menu.tsx'
import { SegmentedControl } from '../primitives/SegmentedControl/SegmentedControl.tsx'
import * as css from './NotificationsPanel.css.ts'

/** SPEC §2.6: where 'View all notifications' goes. */
export const VIEW_ALL_HREF = '/app/setting/profile-settings?tab=notification-settings'

/** SPEC §3: an icon per category; anything else shows a bell. */
const CATEGORY_ICONS: Readonly<Record<string, ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>>> = {
  system: Settings,
  marketing: Megaphone,
  transaction: CreditCard,
  reminder: AlarmClock,
  alert: TriangleAlert,
  message: MessageSquare,
  update: RefreshCw,
}

/** Does nothing: the default `onNavigate` where no popover needs closing (the page). */
const noop = () => {}

/**
 * The panel's content inside the bell's popover. `onNavigate` runs when one of its links is
 * followed ('View all notifications', a notification's action), so the popover can close.
 */
export function NotificationsPanel({ actor, now = Date.now, onNavigate = noop }: { actor: NotificationsActor; now?: () => number; onNavigate?: () => void }) {
  return (
    <>
      <div className={css.head}>
        <Heading slot="title" className={css.heading}>
          Notifications
        </Heading>
        <NotificationsToolbar actor={actor} />
      </div>
      <div className={css.scroller}>
        <NotificationList actor={actor} now={now} onNavigate={onNavigate} />
      </div>
      <div className={css.foot}>
        <Link href={VIEW_ALL_HREF} className={css.link} onPress={onNavigate}>
          View all notifications
        </Link>
      </div>
    </>
  )
}

/** The two filters of the list (SPEC §2.6) and (issue #18) the Archived view, as the segmented control's options. */
const FILTER_OPTIONS = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
  { id: 'archived', label: 'Archived' },
] as const

/** The actions of the '⋯' menu (SPEC §2.6 wording; issue #18 'Archive all read'). */
type BulkAction = 'markAllRead' | 'archiveRead' | 'removeAll'

const BULK_EVENTS = {
  markAllRead: { type: 'notifications.markAllRead' },
  archiveRead: { type: 'notifications.archiveRead' },
  removeAll: { type: 'notifications.removeAll' },
} as const satisfies Record<BulkAction, { type: string }>

/**
 * Filter all / unread / archived, then the '⋯' menu ('Notification actions') with 'Mark all read',
 * 'Archive all read' (issue #18) and 'Delete all' (issue #16: one row in the panel's head and in
 * the page's header).
 */
export function NotificationsToolbar({ actor }: { actor: NotificationsActor }) {
  const filter = useSelector(actor, selectFilter)
  const hasUnread = useSelector(actor, selectHasUnread)
  const hasShown = useSelector(actor, selectHasShown)
  const hasReadShown = useSelector(actor, selectHasReadShown)
  // They act on the inbox: not offered while the Archived view (issue #18) is on screen.
  const archivedView = filter === 'archived'
  const disabled: BulkAction[] = [
    ...(hasUnread && !archivedView ? [] : ['markAllRead' as const]),
    ...(hasReadShown && !archivedView ? [] : ['archiveRead' as const]),
    ...(hasShown && !archivedView ? [] : ['removeAll' as const]),
  ]
  return (
    <div className={css.toolbar}>
      <SegmentedControl
        aria-label="Show"
        size="sm"
        options={FILTER_OPTIONS}
        selectedKey={filter}
        onSelectionChange={(next) => actor.send({ type: 'notifications.filter', filter: next })}
      />
      <Menu
        trigger={
          <IconButton label="Notification actions" size="sm">
            <Ellipsis size={16} aria-hidden="true" />
          </IconButton>
        }
        disabledKeys={disabled}
        onAction={(key) => actor.send(BULK_EVENTS[key as BulkAction])}
      >
        <MenuItem id="markAllRead" icon={<CheckCheck size={16} />}>
          Mark all read
        </MenuItem>
        <MenuItem id="archiveRead" icon={<Archive size={16} />}>
          Archive all read
        </MenuItem>
        <MenuItem id="removeAll" icon={<Trash2 size={16} />} variant="danger">
          Delete all
        </MenuItem>
      </Menu>
    </div>
  )
}

/** The list under the current filter, with its loading, error and empty states and load more. */
export function NotificationList({
  actor,
  now = Date.now,
  virtual = false,
  onNavigate = noop,
}: {
  actor: NotificationsActor
  now?: () => number
  virtual?: boolean
  /** Runs when a notification's action link is followed (the panel closes). */
  onNavigate?: () => void
}) {
  const items = useSelector(actor, selectVisible)
  const loading = useSelector(actor, selectIsLoading)
  const error = useSelector(actor, selectError)
  const emptyText = useSelector(actor, selectEmptyText)
  const canLoadMore = useSelector(actor, selectCanLoadMore)
  const loadingMore = useSelector(actor, selectIsLoadingMore)
  // What the relative times are computed against; a row renders again only when its text changes.
  const at = now()
  return (
    <div aria-busy={loading || loadingMore || undefined}>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      {loading ? (
        <p className={css.message}>
          <PendingSpinner /> Loading notifications...
        </p>
      ) : items.length === 0 ? (
        <p className={css.message}>{emptyText}</p>
      ) : virtual ? (
        <VirtualItems items={items} at={at} actor={actor} onNavigate={onNavigate} />
      ) : (
        <ul className={css.list} aria-label="Notifications">
          {items.map((n) => (
            <NotificationItem key={n._id} notification={n} when={relativeTime(n.created_at_timestamp, at)} actor={actor} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
      {(canLoadMore || loadingMore) && (
        <div className={css.foot}>
          <Button variant="ghost" size="sm" isPending={loadingMore} onPress={() => actor.send({ type: 'notifications.loadMore' })}>
            {loadingMore ? 'Loading more...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  )
}

/** A first guess of a row's height (px) before it is measured. */
const ESTIMATED_ROW_PX = 84
const estimateRowSize = () => ESTIMATED_ROW_PX

/**
 * The page's list, virtualised (@tanstack/react-virtual): only the rows in view (plus overscan)
 * are in the DOM, so thousands of loaded notifications scroll smoothly. Rows are measured, since
 * bodies wrap to one or two lines. A row's content is memoised (`NotificationContent`): a page
 * appended below, or a change of state elsewhere, re-renders only each row's `li` (its position
 * and `aria-setsize`), not its buttons and links (issue #8 interactions).
 */
function VirtualItems({ items, at, actor, onNavigate }: { items: ReadonlyArray<Notification>; at: number; actor: NotificationsActor; onNavigate: () => void }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const getItemKey = useCallback((index: number) => items[index]?._id ?? index, [items])
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRowSize,
    overscan: 8,
    getItemKey,
  })
  return (
    <div ref={scrollRef} className={css.virtualScroller}>
      <ul className={css.list} aria-label="Notifications" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const n = items[row.index]
          if (!n) return null
          return (
            <NotificationItem
              key={row.key}
              notification={n}
              when={relativeTime(n.created_at_timestamp, at)}
              actor={actor}
              onNavigate={onNavigate}
              row={{ index: row.index, count: items.length, start: row.start, measure: virtualizer.measureElement }}
            />
          )
        })}
      </ul>
    </div>
  )
}

interface VirtualRow {
  readonly index: number
  readonly count: number
  /** Offset from the top of the list (px). */
  readonly start: number
  readonly measure: (element: Element | null) => void
}

/**
 * One notification: the `li` (its state attributes, and its place in the virtual list) around
 * the memoised content. `when` is the relative time text ("5 minutes ago"), computed by the list.
 */
function NotificationItem({
  notification: n,
  when,
  actor,
  onNavigate,
  row,
}: {
  notification: Notification
  when: string
  actor: NotificationsActor
  onNavigate: () => void
  row?: VirtualRow
}) {
  const unread = !isRead(n)
  const urgent = n.priority === 'urgent'
  return (
    <li
      className={css.item}
      data-unread={unread || undefined}
      data-urgent={urgent || undefined}
      aria-label={`${unread ? 'Unread: ' : ''}${n.title}`}
      {...(row && {
        ref: row.measure,
        'data-index': row.index,
        'aria-posinset': row.index + 1,
        'aria-setsize': row.count,
        style: { position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)` },
      })}
    >
      {unread && <span className={css.unreadDot} aria-hidden="true" />}
      <NotificationContent notification={n} when={when} actor={actor} onNavigate={onNavigate} />
    </li>
  )
}

/**
 * A row's icon, texts, action link and buttons: re-rendered only when the notification object,
 * its time text or the actor change (the machine keeps an unchanged notification's object).
 */
const NotificationContent = memo(function NotificationContent({
  notification: n,
  when,
  actor,
  onNavigate,
}: {
  notification: Notification
  when: string
  actor: NotificationsActor
  onNavigate: () => void
}) {
  const Icon = CATEGORY_ICONS[n.category] ?? Bell
  const unread = !isRead(n)
  const href = notificationActionHref(n)
  const actionText = n.actionText ?? (typeof n.metadata['action_text'] === 'string' ? n.metadata['action_text'] : null) ?? 'View Details'
  const urgent = n.priority === 'urgent'
  return (
    <>
      <span className={css.icon}>
        <Icon size={16} aria-hidden="true" />
      </span>
      <div className={css.content}>
        <p className={css.title}>{n.title}</p>
        {n.body && <p className={css.body}>{n.body}</p>}
        <div className={css.meta}>
          {urgent && (
            <span className={css.urgent}>
              <Siren size={12} aria-hidden="true" />
              Urgent
            </span>
          )}
          <time dateTime={new Date(n.created_at_timestamp * 1000).toISOString()}>{when}</time>
          {href && (
            <Link
              href={href}
              className={css.action}
              onPress={() => {
                if (unread) actor.send({ type: 'notifications.markRead', id: n._id })
                onNavigate()
              }}
            >
              {actionText}
            </Link>
          )}
        </div>
      </div>
      {isArchived(n) ? (
        <div className={css.actions}>
          {/* Issue #18: an archived row only goes back to the inbox. */}
          <IconButton label={`Restore: ${n.title}`} size="sm" onPress={() => actor.send({ type: 'notifications.restore', id: n._id })}>
            <ArchiveRestore size={14} aria-hidden="true" />
          </IconButton>
        </div>
      ) : (
        <div className={css.actions}>
          {unread ? (
            <IconButton label={`Mark read: ${n.title}`} size="sm" onPress={() => actor.send({ type: 'notifications.markRead', id: n._id })}>
              <Check size={14} aria-hidden="true" />
            </IconButton>
          ) : (
            <IconButton label={`Mark unread: ${n.title}`} size="sm" onPress={() => actor.send({ type: 'notifications.markUnread', id: n._id })}>
              <CircleDot size={14} aria-hidden="true" />
            </IconButton>
          )}
          <IconButton label={`Archive: ${n.title}`} size="sm" onPress={() => actor.send({ type: 'notifications.archive', id: n._id })}>
            <Archive size={14} aria-hidden="true" />
          </IconButton>
          <IconButton label={`Delete: ${n.title}`} size="sm" onPress={() => actor.send({ type: 'notifications.remove', id: n._id })}>
            <Trash2 size={14} aria-hidden="true" />
          </IconButton>
        </div>
      )}
    </>
  )
})
