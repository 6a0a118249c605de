/** The notification emails' words: the single urgent email and the digest (notification.tsx). */
import { defineMessages } from '../../../contract/messages.ts'

export const emailNotificationMessages = defineMessages('emailNotification', {
  /** SPEC §3: a notification's default action label. */
  viewDetails: 'View Details',
  urgentReason: 'You received this because email is on for {category} notifications in your Engage preferences, and this one is urgent.',
  digestSubject: '{count, plural, one {# new notification in {workspace}} other {# new notifications in {workspace}}}',
  digestMore: '{count, plural, one {And # more in your inbox.} other {And # more in your inbox.}}',
  digestReason:
    'You received this because email notifications are on in your Engage preferences for {workspace}. Notifications you have already read in the app are left out.',
  openInbox: 'Open your inbox',
  unsubscribeCategory: 'Unsubscribe from {category} emails',
  unsubscribeAll: 'Unsubscribe from all notification emails',
  managePreferences: 'Manage notification preferences',
  /** The preference categories (contract DEFAULT_PREFERENCES), by id. */
  categoryMessages: 'New messages and replies',
  categoryUpdates: 'System Updates',
  categoryTeam: 'Team Activity',
  categoryPayments: 'Payments & Billing',
  categoryAnalytics: 'Analytics & Reports',
  categoryMarketing: 'Marketing & News',
})
