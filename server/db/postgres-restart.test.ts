/**
 * Fault: PostgreSQL restarted under load. Requests in flight and requests made while
 * it is down fail cleanly (the documented 500 body, no hang: the pool gives up after
 * POSTGRES_CONNECT_TIMEOUT_MS), the same server answers again once PostgreSQL is back, and live
 * notifications resume (the LISTEN session reconnects). Runs on a throw-away local cluster when
 * PostgreSQL is installed (`.ci/run` installs it); skipped with a note otherwise.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBody } from '../../contract/api.ts'
import { validate } from '../../contract/validate.ts'
import { findPostgresBin, type LocalPostgres, startLocalPostgres } from '../test/local-postgres.ts'
import { createApp } from '../app.ts'
import { loadSigningKey } from '../auth/access-token.ts'
import { NOTIFICATIONS_CHANNEL } from './channels.ts'
import { createNotification } from '../notifications/create.ts'
import { TEST_CONFIG } from '../test/harness.ts'
import { openDatabase, type DatabaseHandle } from './client.ts'
import { DEMO_PASSWORD, prepareDatabase } from '../admin/seed.ts'

const bin = findPostgresBin()
if (bin === undefined) console.warn('Skipping the PostgreSQL restart test: PostgreSQL is not installed here')

describe.skipIf(bin === undefined)('PostgreSQL restarted under load', () => {
  let cluster: LocalPostgres
  let handle: DatabaseHandle
  let app: ReturnType<typeof createApp>
  let headers: Record<string, string>
  const logged: unknown[] = []

  beforeAll(async () => {
    cluster = await startLocalPostgres(bin as string)
    handle = await openDatabase({ databaseUrl: cluster.url, dataDir: '/nonexistent' })
    await prepareDatabase(handle)
    const signingKey = await loadSigningKey(handle.db, undefined)
    app = createApp({ db: handle.db, driver: handle.driver, config: TEST_CONFIG, signingKey, botCheck: { provider: 'off' }, listen: handle.listen, logError: (_m, e) => logged.push(e), logInfo: () => {} })
    const signIn = await app.request('/api/users/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@acme.test', password: DEMO_PASSWORD }),
    })
    const session = (await signIn.json()) as { access_token: string; org_id: string }
    headers = { authorization: `Bearer ${session.access_token}`, 'x-org-id': session.org_id }
  }, 120_000)

  afterAll(async () => {
    await handle?.close()
    await cluster?.stop()
  })

  const list = () => app.request('/api/common-services/notifications?page=1&limit=20', { headers })

  test('Scenario: in-flight and later requests fail with the error body, then the server recovers and live notifications resume', async () => {
    const heard: string[] = []
    await handle.listen(NOTIFICATIONS_CHANNEL, (payload) => heard.push(payload))
    expect((await list()).status).toBe(200)
    const before = await createNotification(handle.db, { email: 'agent@acme.test', org: 'Acme Support', title: 'Before the restart' })
    await expect.poll(() => heard.some((p) => p.includes(before.notification._id)), { timeout: 20_000, interval: 250 }).toBe(true)

    // Under load: 20 requests in flight when PostgreSQL stops.
    const inFlight = Array.from({ length: 20 }, () => list())
    cluster.pause()
    for (const response of await Promise.all(inFlight)) {
      const body: unknown = await response.json()
      if (response.status !== 200) {
        expect(response.status).toBe(500)
        expect(validate(ApiErrorBody, body).ok).toBe(true)
      }
    }

    // While it is down: a clean 500 with the documented body, not a hang.
    const down = await list()
    expect(down.status).toBe(500)
    expect(validate(ApiErrorBody, await down.json()).ok).toBe(true)

    cluster.resume()
    await expect.poll(async () => (await list()).status, { timeout: 20_000, interval: 250 }).toBe(200)

    // The LISTEN session reconnects within POSTGRES_RELISTEN_MS of losing its connection; a
    // notification made in that gap reaches the browser with its next poll instead (SPEC §4).
    let ping = 0
    await expect
      .poll(
        async () => {
          await handle.db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${`ping ${++ping}`})`)
          return heard.some((p) => p.startsWith('ping'))
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true)
    // The LISTEN session reconnected: a notification created now is heard.
    const { notification } = await createNotification(handle.db, { email: 'agent@acme.test', org: 'Acme Support', title: 'After the restart' })
    await expect.poll(() => heard.some((p) => p.includes(notification._id)), { timeout: 20_000, interval: 250 }).toBe(true)
  }, 120_000)
})
