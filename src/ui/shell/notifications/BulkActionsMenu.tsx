/**
 * The '⋯' menu ('Notification actions'): 'Mark all read', 'Archive all read' and 'Delete all'
 * (SPEC §2.6 wording), each sending its event; which are disabled comes from
 * `selectDisabledBulkActions`.
 */
import { useSelector } from '@xstate/react'
import Archive from 'lucide-react/icons/archive'
import CheckCheck from 'lucide-react/icons/check-check'
import Ellipsis from 'lucide-react/icons/ellipsis'
import Trash2 from 'lucide-react/icons/trash-2'
import { useMemo, useRef, useState } from 'react'
import { type BulkAction, selectDisabledBulkActions } from '../../../../machines/notifications/notifications.selectors.ts'
import { useTranslator } from '../../../i18n/react.tsx'
import type { NotificationsActor } from '../../../system/react.tsx'
import { useNeedsConnection } from '../NeedsConnection.tsx'
import { IconButton } from '../../primitives/IconButton/IconButton.tsx'
import { Menu, MenuItem } from '../../primitives/Menu/Menu.tsx'
import { inboxMessages as m } from './inbox.messages.ts'

const BULK_EVENTS = {
  markAllRead: { type: 'notifications.markAllRead' },
  archiveRead: { type: 'notifications.archiveRead' },
  removeAll: { type: 'notifications.removeAll' },
} as const satisfies Record<BulkAction, { type: string }>

/**
 * What the menu enables is read from the list only while the menu is open: 'Mark all read'
 * changes what the items offer in the very click that closes the menu, and following it
 * re-rendered the closing menu and moved focus twice inside it. Closed, the menu is the same
 * element and is not rendered again by the list's changes.
 */
export function BulkActionsMenu({ actor }: { actor: NotificationsActor }) {
  const [open, setOpen] = useState(false)
  const live = useSelector(open ? actor : undefined, (s) => (s ? selectDisabledBulkActions(s) : null))
  const kept = useRef(live ?? selectDisabledBulkActions(actor.getSnapshot()))
  if (live !== null) kept.current = live
  // Offline, all three need the server.
  const disabled = useNeedsConnection() === null ? kept.current : 'markAllRead archiveRead removeAll'
  const { t } = useTranslator()
  return useMemo(
    () => (
      <Menu
        trigger={
          <IconButton label={t(m.actions)} size="sm">
            <Ellipsis size={16} aria-hidden="true" />
          </IconButton>
        }
        onOpenChange={setOpen}
        disabledKeys={disabled === '' ? [] : disabled.split(' ')}
        onAction={(key) => actor.send(BULK_EVENTS[key as BulkAction])}
      >
        <MenuItem id="markAllRead" icon={<CheckCheck size={16} />}>
          {t(m.markAllRead)}
        </MenuItem>
        <MenuItem id="archiveRead" icon={<Archive size={16} />}>
          {t(m.archiveRead)}
        </MenuItem>
        <MenuItem id="removeAll" icon={<Trash2 size={16} />} variant="danger">
          {t(m.deleteAll)}
        </MenuItem>
      </Menu>
    ),
    [actor, disabled, t],
  )
}
