/**
 * The same migrations, seed and endpoints on a real PostgreSQL server through node-postgres.
 * Runs only when TEST_DATABASE_URL (set by `npm test` through scripts/with-postgres.ts when
 * PostgreSQL is installed) or DATABASE_URL points at a reachable server whose user may create databases; it
 * works in a throw-away database (engage_test_<random>) and drops it afterwards.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { postgresUnavailableBecause, throwAwayDatabase } from '../test/local-postgres.ts'
import { createApp } from '../app.ts'
import { loadSigningKey } from '../auth/access-token.ts'
import { REUSE_WINDOW_MS } from '../auth/refresh-token.ts'
import { TEST_CONFIG } from '../test/harness.ts'
import { NOTIFICATIONS_CHANNEL } from './channels.ts'
import { createNotification } from '../notifications/create.ts'
import type { Mailer } from '../mail/mailer.ts'
import { listOutbox } from '../mail/outbox.ts'
import { openDatabase, type DatabaseHandle } from './client.ts'
import { DEMO_PASSWORD, prepareDatabase } from '../admin/seed.ts'

const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL

const skipReason = await postgresUnavailableBecause(adminUrl)
/** The app's clock, ms (moved past the refresh reuse window in the token scenario). */
const clock = { ms: Date.now() }
if (skipReason !== undefined) console.warn(`Skipping the PostgreSQL driver tests: ${skipReason}`)

