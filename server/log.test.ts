/**
 * The structured log (an anonymous bug report's newline and fake line once
 * printed a forged "Invitation: ... set-password?token=FORGED" line in the server log).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { permissionSets } from './db/schema.ts'
import { startTestServer, type TestServer } from './test/harness.ts'
import { createLogger, errorLogger, infoLogger, prettyLine, printPlain } from './log.ts'

const FORGED = '\n{"level":"info","msg":"Invitation: http://evil.example/set-password?token=FORGED"}\nINFO  Invitation: http://evil.example/set-password?token=FORGED'

/** A logger whose lines are kept, one string per write. */
function capture(format: 'json' | 'pretty' = 'json') {
  const lines: string[] = []
  const logger = createLogger({ format, level: 'info', destination: { write: (chunk: string) => void lines.push(chunk) } })
  return { logger, lines, text: () => lines.join('') }
}

describe('server log', () => {
  test('Scenario: user text in a field or an error stays inside one JSON line', () => {
    const { logger, text } = capture()
    infoLogger(logger)('Bug report received', { title: FORGED })
    errorLogger(logger)('Unhandled error', new Error(FORGED))
    const lines = text().split('\n').filter((l) => l !== '')
    expect(lines).toHaveLength(2)
    const [info, error] = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(info).toMatchObject({ level: 'info', msg: 'Bug report received', title: FORGED })
    expect(error).toMatchObject({ level: 'error', msg: 'Unhandled error', err: { message: FORGED } })
  })

  test('Scenario: the pretty format quotes what is not URL-safe, so no value starts a line', () => {
    const { logger, text } = capture('pretty')
    infoLogger(logger)('Invitation link', { email: 'new@acme.test', link: 'http://127.0.0.1:3000/set-password?token=abc' })
    infoLogger(logger)('Bug report received', { title: FORGED })
    errorLogger(logger)('Unhandled error', new Error(FORGED))
    const out = text()
    expect(out).toContain('Invitation link email=new@acme.test link=http://127.0.0.1:3000/set-password?token=abc')
    // Only the records' own lines and indented stack frames: nothing starts with the forged text.
    for (const line of out.split('\n').filter((l) => l !== '')) expect(line).toMatch(/^(\d\d:\d\d:\d\d (INFO |ERROR) |    at )/)
    expect(prettyLine('not json\nINFO forged')).toBe('not json\\u000aINFO forged\n')
  })

  test('Scenario: the plain banner escapes control characters other than its own line ends', () => {
    let written = ''
    printPlain('Engage is running at http://127.0.0.1:3000\n  data: a\rb\u2028c', { write: (s: string) => ((written += s), true) } as unknown as NodeJS.WritableStream)
    expect(written).toBe('Engage is running at http://127.0.0.1:3000\n  data: a\\u000db\\u2028c\n')
  })
})

describe('request context in the app log', () => {
  let server: TestServer
  const logged = capture()
  beforeAll(async () => {
    server = await startTestServer({}, () => ({ logger: logged.logger }))
  })
  afterAll(() => server.close())

  test('Scenario: every API answer names its request id; a safe incoming id is kept, anything else replaced', async () => {
    const plain = await server.request('GET', '/api/health')
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const kept = await server.request('GET', '/api/health', { headers: { 'x-request-id': 'lb-1234_abc' } })
    expect(kept.headers.get('x-request-id')).toBe('lb-1234_abc')
    const replaced = await server.request('GET', '/api/health', { headers: { 'x-request-id': 'x INFO forged line' } })
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('Scenario: an anonymous bug report with a newline and a fake log line forges nothing; the invitation is a record with fields, without its link', async () => {
    logged.lines.length = 0
    const admin = await server.signIn('admin@acme.test')
    const [teamMember] = await server.handle.db.select({ id: permissionSets.id }).from(permissionSets).where(eq(permissionSets.permissionSetKey, 'TEAM_MEMBER'))
    const invited = await server.request('POST', '/api/organizations/members/invite', {
      headers: server.authHeaders(admin.access_token, admin.org_id),
      body: { fullName: 'Log Reader', email: 'log-reader@acme.test', permission_set_ids: [teamMember?.id ?? ''] },
    })
    expect(invited.status).toBeLessThan(300)
    const response = await server.request('POST', '/api/cms/report-bug', {
      body: { title: `Broken${FORGED}`, description: FORGED, info: { note: FORGED } },
    })
    expect(response.status).toBeLessThan(500)
    const withNul = await server.request('POST', '/api/cms/report-bug', { body: { title: `a\u0000b${FORGED}` } })
    expect(withNul.status).toBe(400)
    await server.mailer.settled()
    const records = logged.text().split('\n').filter((l) => l !== '').map((line) => JSON.parse(line) as { msg: string; event?: string; email?: string; requestId?: string })
    for (const record of records) expect(record.msg).not.toContain('FORGED')
    // The invitation is emailed; the log says so in a record with a constant message,
    // the address as a field, tied to its request, and never holds the link (a credential).
    const invitation = records.find((r) => r.event === 'invitation')
    expect(invitation).toMatchObject({ msg: 'Invitation email queued', email: 'log-reader@acme.test' })
    expect(invitation?.requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(logged.text()).not.toContain('token=')
  })
})
