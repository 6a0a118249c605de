/**
 * The `view` region of the notifications machine: the chosen tab's own pages when the inbox's
 * pages are not the whole of it (the Archived and Snoozed views, `view=archived|snoozed`, and a
 * category tab over the inbox; `viewQuery` says which). Its page 1 loads whenever such a tab is
 * chosen (and on sign-in with one chosen), further pages on 'Load more'.
 *
 * The changes confirmed while one of its fetches is in flight (`settledDuringViewFetch`) are
 * applied again to the answer, as the `list` region does for its own.
 */
import type { NotificationsPage } from '../../contract/notifications.ts'
import { baseOf, onTop, rebased } from './notifications.changes.ts'
import { applyChanges, asInbox, countUnread, countUnseen, isOutsideView, mergeFetched, replaceOutside, viewQuery } from './notifications.list.ts'
import type { NotificationsContext } from './notifications.types.ts'

/**
 * Page `number` of the view shown. Page 1 of the Archived or Snoozed view replaces that side of
 * the list; a further page, or a category's page, is merged in (inbox items found this way are
 * no longer counted beyond the loaded pages). Local changes reapplied.
 */
export function viewPage(context: NotificationsContext, page: NotificationsPage, number: number): Partial<NotificationsContext> {
  const query = viewQuery(context)
  const base = baseOf(context)
  const settled = context.settledDuringViewFetch ?? []
  if (query !== null && isOutsideView(query.view) && number === 1) {
    return {
      ...rebased(applyChanges(replaceOutside(base, query.view, page.notifications), settled), onTop(context)),
      viewPage: 1,
      viewHasMore: page.hasMore,
      viewCursor: page.next_cursor ?? null,
      error: null,
    }
  }
  const incoming = query !== null && isOutsideView(query.view) ? page.notifications : asInbox(page.notifications)
  const { list, added } = mergeFetched(base, incoming)
  return {
    ...rebased(applyChanges(list, settled), onTop(context)),
    viewPage: number,
    viewHasMore: page.hasMore,
    viewCursor: page.next_cursor ?? null,
    unreadBeyond: Math.max(0, context.unreadBeyond - countUnread(added)),
    unseenBeyond: Math.max(0, (context.unseenBeyond ?? 0) - countUnseen(added)),
    error: null,
  }
}
