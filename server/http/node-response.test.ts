/**
 * The headers every response carries, as a browser gets them from node:http (@hono/node-server):
 * written on the node response before the handler runs (./node-response.ts), with the handler's
 * own taking precedence. The in-process path (`app.request`) is covered by server/app.test.ts and
 * server/log.test.ts.
 */
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestHeader } from './node-response.ts'
import { requestContext } from './request-context.ts'
import { CONTENT_SECURITY_POLICY, securityHeaders } from './security.ts'

const OWN_POLICY = "default-src 'none'; sandbox"

let server: Server
let base = ''

beforeAll(async () => {
  const app = new Hono()
  app.use('*', securityHeaders())
  app.use('/api/*', requestContext())
  app.get('/api/plain', (c) => c.json({ ok: true }))
  app.get('/api/own-policy', (c) => c.body('file', 200, { 'Content-Security-Policy': OWN_POLICY, 'Content-Type': 'text/plain' }))
  app.get('/api/cached', (c) => c.json({ ok: true }, 200, { 'Cache-Control': 'no-store, private' }))
  app.get('/api/fails', () => {
    throw new Error('boom')
  })
  app.get('/page', (c) => c.html('<p>page</p>'))
  app.get('/api/header', (c) => c.json({ authorization: requestHeader(c, 'authorization') ?? null, org: requestHeader(c, 'x-org-id') ?? null }))
  app.onError((_error, c) => c.json({ error: { code: 'internal_error', message: 'Something went wrong.', issues: [] } }, 500))
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('headers on every response served by node:http', () => {
  it.each(['/api/plain', '/api/fails', '/api/nothing-here', '/page'])('%s carries the security headers', async (path) => {
    const response = await fetch(`${base}${path}`)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(response.headers.get('cache-control')).toBe(path.startsWith('/api/') ? 'no-store' : null)
  })

  it("keeps a handler's own Content-Security-Policy and its own (as strict) Cache-Control", async () => {
    const own = await fetch(`${base}/api/own-policy`)
    expect(own.headers.get('content-security-policy')).toBe(OWN_POLICY)
    expect(own.headers.get('x-frame-options')).toBe('DENY')
    expect(await own.text()).toBe('file')
    expect((await fetch(`${base}/api/cached`)).headers.get('cache-control')).toBe('no-store, private')
  })

  it('gives each API answer a request id: a safe incoming one is kept, anything else replaced; errors too', async () => {
    expect((await fetch(`${base}/api/plain`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect((await fetch(`${base}/api/plain`, { headers: { 'x-request-id': 'lb-1234_abc=' } })).headers.get('x-request-id')).toBe('lb-1234_abc=')
    expect((await fetch(`${base}/api/plain`, { headers: { 'x-request-id': 'x INFO forged' } })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect((await fetch(`${base}/api/plain`, { headers: { 'x-request-id': 'a'.repeat(65) } })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const failed = await fetch(`${base}/api/fails`)
    expect(failed.status).toBe(500)
    expect(failed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    // Pages are not API answers: no id.
    expect((await fetch(`${base}/page`)).headers.get('x-request-id')).toBeNull()
  })

  it('reads request headers as c.req.header does: absent is undefined, repeated ones joined', async () => {
    const read = async (headers: [string, string][]) => (await fetch(`${base}/api/header`, { headers })).json()
    expect(await read([])).toEqual({ authorization: null, org: null })
    expect(await read([['Authorization', 'Bearer abc'], ['X-Org-Id', 'o1']])).toEqual({ authorization: 'Bearer abc', org: 'o1' })
    // Two values of one header reach the reader joined, as Headers joins them: no bearer token.
    expect(await read([['authorization', 'Bearer a'], ['authorization', 'Bearer b']])).toEqual({ authorization: 'Bearer a, Bearer b', org: null })
  })
})
