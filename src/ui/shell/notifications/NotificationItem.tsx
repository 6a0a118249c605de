/**
 * One notification of the list: the `li` (its state attributes, its accessible name, and its
 * place in the virtual list) around the memoised content and, on the page, its checkbox.
 */
import { isRead } from '../../../../machines/notifications/notifications.list.ts'
import type { DisplayRow } from '../../../../machines/notifications/notifications.selectors.ts'
import { useTranslator } from '../../../i18n/react.tsx'
import type { NotificationsActor } from '../../../system/react.tsx'
import { inboxMessages as m } from './inbox.messages.ts'
import * as css from './NotificationItem.css.ts'
import { NotificationContent } from './NotificationContent.tsx'
import { RowSelect } from './RowSelect.tsx'

/** The page: the selected rows and the keyboard cursor (src/pages/NotificationsPage.tsx). */
export interface RowSelection {
  readonly selected: ReadonlySet<string>
  readonly cursor: string | null
  readonly toggle: (id: string) => void
  /** Puts the keyboard cursor on a row: focus entering it (a click, Tab), so the page's keys act on the row in hand. */
  readonly focus: (id: string) => void
}

/** A row's place in the virtual list. */
export interface VirtualRow {
  readonly index: number
  readonly count: number
  /** Offset from the top of the list (px). */
  readonly start: number
  readonly measure: (element: Element | null) => void
}

export interface NotificationItemProps {
  display: DisplayRow
  /** The relative time text ("5 minutes ago"), computed by the list. */
  when: string
  /** In the Snoozed view, when it comes back ("Tomorrow, 9:00"). */
  back: string | null
  actor: NotificationsActor
  onNavigate: () => void
  onToggleGroup: (key: string) => void
  selection?: RowSelection | undefined
  row?: VirtualRow
}

export function NotificationItem({ display, when, back, actor, onNavigate, onToggleGroup, selection, row }: NotificationItemProps) {
  const n = display.notification
  const unread = !isRead(n)
  const urgent = n.priority === 'urgent'
  const selected = selection?.selected.has(n._id) ?? false
  const { t } = useTranslator()
  const label = unread ? t(m.unreadTitle, { title: n.title }) : n.title
  return (
    <li
      className={css.item}
      data-unread={unread || undefined}
      data-urgent={urgent || undefined}
      data-member={display.member || undefined}
      data-cursor={selection?.cursor === n._id || undefined}
      data-selected={selected || undefined}
      data-id={n._id}
      aria-label={display.group ? t(m.inGroup, { label, count: display.group.size }) : label}
      onFocus={selection ? () => selection.focus(n._id) : undefined}
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
