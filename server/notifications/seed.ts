/**
 * The demo notifications (SPEC.md §3 Notification, §2.6 badge '99+' above 99): admin@acme.test
 * has 120 unread in Acme Support (more than 99, so the badge shows '99+', and six pages of 20),
 * across all seven categories, exactly 3 urgent, 30 with an action: 29 same-origin /app paths and
 * one `javascript:alert(1)` that the browser must drop (contract `safeActionUrl`). Plus 5 for
 * admin in Globex and 3 for agent@acme.test in Acme Support. All are dated over the last 10 days,
 * never in the future, with distinct times so "newest first" is unambiguous.
 *
 * Seeded whenever the notifications table is empty and the demo users exist, so data
 * directories created before notifications existed get them too.
 */
import { count, sql } from 'drizzle-orm'
import { NotificationCategories, type NotificationCategory, type NotificationPriority } from '../../contract/notifications.ts'
import type { Database } from '../db/client.ts'
import { memberships, notifications, organizations, users } from '../db/schema.ts'

/** How many demo notifications each recipient gets, by email and org name. */
export const DEMO_NOTIFICATION_COUNTS = [
  { email: 'admin@acme.test', org: 'Acme Support', count: 120 },
  { email: 'admin@acme.test', org: 'Globex', count: 5 },
  { email: 'agent@acme.test', org: 'Acme Support', count: 3 },
] as const

/** Admin's urgent notifications in Acme Support (by index, 0 = newest). */
const URGENT_INDEXES = new Set([0, 17, 64])
/** The notification (by index in admin's Acme list) whose action URL is a script: it must be dropped. */
export const UNSAFE_ACTION_INDEX = 5

const TITLES: Record<NotificationCategory, ReadonlyArray<string>> = {
  system: ['Scheduled maintenance tonight', 'Your password was changed', 'New sign-in from Chrome on macOS'],
  marketing: ['Webinar: automating support with AI', 'New templates are available'],
  transaction: ['Invoice paid', 'Credits topped up', 'Payment method expiring soon'],
  reminder: ['Follow up with Jordan Lee', 'Weekly review starts in 15 minutes', 'Finish setting up WhatsApp'],
  alert: ['Call volume spike detected', 'Webhook failures on order-sync', 'Agent response time above target'],
  message: ['New reply from a contact', 'Sam mentioned you in a conversation', 'New message on Instagram'],
  update: ['Workflow "Refund triage" was published', 'Release notes: November update', 'Your report is ready'],
}

const ACTION_PATHS = ['/app/dashboard', '/app/contacts', '/app/agents', '/app/workflows', '/app/reports', '/app/setting/profile-settings?tab=notification-settings']

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Inserts the demo notifications if the table is empty and the demo users and orgs exist (one
 * insert). Recipients without a membership are skipped.
 * @param nowMs the current time: rows are spread over [now − 10 days, now − 1 min].
 * @returns how many rows were inserted.
 */
export async function seedNotifications(db: Database, nowMs: number): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(notifications)
  if ((existing?.n ?? 0) > 0) return 0
  const pairs = await db
    .select({ userId: memberships.userId, orgId: memberships.orgId, email: users.email, org: organizations.name })
    .from(memberships)
    .innerJoin(users, sql`${users.id} = ${memberships.userId}`)
    .innerJoin(organizations, sql`${organizations.id} = ${memberships.orgId}`)
  const rows: Array<typeof notifications.$inferInsert> = []
  for (const target of DEMO_NOTIFICATION_COUNTS) {
    const pair = pairs.find((p) => p.email === target.email && p.org === target.org)
    if (pair === undefined) continue
    const isAdminAcme = target.email === 'admin@acme.test' && target.org === 'Acme Support'
    for (let i = 0; i < target.count; i++) {
      const category = NotificationCategories[i % NotificationCategories.length] as NotificationCategory
      const titles = TITLES[category]
      const priority: NotificationPriority = isAdminAcme && URGENT_INDEXES.has(i) ? 'urgent' : i % 5 === 1 ? 'high' : i % 4 === 3 ? 'low' : 'normal'
      // Every fourth of admin's Acme list has an action (30 of 120); one of them a script URL.
      const hasAction = isAdminAcme ? i % 4 === 1 : i === 0
      const actionUrl = !hasAction ? null : isAdminAcme && i === UNSAFE_ACTION_INDEX ? 'javascript:alert(1)' : (ACTION_PATHS[i % ACTION_PATHS.length] as string)
      // Index 0 newest, one minute ago; older ones evenly back to ten days ago (distinct times).
      const ageMs = 60_000 + Math.floor(((10 * DAY_MS - 60_000) * i) / target.count)
      rows.push({
        userId: pair.userId,
        orgId: pair.orgId,
        title: titles[i % titles.length] as string,
        body: `${target.org}: ${category} notification ${i + 1} of ${target.count}.`,
        category,
        priority,
        actionUrl,
        actionText: hasAction && i % 8 === 1 ? 'Open' : null,
        metadata: { demo: true },
        createdAt: new Date(nowMs - ageMs),
      })
    }
  }
  if (rows.length > 0) await db.insert(notifications).values(rows)
  return rows.length
}
