/**
 * The demo notifications (SPEC.md §3 Notification, §2.6 badge '99+' above 99): admin@acme.test
 * has 120 unread in Acme Support (more than 99, so the badge shows '99+', and six pages of 20),
 * across all seven categories, exactly 3 urgent, 30 with an action: 29 same-origin /app paths and
 * one `javascript:alert(1)` that the browser must drop (contract `safeActionUrl`). Plus 5 for
 * admin in Globex and 3 for agent@acme.test in Acme Support. All are dated over the last 10 days,
 * never in the future, with distinct times so "newest first" is unambiguous.
 *
 * The texts read like a real workspace's (messages from contacts, credit use, agent run
 * reminders, alerts, releases...), varied and deterministic: the same seed always writes the
 * same rows. They promise only what the product does: credits renew monthly and Billing shows
 * the plan and use by category; there are no payments, cards, invoices or top-ups to speak of.
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

/** The notification (by index in admin's Acme list) whose action URL is a script: it must be dropped. */
export const UNSAFE_ACTION_INDEX = 5

/** One demo notification's text and where its action (when it has one) leads. */
interface DemoText {
  readonly title: string
  readonly body: string
  /** A same-origin page that fits it. */
  readonly path: string
}

/** People and things the demo texts talk about (picked in turn, so the list reads varied). */
const CONTACTS = ['Grace Hopper', 'Jordan Lee', 'Priya Raman', 'Mateo García', 'Aiko Tanaka', 'Samir Haddad', 'Chloé Martin', 'Tom Becker', 'Nia Okafor', 'Liam Walsh']
const CHANNELS = ['WhatsApp', 'Instagram', 'email', 'web chat', 'SMS']
const AGENTS = ['Refund triage', 'Lead qualifier', 'Order status', 'After-hours support', 'Appointment booking']
const TEAMMATES = ['Sam Rivera', 'Alex Kim', 'Morgan Blake', 'Jamie Chen']

/** Picks item `k` of a list, cycling. */
const pick = <T,>(list: ReadonlyArray<T>, k: number): T => list[k % list.length] as T

/**
 * The text of the `k`-th notification of a category (k counts within the category): each
 * category has a few kinds of message, filled in from the lists above, so no two neighbours read
 * alike and the same input always gives the same text (SPEC §3 categories).
 */
function demoText(category: NotificationCategory, k: number, org: string): DemoText {
  const contact = pick(CONTACTS, k * 3 + 1)
  const agent = pick(AGENTS, k)
  const channel = pick(CHANNELS, k)
  const mate = pick(TEAMMATES, k)
  switch (category) {
    case 'message':
      return pick<DemoText>(
        [
          { title: `New message from ${contact}`, body: `“Hi, I was charged twice for my last order. Could someone take a look before Friday?” via ${channel}.`, path: '/app/contacts' },
          { title: `${mate} mentioned you`, body: `“Can you check the reply to ${contact}? They asked about the enterprise plan.”`, path: '/app/contacts' },
          { title: `${contact} replied on ${channel}`, body: 'Thanks, that fixed it! One more question about delivery times to Canada.', path: '/app/contacts' },
          { title: `Conversation with ${contact} reassigned to you`, body: `${mate} is out today; the conversation is waiting for a first reply.`, path: '/app/contacts' },
        ],
        k,
      )
    case 'transaction':
      // Only what Billing really shows: the plan, this month's credits, when they reset, use by category.
      return pick<DemoText>(
        [
          { title: 'Your credits reset on the 1st', body: `${org}’s monthly credits start again from zero used on the 1st of each month. Billing shows the next date.`, path: '/app/billing' },
          { title: 'Credits at 75% for this month', body: 'You have used three quarters of this month’s credits. Billing shows what used them, by category.', path: '/app/billing' },
          { title: 'AI agent replies used the most credits', body: `${((k % 4) * 150 + 800).toLocaleString('en-US')} credits this week went to AI agent replies. Billing has the breakdown by category.`, path: '/app/billing' },
          { title: 'Voice minutes are up this week', body: 'Calls used twice the credits of last week. See usage by category in Billing.', path: '/app/billing' },
        ],
        k,
      )
    case 'reminder':
      return pick<DemoText>(
        [
          { title: `Agent run scheduled: ${agent}`, body: `The ${agent} agent runs its nightly batch at 02:00. Review its prompt before then.`, path: '/app/agent-internal' },
          { title: `Follow up with ${contact}`, body: `You promised an answer about their refund by today.`, path: '/app/contacts' },
          { title: 'Weekly review in 15 minutes', body: 'Support metrics and the escalations queue, in the usual room.', path: '/app/reporting/dashboard' },
          { title: `Finish setting up ${pick(['WhatsApp', 'Instagram', 'SMS'], k)}`, body: 'Two steps left: verify the number and pick the agent that answers.', path: '/app/channels' },
        ],
        k,
      )
    case 'alert':
      return pick<DemoText>(
        [
          { title: 'Call volume spike', body: `Inbound calls are ${(k % 3) + 2}× the usual for this hour; the queue wait is 4 minutes.`, path: '/app/calls/overview' },
          { title: `${agent} agent: replies slower than target`, body: 'Median first reply took 3 min 10 s over the last hour (target: 1 min).', path: '/app/agent-internal' },
          { title: 'Webhook failures on order-sync', body: '12 deliveries failed with HTTP 502 in the last 30 minutes. Retries are paused.', path: '/app/integrations' },
          { title: `Negative sentiment from ${contact}`, body: 'The last three messages were flagged as frustrated. A person may want to step in.', path: '/app/qa/dashboard' },
        ],
        k,
      )
    case 'update':
      return pick<DemoText>(
        [
          { title: `Release 3.${24 - k}: faster call transcripts`, body: 'Transcripts now appear within seconds of a call ending, with speaker labels.', path: '/app/calls/list' },
          { title: `“${agent}” was published`, body: `${mate} published a new version of the ${agent} agent flow.`, path: '/app/agent-internal' },
          { title: 'Your weekly report is ready', body: 'Conversations, resolution rate and CSAT for last week, compared with the week before.', path: '/app/reporting/report' },
          { title: 'New: templates for WhatsApp', body: 'Start from approved message templates for order updates and reminders.', path: '/app/channels/templates' },
        ],
        k,
      )
    case 'marketing':
      return pick<DemoText>(
        [
          { title: 'Webinar: automating support with AI agents', body: 'Thursday at 17:00 CET. Learn how teams answer 60% of questions without a wait.', path: '/app/dashboard' },
          { title: 'Customer story: how Globex cut wait times', body: 'From 12 minutes to under 1 with two agents and a shared inbox.', path: '/app/dashboard' },
          { title: 'New campaign templates', body: 'Win-back, review request and renewal reminders, ready to send.', path: '/app/marketing-assets' },
        ],
        k,
      )
    case 'system':
      return pick<DemoText>(
        [
          { title: 'New sign-in from Chrome on macOS', body: 'Berlin, Germany. If this was not you, change your password and sign out other sessions.', path: '/app/setting/profile-settings' },
          { title: `${mate} joined ${org}`, body: `${mate} accepted your invitation and has the Support Agent role.`, path: '/app/setting/team' },
          { title: 'Scheduled maintenance on Sunday', body: 'Between 02:00 and 02:30 UTC calls may take a few seconds longer to connect.', path: '/app/dashboard' },
          { title: 'Role “Supervisor” was changed', body: `${mate} gave it access to Reporting and Billing.`, path: '/app/setting/roles' },
        ],
        k,
      )
  }
}

