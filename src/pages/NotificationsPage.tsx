/**
 * /app/notifications (SPEC §2.5): the full list of the current org's notifications with the
 * panel's actions (filter, mark one / all read, delete, delete all with Undo, load more; the bulk
 * ones in the header's '⋯' menu). The
 * `notifications` actor of the root system holds the list; the page only sends events, and
 * marks the new-notification flag seen on arrival.
 *
 * The same tabs as the panel (All, Unread, Snoozed, Archived, and the categories),
 * grouping and snooze; a checkbox per row and a bulk bar ('3 selected': Mark read, Archive,
 * Delete, Clear selection) for the ticked rows; and the mail-client keys (j / k move, x ticks, e
 * archives, u toggles read, # deletes, Escape clears), driven by a page-local `inboxSelection`
 * actor (src/system/inboxSelection.tsx).
 *
 * The list is virtualised (only the rows in view are rendered), so it stays smooth with thousands
 * of loaded notifications; load more adds the next page of 20 below it.
 */
import { useSelector } from '@xstate/react'
import Archive from 'lucide-react/icons/archive'
import Check from 'lucide-react/icons/check'
import Trash2 from 'lucide-react/icons/trash-2'
import X from 'lucide-react/icons/x'
import { useEffect, useMemo } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { InboxSelectionMachine } from '../../machines/inboxSelection/inboxSelection.machine.ts'
import { selectRows } from '../../machines/notifications/notifications.selectors.ts'
import type { MessageDescriptor } from '../i18n/messages.ts'
import { useTranslator } from '../i18n/react.tsx'
import { navMessages } from '../navigation/nav.messages.ts'
import { type InboxAction, runInboxAction, useInboxSelectionActor } from '../system/inboxSelection.tsx'
import { type NotificationsActor, useDeferredPending, useOptionalNotificationsActor } from '../system/react.tsx'
import { Button } from '../ui/primitives/Button/Button.tsx'
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { Skeleton } from '../ui/primitives/Skeleton/Skeleton.tsx'
import { CategoryTabs } from '../ui/shell/notifications/CategoryTabs.tsx'
import { inboxMessages as m } from '../ui/shell/notifications/inbox.messages.ts'
import type { RowSelection } from '../ui/shell/notifications/NotificationItem.tsx'
import { NotificationList } from '../ui/shell/notifications/NotificationList.tsx'
import { NotificationsToolbar } from '../ui/shell/notifications/NotificationsToolbar.tsx'
import * as css from '../ui/shell/NotificationsPanel.css.ts'

export function NotificationsPage() {
  const actor = useOptionalNotificationsActor()
  // The actor starts just after the shell's first paint; a direct visit may arrive first.
  const pending = useDeferredPending()
  const { t } = useTranslator()
  if (actor) return <SeenNotificationsView actor={actor} />
  if (!pending) throw new Error('NotificationsPage must be used inside <NotificationsActorProvider>')
  const title = t(navMessages.notifications)
  return (
    <section aria-label={title} className={css.pagePane}>
      <PageHeader title={title} crumbs={[{ label: t(navMessages.overview), href: '/app/dashboard' }, { label: title }]} />
      <Skeleton count={6} label={t(m.pageLoading)} />
    </section>
  )
}

/** The page, which marks the listed notifications seen when it opens. */
function SeenNotificationsView({ actor }: { actor: NotificationsActor }) {
  useEffect(() => {
    actor.send({ type: 'notifications.seen' })
  }, [actor])
  return <NotificationsView actor={actor} keyboard />
}

/**
 * The page for any state of the actor (stories hand it one from a saved state). `keyboard`: the
 * page's keys listen on the document (off in stories, where several pages share one).
 */
export function NotificationsView({ actor, keyboard = false }: { actor: NotificationsActor; keyboard?: boolean }) {
  const rows = useSelector(actor, selectRows)
  // The rows the selection may hold: every notification shown (a closed group by its lead).
  const ids = useMemo(() => rows.map((r) => r.lead._id), [rows])
  const selection = useInboxSelectionActor(actor, ids, keyboard)
  const cursor = useSelector(selection, (s) => s.context.cursor)
  const selected = useSelector(selection, (s) => s.context.selected)
  const rowSelection = useMemo<RowSelection>(
    () => ({
      selected: new Set(selected),
      cursor,
      toggle: (id) => selection.send({ type: 'selection.toggle', id }),
      focus: (id) => selection.send({ type: 'selection.focus', id }),
    }),
    [selected, cursor, selection],
  )
  const { t } = useTranslator()
  const title = t(navMessages.notifications)
  return (
    <section aria-label={title} className={css.pagePane}>
      <PageHeader
        title={title}
        crumbs={[{ label: t(navMessages.overview), href: '/app/dashboard' }, { label: title }]}
        actions={<NotificationsToolbar actor={actor} />}
      />
      <div className={css.pageList}>
        <CategoryTabs actor={actor} />
        <BulkBar selection={selection} actor={actor} />
        <NotificationList actor={actor} virtual selection={rowSelection} />
      </div>
    </section>
  )
}

const BULK: ReadonlyArray<{ readonly action: InboxAction; readonly label: MessageDescriptor; readonly icon: typeof Check }> = [
  { action: 'markRead', label: m.bulkMarkRead, icon: Check },
  { action: 'archive', label: m.bulkArchive, icon: Archive },
  { action: 'remove', label: m.bulkDelete, icon: Trash2 },
]

/** '3 selected' and what can be done with them, while any row is ticked. */
function BulkBar({ selection, actor }: { selection: ActorRefFrom<InboxSelectionMachine>; actor: NotificationsActor }) {
  const count = useSelector(selection, (s) => (s.matches('some') ? s.context.selected.length : 0))
  const total = useSelector(selection, (s) => s.context.rows.length)
  const { t } = useTranslator()
  if (count === 0) return null
  return (
    <div role="toolbar" aria-label={t(m.selectedNotifications)} className={css.bulkBar}>
      <span className={css.bulkCount} aria-live="polite">
        {t(m.selectedCount, { count })}
      </span>
      {BULK.map(({ action, label, icon: Icon }) => (
        <Button key={action} size="sm" variant={action === 'remove' ? 'danger' : 'secondary'} onPress={() => runInboxAction(action, selection, actor)}>
          <Icon size={14} aria-hidden="true" />
          {t(label)}
        </Button>
      ))}
      {count < total && (
        <Button size="sm" variant="ghost" onPress={() => selection.send({ type: 'selection.all' })}>
          {t(m.selectAll, { total })}
        </Button>
      )}
      <Button size="sm" variant="ghost" onPress={() => selection.send({ type: 'selection.clear' })}>
        <X size={14} aria-hidden="true" />
        {t(m.clearSelection)}
      </Button>
    </div>
  )
}
