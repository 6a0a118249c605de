/**
 * Test support for server/push: the real app on a fresh in-memory PGlite (migrated and seeded,
 * like server/test/harness.ts) with push options of the test's choosing (a fake sender, or the
 * real one with an allow-listed receiver), and the push service it built.
 */
import { eq } from 'drizzle-orm'
import type { SignInResponse } from '../../contract/api.ts'
import { loadInternalApiKey } from '../admin/runtime.ts'
import { createApp } from '../app.ts'
import { loadSigningKey } from '../auth/access-token.ts'
import { issueProof, loadProofKey } from '../botcheck/proof.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { organizations } from '../db/schema.ts'
import { DEMO_PASSWORD, prepareDatabase } from '../admin/seed.ts'
import { TEST_CONFIG } from './harness.ts'
import type { PushOptions, PushService } from '../push/service.ts'

export interface PushTestServer {
  readonly handle: DatabaseHandle
  readonly push: PushService
  readonly internalApiKey: string
  readonly loggedErrors: Array<{ message: string; error: unknown }>
  request(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<Response>
  /** Signs a demo user in and returns bearer + x-org-id headers for `orgName`. */
  headersFor(email: string, orgName: string): Promise<Record<string, string>>
  orgId(name: string): Promise<string>
  close(): Promise<void>
}

export async function startPushTestServer(push: PushOptions): Promise<PushTestServer> {
  const handle = await openDatabase({ memory: true })
  await prepareDatabase(handle)
  const signingKey = await loadSigningKey(handle.db, undefined)
  const { key: internalApiKey } = await loadInternalApiKey(handle.db, undefined)
  const loggedErrors: Array<{ message: string; error: unknown }> = []
  let service: PushService | undefined
  const app = createApp({
    db: handle.db,
    driver: handle.driver,
    config: TEST_CONFIG,
    signingKey,
    internalApiKey,
    push,
    onPushService: (s) => {
      service = s
    },
    logError: (message, error) => loggedErrors.push({ message, error }),
    logInfo: () => {},
  })
  const request: PushTestServer['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    let body: string | undefined
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    return app.request(path, { method, headers, body })
  }
  const orgId = async (name: string) => {
    const [row] = await handle.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name))
    if (row === undefined) throw new Error(`no org named ${name}`)
    return row.id
  }
  if (service === undefined) throw new Error('createApp did not build a push service')
  return {
    handle,
    push: service,
    internalApiKey,
    loggedErrors,
    request,
    orgId,
    async headersFor(email, orgName) {
      // A proof as a passed bot check answers it (sign-in requires one).
      const { proof } = issueProof(await loadProofKey(handle.db), Date.now())
      const response = await request('POST', '/api/users/signin', { body: { email, password: DEMO_PASSWORD, bot_check_proof: proof } })
      if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`)
      const { access_token } = (await response.json()) as SignInResponse
      return { authorization: `Bearer ${access_token}`, 'x-org-id': await orgId(orgName) }
    },
    close: () => handle.close(),
  }
}
