/**
 * Notifications (SPEC.md §3, §4 Notifications, §7, §9): the list and its paging, ownership,
 * org isolation, mark read / all, delete, preferences, `npm run admin -- notify`, and the demo
 * data. The internal create, the SSE streams and their tickets are in stream.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_PREFERENCES, Notification, NotificationsPage, NotificationsQuery, type NotificationPreferences } from '../../contract/notifications.ts'
import { validate } from '../../contract/validate.ts'
import { runAdminCli } from '../admin/cli.ts'
import { openDatabase } from '../db/client.ts'
import { notifications, users } from '../db/schema.ts'
import { prepareDatabase } from '../admin/seed.ts'
import { loadNotification } from './reads.ts'
import { parseListQuery } from './routes.ts'
import { acmeId, admin, agentAcme, globexId, list, server, useDemoServer } from './demo-server.fixtures.ts'

useDemoServer()

describe('the demo notifications', () => {
  test('Scenario: admin has 120 unread in Acme (3 urgent, all seven categories, none in the future), 5 in Globex; agent 3', async () => {
    const rows = await server.handle.db
      .select({ email: users.email, orgId: notifications.orgId, priority: notifications.priority, category: notifications.category, readAt: notifications.readAt, createdAt: notifications.createdAt, actionUrl: notifications.actionUrl })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
    const adminAcme = rows.filter((r) => r.email === 'admin@acme.test' && r.orgId === acmeId)
    expect(adminAcme).toHaveLength(120)
    expect(adminAcme.every((r) => r.readAt === null)).toBe(true)
    expect(adminAcme.filter((r) => r.priority === 'urgent')).toHaveLength(3)
    expect(new Set(adminAcme.map((r) => r.category)).size).toBe(7)
    const withAction = adminAcme.filter((r) => r.actionUrl !== null)
    expect(withAction).toHaveLength(30)
    expect(withAction.filter((r) => !r.actionUrl?.startsWith('/app/'))).toEqual([expect.objectContaining({ actionUrl: 'javascript:alert(1)' })])
    const now = Date.now()
    expect(rows.every((r) => r.createdAt.getTime() <= now && r.createdAt.getTime() >= now - 10 * 24 * 3600_000 - 60_000)).toBe(true)
    expect(rows.filter((r) => r.email === 'admin@acme.test' && r.orgId === globexId)).toHaveLength(5)
    expect(rows.filter((r) => r.email === 'agent@acme.test')).toHaveLength(3)
  })
})

describe('GET /api/common-services/notifications', () => {
  test('Scenario: pages of 20 newest first, hasMore until the last page, unread_count of the whole list stopped at 100', async () => {
    const first = await list(admin.acme)
    expect(first.notifications).toHaveLength(20)
    // 120 unread: the count stops at the cap (100 means 100 or more; the badge shows '99+').
    expect(first).toMatchObject({ unread_count: 100, hasMore: true })
    const second = await list(admin.acme, '?page=2&limit=20')
    expect(second.notifications).toHaveLength(20)
    expect(second.hasMore).toBe(true)
    const last = await list(admin.acme, '?page=6&limit=20')
    expect(last.notifications).toHaveLength(20)
    expect(last.hasMore).toBe(false)
    const beyond = await list(admin.acme, '?page=7')
    expect(beyond).toEqual({ notifications: [], unread_count: 100, unseen_count: 100, hasMore: false, next_cursor: null })
    const all = [...first.notifications, ...second.notifications]
    expect(new Set(all.map((n) => n._id)).size).toBe(40)
    const times = all.map((n) => Date.parse(n.createdAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    const odd = await list(admin.acme, '?page=2&limit=50')
    expect(odd.notifications).toHaveLength(50)
    expect(odd.hasMore).toBe(true)
    expect((await list(admin.acme, '?page=3&limit=50')).hasMore).toBe(false)
  })

  test('Scenario: the canonical fields: status, seconds, ISO date, null action fields', async () => {
    const { notifications: page } = await list(admin.acme, '?limit=100')
    for (const n of page) {
      expect(validate(Notification, n).ok).toBe(true)
      expect(n.status).toBe(n.read ? 'read' : 'unread')
      expect(n.created_at_timestamp).toBe(Math.floor(Date.parse(n.createdAt) / 1000))
      expect(n.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    }
    expect(page.some((n) => n.actionUrl === null && n.actionText === null)).toBe(true)
    expect(page.some((n) => n.actionUrl === '/app/contacts')).toBe(true)
  })

  test('Scenario: the list answers each notification exactly as the stream does, microseconds truncated to ms, every character kept', async () => {
    const agent = await server.handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'agent@acme.test'))
    const agentId = agent[0]?.id as string
    // Microseconds (truncated, not rounded, to ms), quotes, control characters, non-ASCII, U+2028, nested metadata.
    await server.handle.db.insert(notifications).values({
      id: 'n-wire-form',
      userId: agentId,
      orgId: acmeId,
      title: 'Quote " backslash \\ tab \t newline \n bell \u0007 é 日本 \u2028 😀',
      body: '',
      category: 'system',
      priority: 'high',
      readAt: new Date('2030-01-01T00:00:00Z'),
      actionUrl: '/app/contacts?x="y"',
      actionText: null,
      metadata: { nested: { list: [1, 2.5, null, 'x'] }, empty: {} },
      createdAt: new Date('2029-12-31T23:59:59.999Z'),
    })
    await server.handle.db.execute(sql`update notifications set created_at = created_at + interval '0.000999 seconds' where id = 'n-wire-form'`)
    try {
      const response = await server.request('GET', '/api/common-services/notifications?limit=100', { headers: agentAcme })
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      const page = (await response.json()) as NotificationsPage
      expect(page.notifications.map((n) => n._id)).toContain('n-wire-form')
      for (const n of page.notifications) expect(n).toEqual(await loadNotification(server.handle.db, agentId, acmeId, n._id))
      expect(page.notifications[0]).toMatchObject({ _id: 'n-wire-form', createdAt: '2029-12-31T23:59:59.999Z', created_at_timestamp: 1_893_455_999, status: 'read' })
    } finally {
      await server.handle.db.delete(notifications).where(eq(notifications.id, 'n-wire-form'))
    }
  })

  test('Scenario: parseListQuery accepts exactly what contract NotificationsQuery accepts', () => {
    for (let page = 0; page <= 3; page++) {
      for (let limit = 0; limit <= 102; limit++) {
        const valid = validate(NotificationsQuery, { page, limit }).ok
        if (valid) expect(parseListQuery(String(page), String(limit))).toEqual({ page, limit })
        else expect(() => parseListQuery(String(page), String(limit)), `page ${page} limit ${limit}`).toThrow()
      }
    }
  })

  test('Scenario: bad page or limit is 400 with issues; no token 401; not a member 403', async () => {
    for (const query of ['?page=0', '?page=abc', '?limit=0', '?limit=101', '?page=1.5', '?limit=-3']) {
      const response = await server.request('GET', `/api/common-services/notifications${query}`, { headers: admin.acme })
      expect(response.status, query).toBe(400)
      const body = (await response.json()) as { error: { code: string; issues: Array<{ path: string[] }> } }
      expect(body.error.code).toBe('invalid_request')
      expect(body.error.issues.length).toBeGreaterThan(0)
    }
    expect((await server.request('GET', '/api/common-services/notifications')).status).toBe(401)
    const initech = await server.orgId('Initech')
    expect((await server.request('GET', '/api/common-services/notifications', { headers: server.authHeaders(admin.token, initech) })).status).toBe(403)
  })

  test('Scenario: each org and each user sees only their own', async () => {
    const globex = await list(admin.globex)
    expect(globex).toMatchObject({ unread_count: 5, hasMore: false })
    expect(globex.notifications).toHaveLength(5)
    const agent = await list(agentAcme)
    expect(agent.notifications).toHaveLength(3)
    const adminIds = new Set((await list(admin.acme, '?limit=100')).notifications.map((n) => n._id))
    expect([...globex.notifications, ...agent.notifications].some((n) => adminIds.has(n._id))).toBe(false)
  })
})

describe('mark read, mark all read, delete', () => {
  test("Scenario: another user's or another org's notification answers 404 like an unknown id, and is unchanged", async () => {
    const [agentNote] = (await list(agentAcme)).notifications
    const [globexNote] = (await list(admin.globex)).notifications
    for (const id of [agentNote?._id, globexNote?._id, 'no-such-id']) {
      for (const [method, url] of [
        ['PUT', `/api/common-services/notifications/${id}/read`],
        ['DELETE', `/api/common-services/notifications/${id}`],
      ] as const) {
        const response = await server.request(method, url, { headers: admin.acme })
        expect(response.status, `${method} ${url}`).toBe(404)
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found')
      }
    }
    expect((await list(agentAcme)).unread_count).toBe(3)
    expect((await list(admin.globex)).notifications).toHaveLength(5)
  })

  test('Scenario: mark one read (twice is fine), delete one, then mark all read in one org only', async () => {
    const before = await list(agentAcme)
    const [first, second] = before.notifications
    const read = await server.request('PUT', `/api/common-services/notifications/${first?._id}/read`, { headers: agentAcme })
    expect(read.status).toBe(204)
    expect((await server.request('PUT', `/api/common-services/notifications/${first?._id}/read`, { headers: agentAcme })).status).toBe(204)
    const afterRead = await list(agentAcme)
    expect(afterRead.unread_count).toBe(2)
    expect(afterRead.notifications.find((n) => n._id === first?._id)).toMatchObject({ read: true, status: 'read' })

    expect((await server.request('DELETE', `/api/common-services/notifications/${second?._id}`, { headers: agentAcme })).status).toBe(204)
    expect((await server.request('DELETE', `/api/common-services/notifications/${second?._id}`, { headers: agentAcme })).status).toBe(404)
    expect((await list(agentAcme)).notifications.map((n) => n._id)).not.toContain(second?._id)

    expect((await server.request('PUT', '/api/common-services/notifications/mark-all-read', { headers: admin.globex })).status).toBe(204)
    expect((await list(admin.globex)).unread_count).toBe(0)
    expect((await list(admin.acme)).unread_count).toBe(100)
    expect((await list(agentAcme)).unread_count).toBe(1)
  })
})

describe('preferences', () => {
  const url = '/api/common-services/notifications/preferences'
  test('Scenario: defaults until saved; a save is answered and kept per user; a bad body is 400 and writes nothing', async () => {
    const initial = await server.request('GET', url, { headers: agentAcme })
    expect(initial.status).toBe(200)
    expect(await initial.json()).toEqual({ preferences: DEFAULT_PREFERENCES })

    const wanted: NotificationPreferences = {
      ...DEFAULT_PREFERENCES,
      push_enabled: false,
      categories: DEFAULT_PREFERENCES.categories.map((c) => ({ ...c, enabled: c.id === 'analytics' })),
      quiet_hours: { enabled: true, start: '22:00', end: '07:00', timezone: 'Europe/Paris' },
    }
    const saved = await server.request('PUT', url, { headers: agentAcme, body: wanted })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toEqual({ preferences: wanted })
    expect(await (await server.request('GET', url, { headers: agentAcme })).json()).toEqual({ preferences: wanted })
    // Another user still has the defaults.
    expect(await (await server.request('GET', url, { headers: admin.acme })).json()).toEqual({ preferences: DEFAULT_PREFERENCES })

    const counts = await server.rowCounts()
    for (const bad of [{ ...wanted, push_enabled: 'yes' }, { ...wanted, quiet_hours: { ...wanted.quiet_hours, start: '25:00' } }, {}]) {
      const response = await server.request('PUT', url, { headers: admin.acme, body: bad })
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: { issues: unknown[] } }).error.issues.length).toBeGreaterThan(0)
    }
    expect(await server.rowCounts()).toEqual(counts)
  })
})

describe('preferences: the channel matrix', () => {
  const url = '/api/common-services/notifications/preferences'
  const get = async (headers: Record<string, string>) => ((await (await server.request('GET', url, { headers })).json()) as { preferences: NotificationPreferences }).preferences
  const put = (headers: Record<string, string>, body: unknown) => server.request('PUT', url, { headers, body })

  test('Scenario: a document stored before channels existed loads with every category and both channels on', async () => {
    const [row] = ((await server.handle.db.execute(sql`select id from users where email = 'admin@acme.test'`)) as unknown as { rows: Array<{ id: string }> }).rows
    const old = {
      push_enabled: true,
      email_enabled: false,
      categories: [
        { id: 'messages', name: 'New messages and replies', description: 'an older wording', enabled: false },
        { id: 'retired', name: 'Gone', description: 'a category the product dropped', enabled: true },
      ],
    }
    await server.handle.db.execute(sql`insert into notification_preferences (user_id, preferences) values (${row?.id}, ${JSON.stringify(old)}::jsonb)
      on conflict (user_id) do update set preferences = excluded.preferences`)
    const loaded = await get(admin.acme)
    expect(loaded.email_enabled).toBe(false)
    expect(loaded.quiet_hours).toBeNull()
    expect(loaded.categories.map((c) => c.id)).toEqual(DEFAULT_PREFERENCES.categories.map((c) => c.id))
    expect(loaded.categories.every((c) => c.channels?.push === true && c.channels.email === true)).toBe(true)
    expect(loaded.categories[0]).toEqual({ ...DEFAULT_PREFERENCES.categories[0], enabled: false })
    await server.handle.db.execute(sql`delete from notification_preferences where user_id = ${row?.id}`)
  })

  test('Scenario: channels are saved and answered; a category sent without channels keeps its saved ones', async () => {
    const withChannels = {
      ...DEFAULT_PREFERENCES,
      categories: DEFAULT_PREFERENCES.categories.map((c) => (c.id === 'payments' ? { ...c, channels: { push: false, email: false } } : c)),
    }
    const saved = await put(admin.acme, withChannels)
    expect(saved.status).toBe(200)
    expect(await saved.json()).toEqual({ preferences: withChannels })

    // An older client that does not know the matrix must not switch back on what was turned off.
    const withoutChannels = { ...DEFAULT_PREFERENCES, categories: DEFAULT_PREFERENCES.categories.map(({ channels: _, ...c }) => c) }
    expect((await put(admin.acme, withoutChannels)).status).toBe(200)
    expect((await get(admin.acme)).categories.find((c) => c.id === 'payments')?.channels).toEqual({ push: false, email: false })
    expect((await put(admin.acme, DEFAULT_PREFERENCES)).status).toBe(200)
  })

  test('Scenario: quiet hours with start = end, an unknown zone or bad channels are refused with field issues; nothing is written', async () => {
    const before = await server.snapshot()
    const quiet = { enabled: false, start: '22:00', end: '22:00', timezone: 'Europe/Paris' }
    const same = await put(admin.acme, { ...DEFAULT_PREFERENCES, quiet_hours: quiet })
    expect(same.status).toBe(400)
    expect(((await same.json()) as { error: { issues: unknown[] } }).error.issues).toEqual([{ path: ['quiet_hours', 'end'], message: 'Start and end must differ' }])
    const zone = await put(admin.acme, { ...DEFAULT_PREFERENCES, quiet_hours: { ...quiet, end: '07:00', timezone: 'Mars/Olympus' } })
    expect(zone.status).toBe(400)
    expect(((await zone.json()) as { error: { issues: Array<{ path: unknown[] }> } }).error.issues[0]?.path).toEqual(['quiet_hours', 'timezone'])
    const channels = await put(admin.acme, { ...DEFAULT_PREFERENCES, categories: [{ ...DEFAULT_PREFERENCES.categories[0], channels: { push: 'yes' } }] })
    expect(channels.status).toBe(400)
    expect(await server.snapshot()).toEqual(before)
  })
})

describe('npm run admin -- notify', () => {
  let workDir: string
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'engage-notify-'))
    const handle = await openDatabase({ databaseUrl: undefined, dataDir: workDir })
    await prepareDatabase(handle)
    await handle.close()
  })
  afterAll(() => rm(workDir, { recursive: true, force: true }))

  const cli = async (argv: string[]) => {
    const out: string[] = []
    const err: string[] = []
    const code = await runAdminCli(argv, { DATA_DIR: workDir }, { out: (l) => out.push(l), err: (l) => err.push(l) })
    return { code, out: out.join('\n'), err: err.join('\n') }
  }

  test('Scenario: directly on a data directory no server holds; bad options are usage errors', async () => {
    const result = await cli(['notify', '--email', 'agent@acme.test', '--org', 'Acme Support', '--title', 'Hello', '--priority', 'urgent', '--category', 'alert', '--url', '/app/contacts', '--action-text=Open'])
    expect(result.err).toContain('using its database directly')
    expect(result.code).toBe(0)
    expect(result.out).toMatch(/^Created notification \S+ \("Hello", urgent, alert\) for agent@acme.test\.$/)

    expect((await cli(['notify', '--email', 'agent@acme.test', '--org', 'Globex', '--title', 'x'])).code).toBe(1)
    const usage = await cli(['notify', '--email', 'agent@acme.test', '--org', 'Acme Support', '--priority', 'panic'])
    expect(usage.code).toBe(2)
    expect(usage.err).toContain('--title')
    expect((await cli(['notify', '--bogus', 'x'])).code).toBe(2)

    const handle = await openDatabase({ databaseUrl: undefined, dataDir: workDir })
    try {
      const rows = await handle.db.select().from(notifications).where(and(eq(notifications.title, 'Hello'), isNull(notifications.readAt)))
      expect(rows).toEqual([expect.objectContaining({ priority: 'urgent', category: 'alert', actionUrl: '/app/contacts', actionText: 'Open' })])
    } finally {
      await handle.close()
    }
  })
})
