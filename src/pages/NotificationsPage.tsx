/**
 * /app/notifications (SPEC §2.5): the full list of the current org's notifications with the
 * panel's actions (filter, mark one / all read, delete, delete all with Undo, load more; the bulk
 * ones in the header's '⋯' menu, issue #16). The
 * `notifications` actor of the root system holds the list; the page only sends events, and
 * marks the new-notification flag seen on arrival.
 *
 * The list is virtualised (only the rows in view are rendered), so it stays smooth with thousands
 * of loaded notifications; load more adds the next page of 20 below it.
 */
import { useEffect } from 'react'
import { type NotificationsActor, useNotificationsActor } from '../system/react.tsx'
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { NotificationList, NotificationsToolbar } from '../ui/shell/NotificationsPanel.tsx'
import * as css from '../ui/shell/NotificationsPanel.css.ts'

export function NotificationsPage() {
  const actor = useNotificationsActor()
  useEffect(() => {
    actor.send({ type: 'notifications.seen' })
  }, [actor])
  return <NotificationsView actor={actor} />
}

/** The page for any state of the actor (stories hand it one from a saved state). */
export function NotificationsView({ actor }: { actor: NotificationsActor }) {
  return (
    <section aria-label="Notifications" className={css.pagePane}>
      <PageHeader
        title="Notifications"
        crumbs={[{ label: 'Overview', href: '/app/dashboard' }, { label: 'Notifications' }]}
        actions={<NotificationsToolbar actor={actor} />}
      />
      <div className={css.pageList}>
        <NotificationList actor={actor} virtual />
      </div>
    </section>
  )
}
