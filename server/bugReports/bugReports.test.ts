import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BugReportResponse } from '../../contract/bugReports.ts'
import { bugReports } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { listBugReports } from './queries.ts'

let server: TestServer
let adminToken: string
let acme: string
let initech: string

beforeAll(async () => {
  server = await startTestServer()
  adminToken = (await server.signIn('admin@acme.test')).access_token
  acme = await server.orgId('Acme Support')
  initech = await server.orgId('Initech')
}, 30_000)
afterAll(async () => server?.close())

const valid = {
  title: '  Chart does not load ',
  description: 'The billing chart stays empty.',
  steps_to_reproduce: '1. Open billing\n2. Wait',
  screenshot_url: 'http://localhost/api/data-storage/files/AAAAAAAAAAAAAAAAAAAAAA/shot.png',
  device_info: { device_type: 'desktop', os: 'Linux' },
  browser_info: { browser: 'Chrome', version: '130' },
  website_url: 'http://localhost/app/billing',
}

const report = (body: unknown, headers: Record<string, string> = {}) => server.request('POST', '/api/cms/report-bug', { body, headers })

async function stored(response: Response) {
  const { _id } = (await response.json()) as BugReportResponse
  const [row] = await server.handle.db.select().from(bugReports).where(eq(bugReports.id, _id))
  return row
}

describe('POST /api/cms/report-bug', () => {
  it('Scenario: a signed-in member reports a bug; the reporter email is theirs, not the body’s', async () => {
    const response = await report({ ...valid, reporter_email: 'ceo@victim.test' }, server.authHeaders(adminToken, acme))
    expect(response.status).toBe(201)
    const row = await stored(response)
    expect(row).toMatchObject({
      title: 'Chart does not load',
      description: valid.description,
      stepsToReproduce: valid.steps_to_reproduce,
      reporterEmail: 'admin@acme.test',
      orgId: acme,
      screenshotUrl: valid.screenshot_url,
      websiteUrl: valid.website_url,
      deviceInfo: valid.device_info,
      browserInfo: valid.browser_info,
    })
    expect(row?.userId).not.toBeNull()
  })

  it('Scenario: signed in without x-org-id (a public page) the report has the user and no workspace', async () => {
    const row = await stored(await report(valid, { authorization: `Bearer ${adminToken}` }))
    expect(row).toMatchObject({ reporterEmail: 'admin@acme.test', orgId: null })
  })

  it('Scenario: an anonymous report is accepted without user, workspace or email; its x-org-id is ignored', async () => {
    const response = await report({ title: 'Pricing typo', description: 'Teh price', reporter_email: 'someone@else.test' }, { 'x-org-id': acme })
    expect(response.status).toBe(201)
    expect(await stored(response)).toMatchObject({ userId: null, orgId: null, reporterEmail: '', stepsToReproduce: '', screenshotUrl: null, websiteUrl: '' })
  })

  it('Scenario: another tenant’s x-org-id is refused (403), and nothing is stored', async () => {
    const before = await server.rowCounts()
    const response = await report(valid, server.authHeaders(adminToken, initech))
    expect(response.status).toBe(403)
    expect(await server.rowCounts()).toEqual(before)
  })

  it('Scenario: a present but invalid or expired token is 401, not an anonymous report', async () => {
    const before = await server.rowCounts()
    expect((await report(valid, { authorization: 'Bearer not-a-token' })).status).toBe(401)
    server.clock.ms += 3_600_000
    try {
      expect((await report(valid, { authorization: `Bearer ${adminToken}` })).status).toBe(401)
    } finally {
      server.clock.ms -= 3_600_000
    }
    expect(await server.rowCounts()).toEqual(before)
  })

  it('Scenario: a missing title, a javascript: or relative screenshot URL, a bad website URL and oversized info are refused with every issue', async () => {
    const before = await server.rowCounts()
    const response = await report(
      {
        title: '   ',
        description: '',
        screenshot_url: 'javascript:alert(1)',
        website_url: '/app/billing',
        device_info: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i])),
        browser_info: { blob: 'x'.repeat(5000) },
      },
      server.authHeaders(adminToken, acme),
    )
    expect(response.status).toBe(400)
    const { error } = (await response.json()) as { error: { code: string; issues: Array<{ path: string[]; message: string }> } }
    expect(error.code).toBe('invalid_request')
    expect(error.issues.map((i) => i.path[0]).sort()).toEqual(['browser_info', 'description', 'device_info', 'screenshot_url', 'title', 'website_url'])
    for (const screenshot_url of ['data:image/png;base64,AAAA', '//evil.test/a.png', 'ftp://x.test/a.png', 'https://']) {
      expect((await report({ ...valid, screenshot_url })).status).toBe(400)
    }
    expect((await report({ ...valid, title: 'x'.repeat(201) })).status).toBe(400)
    expect(await server.rowCounts()).toEqual(before)
  })

  it('Scenario: an empty screenshot URL means none; a body over 64 kB is refused (413)', async () => {
    expect((await stored(await report({ ...valid, screenshot_url: '' })))?.screenshotUrl).toBeNull()
    const before = await server.rowCounts()
    const response = await report({ ...valid, description: 'x'.repeat(70 * 1024) })
    expect(response.status).toBe(413)
    expect(await server.rowCounts()).toEqual(before)
  })

  it('Scenario: the listing is newest first, for the operator', async () => {
    await report({ title: 'Newest one', description: 'd' })
    const { bug_reports } = await listBugReports(server.handle.db, 2)
    expect(bug_reports).toHaveLength(2)
    expect(bug_reports[0]?.title).toBe('Newest one')
  })
})
