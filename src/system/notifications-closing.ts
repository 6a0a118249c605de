/**
 * The notification changes a closing page sent (SPEC §4 Notifications: updates are optimistic),
 * kept for the next page of the same tab.
 *
 * An archive, delete or snooze held for 'Undo' is sent as the page closes, with a request that
 * outlives it (handed to the service worker: src/platform/outliving.ts, ./notifications.ts
 * `sendHoldsWhenHidden`). After a reload, the new page's first read can reach the server before
 * that request does and list the notification again. So the closing page also writes what it sent
 * to the tab's sessionStorage, and the next page, within {@link SENT_AT_CLOSE_WINDOW_MS}, lays
 * those changes over its first inbox read, as the machine lays its own changes in flight over every
 * read (machines/notifications `applyChanges`). Once the server has them the overlay changes
 * nothing. They are taken once: what the person does next on that page (a restore of what was
 * archived) is the page's own, and a later reload must not undo it.
 */
import { Schema } from 'effect'
import { isCappedCount, Notification, type NotificationsPage } from '../../contract/notifications.ts'
import { browserSessionStorage, readStored } from '../platform/stored.ts'
import { applyChanges, countUnread, countUnseen, inInbox, type NotificationChange } from '../../machines/notifications/notifications.list.ts'

/** sessionStorage key of the changes sent as the page closed. */
export const SENT_AT_CLOSE_KEY = 'engage.notifications.sentAtClose'

/** How long the next page lays them over its reads, ms: by then the closing page's requests have landed. */
export const SENT_AT_CLOSE_WINDOW_MS = 10_000

/** The kinds a closing page sends: what can be held for 'Undo'. */
const SentChange = Schema.Union([
  Schema.Struct({ kind: Schema.Literal('remove'), id: Schema.String, item: Notification }),
  Schema.Struct({ kind: Schema.Literal('archive'), id: Schema.String, item: Notification }),
  Schema.Struct({ kind: Schema.Literal('snooze'), id: Schema.String, until: Schema.String, item: Notification }),
  Schema.Struct({ kind: Schema.Literal('removeAll'), removed: Schema.Array(Notification) }),
])
type SentChange = typeof SentChange.Type

/** What is kept: whose workspace, when (ms since the epoch), and the changes in the order they were sent. */
const SentAtClose = Schema.Struct({ orgId: Schema.String, sentAt: Schema.Number, changes: Schema.Array(SentChange) })
type SentAtClose = typeof SentAtClose.Type

const isSent = (change: NotificationChange): change is SentChange & NotificationChange =>
  change.kind === 'remove' || change.kind === 'archive' || change.kind === 'snooze' || change.kind === 'removeAll'

/**
 * Adds `changes`, just sent for `orgId` at `nowMs`, to what the tab keeps (after the ones still
 * within the window for the same workspace). Kinds that are never held are left out. Storage
 * failures are ignored: the overlay is a refinement, the requests are already on their way.
 */
export function keepSentAtClose(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, orgId: string, changes: ReadonlyArray<NotificationChange>, nowMs: number): void {
  const sent = changes.filter(isSent)
  if (sent.length === 0) return
  const kept = readStored(storage, SENT_AT_CLOSE_KEY, SentAtClose)
  const earlier = kept !== null && kept.orgId === orgId && nowMs - kept.sentAt <= SENT_AT_CLOSE_WINDOW_MS ? kept.changes : []
  try {
    storage?.setItem(SENT_AT_CLOSE_KEY, JSON.stringify({ orgId, sentAt: nowMs, changes: [...earlier, ...sent] } satisfies SentAtClose))
  } catch {
    // Quota or disabled storage: see above.
  }
}

/**
 * Takes what a closing page of this tab sent for `orgId` within the last
 * {@link SENT_AT_CLOSE_WINDOW_MS} before `nowMs`: the changes, or empty (another workspace's,
 * older, unreadable, none). What was kept is removed either way: it is taken once.
 */
export function takeSentAtClose(storage: Pick<Storage, 'getItem' | 'removeItem'> | undefined, orgId: string | null, nowMs: number): ReadonlyArray<NotificationChange> {
  const kept = readStored(storage, SENT_AT_CLOSE_KEY, SentAtClose)
  dropSentAtClose(storage)
  if (kept === null) return []
  const current = orgId !== null && kept.orgId === orgId && nowMs >= kept.sentAt && nowMs - kept.sentAt <= SENT_AT_CLOSE_WINDOW_MS
  return current ? kept.changes : []
}

/**
 * An inbox page as the server will answer once it has `changes`: the notifications they take out
 * of the inbox left out, and the unread and unseen counts lowered by the ones among them that
 * counted (a count at its cap stays as it is: it means "at least"). Items the server has already
 * dropped are untouched, so the result is the same before and after the server has the changes.
 */
export function withSentAtClose(page: NotificationsPage, changes: ReadonlyArray<NotificationChange>): NotificationsPage {
  if (changes.length === 0) return page
  const staying = new Set(applyChanges(page.notifications, changes).filter(inInbox).map((n) => n._id))
  const gone = page.notifications.filter((n) => inInbox(n) && !staying.has(n._id))
  if (gone.length === 0) return page
  const lower = (count: number, by: number) => (isCappedCount(count) ? count : Math.max(0, count - by))
  return {
    ...page,
    notifications: page.notifications.filter((n) => staying.has(n._id)),
    unread_count: lower(page.unread_count, countUnread(gone)),
    ...(page.unseen_count === undefined ? {} : { unseen_count: lower(page.unseen_count, countUnseen(gone)) }),
  }
}

/**
 * Forgets what was kept: the page that sent it is on screen again (the tab was only hidden, or
 * came back from the back-forward cache), so its own state is the authority and a later reload
 * must not replay those changes over what the person did since (a restore).
 */
export function dropSentAtClose(storage: Pick<Storage, 'removeItem'> | undefined): void {
  try {
    storage?.removeItem(SENT_AT_CLOSE_KEY)
  } catch {
    // Disabled storage: nothing was kept either.
  }
}

/**
 * What the page's first inbox read lays over itself: the first call takes what a closing page of
 * this tab sent (for the workspace `orgId()` names, at `now()`), every later call gets nothing. The
 * first read is the one those changes may race.
 */
export function firstReadSentAtClose(win: Pick<Window, 'sessionStorage'>, orgId: () => string | null, now: () => number): () => ReadonlyArray<NotificationChange> {
  let taken = false
  return () => {
    if (taken) return []
    taken = true
    return takeSentAtClose(browserSessionStorage(win), orgId(), now())
  }
}
