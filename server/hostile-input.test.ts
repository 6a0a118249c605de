/**
 * A string with U+0000 (or an unpaired surrogate) anywhere in a request
 * reached PostgreSQL, which refuses NUL: a 500. Every such request is now a 400 `invalid_request`
 * naming the field (or the address part), refused by the one text rule of the boundary
 * (contract/validate.ts `unsafeTextIssues`, and `unsafeAddressIssues` for paths and queries), and
 * nothing is written. Each case below is one the probe sent. (The API fuzz, server/fuzz.test.ts,
 * now generates such text, BOM-prefixed bodies and overlong strings on every route.)
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBody } from '../contract/api.ts'
import { UNSAFE_TEXT_MESSAGE, validate } from '../contract/validate.ts'
import { startTestServer, type TestServer } from './test/harness.ts'

let server: TestServer
let admin: Record<string, string>

beforeAll(async () => {
  server = await startTestServer()
  const session = await server.signIn('admin@acme.test')
  admin = server.authHeaders(session.access_token, await server.orgId('Acme Support'))
}, 120_000)
afterAll(() => server.close())

/** Expects a 400 invalid_request whose issues include `path`, and returns the issues. */
async function expectRefused(response: Response, path: ReadonlyArray<string | number>) {
  expect(response.status).toBe(400)
  const body = (await response.json()) as ApiErrorBody
  expect(validate(ApiErrorBody, body).ok).toBe(true)
  expect(body.error.code).toBe('invalid_request')
  expect(body.error.issues.map((i) => i.path)).toContainEqual(path)
  return body.error.issues
}

describe('NUL bytes and unpaired surrogates', () => {
  const nul = 'a\u0000b'

  test('Scenario: in request bodies, before or after authentication, on every kind of field: 400 naming the field, nothing written', async () => {
    const before = await server.snapshot()
    const cases: Array<[string, string, unknown, Record<string, string>, ReadonlyArray<string | number>]> = [
      ['PATCH', '/api/users/me', { fullName: nul }, admin, ['fullName']],
      ['POST', '/api/users/signin', { email: `x${nul}@acme.test`, password: 'demo-password' }, {}, ['email']],
      ['POST', '/api/users/signup', { fullName: 'Nul', email: 'nul@example.test', password: 'long-enough-password', org_name: nul }, {}, ['org_name']],
      ['PUT', '/api/common-services/notifications/preferences', { push_enabled: true, email_enabled: true, categories: [{ id: nul, name: 'x', description: 'y', enabled: true }] }, admin, ['categories', 0, 'id']],
      ['POST', '/api/permissions/permission-sets', { name: nul, description: '', permissions: [] }, admin, ['name']],
      ['PUT', '/api/organizations/current', { org_name: `Acme${nul}` }, admin, ['org_name']],
      ['POST', '/api/organizations/create-new', { org_name: '\uD800' }, admin, ['org_name']],
      ['POST', '/api/common-services/web-push/subscribe', { deviceId: nul, endpoint: 'https://push.example.test/x', keys: { p256dh: 'a', auth: 'b' } }, admin, ['deviceId']],
      ['POST', '/api/cms/report-bug', { title: `Forged${nul}\nInvitation: set-password?token=FORGED`, description: 'x' }, {}, ['title']],
    ]
    for (const [method, path, body, headers, field] of cases) {
      const issues = await expectRefused(await server.request(method, path, { body, headers }), field)
      expect(issues.find((i) => JSON.stringify(i.path) === JSON.stringify(field))?.message, `${method} ${path}`).toBe(UNSAFE_TEXT_MESSAGE)
    }
    expect(await server.snapshot()).toEqual(before)
    expect(server.loggedErrors).toEqual([])
  })

  test('Scenario: in path ids and query values: 400 naming the address part, nothing written', async () => {
    const before = await server.snapshot()
    await expectRefused(await server.request('PUT', '/api/common-services/notifications/%00/read', { headers: admin }), ['path', 3])
    await expectRefused(await server.request('DELETE', '/api/organizations/members/%00', { headers: admin }), ['path', 3])
    await expectRefused(await server.request('PUT', '/api/permissions/permission-sets/a%00b', { body: { name: 'x', permissions: [] }, headers: admin }), ['path', 3])
    // A lone surrogate as a raw client sends it (its three UTF-8-style bytes): not decodable.
    await expectRefused(await server.request('DELETE', '/api/common-services/notifications/%ED%A0%80', { headers: admin }), ['path', 3])
    await expectRefused(await server.request('GET', '/api/common-services/notifications?page=%00', { headers: admin }), ['query', 'page'])
    await expectRefused(await server.request('GET', '/api/common-services/notifications?cursor=a%00b', { headers: admin }), ['query', 'cursor'])
    await expectRefused(await server.request('GET', '/api/organizations/invitations?cursor=a%00b', { headers: admin }), ['query', 'cursor'])
    await expectRefused(await server.request('GET', '/api/organizations/invitations?limit=%ED%A0%80', { headers: admin }), ['query', 'limit'])
    expect(await server.snapshot()).toEqual(before)
    expect(server.loggedErrors).toEqual([])
  })

  test('Scenario: a UTF-8 byte order mark before the JSON is ignored, as RFC 8259 allows; one inside a string is text', async () => {
    const response = await server.request('PATCH', '/api/users/me', { body: `\uFEFF${JSON.stringify({ fullName: 'Ada Admin' })}`, headers: admin })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { user: { fullName: string } }).user.fullName).toBe('Ada Admin')
  })

  test('Scenario: ordinary text outside ASCII still passes (accents, emoji, paired surrogates)', async () => {
    const response = await server.request('PATCH', '/api/users/me', { body: { fullName: 'Ada Lövelace 👩‍💻' }, headers: admin })
    expect(response.status).toBe(200)
  })
})
