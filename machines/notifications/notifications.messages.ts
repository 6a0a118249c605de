/**
 * The notifications machine's words (SPEC §2.6, §3, §8): the toasts after an archive, delete,
 * snooze or delete-all, the list's empty texts, the default action text, a failed fetch, and the
 * SPEC §3 categories' names. The notification's own title and body are data, never translated.
 */
import { defineMessages } from '../../contract/messages.ts'

export const notificationsMessages = defineMessages('notifications', {
  archived: '{count, plural, one {# notification archived} other {# notifications archived}}',
  deleted: '{count, plural, one {# notification deleted} other {# notifications deleted}}',
  snoozed: '{count, plural, one {# notification snoozed} other {# notifications snoozed}}',
  undo: 'Undo',
  emptyAll: 'No notifications yet',
  emptyUnread: 'No unread notifications',
  emptyArchived: 'No archived notifications',
  emptySnoozed: 'Nothing snoozed',
  viewDetails: 'View Details',
  fetchFailed: 'Failed to fetch notifications',
  categoryMessage: 'Messages',
  categorySystem: 'System notices',
  categoryUpdate: 'Product updates',
  categoryReminder: 'Reminders',
  categoryTransaction: 'Transactions',
  categoryAlert: 'Alerts',
  categoryMarketing: 'Marketing',
})
