/**
 * The browser side of the notifications page's selection (machines/inboxSelection):
 * the mail-client keys on the page, and the bulk actions on its targets, sent to the
 * notifications actor: mark read and unread one event per notification (each its own optimistic
 * change, rolled back on its own); archive and delete as one change held for 'Undo'.
 *
 * Keys (never while typing in a field, with a modifier held, or while a dialog or menu is open):
 * j / k move the cursor, x ticks its row, e archives, u marks read (or, when all are read,
 * unread), # deletes, Escape clears the selection. They are listed in the '?' help
 * (src/ui/shell/shortcuts.ts).
 */
import { useActorRef } from '@xstate/react'
import { useEffect } from 'react'
import type { ActorRefFrom } from 'xstate'
import { isRead } from '../../machines/notifications/notifications.list.ts'
import type { NotificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import { selectVisible } from '../../machines/notifications/notifications.selectors.ts'
import { type InboxSelectionMachine, inboxSelectionMachine, targets } from '../../machines/inboxSelection/inboxSelection.machine.ts'
import { isTypingIn } from '../platform/typing.ts'

/** A bulk action of the page: on the ticked rows, or the cursor's row. */
export type InboxAction = 'markRead' | 'toggleRead' | 'archive' | 'remove'

/**
 * Runs `action` on the selection's targets, then clears the selection. A group's row (its lead)
 * stands for every notification of the group on screen, as the row's own buttons do on a closed
 * group. `toggleRead` marks the unread ones read, or all of them unread when every one is read.
 */
export function runInboxAction(action: InboxAction, selection: ActorRefFrom<InboxSelectionMachine>, notifications: ActorRefFrom<NotificationsMachine>): void {
  const ids = targets(selection.getSnapshot().context)
  if (ids.length === 0) return
  const visible = selectVisible(notifications.getSnapshot())
  const byId = new Map(visible.map((n) => [n._id, n]))
  const chosen = [
    ...new Set(
      ids.flatMap((id) => {
        const n = byId.get(id)
        if (n === undefined) return []
        const key = n.group_key ?? null
        return key === null ? [n] : visible.filter((m) => m.group_key === key)
      }),
    ),
  ]
  const unread = chosen.filter((n) => !isRead(n))
  switch (action) {
    case 'markRead':
      for (const n of unread) notifications.send({ type: 'notifications.markRead', id: n._id })
      break
    case 'toggleRead':
      if (unread.length > 0) for (const n of unread) notifications.send({ type: 'notifications.markRead', id: n._id })
      else for (const n of chosen) notifications.send({ type: 'notifications.markUnread', id: n._id })
      break
    // One hold for all of them: one toast whose 'Undo' brings every one back.
    case 'archive':
      notifications.send({ type: 'notifications.applyWithUndo', action: 'archive', ids: chosen.map((n) => n._id) })
      break
    case 'remove':
      notifications.send({ type: 'notifications.applyWithUndo', action: 'remove', ids: chosen.map((n) => n._id) })
      break
  }
  selection.send({ type: 'selection.clear' })
}

/** The page's keys → what they do. */
const KEYS: Readonly<Record<string, { readonly move?: 'next' | 'previous'; readonly toggle?: true; readonly action?: InboxAction; readonly clear?: true }>> = {
  j: { move: 'next' },
  k: { move: 'previous' },
  x: { toggle: true },
  e: { action: 'archive' },
  u: { action: 'toggleRead' },
  '#': { action: 'remove' },
  Escape: { clear: true },
}

/**
 * Listens on `doc` for the page's keys while the page is mounted. @returns the function that
 * stops listening.
 */
export function listenInboxKeys(doc: Document, selection: ActorRefFrom<InboxSelectionMachine>, notifications: ActorRefFrom<NotificationsMachine>): () => void {
  const onKey = (event: KeyboardEvent) => {
    const key = KEYS[event.key]
    if (!key || event.ctrlKey || event.metaKey || event.altKey || isTypingIn(event)) return
    // A dialog, menu or popover has the keys (Escape closes it; letters are its own).
    if (doc.querySelector('[role="dialog"], [role="menu"], [role="listbox"]')) return
    if (key.clear && !selection.getSnapshot().matches('some')) return
    event.preventDefault()
    if (key.move) selection.send({ type: key.move === 'next' ? 'selection.next' : 'selection.previous' })
    else if (key.toggle) selection.send({ type: 'selection.toggle' })
    else if (key.clear) selection.send({ type: 'selection.clear' })
    else if (key.action) runInboxAction(key.action, selection, notifications)
  }
  doc.addEventListener('keydown', onKey)
  return () => doc.removeEventListener('keydown', onKey)
}

/**
 * The page's selection actor, fed the ids of the rows on screen (`rows`, in order), with the
 * page's keys listening on the document while `keyboard` is on (off in stories, where several
 * pages share one document). Lives as long as the page.
 */
export function useInboxSelectionActor(notifications: ActorRefFrom<NotificationsMachine>, rows: ReadonlyArray<string>, keyboard: boolean) {
  const selection = useActorRef(inboxSelectionMachine)
  useEffect(() => selection.send({ type: 'selection.rows', rows }), [selection, rows])
  useEffect(() => (keyboard ? listenInboxKeys(document, selection, notifications) : undefined), [keyboard, selection, notifications])
  return selection
}
