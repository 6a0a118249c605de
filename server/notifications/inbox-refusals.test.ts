/**
 * The inbox endpoints refuse what is not theirs to do, and write nothing when they refuse:
 * another person's, another org's and an unknown notification answer 404 alike; not a member 403;
 * no token 401; bad bodies and list parameters 400 with issues (413 over the size limit); random
 * `until`, `before`, `view` and `category` values never cause a server error. What the endpoints
 * do is in inbox.test.ts.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { agentId, acmeId, adminId, as, BASE, globexId, initechId, iso, MINUTE, put, resetNotifications, server, useInboxServer } from './inbox.fixtures.ts'

useInboxServer()

describe('tenant isolation and bad input on every new endpoint', () => {
  const idRoutes = (id: string, until: string): Array<[string, string, unknown]> => [
    ['PUT', `/${id}/unread`, undefined],
    ['PUT', `/${id}/archive`, undefined],
    ['PUT', `/${id}/restore`, undefined],
    ['PUT', `/${id}/snooze`, { until }],
    ['DELETE', `/${id}/snooze`, undefined],
  ]

  test("Scenario: another person's, another org's and an unknown id answer 404 like each other, and nothing is written", async () => {
    const [agentNote] = await resetNotifications(agentId, acmeId, 1)
    const [globexNote] = await resetNotifications(adminId, globexId, 1)
    const adminAcme = await as(adminId, acmeId)
    const before = await server.snapshot()
    const until = iso(server.clock.ms + MINUTE)
    for (const id of [agentNote, globexNote, 'no-such-id']) {
      for (const [method, path, body] of idRoutes(id as string, until)) {
        const response = await server.request(method, `${BASE}${path}`, { headers: adminAcme, ...(body === undefined ? {} : { body }) })
        expect(response.status, `${method} ${path}`).toBe(404)
        expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'There is no such notification.', issues: [] } })
      }
    }
    expect(await server.snapshot()).toEqual(before)
  })

  test('Scenario: not a member of the org 403 and nothing written; no token 401', async () => {
    const [id] = await resetNotifications(agentId, acmeId, 2)
    const outsider = await as(agentId, initechId)
    const before = await server.snapshot()
    const until = iso(server.clock.ms + MINUTE)
    const all: Array<[string, string, unknown]> = [
      ...idRoutes(id as string, until),
      ['PUT', '/seen', {}],
      ['PUT', '/archive-read', undefined],
      ['GET', '/counts', undefined],
      ['GET', '?view=archived', undefined],
    ]
    for (const [method, path, body] of all) {
      const opts = body === undefined ? {} : { body }
      expect((await server.request(method, `${BASE}${path}`, { headers: outsider, ...opts })).status, `${method} ${path}`).toBe(403)
      expect((await server.request(method, `${BASE}${path}`, opts)).status, `${method} ${path}`).toBe(401)
    }
    expect(await server.snapshot()).toEqual(before)
  })

  test('Scenario: bad bodies (NUL, lone surrogates, bad ISO, wrong types, not JSON) are 400 with issues; a body over the limit 413; nothing written', async () => {
    const headers = await as(agentId, acmeId)
    await resetNotifications(agentId, acmeId, 2)
    const before = await server.snapshot()
    for (const body of [{ before: 'yesterday' }, { before: 'a\u0000' }, { before: '\uDC00' }, { before: 5 }, { before: null }, '{"before":', '[1]', 'null']) {
      const response = await put(headers, '/seen', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      const error = ((await response.json()) as { error: { code: string; message: string; issues: unknown[] } }).error
      expect(error.code).toBe('invalid_request')
      expect(error.issues.length).toBeGreaterThan(0)
    }
    const huge = await put(headers, '/seen', { before: 'x'.repeat(70 * 1024) })
    expect(huge.status).toBe(413)
    expect(((await huge.json()) as { error: { code: string; issues: unknown[] } }).error).toMatchObject({ code: 'invalid_request', issues: [expect.anything()] })
    // A NUL or lone surrogate in a path id is refused before any query (server/http/address.ts).
    for (const id of ['a%00b', '%ED%A0%80']) expect((await put(headers, `/${id}/archive`)).status).toBe(400)
    expect(await server.snapshot()).toEqual(before)
  })

  test('Scenario: a bad view or category is 400 with issues at ["view"] / ["category"]', async () => {
    const headers = await as(agentId, acmeId)
    for (const [query, field] of [
      ['?view=all', 'view'],
      ['?view=', 'view'],
      ['?view=INBOX', 'view'],
      ['?category=messages', 'category'],
      ['?category=a%00', 'category'],
    ] as const) {
      const response = await server.request('GET', `${BASE}${query}`, { headers })
      expect(response.status, query).toBe(400)
      const issues = ((await response.json()) as { error: { issues: Array<{ path: unknown[] }> } }).error.issues
      if (!query.includes('%00')) expect(issues.map((i) => i.path[0]), query).toContain(field)
    }
  })
})

describe('fuzz: the new bodies and list parameters', () => {
  const hostile = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    fc.constantFrom('a\u0000b', '\uD800', '2026-02-30T00:00:00Z', '9999-12-31T23:59:59Z', '1970-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', ''),
  )
  test('Scenario: random `until`, `before`, `view` and `category` never give a server error; a refusal writes nothing', async () => {
    const headers = await as(agentId, acmeId)
    const [id] = await resetNotifications(agentId, acmeId, 1)
    await fc.assert(
      fc.asyncProperty(hostile, fc.constantFrom('until', 'before', 'view', 'category'), async (value, field) => {
        const before = await server.snapshot()
        const response =
          field === 'until'
            ? await put(headers, `/${id}/snooze`, { until: value })
            : field === 'before'
              ? await put(headers, '/seen', { before: value })
              : await server.request('GET', `${BASE}?${new URLSearchParams({ [field]: value })}`, { headers })
        expect(response.status, `${field}=${JSON.stringify(value)}`).toBeLessThan(500)
        if (response.status >= 400) {
          expect(((await response.json()) as { error: { issues: unknown[] } }).error.issues.length).toBeGreaterThan(0)
          expect(await server.snapshot()).toEqual(before)
        }
      }),
      { numRuns: 60 },
    )
    expect(server.loggedErrors).toEqual([])
  })
})
