/**
 * Several hosts on one PostgreSQL: two servers started separately, at the same
 * moment, each with its own DATA_DIR that does not exist yet, on one empty database (skipped
 * without PostgreSQL, like server/db/postgres.test.ts). Both come up (the start-up work runs
 * under an advisory lock), a session made on one works on the other, a notification created
 * through one reaches a stream held by the other, failed sign-ins alternating between them hit the
 * one shared limit, an API key revoked on one is refused by the other, and stopping one mid-stream ends its stream with a retry hint and loses
 * nothing for a client that goes to the other.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RATE_LIMITS } from './http/rate-limit.ts'
import { SHUTDOWN_RETRY_MS } from './notifications/routes.ts'
import { freshRequest, passBotCheck, startServer, type Running } from './test/child-server.ts'
import { postgresUnavailableBecause, throwAwayDatabase } from './test/local-postgres.ts'

const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
const skipReason = await postgresUnavailableBecause(adminUrl)
if (skipReason !== undefined) console.warn(`Skipping the several-hosts tests: ${skipReason}`)

const INTERNAL_API_KEY = randomBytes(24).toString('hex')

/** An open SSE response: everything read so far, and a wait for a pattern in it. */
interface OpenStream {
  text(): string
  waitFor(pattern: RegExp, timeoutMs: number): Promise<number>
  ended: Promise<void>
  close(): void
}

function openStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream answered ${response.statusCode}`))
        return
      }
      let text = ''
      const waiters = new Set<() => void>()
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString()
        for (const check of [...waiters]) check()
      })
      const ended = new Promise<void>((done) => response.once('end', () => done()))
      resolve({
        text: () => text,
        ended,
        close: () => request.destroy(),
        waitFor: (pattern, timeoutMs) =>
          new Promise((found, fail) => {
            const started = Date.now()
            const timer = setTimeout(() => {
              waiters.delete(check)
              fail(new Error(`no ${pattern} within ${timeoutMs} ms; got:\n${text}`))
            }, timeoutMs)
            const check = () => {
              if (!pattern.test(text)) return
              clearTimeout(timer)
              waiters.delete(check)
              found(Date.now() - started)
            }
            waiters.add(check)
            check()
          }),
      })
    })
    request.on('error', reject)
  })
}

describe.skipIf(skipReason !== undefined)('several hosts on one PostgreSQL', () => {
  const database = throwAwayDatabase(adminUrl, 'engage_hosts')
  const root = mkdtempSync(path.join(tmpdir(), 'engage-hosts-test-'))
  let a: Running
  let b: Running
  // Fresh hosts: neither DATA_DIR exists yet.
  const dataDirA = path.join(root, 'host-a', 'data')
  const dataDirB = path.join(root, 'host-b', 'data')

  beforeAll(async () => {
    await database.create()
    // The bot check on, at the smallest cost: sign-ins carry proofs, as in production.
    const env = { DATABASE_URL: database.url, INTERNAL_API_KEY, TRUST_PROXY: '1', BOT_CHECK: 'on', ALTCHA_COST: '1', ALTCHA_COUNTER_MAX: '2' }
    // Started at the same moment: both migrate and seed an empty database unless they take turns.
    ;[a, b] = await Promise.all([startServer({ ...env, DATA_DIR: dataDirA }), startServer({ ...env, DATA_DIR: dataDirB })])
  }, 240_000)

  afterAll(async () => {
    for (const server of [a, b]) if (server?.child.exitCode === null) await server.stop()
    await database.drop()
    rmSync(root, { recursive: true, force: true })
  })

  const signIn = async (server: Running) => {
    const proof = await passBotCheck(server.url)
    const response = await freshRequest(`${server.url}/api/users/signin`, 'POST', { email: 'admin@acme.test', password: 'demo-password', bot_check_proof: proof })
    expect(response.status).toBe(200)
    const session = JSON.parse(response.body) as { access_token: string; org_id: string }
    return { authorization: `Bearer ${session.access_token}`, 'x-org-id': session.org_id }
  }
  const notify = (server: Running, title: string) =>
    freshRequest(`${server.url}/api/internal/notifications`, 'POST', { email: 'admin@acme.test', org: 'Acme Support', title }, { 'x-internal-api-key': INTERNAL_API_KEY })

  test('Scenario: both come up on the empty database; one of them seeded it; each made its own DATA_DIR and is ready', async () => {
    const seededBy = [a, b].filter((s) => s.output().includes('demo data created'))
    expect(seededBy).toHaveLength(1)
    // server.json is written just after the banner.
    await expect.poll(() => existsSync(path.join(dataDirA, 'server.json')), { timeout: 5_000 }).toBe(true)
    await expect.poll(() => existsSync(path.join(dataDirB, 'server.json')), { timeout: 5_000 }).toBe(true)
    for (const server of [a, b]) {
      const ready = await freshRequest(`${server.url}/api/health/ready`, 'GET')
      expect(ready.status).toBe(200)
      expect(JSON.parse(ready.body)).toMatchObject({ ok: true, database: 'postgres' })
    }
  }, 60_000)

  test('Scenario: a session made on one host works on the other', async () => {
    const headers = await signIn(a)
    const list = await freshRequest(`${b.url}/api/common-services/notifications?limit=5`, 'GET', undefined, headers)
    expect(list.status).toBe(200)
    expect(JSON.parse(list.body)).toMatchObject({ hasMore: true })
  }, 60_000)

  test('Scenario: a notification created through one host reaches a stream held by the other within 1 s', async () => {
    const headers = await signIn(b)
    const stream = await openStream(`${b.url}/api/common-services/notifications/stream`, headers)
    try {
      // The stream's LISTEN is in place once the response has started; give the first heartbeat-less moment a beat.
      await new Promise((resolve) => setTimeout(resolve, 200))
      const title = `Across hosts ${randomBytes(4).toString('hex')}`
      expect((await notify(a, title)).status).toBe(201)
      const waited = await stream.waitFor(new RegExp(title), 5_000)
      expect(waited).toBeLessThan(1_000)
    } finally {
      stream.close()
    }
  }, 60_000)

  // No lockout any more; past the threshold each attempt needs a fresh proof.
  // Host b refusing a proof host a has seen once shows that both count the same failures.
  test(`Scenario: failed sign-ins for one email alternating between hosts are counted together: past ${RATE_LIMITS.signInFailuresPerEmail.points}, either host wants a fresh proof`, async () => {
    const email = `guess-${randomBytes(4).toString('hex')}@hosts.test`
    const attempt = async (host: Running, i: number, proof?: string) => {
      // A new address each time: only the per-email count may stop them.
      const headers = { 'x-forwarded-for': `203.0.113.${i + 1}` }
      const body = { email, password: 'wrong-password', bot_check_proof: proof ?? (await passBotCheck(host.url, headers)) }
      return freshRequest(`${host.url}/api/users/signin`, 'POST', body, headers)
    }
    const statuses: number[] = []
    for (let i = 0; i < RATE_LIMITS.signInFailuresPerEmail.points; i++) statuses.push((await attempt(i % 2 === 0 ? a : b, i)).status)
    expect(statuses).toEqual(Array(RATE_LIMITS.signInFailuresPerEmail.points).fill(401))
    const proof = await passBotCheck(a.url, { 'x-forwarded-for': '203.0.113.100' })
    expect((await attempt(a, 100, proof)).status).toBe(401)
    const reused = await attempt(b, 101, proof)
    expect([reused.status, JSON.parse(reused.body)]).toEqual([403, expect.objectContaining({ error: expect.objectContaining({ code: 'bot_check_required' }) })])
  }, 60_000)

  test('Scenario: a session signed out through one host is refused by the other within 2 s, and its stream there closes', async () => {
    const revokedHeaders = await signIn(a)
    const sid = JSON.parse(Buffer.from(revokedHeaders.authorization.split('.')[1] ?? '', 'base64url').toString()).sid as string
    const other = await signIn(b)
    const stream = await openStream(`${a.url}/api/common-services/notifications/stream`, revokedHeaders)
    const listOnA = () => freshRequest(`${a.url}/api/common-services/notifications?limit=1`, 'GET', undefined, revokedHeaders)
    expect((await listOnA()).status).toBe(200)

    const signedOutAt = Date.now()
    expect((await freshRequest(`${b.url}/api/users/sessions/${sid}`, 'DELETE', undefined, other)).status).toBe(204)
    let answer = await listOnA()
    while (answer.status === 200 && Date.now() - signedOutAt < 5_000) answer = await listOnA()
    const tookMs = Date.now() - signedOutAt
    expect([answer.status, JSON.parse(answer.body).error?.code]).toEqual([401, 'session_revoked'])
    expect(tookMs).toBeLessThan(2_000)
    // The open stream on the other host ended too, without waiting for its token to expire.
    await stream.ended
    // The session that signed it out goes on.
    expect((await freshRequest(`${a.url}/api/common-services/notifications?limit=1`, 'GET', undefined, other)).status).toBe(200)
  }, 60_000)

  test('Scenario: an API key revoked through one host is refused by the other on its next request', async () => {
    const headers = await signIn(a)
    const created = await freshRequest(`${a.url}/api/organizations/api-keys`, 'POST', { name: 'Across hosts', permission_set: 'ADMIN' }, headers)
    expect(created.status).toBe(201)
    const { key, secret } = JSON.parse(created.body) as { key: { id: string }; secret: string }
    const withKey = { authorization: `Bearer ${secret}` }
    expect((await freshRequest(`${b.url}/api/organizations/members`, 'GET', undefined, withKey)).status).toBe(200)
    expect((await freshRequest(`${a.url}/api/organizations/api-keys/${key.id}`, 'DELETE', undefined, headers)).status).toBe(204)
    const refused = await freshRequest(`${b.url}/api/organizations/members`, 'GET', undefined, withKey)
    expect([refused.status, JSON.parse(refused.body).error?.message]).toEqual([401, 'The API key was revoked.'])
  }, 60_000)

  test('Scenario: stopping a host mid-stream ends its stream with a retry hint; the other host has what was created meanwhile', async () => {
    const headers = await signIn(a)
    const stream = await openStream(`${a.url}/api/common-services/notifications/stream`, headers)
    const stopped = a.stop()
    await stream.waitFor(new RegExp(`retry: ${SHUTDOWN_RETRY_MS}`), 10_000)
    await stream.ended
    expect(await stopped).toBe(0)
    // Created while the client is between servers; it reconnects to the other and re-fetches.
    const title = `While reconnecting ${randomBytes(4).toString('hex')}`
    expect((await notify(b, title)).status).toBe(201)
    const list = await freshRequest(`${b.url}/api/common-services/notifications?limit=5`, 'GET', undefined, headers)
    expect(list.status).toBe(200)
    expect((JSON.parse(list.body) as { notifications: Array<{ title: string }> }).notifications[0]?.title).toBe(title)
  }, 60_000)
})
