/** Notifications for tests and stories (SPEC §3 shape, canonical fields). */
import type { Notification, NotificationsPage } from '../../contract/notifications.ts'

/** A notification `id` created `ageS` seconds before 2026-01-01T00:00:00Z (newer ids get smaller ages). */
export function makeNotification(id: string, overrides: Partial<Notification> = {}, ageS = 60): Notification {
  const created = 1_767_225_600 - ageS
  const read = overrides.read ?? false
  return {
    _id: id,
    title: `Notification ${id}`,
    body: `Body of ${id}`,
    read,
    status: read ? 'read' : 'unread',
    priority: 'normal',
    category: 'system',
    created_at_timestamp: created,
    createdAt: new Date(created * 1000).toISOString(),
    actionUrl: null,
    actionText: null,
    metadata: {},
    ...overrides,
  }
}

export function pageOf(notifications: ReadonlyArray<Notification>, hasMore = false, unread?: number): NotificationsPage {
  return { notifications: [...notifications], hasMore, unread_count: unread ?? notifications.filter((n) => !n.read).length }
}
