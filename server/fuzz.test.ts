/**
 * API fuzz: every route the app registers under /api, called with random bodies,
 * query strings, path parameters and headers (missing, garbled and foreign bearer tokens;
 * malformed and foreign x-org-id; oversized payloads). The rules, for every answer:
 * - never a 5xx: bad input is the caller's fault (4xx), with the documented error shape;
 * - a batch of requests that were all refused leaves every table exactly as it was (checksums of
 *   every row before and after, server/test/harness.ts `snapshot`).
 * Routes are read from the app itself, so a new endpoint is fuzzed without editing this file.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBody } from '../contract/api.ts'
import { validate } from '../contract/validate.ts'
import { startTestServer, type TestServer } from './test/harness.ts'

let server: TestServer
let adminAcme: Record<string, string>
let agentToken: string
let globexId: string

beforeAll(async () => {
  server = await startTestServer()
  const acme = await server.orgId('Acme Support')
  globexId = await server.orgId('Globex')
  const [admin, agent] = await Promise.all([server.signIn('admin@acme.test'), server.signIn('agent@acme.test')])
  adminAcme = server.authHeaders(admin.access_token, acme)
  agentToken = agent.access_token
}, 120_000)
afterAll(() => server.close())

interface Route {
  readonly method: string
  readonly path: string
}

/** Every concrete API route (method + path template), without middleware entries. */
function apiRoutes(): Route[] {
  const seen = new Set<string>()
  const routes: Route[] = []
  for (const r of server.app.routes) {
    if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) || !r.path.startsWith('/api/') || r.path.includes('*')) continue
    const key = `${r.method} ${r.path}`
    if (seen.has(key)) continue
    seen.add(key)
    routes.push({ method: r.method, path: r.path })
  }
  return routes
}

/**
 * The only routes a member of another tenant may get a 200 from: public reads and the caller's
 * own account (profile, second factor, pending invitations), none tenant-scoped (the
 * test also checks that no Acme data is in any answer).
 */
const PUBLIC_READS = [
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/openapi.json',
  'GET /api/users/bot-check/challenge',
  'GET /api/users/bot-check/config',
  'GET /api/users/invitations',
  'GET /api/users/me',
  'GET /api/users/me/passkeys',
  'GET /api/users/me/reverification',
  'GET /api/users/me/two-factor',
  'POST /api/users/me/two-factor/enrol',
  'POST /api/users/signin/passkey/options',
]

const isStream = (route: Route) => route.path.endsWith('/stream')

/**
 * Text a hostile or clumsy client sends: NUL, lone surrogates, any code unit, long
 * strings. fc.string alone is printable ASCII and never found the NUL that PostgreSQL refuses.
 */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('a\u0000b', '\u0000', '\uD800', 'x\uDFFFy', '\uFEFFbom', 'é\u0301', 'x'.repeat(5000)),
)

const segment = fc.oneof(
  fc.uuid(),
  hostileText,
  fc.constantFrom('..', '%2e%2e%2f', 'null', '0', '-1', '9'.repeat(40), "' or 1=1 --", '<script>'),
)

/** Percent-encodes a segment; a lone surrogate (which encodeURIComponent refuses) as its 3 bytes, as a raw client would send it. */
function encodeSegment(value: string): string {
  return [...value]
    .map((ch) => {
      try {
        return encodeURIComponent(ch)
      } catch {
        const code = ch.charCodeAt(0)
        return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase()
      }
    })
    .join('')
}

/** The route's path with each `:param` (and `:param{regex}`) replaced by a random segment. */
const concretePath = (route: Route) =>
  fc
    .array(segment, { minLength: 4, maxLength: 4 })
    .map((values) => {
      let i = 0
      return route.path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, () => encodeSegment(values[i++ % values.length] ?? 'x') || 'x')
    })

const query = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), hostileText, { maxKeys: 4 }).map((q) => {
  const search = new URLSearchParams(q).toString()
  return search === '' ? '' : `?${search}`
})

const jsonBody = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.jsonValue({ stringUnit: 'binary' }).map((v) => JSON.stringify(v)),
  fc.object().map((v) => JSON.stringify(v)),
  // A BOM before the JSON: not JSON, a 400.
  fc.jsonValue().map((v) => `\uFEFF${JSON.stringify(v)}`),
  // The fields the API's bodies name, holding hostile text (NUL reached PostgreSQL: a 500).
  fc
    .dictionary(fc.constantFrom('fullName', 'email', 'password', 'name', 'org_name', 'title', 'description', 'token', 'fileName', 'endpoint', 'company_name'), hostileText, { maxKeys: 5 })
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constant('{"unterminated": '),
  fc.constant(JSON.stringify({ padding: 'x'.repeat(70 * 1024) })),
)

