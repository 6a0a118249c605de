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
 * Issue #18 (the inbox): 'Snoozed' and 'Archived' options beside All / Unread list the snoozed
 * (each with when it comes back and 'Unsnooze') and the archived ones (each with 'Restore'); a
 * row of category tabs with counts narrows the inbox; inbox rows carry 'Mark unread' (when read),
 * 'Snooze' (1 hour, tomorrow, next week, a chosen time), 'Archive' and 'Delete'; notifications
 * sharing a group key show as one row with a count that expands; the '⋯' menu adds 'Archive all
 * read'. Every row button is named after its notification ('Archive: Invoice paid').
 */
import { useVirtualizer } from '@tanstack/react-virtual'
import { useSelector } from '@xstate/react'
import AlarmClock from 'lucide-react/icons/alarm-clock'
import Archive from 'lucide-react/icons/archive'
import ArchiveRestore from 'lucide-react/icons/archive-restore'
import Bell from 'lucide-react/icons/bell'
import BellRing from 'lucide-react/icons/bell-ring'
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
import { type ComponentType, memo, type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { Heading, Link, ToggleButton, ToggleButtonGroup } from 'react-aria-components'
import { type Notification, notificationActionHref } from '../../../contract/notifications.ts'
import { isArchived, isOutsideView, isRead, isSnoozed } from '../../../machines/notifications/notifications.list.ts'
import { formatSnoozeMoment } from '../../../machines/notifications/snooze-moments.ts'
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
  selectRows,
  selectCategory,
  selectCategoryTabs,
  type CategoryTab,
  type NotificationRow,
  type NotificationsSnapshot,
} from '../../../machines/notifications/notifications.selectors.ts'
import type { NotificationsActor } from '../../system/react.tsx'
import { Button, PendingSpinner } from '../primitives/Button/Button.tsx'
import { RowCheckbox } from '../primitives/Checkbox/Checkbox.tsx'
import { IconButton } from '../primitives/IconButton/IconButton.tsx'
import { Menu, MenuItem } from '../primitives/Menu/Menu.tsx'
import { SegmentedControl } from '../primitives/SegmentedControl/SegmentedControl.tsx'
import * as css from './NotificationsPanel.css.ts'
import { NavLink } from './NavLink.tsx'
import { RowAction, RowActionTips } from './RowActions.tsx'
import { SnoozeMenu } from './SnoozeMenu.tsx'

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
  // Opening paints the panel with its title first; the filters, the '⋯' menu and the
  // category tabs follow in a transition with the rows (about a third of the opening click's work
  // at 4x CPU). Their row keeps its height meanwhile, so the title does not move.
  const controls = useDeferredValue(true, false)
  return (
    <>
      <div className={css.head}>
        <Heading slot="title" className={css.heading}>
          Notifications
        </Heading>
        {controls ? <NotificationsToolbar actor={actor} /> : <div className={css.toolbarPending} />}
      </div>
      {controls && <CategoryTabs actor={actor} />}
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

/** The two filters of the list (SPEC §2.6) and the Snoozed and Archived views, as the segmented control's options. */
const FILTER_OPTIONS = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
  { id: 'snoozed', label: 'Snoozed' },
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
 * 'Archive all read' and 'Delete all' (one row in the panel's head and in
 * the page's header).
 */
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

/** The '⋯' menu's keys to disable now, space-separated: each bulk action acts on the inbox, so none while the Snoozed or Archived view is on screen. */
function disabledBulkActions(snapshot: NotificationsSnapshot): string {
  const outside = isOutsideView(selectFilter(snapshot))
  const disabled: BulkAction[] = [
    ...(selectHasUnread(snapshot) && !outside ? [] : ['markAllRead' as const]),
    ...(selectHasReadShown(snapshot) && !outside ? [] : ['archiveRead' as const]),
    ...(selectHasShown(snapshot) && !outside ? [] : ['removeAll' as const]),
  ]
  return disabled.join(' ')
}

/**
 * The '⋯' menu. What it enables is read from the list only while the menu is open:
 * 'Mark all read' changes what the items offer in the very click that closes the menu, and
 * following it re-rendered the closing menu and moved focus twice inside it. Closed, the menu is
 * the same element and is not rendered again by the list's changes.
 */
function BulkActionsMenu({ actor }: { actor: NotificationsActor }) {
  const [open, setOpen] = useState(false)
  const live = useSelector(open ? actor : undefined, (s) => (s ? disabledBulkActions(s) : null))
  const kept = useRef(live ?? disabledBulkActions(actor.getSnapshot()))
  if (live !== null) kept.current = live
  const disabled = kept.current
  return useMemo(
    () => (
      <Menu
        trigger={
          <IconButton label="Notification actions" size="sm">
            <Ellipsis size={16} aria-hidden="true" />
          </IconButton>
        }
        onOpenChange={setOpen}
        disabledKeys={disabled === '' ? [] : disabled.split(' ')}
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
    ),
    [actor, disabled],
  )
}

/** The rows before the list's first deferred render. */
const NO_ROWS: ReadonlyArray<NotificationRow> = []

/** The list under the current filter, with its loading, error and empty states and load more. */
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
  const emptyText = useSelector(actor, selectEmptyText)
  const canLoadMore = useSelector(actor, selectCanLoadMore)
  const loadingMore = useSelector(actor, selectIsLoadingMore)
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
      when={relativeTime(d.notification.created_at_timestamp, at)}
      back={filter === 'snoozed' && d.notification.snoozed_until ? formatSnoozeMoment(d.notification.snoozed_until, at) : null}
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
          {error}
        </p>
      )}
      {loading ? (
        <p className={css.message}>
          <PendingSpinner /> Loading notifications...
        </p>
      ) : items.length === 0 ? (
        // Not while the first rows are still on their way: "No notifications" would be untrue.
        rows !== NO_ROWS && <p className={css.message}>{emptyText}</p>
      ) : virtual ? (
        <VirtualItems items={items} render={row} cursor={selection?.cursor ?? null} />
      ) : (
        <ul className={css.list} aria-label="Notifications">
          {items.map((d) => row(d))}
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
 * and `aria-setsize`), not its buttons and links (interactions).
 */
function VirtualItems({
  items,
  render,
  cursor,
}: {
  items: ReadonlyArray<DisplayRow>
  render: (d: DisplayRow, extra: Pick<NotificationItemProps, 'row'>) => ReactNode
  /** The id of the row under the keyboard cursor, kept in view. */
  cursor: string | null
}) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const getItemKey = useCallback((index: number) => items[index]?.notification._id ?? index, [items])
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRowSize,
    overscan: 8,
    getItemKey,
  })
  const cursorIndex = cursor === null ? -1 : items.findIndex((d) => d.notification._id === cursor)
  useEffect(() => {
    if (cursorIndex >= 0) virtualizer.scrollToIndex(cursorIndex, { align: 'auto' })
  }, [cursorIndex, virtualizer])
  return (
    <div ref={scrollRef} className={css.virtualScroller}>
      <ul className={css.list} aria-label="Notifications" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const d = items[row.index]
          if (!d) return null
          return render(d, { row: { index: row.index, count: items.length, start: row.start, measure: virtualizer.measureElement } })
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

/** A row as shown: a notification, and its group when it leads one or belongs to an open one. */
export interface DisplayRow {
  readonly notification: Notification
  /** Leading a group: its key, how many it holds, whether it is open, and all of its notifications. */
  readonly group?: { readonly key: string; readonly size: number; readonly open: boolean; readonly members: ReadonlyArray<Notification> }
  /** Shown under its open group's lead. */
  readonly member?: boolean
}

/** The rows of the list with the open groups' members after their lead. */
export function displayRows(rows: ReadonlyArray<NotificationRow>, open: ReadonlySet<string>): DisplayRow[] {
  return rows.flatMap((r): DisplayRow[] => {
    const key = r.lead.group_key
    if (r.rest.length === 0 || key == null) return [{ notification: r.lead }]
    const isOpen = open.has(key)
    const lead: DisplayRow = { notification: r.lead, group: { key, size: r.rest.length + 1, open: isOpen, members: [r.lead, ...r.rest] } }
    return isOpen ? [lead, ...r.rest.map((n) => ({ notification: n, member: true }))] : [lead]
  })
}

function toggled(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(set)
  if (!next.delete(key)) next.add(key)
  return next
}

/** The page: the selected rows and the keyboard cursor (src/pages/NotificationsPage.tsx). */
export interface RowSelection {
  readonly selected: ReadonlySet<string>
  readonly cursor: string | null
  readonly toggle: (id: string) => void
}

interface NotificationItemProps {
  display: DisplayRow
  when: string
  /** In the Snoozed view, when it comes back ("Tomorrow, 9:00"). */
  back: string | null
  actor: NotificationsActor
  onNavigate: () => void
  onToggleGroup: (key: string) => void
  selection?: RowSelection | undefined
  row?: VirtualRow
}

/**
 * One notification: the `li` (its state attributes, and its place in the virtual list) around
 * the memoised content. `when` is the relative time text ("5 minutes ago"), computed by the list.
 */
function NotificationItem({ display, when, back, actor, onNavigate, onToggleGroup, selection, row }: NotificationItemProps) {
  const n = display.notification
  const unread = !isRead(n)
  const urgent = n.priority === 'urgent'
  const selected = selection?.selected.has(n._id) ?? false
  return (
    <li
      className={css.item}
      data-unread={unread || undefined}
      data-urgent={urgent || undefined}
      data-member={display.member || undefined}
      data-cursor={selection?.cursor === n._id || undefined}
      data-selected={selected || undefined}
      data-id={n._id}
      aria-label={`${unread ? 'Unread: ' : ''}${n.title}${display.group ? ` (${display.group.size} in group)` : ''}`}
      {...(row && {
        ref: row.measure,
        'data-index': row.index,
        'aria-posinset': row.index + 1,
        'aria-setsize': row.count,
        style: { position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)` },
      })}
    >
      {unread && <span className={css.unreadDot} aria-hidden="true" />}
      {selection && <RowSelect id={n._id} title={n.title} selected={selected} toggle={selection.toggle} />}
      <NotificationContent notification={n} group={display.group} when={when} back={back} actor={actor} onNavigate={onNavigate} onToggleGroup={onToggleGroup} />
    </li>
  )
}

/**
 * The page: a row's selection checkbox, a native one (react-aria's was most
 * of a row's render), memoised like the row's content: the virtual list renders every row in view
 * again as it scrolls.
 */
const RowSelect = memo(function RowSelect({ id, title, selected, toggle }: { id: string; title: string; selected: boolean; toggle: (id: string) => void }) {
  return (
    <span className={css.select}>
      <RowCheckbox isSelected={selected} onChange={() => toggle(id)} aria-label={`Select: ${title}`} />
    </span>
  )
})

/**
 * Whether a row's content would render the same: the same props, where a notification that only
 * became seen counts as the same (opening the panel marks every loaded row seen, and
 * nothing in a row shows it, so the rows are not rendered again for it).
 */
function sameContent(prev: Readonly<Record<string, unknown>>, next: Readonly<Record<string, unknown>>): boolean {
  for (const key of Object.keys(next)) {
    if (prev[key] === next[key]) continue
    if (key !== 'notification' || !sameButSeen(prev[key] as Notification, next[key] as Notification)) return false
  }
  return true
}

function sameButSeen(a: Notification, b: Notification): boolean {
  const shown = (n: Notification) => (Object.keys(n) as Array<keyof Notification>).filter((k) => k !== 'seen')
  const keys = shown(b)
  return keys.length === shown(a).length && keys.every((k) => a[k] === b[k])
}

/** Sends `type` for each notification of a closed group (or the one notification). */
function sendEach(
  actor: NotificationsActor,
  type: 'notifications.markRead' | 'notifications.markUnread' | 'notifications.archive' | 'notifications.remove' | 'notifications.restore',
  ids: ReadonlyArray<string>,
) {
  for (const id of ids) actor.send({ type, id })
}

/**
 * A row's icon, texts, action link and buttons: re-rendered only when the notification object,
 * its time text or the actor change (the machine keeps an unchanged notification's object). On a
 * closed group's lead the buttons act on the whole group.
 */
const NotificationContent = memo(function NotificationContent({
  notification: n,
  group,
  when,
  back,
  actor,
  onNavigate,
  onToggleGroup,
}: {
  notification: Notification
  group: DisplayRow['group']
  when: string
  back: string | null
  actor: NotificationsActor
  onNavigate: () => void
  onToggleGroup: (key: string) => void
}) {
  const Icon = CATEGORY_ICONS[n.category] ?? Bell
  const unread = !isRead(n)
  const href = notificationActionHref(n)
  const actionText = n.actionText ?? (typeof n.metadata['action_text'] === 'string' ? n.metadata['action_text'] : null) ?? 'View Details'
  const urgent = n.priority === 'urgent'
  const targets = group && !group.open ? group.members : [n]
  const ids = (pick: (m: Notification) => boolean) => targets.filter(pick).map((m) => m._id)
  const anyUnread = targets.some((m) => !isRead(m))
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
          {back ? <span>Back {back}</span> : <time dateTime={new Date(n.created_at_timestamp * 1000).toISOString()}>{when}</time>}
          {group && (
            <button type="button" className={css.groupToggle} aria-expanded={group.open} onClick={() => onToggleGroup(group.key)}>
              {group.open ? 'Show less' : `+${group.size - 1} more`}
            </button>
          )}
          {href && (
            <NavLink
              href={href}
              className={css.action}
              onNavigate={() => {
                if (unread) actor.send({ type: 'notifications.markRead', id: n._id })
                onNavigate()
              }}
            >
              {actionText}
            </NavLink>
          )}
        </div>
      </div>
      {isArchived(n) ? (
        <div className={css.actions}>
          {/* An archived row only goes back to the inbox. */}
          <RowAction label={`Restore: ${n.title}`} leaves onPress={() => sendEach(actor, 'notifications.restore', ids(isArchived))}>
            <ArchiveRestore size={14} aria-hidden="true" />
          </RowAction>
        </div>
      ) : isSnoozed(n) ? (
        <div className={css.actions}>
          <RowAction label={`Unsnooze: ${n.title}`} leaves onPress={() => actor.send({ type: 'notifications.unsnooze', id: n._id })}>
            <BellRing size={14} aria-hidden="true" />
          </RowAction>
        </div>
      ) : (
        <div className={css.actions}>
          {anyUnread ? (
            <RowAction
              label={`Mark read: ${n.title}`}
              onPress={() =>
                sendEach(
                  actor,
                  'notifications.markRead',
                  ids((m) => !isRead(m)),
                )
              }
            >
              <Check size={14} aria-hidden="true" />
            </RowAction>
          ) : (
            <RowAction label={`Mark unread: ${n.title}`} onPress={() => sendEach(actor, 'notifications.markUnread', ids(isRead))}>
              <CircleDot size={14} aria-hidden="true" />
            </RowAction>
          )}
          <SnoozeMenu title={n.title} onSnooze={(until) => targets.forEach((m) => actor.send({ type: 'notifications.snooze', id: m._id, until }))} />
          <RowAction
            label={`Archive: ${n.title}`}
            leaves
            onPress={() =>
              sendEach(
                actor,
                'notifications.archive',
                ids(() => true),
              )
            }
          >
            <Archive size={14} aria-hidden="true" />
          </RowAction>
          <RowAction
            label={`Delete: ${n.title}`}
            leaves
            onPress={() =>
              sendEach(
                actor,
                'notifications.remove',
                ids(() => true),
              )
            }
          >
            <Trash2 size={14} aria-hidden="true" />
          </RowAction>
        </div>
      )}
    </>
  )
}, sameContent)

/**
 * All categories, then one tab per SPEC §3 category with inbox items,
 * each with its count; shown over the inbox (All and Unread), not the Snoozed and Archived views.
 */
export function CategoryTabs({ actor }: { actor: NotificationsActor }) {
  const tabs = useSelector(actor, selectCategoryTabs, sameTabs)
  const category = useSelector(actor, selectCategory)
  const filter = useSelector(actor, selectFilter)
  if (isOutsideView(filter) || tabs.length === 0) return null
  return (
    <ToggleButtonGroup
      aria-label="Category"
      className={css.categories}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[category ?? ALL_CATEGORIES]}
      onSelectionChange={(keys) => {
        const [key] = [...keys]
        if (key === undefined) return
        actor.send({ type: 'notifications.category', category: key === ALL_CATEGORIES ? null : String(key) })
      }}
    >
      <ToggleButton id={ALL_CATEGORIES} className={css.category}>
        All categories
      </ToggleButton>
      {tabs.map((t) => (
        <ToggleButton key={t.category} id={t.category} className={css.category} aria-label={`${t.label}, ${t.count}`}>
          {t.label}
          <span className={css.categoryCount} aria-hidden="true">
            {t.count}
          </span>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  )
}

/** The tab key of "every category" (not a SPEC §3 category). */
const ALL_CATEGORIES = '__all'

const sameTabs = (a: ReadonlyArray<CategoryTab>, b: ReadonlyArray<CategoryTab>) =>
  a.length === b.length && a.every((t, i) => t.category === b[i]!.category && t.count === b[i]!.count)
