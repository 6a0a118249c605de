/**
 * The browser's API client (src/api/client.ts) against a real HTTP server on a free port: headers,
 * contract decoding, the error body, one refresh and retry on 401, unreachable servers and
 * downloads (SPEC §7, §8 "401 on any call"), all over the browser's fetch.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutlivingRequest } from '../platform/outliving.ts'
import { ApiError, type SessionPort, createApiClient } from './client.ts'

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void

let server: Server
let baseUrl = ''
let handler: Handler = (_req, _body, res) => res.end()
const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      handler(req, body, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(value))
}

/** A session whose token becomes `t2` after a refresh; counts refreshes. */
function session(initial: { accessToken: string; orgId: string | null } | null = { accessToken: 't1', orgId: 'org-1' }) {
  let credentials = initial
  const port: SessionPort & { refreshes: number } = {
    refreshes: 0,
    credentials: () => credentials,
    ensureFresh: async () => undefined,
    refreshAfterUnauthorized: async () => {
      port.refreshes += 1
      credentials = { accessToken: 't2', orgId: credentials?.orgId ?? null }
    },
  }
  return port
}

const Greeting = Schema.Struct({ hello: Schema.String })

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('createApiClient', () => {
  it('Scenario: sends the bearer, x-org-id, the JSON body and the query; answers the decoded body', async () => {
    seen.length = 0
    handler = (_req, _body, res) => json(res, 200, { hello: 'world', extra: 1 })
    const client = createApiClient({ baseUrl, session: session() })
    const value = await client.request({ method: 'POST', path: '/greet', body: { name: 'Ada' }, query: { ids: ['a', 'b'], page: 2 }, response: Greeting })
    expect(value).toEqual({ hello: 'world' })
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/greet?ids=a%2Cb&page=2', body: '{"name":"Ada"}' })
    expect(seen[0]?.headers).toMatchObject({ authorization: 'Bearer t1', 'x-org-id': 'org-1', 'content-type': 'application/json', accept: 'application/json' })
  })

  it('Scenario: a public call sends no credentials; a 204 answers undefined', async () => {
    seen.length = 0
    handler = (_req, _body, res) => res.writeHead(204).end()
    const client = createApiClient({ baseUrl, session: session() })
    expect(await client.request({ method: 'PUT', path: '/x', response: Schema.Void, authenticated: false })).toBeUndefined()
    expect(seen[0]?.headers.authorization).toBeUndefined()
    expect(seen[0]?.headers['x-org-id']).toBeUndefined()
  })

  it('Scenario: an error body becomes ApiError with its code, message and issues; a body that is not one says the status', async () => {
    handler = (_req, _body, res) => json(res, 400, { error: { code: 'invalid_request', message: 'Check the form', issues: [{ path: ['email'], message: 'Bad' }] } })
    const client = createApiClient({ baseUrl, session: session() })
    const error = await rejection(client.request({ method: 'GET', path: '/x', response: Greeting }))
    expect({ status: error.status, code: error.code, message: error.message, issues: error.issues }).toEqual({
      status: 400,
      code: 'invalid_request',
      message: 'Check the form',
      issues: [{ path: ['email'], message: 'Bad' }],
    })
    handler = (_req, _body, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>')
    const other = await rejection(client.request({ method: 'GET', path: '/x', response: Greeting }))
    expect([other.status, other.code, other.message]).toEqual([502, 'http_error', 'The server answered 502 to GET /x.'])
  })

  it('Scenario: an answer that does not match the contract, or is not JSON, is invalid_response', async () => {
    const client = createApiClient({ baseUrl, session: session() })
    handler = (_req, _body, res) => json(res, 200, { hello: 42 })
    expect((await rejection(client.request({ method: 'GET', path: '/x', response: Greeting }))).code).toBe('invalid_response')
    handler = (_req, _body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{not json')
    expect((await rejection(client.request({ method: 'GET', path: '/x', response: Greeting }))).code).toBe('invalid_response')
  })

  it('Scenario: a 401 refreshes once and retries with the new token; a second 401 is the error', async () => {
    seen.length = 0
    handler = (req, _body, res) => (req.headers.authorization === 'Bearer t2' ? json(res, 200, { hello: 'again' }) : json(res, 401, { error: { code: 'unauthorized', message: 'Expired', issues: [] } }))
    const port = session()
    const client = createApiClient({ baseUrl, session: port })
    expect(await client.request({ method: 'GET', path: '/x', response: Greeting })).toEqual({ hello: 'again' })
    expect(port.refreshes).toBe(1)
    expect(seen.map((r) => r.headers.authorization)).toEqual(['Bearer t1', 'Bearer t2'])

    handler = (_req, _body, res) => json(res, 401, { error: { code: 'unauthorized', message: 'Expired', issues: [] } })
    const error = await rejection(createApiClient({ baseUrl, session: session() }).request({ method: 'GET', path: '/x', response: Greeting }))
    expect([error.status, error.code]).toEqual([401, 'unauthorized'])
  })

  it('Scenario: signed out, an authenticated call fails without a request; a failed refresh is session_expired', async () => {
    seen.length = 0
    const signedOut = await rejection(createApiClient({ baseUrl, session: session(null) }).request({ method: 'GET', path: '/x', response: Greeting }))
    expect([signedOut.status, signedOut.code]).toEqual([401, 'session_expired'])
    expect(seen).toHaveLength(0)

    const port = session()
    port.ensureFresh = () => Promise.reject(new Error('refresh token reused'))
    const expired = await rejection(createApiClient({ baseUrl, session: port }).request({ method: 'GET', path: '/x', response: Greeting }))
    expect([expired.status, expired.code]).toEqual([401, 'session_expired'])
  })

  it('Scenario: an unreachable server is network_error (status 0)', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const error = await rejection(createApiClient({ baseUrl: `http://127.0.0.1:${port}/api`, session: session() }).request({ method: 'GET', path: '/x', response: Greeting }))
    expect([error.status, error.code]).toEqual([0, 'network_error'])
  })

  it('Scenario: a download keeps its bytes, type and a safe file name; a cut answer is network_error', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="../../audit.csv"' })
      res.end('a,b\n1,2\n')
    }
    const client = createApiClient({ baseUrl, session: session() })
    const file = await client.download({ method: 'GET', path: '/audit.csv' })
    expect([file.filename, file.data.type, await file.data.text()]).toEqual(['audit.csv', 'text/csv; charset=utf-8', 'a,b\n1,2\n'])

    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-length': '1000' })
      res.write('a,b\n')
      setTimeout(() => res.destroy(), 20)
    }
    const error = await rejection(client.download({ method: 'GET', path: '/audit.csv' }))
    expect([error.status, error.code]).toEqual([0, 'network_error'])
  })

  it('Scenario: a change made as the page closes is handed over whole, with the session; nothing reaches the server from the page', async () => {
    handler = (_req, _body, res) => res.writeHead(204).end()
    const handed: OutlivingRequest[] = []
    const client = createApiClient({ baseUrl, session: session(), handOver: (request) => (handed.push(request), true) })
    const before = seen.length
    const change = { method: 'PUT', path: '/n/1/snooze', body: { until: 'tomorrow' }, response: Schema.Void, keepalive: true, asPageCloses: true } as const
    await expect(client.request(change)).resolves.toBeUndefined()
    expect(seen.length).toBe(before)
    expect(handed).toEqual([
      {
        url: `${baseUrl.replace(/\/$/, '')}/n/1/snooze`,
        method: 'PUT',
        headers: { accept: 'application/json', authorization: 'Bearer t1', 'x-org-id': 'org-1', 'content-type': 'application/json' },
        body: '{"until":"tomorrow"}',
      },
    ])
    // The same change made while the page lives is the page's own request, answered by the server.
    await client.request({ ...change, asPageCloses: false })
    expect([handed.length, seen.at(-1)?.url]).toEqual([1, '/api/n/1/snooze'])
  })

  it('Scenario: with nothing to take it (no service worker yet), the page sends it itself', async () => {
    handler = (_req, _body, res) => res.writeHead(204).end()
    const client = createApiClient({ baseUrl, session: session(), handOver: () => false })
    await client.request({ method: 'DELETE', path: '/n/2', response: Schema.Void, asPageCloses: true })
    expect([seen.at(-1)?.method, seen.at(-1)?.url]).toEqual(['DELETE', '/api/n/2'])
  })
})
