/**
 * What the single sign-on tests share: a test server, a real demo provider (oidc-provider) on the
 * loopback registered for its `http://localhost/sso/callback`, Umbrella connected to it, and a
 * browser's walk through the provider's pages (cookies kept, redirects followed by hand).
 */
import { eq } from 'drizzle-orm'
import { DEMO_PASSWORD } from '../admin/seed.ts'
import { ssoPending } from '../db/schema.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { DEMO_IDP_ACCOUNTS, type DemoIdp, type DemoIdpAccount, startDemoIdp } from './demo-idp.ts'
import { connectDemoWorkspace } from './demo-setup.ts'
import { createSsoSecretBox } from './secret.ts'

/** The people the test provider knows: the demo ones, and someone asserting an Acme admin's email. */
export function testAccounts(): DemoIdpAccount[] {
  return [
    ...DEMO_IDP_ACCOUNTS.map((a) => ({ ...a })),
    { sub: 'intruder-1', email: 'admin@acme.test', name: 'Not Ada', password: 'intruder-password' },
    { sub: 'umbrella-sam', email: 'sam@umbrella.test', name: 'Sam Umbrella', password: 'sam-password' },
  ]
}

export interface SsoWorld {
  readonly server: TestServer
  readonly idp: DemoIdp
  readonly accounts: DemoIdpAccount[]
  readonly umbrellaId: string
  close(): Promise<void>
}

/** A test server with Umbrella connected to a fresh demo provider (Sara linked, as at start-up). */
export async function startSsoWorld(): Promise<SsoWorld> {
  const server = await startTestServer()
  const accounts = testAccounts()
  const idp = await startDemoIdp({ port: 0, redirectUris: ['http://localhost/sso/callback'], accounts })
  const umbrellaId = await connectDemoWorkspace(server.handle.db, createSsoSecretBox(server.handle.db), idp, DEMO_IDP_ACCOUNTS)
  if (umbrellaId === undefined) throw new Error('Umbrella was not connected')
  return {
    server,
    idp,
    accounts,
    umbrellaId,
    async close() {
      await idp.close()
      await server.close()
    },
  }
}

/** A cookie jar over fetch with manual redirects. */
function browser() {
  const jar = new Map<string, string>()
  return async (url: URL, init: RequestInit = {}): Promise<Response> => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair?.indexOf('=') ?? -1
      if (pair !== undefined && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return response
  }
}

const locationOf = (response: Response, base: URL) => {
  const location = response.headers.get('location')
  if (location === null) throw new Error(`expected a redirect, got ${response.status}`)
  return new URL(location, base)
}

/**
 * Walks the provider from the authorization URL as a person would: its login page, the email and
 * password (or 'Cancel'), until it sends the browser back to Engage. Resolves with that URL
 * (`http://localhost/sso/callback?code=...&state=...&iss=...`).
 */
export async function throughProvider(authorizationUrl: string, person: { email: string; password?: string; cancel?: boolean }): Promise<URL> {
  const go = browser()
  let url = new URL(authorizationUrl)
  let response = await go(url)
  url = locationOf(response, url)
  response = await go(url)
  if (response.status !== 200) throw new Error(`the login page answered ${response.status}`)
  await response.text()
  const form = new URLSearchParams({ email: person.email, password: person.password ?? DEMO_PASSWORD })
  response = await go(new URL(`${url.pathname}/${person.cancel === true ? 'abort' : 'login'}`, url), {
    method: 'POST',
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  if (response.status === 401) throw new Error('the provider refused the password')
  for (let hops = 0; hops < 5; hops++) {
    url = locationOf(response, url)
    if (url.origin === 'http://localhost') return url
    response = await go(url)
  }
  throw new Error('the provider never sent the browser back')
}

/** `POST /api/users/sso/start` for `email`; throws unless it answers a URL. */
export async function startSso(server: TestServer, email: string, redirect?: string): Promise<string> {
  const response = await server.request('POST', '/api/users/sso/start', { body: { email, ...(redirect === undefined ? {} : { redirect }) } })
  if (response.status !== 200) throw new Error(`start answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { url: string }).url
}

/** Forwards the provider's return to `POST /api/users/sso/callback` as the SPA does. */
export function callback(server: TestServer, returned: URL, override: Record<string, string> = {}): Promise<Response> {
  const body: Record<string, string> = {}
  for (const name of ['code', 'state', 'iss']) {
    const value = returned.searchParams.get(name)
    if (value !== null) body[name] = value
  }
  return server.request('POST', '/api/users/sso/callback', { body: { ...body, ...override } })
}

/** Rewrites a field of every waiting sign-in attempt (a tampered nonce or verifier). */
export async function tamperAttempts(server: TestServer, field: 'nonce' | 'code_verifier', value: string): Promise<void> {
  const rows = await server.handle.db.select().from(ssoPending).where(eq(ssoPending.kind, 'login'))
  for (const row of rows) {
    await server.handle.db.update(ssoPending).set({ data: { ...row.data, [field]: value } }).where(eq(ssoPending.handleHash, row.handleHash))
  }
}
