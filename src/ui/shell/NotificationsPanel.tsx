/**
 * The notifications panel (SPEC §2.6) inside the bell's popover: a one-row head (the title, the
 * toolbar's filter and '⋯' menu), the category tabs, the list (shared with /app/notifications,
 * in ./notifications/), and two links: 'Open inbox' (the full list, /app/notifications) and SPEC's
 * 'View all notifications' (the notification preferences). Everything comes from the
 * `notifications` actor through selectors; the components only send events.
 */
import { useDeferredValue } from 'react'
import { Heading, Link } from 'react-aria-components'
import { useTranslator } from '../../i18n/react.tsx'
import type { NotificationsActor } from '../../system/react.tsx'
import { INBOX_PATH } from './links.ts'
import * as css from './NotificationsPanel.css.ts'
import { CategoryTabs } from './notifications/CategoryTabs.tsx'
import { NotificationList } from './notifications/NotificationList.tsx'
import { inboxMessages as m } from './notifications/inbox.messages.ts'
import { NotificationsToolbar } from './notifications/NotificationsToolbar.tsx'

/** SPEC §2.6: where 'View all notifications' goes (the preferences; the inbox is 'Open inbox'). */
export const VIEW_ALL_HREF = '/app/setting/profile-settings?tab=notification-settings'

/** Does nothing: the default `onNavigate` where no popover needs closing. */
const noop = () => {}

/**
 * The panel's content. `onNavigate` runs when one of its links is followed ('Open inbox',
 * 'View all notifications', a notification's action), so the popover can close.
 */
export function NotificationsPanel({ actor, now = Date.now, onNavigate = noop }: { actor: NotificationsActor; now?: () => number; onNavigate?: () => void }) {
  // Opening paints the panel with its title first; the filters, the '⋯' menu and the
  // category tabs follow in a transition with the rows (about a third of the opening click's work
  // at 4x CPU). Their row keeps its height meanwhile, so the title does not move.
  const controls = useDeferredValue(true, false)
  const { t } = useTranslator()
  return (
    <>
      <div className={css.head}>
        <Heading slot="title" className={css.heading}>
          {t(m.notifications)}
        </Heading>
        {controls ? <NotificationsToolbar actor={actor} /> : <div className={css.toolbarPending} />}
      </div>
      {controls && <CategoryTabs actor={actor} />}
      <div className={css.scroller}>
        <NotificationList actor={actor} now={now} onNavigate={onNavigate} />
      </div>
      <div className={css.foot}>
        <Link href={INBOX_PATH} className={css.link} onPress={onNavigate}>
          {t(m.openInbox)}
        </Link>
        <Link href={VIEW_ALL_HREF} className={css.link} onPress={onNavigate}>
          {t(m.viewAll)}
        </Link>
      </div>
    </>
  )
}
