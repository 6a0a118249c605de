/**
 * A row's icon, texts, action link and buttons. Title and body are rendered as text (React
 * escapes them), never as HTML, and an action link appears only for a URL `notificationActionHref`
 * accepts. Every button is named after its notification ('Archive: Invoice paid'); what each acts
 * on (on a closed group's lead, the whole group) comes from `rowTargets`. Archive, delete and snooze
 * are held for 'Undo' (one toast for the whole group) before they are sent.
 */
import AlarmClock from 'lucide-react/icons/alarm-clock'
import Archive from 'lucide-react/icons/archive'
import ArchiveRestore from 'lucide-react/icons/archive-restore'
import Bell from 'lucide-react/icons/bell'
import BellRing from 'lucide-react/icons/bell-ring'
import Check from 'lucide-react/icons/check'
import CircleDot from 'lucide-react/icons/circle-dot'
import CreditCard from 'lucide-react/icons/credit-card'
import Megaphone from 'lucide-react/icons/megaphone'
import MessageSquare from 'lucide-react/icons/message-square'
import RefreshCw from 'lucide-react/icons/refresh-cw'
import Settings from 'lucide-react/icons/settings'
import Siren from 'lucide-react/icons/siren'
import Trash2 from 'lucide-react/icons/trash-2'
import TriangleAlert from 'lucide-react/icons/triangle-alert'
import { type ComponentType, memo } from 'react'
import { type Notification, notificationActionHref } from '../../../../contract/notifications.ts'
import { actionLabelOf, type DisplayRow, rowTargets } from '../../../../machines/notifications/notifications.selectors.ts'
import { useTranslator } from '../../../i18n/react.tsx'
import type { NotificationsActor } from '../../../system/react.tsx'
import { NavLink } from '../NavLink.tsx'
import { RowAction } from '../RowActions.tsx'
import { SnoozeMenu } from '../SnoozeMenu.tsx'
import { inboxMessages as m } from './inbox.messages.ts'
import * as css from './NotificationItem.css.ts'

/** SPEC §3: an icon per category; anything else shows a bell. */
export const CATEGORY_ICONS: Readonly<Record<string, ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>>> = {
  system: Settings,
  marketing: Megaphone,
  transaction: CreditCard,
  reminder: AlarmClock,
  alert: TriangleAlert,
  message: MessageSquare,
  update: RefreshCw,
}

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

/**
 * Re-rendered only when the notification object, its time text or the actor change (the machine
 * keeps an unchanged notification's object).
 */
export const NotificationContent = memo(function NotificationContent({
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
  const href = notificationActionHref(n)
  const urgent = n.priority === 'urgent'
  const targets = rowTargets({ notification: n, group })
  const translator = useTranslator()
  const { t } = translator
  const title = { title: n.title }
  return (
    <>
      <span className={css.icon}>
        <Icon size={16} aria-hidden="true" />
      </span>
      <div className={css.content}>
        {/*
          One line: the title, its marks and link, and the time at the end, so a row is about 64 px
          and six fit the panel's 24rem.
        */}
        <div className={css.headLine}>
          <p className={css.title} title={n.title} dir="auto">
            {n.title}
          </p>
          {urgent && (
            <span className={css.urgent}>
              <Siren size={12} aria-hidden="true" />
              {t(m.urgent)}
            </span>
          )}
          {group && (
            <button type="button" className={css.groupToggle} aria-expanded={group.open} onClick={() => onToggleGroup(group.key)}>
              {group.open ? t(m.showLess) : t(m.more, { count: group.size - 1 })}
            </button>
          )}
          {href && (
            <NavLink
              href={href}
              className={css.action}
              // Following it reads it, in this tab or a new one (the machine ignores one already read).
              onOpen={() => actor.send({ type: 'notifications.markRead', id: n._id })}
              onNavigate={onNavigate}
            >
              <bdi>{translator.text(actionLabelOf(n))}</bdi>
            </NavLink>
          )}
          {back ? <span className={css.when}>{t(m.back, { when: back })}</span> : <time className={css.when} dateTime={new Date(n.created_at_timestamp * 1000).toISOString()}>{when}</time>}
        </div>
        {n.body && (
          <p className={css.body} dir="auto">
            {n.body}
          </p>
        )}
      </div>
      {targets.kind === 'archived' ? (
        <div className={css.actions}>
          {/* An archived row only goes back to the inbox. */}
          <RowAction label={t(m.restore, title)} leaves onPress={() => actor.send({ type: 'notifications.applyToEach', action: 'restore', ids: targets.archived })}>
            <ArchiveRestore size={14} aria-hidden="true" />
          </RowAction>
        </div>
      ) : targets.kind === 'snoozed' ? (
        <div className={css.actions}>
          <RowAction label={t(m.unsnooze, title)} leaves onPress={() => actor.send({ type: 'notifications.unsnooze', id: n._id })}>
            <BellRing size={14} aria-hidden="true" />
          </RowAction>
        </div>
      ) : (
        <div className={css.actions}>
          {targets.anyUnread ? (
            <RowAction label={t(m.markRead, title)} onPress={() => actor.send({ type: 'notifications.applyToEach', action: 'markRead', ids: targets.unread })}>
              <Check size={14} aria-hidden="true" />
            </RowAction>
          ) : (
            <RowAction label={t(m.markUnread, title)} onPress={() => actor.send({ type: 'notifications.applyToEach', action: 'markUnread', ids: targets.read })}>
              <CircleDot size={14} aria-hidden="true" />
            </RowAction>
          )}
          <SnoozeMenu title={n.title} onSnooze={(until) => actor.send({ type: 'notifications.applyWithUndo', action: 'snooze', ids: targets.all, until })} />
          <RowAction label={t(m.archive, title)} leaves onPress={() => actor.send({ type: 'notifications.applyWithUndo', action: 'archive', ids: targets.all })}>
            <Archive size={14} aria-hidden="true" />
          </RowAction>
          <RowAction label={t(m.delete, title)} leaves onPress={() => actor.send({ type: 'notifications.applyWithUndo', action: 'remove', ids: targets.all })}>
            <Trash2 size={14} aria-hidden="true" />
          </RowAction>
        </div>
      )}
    </>
  )
}, sameContent)
