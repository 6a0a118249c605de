/** What the notifications machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const notificationsDocs: MachineDocs = {
  states: {
    signedOut: 'No session or no current workspace: there is no bell and no notifications page, and nothing is kept.',
    signedIn:
      "Signed in to a workspace: five regions run side by side: the inbox list, the changes being sent, the chosen tab, the tab counts and a delete-all waiting for 'Undo'.",
    'signedIn.list':
      "The inbox list of the bell's panel and the notifications page: loaded, refreshed every 30 s, on focus and on return online, extended by 'Load more'.",
    'signedIn.list.restarting': 'A refresh was asked for: the list goes straight back to loading in the same instant, so nothing is drawn here.',
    'signedIn.list.loading':
      "The newest 20 are being fetched: the panel reads 'Loading notifications...', or shows the notifications saved in this browser until the answer.",
    'signedIn.list.idle':
      "The inbox is on screen (or 'No notifications yet', or 'Failed to fetch notifications' with 'Try again'), with 'Load more' when there are older ones.",
    'signedIn.list.polling': 'The 30 s poll fetches the newest 10 and adds any new ones at the top; the list stays on screen as in idle.',
    'signedIn.list.loadingMore': "The next page of older notifications is being fetched: the button under the list reads 'Loading more...'.",
    'signedIn.changes':
      'What a person did to notifications (read, archive, delete, snooze and the rest) shows at once and is sent to the server one change at a time, in order.',
    'signedIn.changes.idle': 'Every change has reached the server; the list shows what the server has.',
    'signedIn.changes.sending':
      'A change is on its way to the server; the list already shows it. If it fails, it is undone on screen and the list is fetched again.',
    'signedIn.view':
      'The tab chosen over the list (All, Unread, Archived, Snoozed or a category): the Archived and Snoozed views and the category tabs load their own pages.',
    'signedIn.view.start': 'The saved tab was just restored or the person signed in: a tab with its own pages starts loading in the same instant.',
    'signedIn.view.idle': "The chosen tab's notifications are on screen (or its empty text, such as 'Nothing snoozed'), with 'Load more' when there are more.",
    'signedIn.view.loading': "The chosen tab's first page is being fetched: the list reads 'Loading notifications...'.",
    'signedIn.view.loadingMore': "The chosen tab's next page is being fetched: the button under the list reads 'Loading more...'.",
    'signedIn.counts': 'The numbers on the category tabs, fetched from the server shortly after anything that may change them.',
    'signedIn.counts.idle': 'The tabs show their counts as the server last gave them.',
    'signedIn.counts.waiting':
      'Something changed the counts: they are fetched after 300 ms, so a burst of changes costs one fetch. The tabs keep their numbers.',
    'signedIn.counts.loading': 'The tab counts are being fetched in the background; the tabs keep their numbers until the answer.',
    'signedIn.deletingAll': "Whether a 'Delete all' is waiting out its 5 s 'Undo' before it is sent.",
    'signedIn.deletingAll.idle': 'No delete-all is waiting: the list shows as usual.',
    'signedIn.deletingAll.pending':
      "A person chose 'Delete all': the list is hidden and a toast such as '20 notifications deleted' offers 'Undo' for 5 s; nothing is sent yet.",
  },
  events: {
    'auth.changed':
      "The sign-in changed the current workspace: the old workspace's notifications are dropped at once and the new one's load; signing out empties them.",
    'notifications.applyToEach':
      "A person pressed a row action (such as 'Mark read' or 'Restore') on a collapsed group: the action applies to each notification of the group.",
    'notifications.applyWithUndo':
      "A person archived, deleted or snoozed rows (a row's button or the selection bar): they leave the list at once and a toast offers 'Undo' for 5 s.",
    'notifications.archive': 'One inbox notification is archived: it moves to the Archived tab at once and the change is sent.',
    'notifications.archiveRead': "A person chose 'Archive all read' in the notification actions menu: every read inbox notification moves to Archived.",
    'notifications.cached': "The browser found this workspace's notifications saved less than 5 min ago: they show while the fresh list loads.",
    'notifications.category': 'A person picked a category tab over the list: the list shows that category, loading its own pages.',
    'notifications.countsStale': 'Raised by the machine after a change, a new notification or a fresh list: the tab counts are fetched again shortly.',
    'notifications.filter':
      "A person picked All, Unread, Snoozed or Archived in the 'Show' control: the list shows that view; Archived and Snoozed load their own pages.",
    'notifications.holdLapsed': "Raised by the machine 5 s after an archive, delete or snooze with 'Undo': the change is now sent to the server.",
    'notifications.holdsSent': "The page is being hidden or closed: the browser sent the changes still waiting for 'Undo' itself, so they count as done.",
    'notifications.loadMore': "A person pressed 'Load more' under the list: the next page of older notifications is fetched.",
    'notifications.markAllRead':
      "A person chose 'Mark all read' in the notification actions menu or the command palette: every notification turns read at once.",
    'notifications.markRead': "A person opened a notification's link or marked selected rows read: it turns read at once and the change is sent.",
    'notifications.markUnread': 'A person marked a read inbox notification unread (its row button or the selection bar): it turns unread again.',
    'notifications.received':
      'The server pushed a new notification (live stream, push message or another tab): it appears at the top, or a snoozed one comes back in place.',
    'notifications.refresh':
      "The window regained focus, the browser came back online, the live stream reconnected, a change failed or 'Try again' was pressed: the newest page reloads.",
    'notifications.remoteChanged': 'Another tab of the same workspace changed a notification: this tab shows the same change without sending it again.',
    'notifications.remove': 'One notification is deleted: it leaves the list at once and the change is sent.',
    'notifications.removeAll': "A person chose 'Delete all' in the notification actions menu: the list is hidden and a toast offers 'Undo' for 5 s.",
    'notifications.restore': 'One archived notification goes back to the inbox, read or unread as it was.',
    'notifications.seen':
      "A person opened the bell's panel or the notifications page: the loaded notifications count as seen and the bell stops swinging for new ones.",
    'notifications.snooze': 'One inbox notification is snoozed until the chosen time: it leaves the inbox and comes back unread then.',
    'notifications.undo': "A person pressed 'Undo' on the toast after an archive, delete or snooze: the rows come back exactly as they were, nothing sent.",
    'notifications.undoRemoveAll': "A person pressed 'Undo' on the 'Delete all' toast within 5 s: the whole list shows again, nothing deleted.",
    'notifications.unsnooze': "A person pressed 'Unsnooze' on a row of the Snoozed tab: the notification is back in the inbox now.",
    'notifications.viewRestored': 'At sign-in, the browser restores the tab this person chose last time, and the list shows it.',
  },
}
