/** The header's notifications bell (SPEC §2.6): its name, its unread badge and the panel while it loads. */
import { defineMessages } from '../../i18n/messages.ts'

export const bellMessages = defineMessages('bell', {
  notifications: 'Notifications',
  /** After the badge's number, for screen readers: 'Notifications 99+ unread'. */
  unread: 'unread',
  /** The badge's tooltip: the exact count. */
  unreadCount: '{count, plural, one {# unread} other {# unread}}',
  /** The badge's tooltip when the server stopped counting (the badge shows '99+'): `count` is 99. */
  unreadMoreThan: 'More than {count} unread',
  loading: 'Loading notifications…',
})
