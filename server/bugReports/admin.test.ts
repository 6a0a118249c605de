/**
 * `npm run admin -- bug-reports`: through a running server's internal API, and directly on a
 * data directory no server holds (server/admin/cli.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BugReportEntry } from '../../contract/bugReports.ts'
import { runAdminCli } from '../admin/cli.ts'
import { localUrl, publishInternalApiKey, publishServerInfo } from '../admin/runtime.ts'
import { openDatabase } from '../db/client.ts'
import { prepareDatabase } from '../admin/seed.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { createBugReport } from './queries.ts'

let server: TestServer
let workDir: string
beforeAll(async () => {
  server = await startTestServer()
  workDir = await mkdtemp(path.join(tmpdir(), 'engage-bug-admin-'))
}, 30_000)
afterAll(async () => {
  await server?.close()
  await rm(workDir, { recursive: true, force: true })
})

async function cli(argv: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdminCli(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('GET /api/internal/bug-reports', () => {
  test('Scenario: needs the internal key; lists newest first; refuses a bad limit', async () => {
    const token = (await server.signIn('admin@acme.test')).access_token
    await server.request('POST', '/api/cms/report-bug', { body: { title: 'First', description: 'd' } })
    await server.request('POST', '/api/cms/report-bug', {
      body: { title: 'Second', description: 'd', screenshot_url: 'https://cdn.example.com/s.png' },
      headers: { authorization: `Bearer ${token}` },
    })
    expect((await server.request('GET', '/api/internal/bug-reports')).status).toBe(404)
    const key = { 'x-internal-api-key': server.internalApiKey }
    const response = await server.request('GET', '/api/internal/bug-reports?limit=1', { headers: key })
    expect(response.status).toBe(200)
    const { bug_reports } = (await response.json()) as { bug_reports: BugReportEntry[] }
    expect(bug_reports).toEqual([expect.objectContaining({ title: 'Second', reporter_email: 'admin@acme.test', screenshot_url: 'https://cdn.example.com/s.png' })])
    expect((await server.request('GET', '/api/internal/bug-reports?limit=0', { headers: key })).status).toBe(400)
    expect((await server.request('GET', '/api/internal/bug-reports?limit=abc', { headers: key })).status).toBe(400)
  })
})

describe('npm run admin -- bug-reports', () => {
  test('Scenario: through the running server, as a table and as JSON', async () => {
    const dataDir = await mkdtemp(path.join(workDir, 'running-'))
    let http: ReturnType<typeof serve> | undefined
    const address = await new Promise<AddressInfo>((resolve) => {
      http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, resolve)
    })
    try {
      await publishServerInfo(dataDir, { url: localUrl(address.address, address.family, address.port), pid: process.pid })
      await publishInternalApiKey(dataDir, { key: server.internalApiKey, generated: true })
      await server.request('POST', '/api/cms/report-bug', { body: { title: 'Table\nrow', description: 'd' } })
      const table = await cli(['bug-reports', '--limit', '5'], { DATA_DIR: dataDir })
      expect(table.code).toBe(0)
      expect(table.err).toMatch(/^Using the running server at/)
      expect(table.out).toMatch(/^\d+ bug reports?, newest first:\nCREATED \(UTC\) +REPORTER +TITLE +SCREENSHOT\n\d{4}-\d\d-\d\d \d\d:\d\d +\(anonymous\) +Table row +-/)
      const json = await cli(['bug-reports', '--json', '--limit=1'], { DATA_DIR: dataDir })
      expect(json.code).toBe(0)
      expect((JSON.parse(json.out) as BugReportEntry[]).map((r) => r.title)).toEqual(['Table\nrow'])
    } finally {
      await new Promise<void>((resolve) => http?.close(() => resolve()))
    }
  })

  test('Scenario: directly on a data directory no server holds; usage errors exit 2', async () => {
    const dataDir = await mkdtemp(path.join(workDir, 'direct-'))
    const handle = await openDatabase({ databaseUrl: undefined, dataDir })
    try {
      await prepareDatabase(handle)
      await createBugReport(handle.db, { title: 'Stored directly', description: 'd' }, undefined)
    } finally {
      await handle.close()
    }
    const listed = await cli(['bug-reports'], { DATA_DIR: dataDir })
    expect(listed.code).toBe(0)
    expect(listed.err).toContain('using its database directly')
    expect(listed.out).toContain('Stored directly')
    expect((await cli(['bug-reports', '--limit', '0'], { DATA_DIR: dataDir })).code).toBe(2)
    expect((await cli(['bug-reports', '--frobnicate'], { DATA_DIR: dataDir })).code).toBe(2)
  }, 30_000)
})
