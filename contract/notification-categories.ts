/**
 * SPEC §3's notification categories and how each is named. A module of its own, with no Schema, so
 * the shell's bell can name a category without the rest of contract/notifications.ts (which
 * re-exports all of this).
 */

/** SPEC §3: the categories (each with its own icon; unknown ones show a bell). */
export const NotificationCategories = ['system', 'marketing', 'transaction', 'reminder', 'alert', 'message', 'update'] as const
export type NotificationCategory = (typeof NotificationCategories)[number]

/** How a notification category is named next to its preference category ("Messages", "Alerts"). */
export const NOTIFICATION_CATEGORY_LABELS: Readonly<Record<NotificationCategory, string>> = {
  message: 'Messages',
  system: 'System notices',
  update: 'Product updates',
  reminder: 'Reminders',
  transaction: 'Transactions',
  alert: 'Alerts',
  marketing: 'Marketing',
}

/** Whether `category` is one of SPEC §3's (the ones the list can be narrowed to). */
export function isNotificationCategory(category: string): category is NotificationCategory {
  return Object.hasOwn(NOTIFICATION_CATEGORY_LABELS, category)
}

/** A category's tab label ("Messages"); a category outside SPEC §3's is shown as it is. */
export function notificationCategoryLabel(category: string): string {
  return isNotificationCategory(category) ? NOTIFICATION_CATEGORY_LABELS[category] : category
}
