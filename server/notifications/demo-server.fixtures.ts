/**
 * The notification tests' shared server (notifications.test.ts, stream.test.ts): call
 * `useDemoServer()` at the top of a test file; the `let` exports are live bindings, set once the
 * server is up: the demo admin's access token and headers in Acme Support and Globex, the demo
 * agent's headers in Acme Support, and both workspaces' ids. `list` reads the notification list
 * as the given headers' caller and checks it against the contract.
 */
import { afterAll, beforeAll, expect } from 'vitest'
import { NotificationsPage } from '../../contract/notifications.ts'
import { validate } from '../../contract/validate.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

export let server: TestServer
export let admin: { token: string; acme: Record<string, string>; globex: Record<string, string> }
export let agentAcme: Record<string, string>
export let acmeId: string
export let globexId: string

/** Starts one seeded test server for the calling test file and closes it after the file. */
export function useDemoServer(): void {
  beforeAll(async () => {
    server = await startTestServer()
    acmeId = await server.orgId('Acme Support')
    globexId = await server.orgId('Globex')
    const a = await server.signIn('admin@acme.test')
    admin = { token: a.access_token, acme: server.authHeaders(a.access_token, acmeId), globex: server.authHeaders(a.access_token, globexId) }
    agentAcme = server.authHeaders((await server.signIn('agent@acme.test')).access_token, acmeId)
  })
  afterAll(() => server.close())
}

/** `GET /api/common-services/notifications{query}` as `headers`' caller: 200 and a contract-valid page. */
export async function list(headers: Record<string, string>, query = ''): Promise<NotificationsPage> {
  const response = await server.request('GET', `/api/common-services/notifications${query}`, { headers })
  expect(response.status).toBe(200)
  const body = (await response.json()) as NotificationsPage
  expect(validate(NotificationsPage, body).ok).toBe(true)
  return body
}
