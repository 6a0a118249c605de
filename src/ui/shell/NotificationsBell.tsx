/**
 * The header's notifications bell (SPEC §2.6): a button named 'Notifications' with the unread
 * badge ('99+' above 99), opening the panel in a popover. Opening it lowers the new-notification
 * flag. Outside a `NotificationsActorProvider` (stories of other features) it renders nothing.
 */
import { useSelector } from '@xstate/react'
import Bell from 'lucide-react/icons/bell'
import { useId } from 'react'
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components'
import { selectBadge, selectUnreadCount } from '../../../machines/notifications/notifications.selectors.ts'
import { type NotificationsActor, useOptionalNotificationsActor } from '../../system/react.tsx'
import { NotificationsPanel } from './NotificationsPanel.tsx'
import * as css from './NotificationsPanel.css.ts'

export function NotificationsBell({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const actor = useOptionalNotificationsActor()
  return actor ? <BellWithActor actor={actor} defaultOpen={defaultOpen} /> : null
}

function BellWithActor({ actor, defaultOpen }: { actor: NotificationsActor; defaultOpen: boolean }) {
  const badge = useSelector(actor, selectBadge)
  const count = useSelector(actor, selectUnreadCount)
  const badgeId = useId()
  return (
    <DialogTrigger defaultOpen={defaultOpen} onOpenChange={(open) => open && actor.send({ type: 'notifications.seen' })}>
      {/* The name stays 'Notifications'; the count is read as its description. */}
      <Button aria-label="Notifications" aria-describedby={badge ? badgeId : undefined} className={css.bell}>
        <Bell size={18} aria-hidden="true" strokeWidth={1.75} />
        {badge && (
          <span id={badgeId} className={css.badge} title={`${count} unread`}>
            {badge}
            <span className={css.visuallyHidden}> unread</span>
          </span>
        )}
      </Button>
      <Popover placement="bottom end" offset={6} className={css.popover}>
        <Dialog aria-label="Notifications" className={css.dialog}>
          <NotificationsPanel actor={actor} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  )
}
