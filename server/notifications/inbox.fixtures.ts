/**
 * The inbox tests' shared server and helpers (inbox.test.ts, inbox-refusals.test.ts): call
 * `useInboxServer()` at the top of a test file; the `let` exports are live bindings, set once the
 * server is up. Helpers: headers for a user in an org at the app's clock, the list and counts
 * endpoints validated against the contract, a reset of one person's notifications, and a check
 * that the counts equal the rows of every view.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import {
  Notification,
  NOTIFICATION_COUNT_CAP,
  NotificationCategories,
  NotificationCounts,
  NotificationsPage,
  type NotificationView,
  NotificationViews,
} from '../../contract/notifications.ts'
import { validate } from '../../contract/validate.ts'
import { signAccessToken } from '../auth/access-token.ts'
import { notifications, users } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import type { SnoozeWaker } from './snooze.ts'

export const BASE = '/api/common-services/notifications'
export const MINUTE = 60_000

export let server: TestServer
export let waker: SnoozeWaker
export let acmeId: string
export let globexId: string
export let initechId: string
export let adminId: string
export let agentId: string

/**
 * Starts one test server for the calling test file (its snooze timer handed to `waker`, the ids
 * below filled in) and closes it after the file; each test starts from the real time, so a test
 * that moved the clock does not leak into the next.
 */
export function useInboxServer(): void {
  beforeAll(async () => {
    server = await startTestServer({}, () => ({ onSnoozeWaker: (w: SnoozeWaker) => (waker = w) }))
    ;[acmeId, globexId, initechId] = await Promise.all([server.orgId('Acme Support'), server.orgId('Globex'), server.orgId('Initech')])
    const ids = await server.handle.db.select({ id: users.id, email: users.email }).from(users)
    adminId = ids.find((u) => u.email === 'admin@acme.test')?.id as string
    agentId = ids.find((u) => u.email === 'agent@acme.test')?.id as string
  }, 60_000)
  afterAll(() => server.close())
  beforeEach(() => {
    server.clock.ms = Date.now()
  })
}


/** Bearer + x-org-id for `userId` in `orgId`, with a token fresh at the app's clock (tests move it by hours). */
export async function as(userId: string, orgId: string): Promise<Record<string, string>> {
  const token = await signAccessToken(server.signingKey, userId, Math.floor(server.clock.ms / 1000), 300)
  return server.authHeaders(token, orgId)
}

export async function list(headers: Record<string, string>, query = ''): Promise<NotificationsPage> {
  const response = await server.request('GET', `${BASE}${query}`, { headers })
  expect(response.status, query).toBe(200)
  const body = (await response.json()) as NotificationsPage
  expect(validate(NotificationsPage, body).ok).toBe(true)
  return body
}

/** Every row of a view (pages of 100, each after the previous page's `next_cursor`). */
export async function listAll(headers: Record<string, string>, view: NotificationView, category?: string): Promise<Notification[]> {
  const out: Notification[] = []
  let cursor: string | null | undefined
  for (;;) {
    const body = await list(headers, `?limit=100&view=${view}${category === undefined ? '' : `&category=${category}`}${cursor == null ? '' : `&cursor=${cursor}`}`)
    out.push(...body.notifications)
    expect(body.next_cursor === null, 'next_cursor is null exactly on the last page').toBe(!body.hasMore)
    if (!body.hasMore) return out
    cursor = body.next_cursor
  }
}

export async function counts(headers: Record<string, string>): Promise<NotificationCounts> {
  const response = await server.request('GET', `${BASE}/counts`, { headers })
  expect(response.status).toBe(200)
  const body = (await response.json()) as NotificationCounts
  expect(validate(NotificationCounts, body).ok).toBe(true)
  return body
}

export const put = (headers: Record<string, string>, path: string, body?: unknown) => server.request('PUT', `${BASE}${path}`, { headers, ...(body === undefined ? {} : { body }) })
export const del = (headers: Record<string, string>, path: string) => server.request('DELETE', `${BASE}${path}`, { headers })
export const iso = (ms: number) => new Date(ms).toISOString()

/** Replaces every notification of `userId` in `orgId` with `n` fresh unread ones, a minute apart (newest last), categories in turn. */
export async function resetNotifications(userId: string, orgId: string, n: number): Promise<string[]> {
  await server.handle.db.execute(sql`delete from notifications where user_id = ${userId} and org_id = ${orgId}`)
  const ids = Array.from({ length: n }, (_, i) => `inbox-test-${userId.slice(0, 8)}-${orgId.slice(0, 8)}-${i}`)
  if (n > 0) {
    await server.handle.db.insert(notifications).values(
      ids.map((id, i) => ({
        id,
        userId,
        orgId,
        title: `Item ${i}`,
        category: NotificationCategories[i % 3] as string,
        createdAt: new Date(server.clock.ms - (n - i) * MINUTE),
      })),
    )
  }
  return ids
}

/**
 * Checks the counts against the rows of every view, and each category's list against its count:
 * each count is the number of rows stopped at the cap (contract `NOTIFICATION_COUNT_CAP`).
 */
export async function expectCountsMatchViews(headers: Record<string, string>): Promise<NotificationCounts> {
  const c = await counts(headers)
  const views = Object.fromEntries(await Promise.all(NotificationViews.map(async (v) => [v, await listAll(headers, v)] as const))) as Record<NotificationView, Notification[]>
  const capped = (n: number) => Math.min(n, NOTIFICATION_COUNT_CAP)
  expect(c.inbox).toBe(capped(views.inbox.length))
  expect(c.unread).toBe(capped(views.unread.length))
  expect(c.unread).toBe(capped(views.inbox.filter((n) => !n.read).length))
  expect(c.unseen).toBe(capped(views.inbox.filter((n) => !n.seen).length))
  expect(c.archived).toBe(capped(views.archived.length))
  expect(c.snoozed).toBe(capped(views.snoozed.length))
  const page = await list(headers)
  expect([page.unread_count, page.unseen_count]).toEqual([c.unread, c.unseen])
  const byCategory: Record<string, number> = {}
  for (const n of views.inbox) byCategory[n.category] = capped((byCategory[n.category] ?? 0) + 1)
  expect(c.categories).toEqual(byCategory)
  for (const category of NotificationCategories) {
    const rows = await listAll(headers, 'inbox', category)
    expect(capped(rows.length), category).toBe(c.categories[category] ?? 0)
  }
  // The three places are disjoint and cover every row.
  const ids = [...views.inbox, ...views.archived, ...views.snoozed].map((n) => n._id)
  expect(new Set(ids).size).toBe(ids.length)
  expect(views.archived.every((n) => n.archived && n.snoozed_until === null)).toBe(true)
  expect(views.snoozed.every((n) => !n.archived && n.snoozed_until !== null && Date.parse(n.snoozed_until ?? '') > server.clock.ms)).toBe(true)
  expect(views.inbox.every((n) => !n.archived && (n.snoozed_until === null || Date.parse(n.snoozed_until ?? '') <= server.clock.ms))).toBe(true)
  return c
}