describe.skipIf(skipReason !== undefined)('node-postgres driver', () => {
  const database = throwAwayDatabase(adminUrl, 'engage_test')
  let handle: DatabaseHandle
  let app: ReturnType<typeof createApp>
  let mailer: Mailer | undefined

  beforeAll(async () => {
    await database.create()
    handle = await openDatabase({ databaseUrl: database.url, dataDir: '/nonexistent' })
    await prepareDatabase(handle)
    const signingKey = await loadSigningKey(handle.db, undefined)
    app = createApp({
      db: handle.db,
      driver: handle.driver,
      config: TEST_CONFIG,
      signingKey,
      // The driver is under test here, not the bot check (server/botcheck covers it).
      botCheck: { provider: 'off' },
      now: () => clock.ms,
      listen: handle.listen,
      onMailer: (m) => (mailer = m),
    })
  })

  afterAll(async () => {
    await handle?.close()
    await database.drop()
  })

  const post = (url: string, body: unknown) => app.request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  test('Scenario: migrate and seed are idempotent on PostgreSQL', async () => {
    expect(handle.driver).toBe('postgres')
    expect(await prepareDatabase(handle)).toEqual({ seeded: false })
    const health = await app.request('/api/health')
    expect(await health.json()).toEqual({ ok: true, database: 'postgres' })
  })

  test('Scenario: sign in, verify, list workspaces, rotate, detect reuse', async () => {
    const signIn = await post('/api/users/signin', { email: 'admin@acme.test', password: DEMO_PASSWORD })
    expect(signIn.status).toBe(200)
    const session = (await signIn.json()) as { access_token: string; refresh_token: string; org_id: string }
    const headers = { authorization: `Bearer ${session.access_token}`, 'x-org-id': session.org_id }

    const verify = await app.request('/api/users/verify-token', { headers })
    expect(await verify.json()).toMatchObject({ currentOrgData: { org_name: 'Acme Support', permission_sets: ['SUPER_ADMIN'] } })
    const workspaces = await app.request('/api/users/my-workspaces', { headers })
    expect(((await workspaces.json()) as { workspaces: { org_name: string }[] }).workspaces.map((w) => w.org_name)).toEqual(['Acme Support', 'Globex'])

    // The list runs as a named prepared statement (server/db/prepared.ts): twice, so the second
    // call executes the statement prepared by the first on a pooled connection.
    for (const page of [1, 2]) {
      const list = await app.request(`/api/common-services/notifications?page=${page}&limit=50`, { headers })
      expect(list.status).toBe(200)
      const body = (await list.json()) as { notifications: { read: boolean; createdAt: string }[]; unread_count: number; hasMore: boolean }
      // 120 unread: the count stops at 100 (contract NOTIFICATION_COUNT_CAP).
      expect(body).toMatchObject({ unread_count: 100, hasMore: true })
      expect(body.notifications).toHaveLength(50)
      expect(body.notifications.every((n) => !n.read && !Number.isNaN(Date.parse(n.createdAt)))).toBe(true)
    }

    const rotated = await post('/api/users/refresh-token', { refresh_token: session.refresh_token })
    expect(rotated.status).toBe(200)
    const next = (await rotated.json()) as { refresh_token: string }
    // Within the reuse window a retried refresh gets the same pair; after it, reuse revokes.
    const retried = await post('/api/users/refresh-token', { refresh_token: session.refresh_token })
    expect(((await retried.json()) as { refresh_token: string }).refresh_token).toBe(next.refresh_token)
    clock.ms += REUSE_WINDOW_MS + 1
    expect((await post('/api/users/refresh-token', { refresh_token: session.refresh_token })).status).toBe(401)
    expect((await post('/api/users/refresh-token', { refresh_token: next.refresh_token })).status).toBe(401)
  })

  test('Scenario: a notification created in a transaction reaches the LISTEN connection once committed', async () => {
    const heard: string[] = []
    const stop = await handle.listen(NOTIFICATIONS_CHANNEL, (payload) => heard.push(payload))
    try {
      const { notification } = await createNotification(handle.db, { email: 'agent@acme.test', org: 'Acme Support', title: 'Over PostgreSQL' })
      const deadline = Date.now() + 2_000
      while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      expect(heard.map((p) => (JSON.parse(p) as { id: string }).id)).toEqual([notification._id])
    } finally {
      await stop()
    }
  })

  /*
   * PGlite runs one query at a time, so only a real server shows that concurrent requests cannot
   * slip past the guards: the org lock (last super admin) and the unique index (set names).
   */
  test('Scenario: permission management holds under concurrent requests', async () => {
    const signIn = await post('/api/users/signin', { email: 'admin@acme.test', password: DEMO_PASSWORD })
    const session = (await signIn.json()) as { access_token: string; org_id: string }
    const headers = { authorization: `Bearer ${session.access_token}`, 'x-org-id': session.org_id, 'content-type': 'application/json' }
    const send = async (method: string, url: string, body?: unknown) => {
      const response = await app.request(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }
    const sets = (await send('GET', '/api/permissions/permission-sets')).body as unknown as { _id: string; permission_set_key: string | null }[]
    const setId = (key: string) => sets.find((s) => s.permission_set_key === key)?._id ?? ''

    const [a, b] = await Promise.all([
      send('POST', '/api/permissions/permission-sets', { name: 'Racers', permissions: [] }),
      send('POST', '/api/permissions/permission-sets', { name: 'racers', permissions: [] }),
    ])
    expect([a.status, b.status].sort()).toEqual([201, 409])

    // A second super admin, invited and activated.
    const invited = await send('POST', '/api/organizations/members/invite', { email: 'second@acme.test', permission_set_ids: [setId('SUPER_ADMIN')] })
    expect(invited.status).toBe(201)
    // The set-password link is emailed (here: kept in the outbox, no SMTP).
    await mailer?.settled()
    const [mail] = await listOutbox(handle.db, { to: 'second@acme.test' })
    const token = new URL(/(http\S+)/.exec(mail?.text ?? '')?.[1] ?? 'http://x/').searchParams.get('token')
    expect((await post('/api/users/set-password', { token, password: 'second-password' })).status).toBe(200)
    expect((await post('/api/users/signin', { email: 'second@acme.test', password: 'second-password' })).status).toBe(200)

    // Both super admins demoted at once (the admin demotes itself and the other): exactly one may go.
    // The other is refused either as the last super admin (409: its request was authorized before
    // the first committed, and waited on the org's lock) or because the caller, demoted by then, no
    // longer may take the super-admin set from anyone (403). Either way one super admin is left.
    const me = (await send('GET', '/api/organizations/members')).body.members as { user_id: string; email: string }[]
    const demote = (email: string) =>
      send('POST', '/api/permissions/assign-permission-sets', { user_id: me.find((m) => m.email === email)?.user_id, permission_set_ids: [setId('ADMIN')] })
    const statuses = (await Promise.all([demote('admin@acme.test'), demote('second@acme.test')])).map((r) => r.status).sort()
    expect(statuses[0]).toBe(200)
    expect([403, 409]).toContain(statuses[1])
    const after = (await send('GET', '/api/organizations/members')).body.members as { email: string; permission_set_ids: string[] }[]
    expect(after.filter((m) => m.permission_set_ids.includes(setId('SUPER_ADMIN'))).map((m) => m.email)).toHaveLength(1)
  })
})