/** A support agent's few are about conversations, not billing; everyone else gets every category in turn. */
const CATEGORY_ORDER: Readonly<Record<string, ReadonlyArray<NotificationCategory>>> = {
  'agent@acme.test': ['message', 'reminder', 'alert'],
}

/** One demo row's content (the rest is who, where and when). */
export interface DemoNotification {
  readonly title: string
  readonly body: string
  readonly category: NotificationCategory
  readonly priority: NotificationPriority
  readonly actionUrl: string | null
  readonly actionText: string | null
}

/**
 * The `i`-th (0 = newest) demo notification of a recipient of {@link DEMO_NOTIFICATION_COUNTS}:
 * pure and deterministic (tests read the texts they expect from here).
 */
export function demoNotification(target: { readonly email: string; readonly org: string }, i: number): DemoNotification {
  const isAdminAcme = target.email === 'admin@acme.test' && target.org === 'Acme Support'
  const urgent = isAdminAcme ? URGENT_TEXTS.get(i) : undefined
  const order = CATEGORY_ORDER[target.email] ?? NotificationCategories
  const category = urgent?.category ?? (order[i % order.length] as NotificationCategory)
  // Other recipients start further along each category's texts, so their lists differ from admin's.
  const text = urgent ?? demoText(category, Math.floor(i / order.length) + (isAdminAcme ? 0 : i + 1), target.org)
  const priority: NotificationPriority = urgent ? 'urgent' : i % 5 === 1 ? 'high' : i % 4 === 3 ? 'low' : 'normal'
  // Every fourth of admin's Acme list has an action (30 of 120); one of them a script URL.
  const hasAction = isAdminAcme ? i % 4 === 1 : i === 0
  const actionUrl = !hasAction ? null : isAdminAcme && i === UNSAFE_ACTION_INDEX ? 'javascript:alert(1)' : text.path
  return { title: text.title, body: text.body, category, priority, actionUrl, actionText: hasAction && i % 8 === 1 ? 'Open' : null }
}

/** Admin's three urgent ones (by index in the Acme list): their own texts and categories. */
const URGENT_TEXTS: ReadonlyMap<number, DemoText & { readonly category: NotificationCategory }> = new Map([
  [0, { category: 'transaction', title: 'Credits at 90% for this month', body: 'Only a tenth of this month’s credits are left. To get more before they reset, book a call about a larger plan.', path: '/app/billing' }],
  [17, { category: 'alert', title: 'WhatsApp channel disconnected', body: 'Messages to +1 415 555 0132 are not being answered. Reconnect the number.', path: '/app/channels' }],
  [64, { category: 'system', title: 'Unusual sign-in blocked', body: 'Someone tried to sign in to your account from a new device in São Paulo.', path: '/app/setting/profile-settings' }],
])

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
    for (let i = 0; i < target.count; i++) {
      const demo = demoNotification(target, i)
      // Index 0 newest, one minute ago; older ones evenly back to ten days ago (distinct times).
      const ageMs = 60_000 + Math.floor(((10 * DAY_MS - 60_000) * i) / target.count)
      rows.push({
        userId: pair.userId,
        orgId: pair.orgId,
        ...demo,
        metadata: { demo: true },
        createdAt: new Date(nowMs - ageMs),
      })
    }
  }
  if (rows.length > 0) await db.insert(notifications).values(rows)
  return rows.length
}
