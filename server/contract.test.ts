/**
 * The browser and the server agree on every endpoint: each route the app registers under /api
 * is a contract definition (contract/all-endpoints.ts), or one of the listed exceptions, and
 * each definition is registered with its method and path. The browser's side is checked in
 * src/api/endpoints.contract.test.ts; the types agree by construction (both read the same
 * definition objects).
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { allEndpoints } from '../contract/all-endpoints.ts'
import { authApi } from '../contract/api.ts'
import { answeredErrors, type PathParams } from '../contract/endpoint.ts'
import { notificationsApi } from '../contract/notifications.ts'
import { Hono } from 'hono'
import { createApp } from './app.ts'
import { contractRoutes } from './http/route.ts'
import { importSigningKey } from './auth/access-token.ts'
import type { Database } from './db/client.ts'
import type { LocalUploadStorage } from './uploads/local.ts'
import { TEST_CONFIG } from './test/harness.ts'

/** Routes served under /api that are deliberately not contract endpoints, each with why. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  'GET /api/common-services/notifications/stream':
    'Server-Sent Events opened by the browser’s EventSource with a ticket in the query, not a JSON call (contract notificationsApi.streamTicket issues the ticket)',
  'GET /api/users/bot-check/challenge': 'fetched by the ALTCHA widget itself (its challengeurl), in altcha-lib’s challenge format',
  'PUT /api/data-storage/uploads/:key': 'the embedded storage’s signed upload URL: raw file bytes, mounted before the API’s body limit',
  'GET /api/data-storage/files/:key/:name': 'the embedded storage’s served file: raw bytes, not JSON',
  'GET /api/openapi.json': 'the OpenAPI document describing these endpoints, made from the contract (contract/openapi.ts)',
  'GET /api/health': 'liveness probe for the orchestrator, not called by the browser',
  'GET /api/health/ready': 'readiness probe for the load balancer, not called by the browser',
  'GET /api/internal/bug-reports': 'the operator’s key-protected API for the admin CLI (server/admin), not the browser’s',
  'GET /api/internal/mail': 'the operator’s key-protected API for the admin CLI',
  'POST /api/internal/mail/:id/retry': 'the operator’s key-protected API for the admin CLI',
  'POST /api/internal/notifications': 'the operator’s key-protected API for the admin CLI',
  'GET /api/internal/waitlist': 'the operator’s key-protected API for the admin CLI',
  'POST /api/internal/waitlist/approve': 'the operator’s key-protected API for the admin CLI',
}

/** Every `METHOD /api/path` the app registers (middleware, registered for every method, left out). */
async function registeredRoutes(): Promise<Set<string>> {
  const app = createApp({
    // Never queried: building the app touches no database.
    db: {} as Database,
    driver: 'pglite',
    config: TEST_CONFIG,
    signingKey: await importSigningKey(randomBytes(32)),
    // Only its presence matters here: the embedded storage's own routes are then served too.
    uploadStorage: { receive: async () => {} } as unknown as LocalUploadStorage,
  })
  return new Set(app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`))
}

describe('contract', () => {
  test('Scenario: every contract endpoint is served with its method and path', async () => {
    const registered = await registeredRoutes()
    const missing = Object.entries(allEndpoints)
      .filter(([, d]) => !registered.has(`${d.method} /api${d.path}`))
      .map(([name, d]) => `${name}: ${d.method} ${d.path}`)
    expect(missing).toEqual([])
  })

  test('Scenario: every route under /api is a contract endpoint or a listed exception', async () => {
    const registered = await registeredRoutes()
    const declared = new Set(Object.values(allEndpoints).map((d) => `${d.method} /api${d.path}`))
    const undeclared = [...registered].filter((r) => !declared.has(r) && !(r in EXCEPTIONS))
    expect(undeclared).toEqual([])
    // The list does not outlive its routes, nor name a route the contract has since declared.
    const stale = Object.keys(EXCEPTIONS).filter((r) => !registered.has(r) || declared.has(r))
    expect(stale).toEqual([])
  })

  test('Scenario: definitions are one per method and path, under /api, with their params and a coherent status', () => {
    const seen = new Map<string, string>()
    for (const [name, d] of Object.entries(allEndpoints)) {
      const key = `${d.method} ${d.path}`
      expect(seen.get(key), `${name} repeats ${key}`).toBeUndefined()
      seen.set(key, name)
      expect(d.path, name).toMatch(/^\/(?!api\/)[a-z0-9\-./:]*[a-z0-9]$/i)
      expect(d.params, name).toEqual([...d.path.matchAll(/:(\w+)/g)].map((m) => m[1]))
      expect(d.status === 204, `${name}: 204 exactly when the answer is Void`).toBe(d.response !== 'file' && d.response.ast._tag === 'Void')
      if (d.method === 'GET' || d.method === 'DELETE') expect(d.body, `${name}: a ${d.method} reads no body`).toBeUndefined()
      if (d.access === 'token') expect(answeredErrors(d), name).toContain('unauthorized')
    }
  })

  test('Scenario: a handler is typed by its definition: its input, and the answer it may give', () => {
    const app = new Hono()
    const route = contractRoutes(app, '/common-services')
    route(notificationsApi.snooze, [], (_c, { params, body }) => {
      const until: string = body.until
      // @ts-expect-error the path has no :userId
      expect(params.userId).toBeUndefined()
      expect([params.id, until]).toBeDefined()
    })
    // @ts-expect-error counts answers NotificationCounts, not a list page
    route(notificationsApi.counts, [], () => ({ notifications: [], unread_count: 0, hasMore: false }))
    // A definition outside the module's mount is refused when the app is built.
    expect(() => route(authApi.logout, [], () => ({ url: '/signin' }))).toThrow('POST /users/logout is not under the routes module')
  })

  test('Scenario: path parameter names are inferred from the path', () => {
    const names: PathParams<'/organizations/members/:userId/invitation/resend'> = 'userId'
    const two: Array<PathParams<'/a/:key/b/:name'>> = ['key', 'name']
    // @ts-expect-error a path without placeholders has no params
    const none: PathParams<'/users/me'> = 'id'
    expect([names, two, none]).toBeDefined()
  })
})