const garbledBearer = fc.oneof(
  fc.constant(undefined),
  fc.constant('Bearer'),
  fc.string({ maxLength: 60 }).map((s) => `Bearer ${s}`),
  fc.constant('Basic YWRtaW46YWRtaW4='),
  fc.integer({ min: 1, max: 20 }).map((n) => `Bearer ${tamper(agentToken, n)}`),
)

/** The token with one character of its signature changed. */
function tamper(token: string, n: number): string {
  const i = token.length - 1 - (n % 10)
  return `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`
}

/**
 * Host headers an attacker sends (links were built from it): other hosts,
 * userinfo tricks, ports, IPv6, overlong. No answer may echo one of them.
 */
const HOSTILE_HOSTS = ['evil.example', 'evil.example:8443', 'localhost@evil.example', 'evil.example.', '[::1]:1', `${'h'.repeat(300)}.evil.example`]
const hostileHost = fc.constantFrom(...HOSTILE_HOSTS)

const orgHeader = fc.oneof(fc.constant(undefined), fc.uuid(), fc.string({ maxLength: 50 }), fc.constant(''), fc.constant('../../etc'))

const ascii = (value: string) => value.replace(/[^\x20-\x7e]/g, '?')

async function send(route: Route, path: string, headers: Record<string, string | undefined>, body: string | undefined) {
  const clean = Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined).map(([k, v]) => [k, ascii(v)]))
  const withBody = route.method !== 'GET' && body !== undefined
  const response = await server.request(route.method, path, { headers: { ...(withBody ? { 'content-type': 'application/json' } : {}), ...clean }, ...(withBody ? { body } : {}) })
  return response
}

/** Asserts the response is a 4xx with the documented body, or a success; returns its status. */
async function expectNoServerError(route: Route, path: string, response: Response): Promise<number> {
  const label = `${route.method} ${path} → ${response.status}`
  expect(response.status, label).toBeLessThan(500)
  if (response.status >= 400) {
    const text = await response.text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = text
    }
    expect(validate(ApiErrorBody, body).ok, `${label}: ${text.slice(0, 200)}`).toBe(true)
  } else {
    await response.body?.cancel()
  }
  return response.status
}

