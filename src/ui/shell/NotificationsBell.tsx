/**
 * The header's notifications bell (SPEC §2.6): a button named 'Notifications' followed by its unread
 * badge ('Notifications 99+ unread'; '99+' above 99), opening the panel in a popover. Opening it lowers the new-notification
 * flag (shown as `data-new`: the bell rings) and (in the machine) marks the listed notifications seen. Outside a `NotificationsActorProvider` (stories of
 * other features) it renders nothing; in the app, before the deferred actor has started, it is
 * there without a badge.
 *
 * The panel closes when one of its links is followed ('View all notifications', a
 * notification's action) and on any route change while it is open (the router's
 * `onBeforeNavigate`; outside a router, as in stories and tests, only the links close it).
 */
import { useRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import Bell from 'lucide-react/icons/bell'
import { Suspense, useCallback, useEffect, useId, useState } from 'react'
import { BADGE_MAX, selectBadge, selectHasNew, selectUnreadCount, selectUnreadIsFloor } from '../../../machines/notifications/notifications.counts.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { lazyOnDemand } from '../../platform/lazy-on-demand.ts'
import { type NotificationsActor, useDeferredPending, useOptionalNotificationsActor } from '../../system/react.tsx'
import { IconButton } from '../primitives/IconButton/IconButton.tsx'
import { PopoverDialog } from '../primitives/Popover/PopoverDialog.tsx'
import * as css from './NotificationsPanel.css.ts'
import { visuallyHidden } from '../primitives/visuallyHidden.css.ts'
import { bellMessages as m } from './bell.messages.ts'

/**
 * The panel (its virtualised list included) loads when first wanted, not with the shell: the
 * bench's bundle budget for /app/dashboard. Hovering or focusing the bell starts the
 * download, so it is usually there before the click.
 */
const { preload: loadPanel, Component: NotificationsPanel } = lazyOnDemand(
  () => import('./NotificationsPanel.tsx'),
  (m) => m.NotificationsPanel,
)

export function NotificationsBell({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const actor = useOptionalNotificationsActor()
  // In the app the actor starts just after the shell's first paint; the bell is there
  // (and opens, on 'Loading notifications…') meanwhile. Outside the app (stories) there is none.
  const pending = useDeferredPending()
  return actor || pending ? <BellWithActor actor={actor ?? undefined} defaultOpen={defaultOpen} /> : null
}

function BellWithActor({ actor, defaultOpen }: { actor: NotificationsActor | undefined; defaultOpen: boolean }) {
  // SPEC §4: the new-notification flag; the bell rings (data-new) until the panel is opened.
  const hasNew = useSelector(actor, (s) => (s ? selectHasNew(s) : false))
  const { t } = useTranslator()
  const badgeId = useId()
  const labelId = useId()
  const [isOpen, setOpen] = useState(defaultOpen)
  // Opened before the actor started: it hears `notifications.seen` as soon as it has.
  const [seenOwed, setSeenOwed] = useState(false)
  useEffect(() => {
    if (!actor || !seenOwed) return
    actor.send({ type: 'notifications.seen' })
    setSeenOwed(false)
  }, [actor, seenOwed])
  const close = useCallback(() => setOpen(false), [])
  // `warn: false`: stories and component tests render the bell without a router.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined
  useEffect(() => {
    if (!router || !isOpen) return
    return router.subscribe('onBeforeNavigate', (e) => {
      if (e.hrefChanged) close()
    })
  }, [router, isOpen, close])
  return (
    <>
      {/* Named 'Notifications' followed by the badge it shows ('99+ unread'): a spoken name must
          contain the visible text (WCAG 2.5.3, label in name). The label sits outside the button;
          without a badge its id names nothing and the name is 'Notifications'. */}
      <span id={labelId} hidden>
        {t(m.notifications)}
      </span>
      <PopoverDialog
        isOpen={isOpen}
        onOpenChange={(open) => {
          setOpen(open)
          if (open && actor) actor.send({ type: 'notifications.seen' })
          else if (open) setSeenOwed(true)
        }}
        placement="bottom end"
        className={css.popover}
        aria-label={t(m.notifications)}
        dialogClassName={css.dialog}
        trigger={
          // The IconButton's label is the tooltip; the name (aria-labelledby) adds the badge.
          <IconButton
            label={t(m.notifications)}
            aria-labelledby={`${labelId} ${badgeId}`}
            className={css.bell}
            data-new={hasNew || undefined}
            onHoverStart={() => void loadPanel()}
            onFocus={() => void loadPanel()}
          >
            <Bell size={18} aria-hidden="true" strokeWidth={1.75} />
            {actor && <BellBadge actor={actor} id={badgeId} />}
          </IconButton>
        }
      >
        <Suspense fallback={<PanelLoading />}>{actor ? <NotificationsPanel actor={actor} onNavigate={close} /> : <PanelLoading />}</Suspense>
      </PopoverDialog>
    </>
  )
}

/** The panel while its code or its actor is on its way. */
function PanelLoading() {
  const { t } = useTranslator()
  return (
    <p role="status" className={css.panelLoading}>
      {t(m.loading)}
    </p>
  )
}

/**
 * The unread badge, the only part of the bell that follows the count: archiving or
 * 'Mark all read' re-renders this span, not the bell, its popover and the open panel under it.
 */
function BellBadge({ actor, id }: { actor: NotificationsActor; id: string }) {
  const badge = useSelector(actor, selectBadge)
  const count = useSelector(actor, selectUnreadCount)
  // A count the server stopped at 100 is never given as an exact number.
  const floor = useSelector(actor, selectUnreadIsFloor)
  const { t } = useTranslator()
  if (!badge) return null
  return (
    <span id={id} className={css.badge} title={floor ? t(m.unreadMoreThan, { count: BADGE_MAX }) : t(m.unreadCount, { count })}>
      {badge}
      <span className={visuallyHidden}> {t(m.unread)}</span>
    </span>
  )
}
