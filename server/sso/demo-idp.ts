/**
 * The embedded demo identity provider (docs/decisions.md "oidc-provider as the demo provider"):
 * an OpenID Connect provider (`oidc-provider` v9) on the loopback, so single sign-on works on the
 * first `npm start` without any outside service. It knows one client, registered for the seeded
 * Umbrella workspace, and a few demo people ({@link DEMO_IDP_ACCOUNTS}) who sign in on its own
 * page with their email and `demo-password`.
 *
 * Its login page is ours (oidc-provider's development interactions accept any password): an email
 * and a password, 'Sign in' and 'Cancel' (which answers `error=access_denied`). Consent is implied
 * for its one, first-party client. Keys (signing, cookies) are generated at each start: the demo
 * keeps no state across restarts. Development only: SSO_DEMO_IDP=off (the default in production)
 * leaves it out.
 */
import { generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type KoaContextWithOidc } from 'oidc-provider'

/** A person the demo provider knows: its subject (stable), email and name. */
export interface DemoIdpAccount {
  readonly sub: string
  email: string
  readonly name: string
  readonly password: string
}

/**
 * The demo people: the seeded SSO member of Umbrella, and a person Engage has never seen, who is
 * created in Umbrella at their first sign-in (just-in-time).
 */
export const DEMO_IDP_ACCOUNTS: ReadonlyArray<DemoIdpAccount> = [
  { sub: 'umbrella-sara', email: 'sso@umbrella.test', name: 'Sara Sso', password: 'demo-password' },
  { sub: 'umbrella-nova', email: 'new@umbrella.test', name: 'Nova New', password: 'demo-password' },
]

/** The client id the demo provider registers for Umbrella. */
export const DEMO_IDP_CLIENT_ID = 'engage-umbrella'

export interface DemoIdpOptions {
  /** Interface to listen on; the loopback. */
  readonly host?: string
  /** TCP port; 0 picks a free one. */
  readonly port: number
  /** Where the client may be sent back to (Engage's `<public origin>/sso/callback`). */
  readonly redirectUris: ReadonlyArray<string>
  /** The people it knows; a mutable list (tests change an email between two sign-ins). Defaults to {@link DEMO_IDP_ACCOUNTS}. */
  readonly accounts?: DemoIdpAccount[]
}

/** A running demo provider. */
export interface DemoIdp {
  /** Its issuer URL (`http://127.0.0.1:<port>`). */
  readonly issuer: string
  readonly clientId: string
  /** Generated at each start. */
  readonly clientSecret: string
  close(): Promise<void>
}

/** HTML-escapes text put into the login page. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch)

/** Reads a small urlencoded form body (at most 4 kB). */
async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = ''
  for await (const chunk of req) {
    body += String(chunk)
    if (body.length > 4096) throw new Error('form too large')
  }
  return new URLSearchParams(body)
}

/** Whether two strings are equal, in time independent of where they differ. */
function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** The login page: plain HTML, every value escaped, no script. */
function loginPage(uid: string, email: string, error: string | undefined): string {
  const action = `/interaction/${encodeURIComponent(uid)}`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Umbrella identity provider (demo)</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f5;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 4px #0002;width:min(22rem,90vw)}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
.actions{display:flex;gap:.5rem;margin-top:1.25rem}button{padding:.5rem 1rem;font-size:1rem}
p[role=alert]{color:#b91c1c}small{color:#52525b}</style></head>
<body><main>
<h1>Umbrella identity provider</h1>
<p><small>A demo provider built into Engage. Demo people: sso@umbrella.test and new@umbrella.test, password demo-password.</small></p>
${error === undefined ? '' : `<p role="alert">${escapeHtml(error)}</p>`}
<form method="post" action="${escapeHtml(`${action}/login`)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required ${email === '' ? '' : 'autofocus'}>
<div class="actions"><button type="submit">Sign in</button><button type="submit" formaction="${escapeHtml(`${action}/abort`)}" formnovalidate>Cancel</button></div>
</form></main></body></html>`
}

/**
 * Starts the demo provider and resolves once it listens.
 * @throws the listen error (EADDRINUSE when `port` is taken).
 */
export async function startDemoIdp(options: DemoIdpOptions): Promise<DemoIdp> {
  const host = options.host ?? '127.0.0.1'
  const accounts = options.accounts ?? DEMO_IDP_ACCOUNTS.map((a) => ({ ...a }))
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503
    res.end()
  }
  const server = createServer((req, res) => handler(req, res))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const issuer = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  const clientSecret = randomBytes(32).toString('base64url')
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: DEMO_IDP_CLIENT_ID,
        client_secret: clientSecret,
        client_name: 'Engage (Umbrella)',
        redirect_uris: [...options.redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.find((a) => a.sub === sub)
      if (account === undefined) return undefined
      return { accountId: sub, claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name }) }
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    // The ID token carries the email and name (the relying party reads no userinfo).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // Seconds: a sign-in takes minutes; nothing here needs to outlive a demo session.
    ttl: { AuthorizationCode: 60, Interaction: 600, Grant: 3600, Session: 3600, AccessToken: 600, IdToken: 600 },
    jwks: { keys: [signingKey] },
    // Its one client is Engage itself: consent is implied.
    async loadExistingGrant(ctx: KoaContextWithOidc) {
      const { oidc } = ctx
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId)
      if (grantId !== undefined) return oidc.provider.Grant.find(grantId)
      const grant = new oidc.provider.Grant({ accountId: oidc.session.accountId, clientId: oidc.client.clientId })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
  })
  const callback = provider.callback()
  const formTargets = [...new Set(options.redirectUris.map((uri) => new URL(uri).origin))].join(' ')

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, action: string): Promise<void> => {
    const details = await provider.interactionDetails(req, res)
    if (details.uid !== uid) throw new Error('interaction mismatch')
    const hint = typeof details.params['login_hint'] === 'string' ? details.params['login_hint'] : ''
    const page = (email: string, error?: string) => {
      res.statusCode = error === undefined ? 200 : 401
      res.setHeader('content-type', 'text/html; charset=utf-8')
      res.setHeader('cache-control', 'no-store')
      // form-action also governs the redirects after the form: back to the provider, then to Engage.
      res.setHeader('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${formTargets}; frame-ancestors 'none'`)
      res.end(loginPage(uid, email, error))
    }
    if (req.method === 'GET' && action === '') return page(hint)
    if (req.method === 'POST' && action === '/abort') {
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person cancelled the sign-in.' }, { mergeWithLastSubmission: false })
    }
    if (req.method === 'POST' && action === '/login') {
      const form = await readForm(req)
      const email = (form.get('email') ?? '').trim().toLowerCase()
      const account = accounts.find((a) => a.email === email)
      if (account === undefined || !sameText(form.get('password') ?? '', account.password)) return page(email, 'Incorrect email or password.')
      return provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false })
    }
    res.statusCode = 404
    res.end()
  }

  handler = (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(new URL(req.url ?? '/', issuer).pathname)
    if (match === null) return callback(req, res)
    interaction(req, res, match[1] ?? '', match[2] ?? '').catch(() => {
      if (res.headersSent) return res.end()
      res.statusCode = 400
      res.setHeader('content-type', 'text/plain; charset=utf-8')
      res.end('This sign-in has expired. Go back to Engage and start single sign-on again.')
    })
  }

  return {
    issuer,
    clientId: DEMO_IDP_CLIENT_ID,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