describe('API fuzz', () => {
  test('Scenario: the app exposes the routes this suite fuzzes', () => {
    const routes = apiRoutes().map((r) => `${r.method} ${r.path}`)
    expect(routes).toContain('POST /api/users/signin')
    expect(routes).toContain('GET /api/common-services/notifications')
    expect(routes.length).toBeGreaterThan(30)
  })

  test('Scenario: anonymous and garbled callers are refused with the error shape, and nothing is written', async () => {
    for (const route of apiRoutes()) {
      const before = await server.snapshot()
      let succeeded = 0
      await fc.assert(
        fc.asyncProperty(concretePath(route), query, garbledBearer, orgHeader, jsonBody, async (path, q, authorization, org, body) => {
          const response = await send(route, path + q, { authorization, 'x-org-id': org }, body)
          if ((await expectNoServerError(route, path, response)) < 400) succeeded++
        }),
        { numRuns: 12 },
      )
      // Public reads (health, bot-check config and challenge) may answer 200; nothing else may.
      if (succeeded === 0) expect(await server.snapshot(), `${route.method} ${route.path} wrote while refusing`).toEqual(before)
    }
  }, 240_000)

  test('Scenario: a signed-in user naming a foreign or malformed org is refused, and nothing is written', async () => {
    for (const route of apiRoutes()) {
      const before = await server.snapshot()
      let succeeded = 0
      const foreignOrg = fc.oneof(fc.constant(globexId), fc.uuid(), fc.string({ minLength: 1, maxLength: 50 }))
      await fc.assert(
        fc.asyncProperty(concretePath(route), query, foreignOrg, jsonBody, async (path, q, org, body) => {
          const response = await send(route, path + q, { authorization: `Bearer ${agentToken}`, 'x-org-id': org }, body)
          if ((await expectNoServerError(route, path, response)) < 400) succeeded++
        }),
        { numRuns: 8 },
      )
      if (succeeded === 0) expect(await server.snapshot(), `${route.method} ${route.path} wrote while refusing`).toEqual(before)
    }
  }, 240_000)

  test('Scenario: a member of another tenant naming Acme gets a refusal that names nothing of Acme', async () => {
    const acmeId = await server.orgId('Acme Support')
    const outsider = await server.signIn('newbie@initech.test')
    const secrets = ['Acme', 'acme.test', acmeId]
    const answered: string[] = []
    for (const route of apiRoutes()) {
      const path = route.path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, acmeId)
      const response = await send(route, path, { authorization: `Bearer ${outsider.access_token}`, 'x-org-id': acmeId }, '{}')
      const text = await response.text()
      const label = `${route.method} ${path} → ${response.status}`
      // 200 only for the public reads (health, bot-check config and challenge), which carry no tenant data.
      // 409 only where the caller's own account answers (their address is already confirmed).
      const personal = route.path === '/api/users/me/confirm-email/resend' ? [409] : []
      expect([200, 400, 401, 403, 404, ...personal], label).toContain(response.status)
      for (const secret of secrets) expect(text, label).not.toContain(secret)
      if (response.status === 200) answered.push(`${route.method} ${route.path}`)
    }
    expect(answered.sort()).toEqual(PUBLIC_READS)
  })

  test('Scenario: a signed-in member sending random bodies, queries, ids and Host headers never gets a server error, nor a hostile host back', async () => {
    for (const route of apiRoutes()) {
      if (isStream(route)) continue // a valid stream request never ends; its refusals are fuzzed above
      await fc.assert(
        fc.asyncProperty(concretePath(route), query, jsonBody, fc.option(hostileHost, { nil: undefined }), async (path, q, body, host) => {
          const response = await send(route, path + q, { ...adminAcme, host }, body)
          const echoed = host === undefined ? false : (await response.clone().text()).includes(host.replace(/:\d+$/, ''))
          expect(echoed, `${route.method} ${path} echoed the Host header ${host}`).toBe(false)
          await expectNoServerError(route, path, response)
        }),
        { numRuns: 8 },
      )
    }
    expect(server.loggedErrors).toEqual([])
  }, 240_000)

  test("Scenario: the notification list's cursor: garbled and hostile ones answer 400, well-formed ones 200, never a server error, and nothing is written", async () => {
    const base64url = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')
    const at = fc.oneof(
      fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().replace('Z', '123Z')),
      hostileText,
    )
    const cursor = fc.oneof(
      hostileText,
      fc.jsonValue().map(base64url),
      fc.tuple(fc.constantFrom('c', 's', 'x', ''), at, fc.oneof(fc.uuid(), hostileText)).map(base64url),
      fc.string({ unit: fc.constantFrom(...'ABCabc019-_'), maxLength: 400 }),
    )
    const before = await server.snapshot()
    await fc.assert(
      fc.asyncProperty(cursor, fc.constantFrom('', '&view=snoozed', '&view=archived&category=alert', '&page=2', '&limit=0'), async (value, rest) => {
        const path = `/api/common-services/notifications?cursor=${encodeSegment(value)}${rest}`
        const response = await send({ method: 'GET', path: '/api/common-services/notifications' }, path, adminAcme, undefined)
        const status = await expectNoServerError({ method: 'GET', path }, path, response)
        expect([200, 400], path).toContain(status)
      }),
      { numRuns: 150 },
    )
    expect(await server.snapshot()).toEqual(before)
    expect(server.loggedErrors).toEqual([])
  }, 120_000)
})

describe('API fuzz: list search and paging parameters', () => {
  /** A base64url text that decodes to JSON of any shape: forged cursors. */
  const forgedCursor = fc.jsonValue({ stringUnit: 'binary' }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null', 'utf8').toString('base64url'))
  const pagingValue = fc.oneof(hostileText, forgedCursor, fc.integer({ min: -1000, max: 1000 }).map(String), fc.constantFrom('', '0', '201', '1e2', '50.0', ' 50', '%', '_', '\\'))

  test('Scenario: the members list’s q, cursor and limit, and the person filter’s q, never get a server error; bad ones a 400 invalid_request', async () => {
    // The pending invitations take cursor and limit (q is ignored there).
    const routes = ['/api/organizations/members', '/api/organizations/audit-log/actors', '/api/organizations/invitations']
    for (const path of routes) {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom('q', 'cursor', 'limit'), pagingValue, { maxKeys: 3 }), async (params) => {
          const search = new URLSearchParams(params).toString()
          const response = await server.request('GET', `${path}${search === '' ? '' : `?${search}`}`, { headers: adminAcme })
          const label = `${path}?${search} → ${response.status}`
          const body = (await response.json()) as unknown
          if (response.status === 200) return
          expect(response.status, label).toBe(400)
          const error = validate(ApiErrorBody, body)
          expect(error.ok && error.value.error.code, label).toBe('invalid_request')
        }),
        { numRuns: 40 },
      )
    }
    expect(server.loggedErrors).toEqual([])
  }, 180_000)
})
