/**
 * The OpenAPI document (`GET /api/openapi.json`, contract/openapi.ts) and the routes agree: every
 * operation it lists is a route the app serves with that method and path, every contract endpoint
 * is in it with its parameters, body and answers, and every `$ref` points at a schema it holds.
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { allEndpoints } from '../contract/all-endpoints.ts'
import { answeredErrors } from '../contract/endpoint.ts'
import { ERROR_STATUS, openApiDocument, openApiPath, type OpenApiDocument } from '../contract/openapi.ts'
import { createApp } from './app.ts'
import { importSigningKey } from './auth/access-token.ts'
import type { Database } from './db/client.ts'
import { TEST_CONFIG } from './test/harness.ts'
import type { LocalUploadStorage } from './uploads/local.ts'

async function served(): Promise<{ document: OpenApiDocument; routes: Set<string>; contentType: string | null }> {
  const app = createApp({
    // Never queried: the document is made from the contract alone.
    db: {} as Database,
    driver: 'pglite',
    config: TEST_CONFIG,
    signingKey: await importSigningKey(randomBytes(32)),
    uploadStorage: { receive: async () => {} } as unknown as LocalUploadStorage,
  })
  const response = await app.request('/api/openapi.json')
  expect(response.status).toBe(200)
  const routes = new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${openApiPath(r.path)}`))
  return { document: (await response.json()) as OpenApiDocument, routes, contentType: response.headers.get('content-type') }
}

/** Every `$ref` string anywhere inside `value`. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn)
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner)))
}

describe('GET /api/openapi.json', () => {
  test('Scenario: an OpenAPI 3.1 document whose every operation is a route the app serves, and every contract endpoint is one of its operations', async () => {
    const { document, routes, contentType } = await served()
    expect(contentType).toMatch(/^application\/json/)
    expect(document).toMatchObject({ openapi: '3.1.0', info: { title: 'Engage API', version: TEST_CONFIG.appVersion } })
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    expect(operations.filter((operation) => !routes.has(operation))).toEqual([])
    const expected = Object.values(allEndpoints).map((d) => `${d.method} /api${openApiPath(d.path)}`)
    expect([...operations].sort()).toEqual([...expected].sort())
  })

  test('Scenario: each operation carries its path parameters, body, success answer and every error it may answer', async () => {
    const { document } = await served()
    for (const [name, d] of Object.entries(allEndpoints)) {
      const operation = document.paths[`/api${openApiPath(d.path)}`]?.[d.method.toLowerCase()] as {
        operationId: string
        parameters?: Array<{ name: string; in: string }>
        requestBody?: unknown
        responses: Record<string, unknown>
        security?: unknown
      }
      expect(operation.operationId, name).toBe(name)
      for (const param of d.params) expect(operation.parameters?.some((p) => p.in === 'path' && p.name === param), `${name} ${param}`).toBe(true)
      expect(operation.requestBody !== undefined, name).toBe(d.body !== undefined)
      expect(Object.keys(operation.responses), name).toContain(String(d.status))
      for (const code of answeredErrors(d)) expect(Object.keys(operation.responses), `${name} ${code}`).toContain(String(ERROR_STATUS[code]))
      expect(operation.security === undefined, name).toBe(d.access === 'public')
    }
  })

  test('Scenario: every reference resolves to a schema of the document, and the document is the one the contract makes', async () => {
    const { document } = await served()
    const missing = refsIn(document).filter((ref) => !(ref.replace('#/components/schemas/', '') in document.components.schemas))
    expect(missing).toEqual([])
    expect(document).toEqual(JSON.parse(JSON.stringify(openApiDocument(allEndpoints, TEST_CONFIG.appVersion))))
    // A sample: sign-in's body names its fields and which are required.
    const signIn = document.paths['/api/users/signin']?.['post'] as { requestBody: { content: { 'application/json': { schema: { required: string[] } } } } }
    expect(signIn.requestBody.content['application/json'].schema.required).toEqual(['email', 'password'])
  })
})
