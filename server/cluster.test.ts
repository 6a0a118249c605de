/**
 * WEB_CONCURRENCY (server/cluster.ts, server/main.ts): the real server started as a child process.
 * On PostgreSQL (TEST_DATABASE_URL, as in server/db/postgres.test.ts; skipped without it) two
 * workers share one port, count rate limits together, and stop with the primary; on embedded
 * PGlite the setting is ignored with a warning.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { freshRequest, startServer, type Running } from './test/child-server.ts'
import { postgresUnavailableBecause, throwAwayDatabase } from './test/local-postgres.ts'

const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL

/**
 * The server processes among the direct children of `pid` (Linux /proc): those running
 * server/main.ts. Other children are not workers: on a first run tsx starts esbuild's service
 * process to compile the sources (found on a fresh clone, where tsx's cache is empty).
 */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) return false
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').some((arg) => arg.endsWith('server/main.ts'))
      } catch {
        return false
      }
    })
    .map(Number)
}

const skipReason = await postgresUnavailableBecause(adminUrl)
if (skipReason !== undefined) console.warn(`Skipping the WEB_CONCURRENCY tests on PostgreSQL: ${skipReason}`)

describe('WEB_CONCURRENCY', () => {
  const dirs: string[] = []
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'engage-cluster-test-'))
    dirs.push(dir)
    return dir
  }
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  test('Scenario: on embedded PGlite it is ignored with a warning: one process serves', async () => {
    const server = await startServer({ DATA_DIR: tempDir(), WEB_CONCURRENCY: '2' })
    try {
      expect(server.output()).toContain('WEB_CONCURRENCY=2 is ignored: the embedded PGlite database is served by one process')
      expect(server.output()).toContain('database: embedded PGlite')
      expect(childrenOf(server.child.pid as number)).toEqual([])
      expect((await freshRequest(`${server.url}/api/health`, 'GET')).status).toBe(200)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  }, 120_000)

  describe.skipIf(skipReason !== undefined)('on PostgreSQL', () => {
    const database = throwAwayDatabase(adminUrl, 'engage_test')
    let server: Running
    let dataDir: string

    beforeAll(async () => {
      await database.create()
      dataDir = tempDir()
      // TRUST_PROXY=1: the rate-limit scenario names its own client address (X-Forwarded-For).
      server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database.url, WEB_CONCURRENCY: '2', TRUST_PROXY: '1' })
    }, 180_000)

    afterAll(async () => {
      if (server?.child.exitCode === null) await server.stop()
      await database.drop()
    })

    test('Scenario: two workers under the primary, which alone seeded and published server.json', async () => {
      expect(server.output()).toContain('2 server processes (WEB_CONCURRENCY)')
      expect(server.output().match(/Engage is running at/g)).toHaveLength(1)
      expect(server.output()).toContain('demo data created')
      expect(childrenOf(server.child.pid as number)).toHaveLength(2)
      const info = JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as { url: string; pid: number }
      expect(info).toEqual({ url: server.url, pid: server.child.pid })
      // Every worker answers with the same signing key: a token from one is accepted by the other.
      const signIn = await freshRequest(`${server.url}/api/users/signin`, 'POST', { email: 'admin@acme.test', password: 'demo-password' })
      expect(signIn.status).toBe(200)
      const { access_token: token, org_id: orgId } = JSON.parse(signIn.body) as { access_token: string; org_id: string }
      for (let i = 0; i < 6; i++) {
        const list = await freshRequest(`${server.url}/api/common-services/notifications?limit=5`, 'GET', undefined, {
          authorization: `Bearer ${token}`,
          'x-org-id': orgId,
        })
        expect(list.status).toBe(200)
        expect(JSON.parse(list.body)).toMatchObject({ unread_count: 100, hasMore: true })
      }
    }, 60_000)

    test('Scenario: the sign-in rate limit counts across both workers: the 21st attempt in a minute is refused', async () => {
      // Distinct unknown emails: only the per-address limit (20 a minute) counts, not the per-email one.
      const statuses: number[] = []
      for (let i = 0; i < 21; i++) {
        const attempt = await freshRequest(
          `${server.url}/api/users/signin`,
          'POST',
          { email: `nobody-${i}@cluster.test`, password: 'wrong-password' },
          { 'x-forwarded-for': '203.0.113.7' },
        )
        statuses.push(attempt.status)
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401))
      expect(statuses[20]).toBe(429)
    }, 60_000)

    test('Scenario: SIGTERM stops the primary and its workers and removes server.json', async () => {
      const workers = childrenOf(server.child.pid as number)
      expect(await server.stop()).toBe(0)
      expect(existsSync(path.join(dataDir, 'server.json'))).toBe(false)
      expect(workers.every((pid) => !existsSync(`/proc/${pid}`))).toBe(true)
    }, 60_000)
  })
})
