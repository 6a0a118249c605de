/**
 * Single sign-on (OpenID Connect) per workspace (docs/api.md "Single sign-on"; SPEC.md §2.5
 * `/sso/callback`, §3 `is_sso_enabled`):
 *
 * - Workspace settings under `/api/organizations/sso` for members with ORGANIZATIONS update:
 *   read (never the secret), save and remove (both need a factor in the last 10 minutes, 403
 *   `reverification_required`, and write audit entries), and 'Test connection' (discovery).
 * - Sign-in under `/api/users/sso`: `start` (the email's domain picks the workspace; answers the
 *   provider's authorization URL), `callback` (the SPA's /sso/callback forwards the provider's
 *   `code`, `state` and `iss`; answers tokens, or that the account must be proved first) and `link`
 *   (the proof: the account's password, and its two-factor code when it has one), or
 *   `link/passkey/options` then `link/passkey` (the proof: one of the account's own passkeys).
 *
 * Order of answers on the settings routes: 401 / 400 (no x-org-id) / 403 (not a member, missing
 * permission) / 403 `reverification_required`, all before the body is read; then 400 for a bad
 * body; then 409 for a domain another workspace has. A refused request writes nothing.
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import * as client from 'openid-client'
import { ErrorCode } from '../../contract/api.ts'
import { isTotpCode } from '../../contract/twoFactor-codes.ts'
import { PASSKEY_MESSAGES, type RequestOptionsJSON } from '../../contract/passkeys.ts'
import { SSO_LINK_MESSAGES, SSO_MESSAGES, ssoApi as api, type SsoSettings } from '../../contract/sso.ts'
import { auditActor, auditAddress, type ClientAddress } from '../audit-trail/actor.ts'
import { recordAudit } from '../audit-trail/record.ts'
import { recordSignIn } from '../audit-trail/sign-in.ts'
import { signAccessToken, type SigningKey } from '../auth/access-token.ts'
import { verifyAgainstDummy, verifyPassword } from '../auth/password.ts'
import { issueRefreshToken } from '../auth/refresh-token.ts'
import { consumeSecondFactor, normaliseRecoveryCode, type TwoFactorService } from '../auth/two-factor.ts'
import { type AssertionFailure, authenticationOptions, checkAssertion, relyingPartyOf } from '../auth/webauthn.ts'
import type { Database } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { organizations, passkeys, sessions, ssoIdentities, users } from '../db/schema.ts'
import { requireAccessToken } from '../http/auth.ts'
import { ApiError, conflict, forbiddenOrg, invalidRequest, notFound } from '../http/errors.ts'
import { type FailureCounter, signInFailureDelayMs } from '../http/rate-limit.ts'
import { requireReverification } from '../http/reverification.ts'
import { contractRoutes } from '../http/route.ts'
import { accessControl, type AccessVariables } from '../members/access.ts'
import { and, eq } from 'drizzle-orm'
import { deleteConnection, domainsTakenElsewhere, findConnection, findConnectionByDomain, listDomains, readSettings, writeConnection } from './connections.ts'
import { linkIdentity, resolveIdentity } from './identities.ts'
import { createOidcClient, type OidcClient } from './oidc.ts'
import { findPending, newHandle, putPending, takePending } from './pending.ts'
import { createSsoSecretBox, type SsoSecretBox } from './secret.ts'

/** The path the provider sends the browser back to (SPEC.md §2.5). */
export const SSO_CALLBACK_PATH = '/sso/callback'

export interface SsoRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** Seconds. */
  readonly accessTokenTtlS: number
  /** Seconds. */
  readonly refreshTokenTtlS: number
  /** The public origin (APP_URL or the listen address): the redirect URI is built on it, never on the request's Host. */
  readonly publicOrigin: () => string
  /** The client address (RateLimiters.address), for sessions and audit entries. */
  readonly address?: ClientAddress
  /** Failed link proofs count per email like failed sign-ins (RateLimiters.signInFailuresPerEmail). */
  readonly failuresPerEmail?: FailureCounter
  /** Waits before answering a failed proof (RateLimiters.sleep). */
  readonly sleep?: (ms: number) => Promise<void>
  readonly twoFactor: TwoFactorService
  /** The relying party (tests share one); defaults to one on `now`. */
  readonly oidc?: OidcClient
  /** Client secrets at rest; defaults to one over `db`. */
  readonly secrets?: SsoSecretBox
  /** How long a factor allows changing the connection, ms (REVERIFICATION_WINDOW_S); 10 minutes unless set. */
  readonly reverificationWindowMs?: number
}

/** Both halves, built once over shared parts: mount `settings` at `/organizations`, `signIn` at `/users`. */
export function ssoRoutes(deps: SsoRoutesDeps): { settings: Hono<{ Variables: AccessVariables }>; signIn: Hono } {
  const shared = { ...deps, oidc: deps.oidc ?? createOidcClient(deps.now), secrets: deps.secrets ?? createSsoSecretBox(deps.db) }
  return { settings: settingsRoutes(shared), signIn: signInRoutes(shared) }
}

type Shared = SsoRoutesDeps & { readonly oidc: OidcClient; readonly secrets: SsoSecretBox }

const redirectUri = (deps: Shared) => new URL(SSO_CALLBACK_PATH, deps.publicOrigin()).href

/** The settings routes (`/organizations/sso*`). */
function settingsRoutes(deps: Shared): Hono<{ Variables: AccessVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AccessVariables }>()
  const route = contractRoutes(app, '/organizations')
  const authenticated = requireAccessToken(deps.signingKey, deps.now)
  const { requirePermission } = accessControl(db)
  const admin = [authenticated, requirePermission('ORGANIZATIONS', 'UPDATE')]
  const reverified = requireReverification({ db, signingKey: deps.signingKey, now: deps.now, windowMs: deps.reverificationWindowMs })

  const settingsOf = async (orgId: string): Promise<SsoSettings> => {
    const settings = await readSettings(db, orgId, redirectUri(deps))
    if (settings === undefined) throw forbiddenOrg()
    return settings
  }

  route(api.settings, admin, (c) => settingsOf(c.var.orgId))

  /** Whether `orgId` requires single sign-on already. */
  const requiresAlready = async (tx: Database, orgId: string) =>
    (await tx.select({ on: organizations.isSsoEnabled }).from(organizations).where(eq(organizations.id, orgId)))[0]?.on === true

  /**
   * Whether the caller's session was begun by single sign-on through `orgId`'s saved connection,
   * and the save keeps that issuer.
   */
  const signedInThroughIt = async (tx: Database, c: Context<{ Variables: AccessVariables }>, orgId: string, savedIssuer: string | undefined, issuer: string) => {
    const { sessionId, userId } = c.var
    if (savedIssuer === undefined || savedIssuer !== issuer || sessionId === undefined) return false
    const [row] = await tx
      .select({ method: sessions.method })
      .from(sessions)
      .innerJoin(ssoIdentities, and(eq(ssoIdentities.userId, sessions.userId), eq(ssoIdentities.orgId, orgId), eq(ssoIdentities.issuer, issuer)))
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    return row?.method === 'sso'
  }

  /*
   * Saves the connection. The secret is sealed before the transaction (its key may load on first
   * use); left out, the stored one is kept, and a first connection needs one. A domain another
   * workspace has is 409 naming it; two saves racing for one domain meet the primary key.
   */
  route(api.save, [...admin, reverified], async (c, { body }) => {
    const { userId, orgId } = c.var
    const now = new Date(deps.now())
    const sealed = body.client_secret === undefined ? undefined : await deps.secrets.seal(orgId, body.client_secret)
    const taken = await domainsTakenElsewhere(db, orgId, body.domains)
    if (taken.length > 0) throw domainTaken(taken)
    try {
      await db.transaction(async (tx) => {
        const existing = await findConnection(tx, orgId)
        const sealedSecret = sealed ?? existing?.sealedSecret
        if (sealedSecret === undefined) throw invalidRequest(SSO_MESSAGES.secretRequired, [{ path: ['client_secret'], message: SSO_MESSAGES.secretRequired }])
        // Requiring it from a session it did not start could lock out the admin doing it (and
        // everyone, were the connection wrong): only a session this workspace's provider began may.
        if (body.require_sso && !(await requiresAlready(tx, orgId)) && !(await signedInThroughIt(tx, c, orgId, existing?.issuer, body.issuer))) {
          throw conflict(SSO_MESSAGES.requireFromSso, [{ path: ['require_sso'], message: SSO_MESSAGES.requireFromSso }])
        }
        await writeConnection(tx, { orgId, issuer: body.issuer, clientId: body.client_id, sealedSecret, domains: body.domains, requireSso: body.require_sso, now })
        const actor = await auditActor(tx, userId)
        await recordAudit(tx, {
          orgId,
          ...actor,
          kind: 'sso.updated',
          targetId: orgId,
          targetLabel: body.issuer,
          details: { issuer: body.issuer, client_id: body.client_id, domains: [...body.domains], require_sso: body.require_sso, secret_changed: sealed !== undefined },
          ipAddress: auditAddress(deps.address, c),
          at: now,
        })
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw domainTaken(await domainsTakenElsewhere(db, orgId, body.domains))
      throw error
    }
    return settingsOf(orgId)
  })

  route(api.remove, [...admin, reverified], async (c) => {
    const { userId, orgId } = c.var
    const now = new Date(deps.now())
    await db.transaction(async (tx) => {
      const existing = await findConnection(tx, orgId)
      if (existing === undefined || !(await deleteConnection(tx, orgId))) throw notFound('This workspace has no single sign-on connection.')
      const actor = await auditActor(tx, userId)
      await recordAudit(tx, { orgId, ...actor, kind: 'sso.removed', targetId: orgId, targetLabel: existing.issuer, details: { issuer: existing.issuer }, ipAddress: auditAddress(deps.address, c), at: now })
    })
  })

  route(api.test, admin, async (_c, { body }) => {
    const found = await deps.oidc.test(body.issuer)
    return { issuer: found.issuer, authorization_endpoint: found.authorizationEndpoint }
  })

  return app
}

/** 409 naming the domains another workspace has. */
function domainTaken(domains: ReadonlyArray<string>): ApiError {
  const list = domains.length > 0 ? domains.join(', ') : 'A domain'
  const message = `${list} ${domains.length === 1 ? 'is' : 'are'} already used by another workspace.`
  return conflict(message, [{ path: ['domains'], message }])
}

/**
 * A refused passkey proof: 400 for a prompt that expired or an answer not made for this site
 * (the form asks again), 401 `invalid_credentials` for a passkey that does not prove the account
 * (unknown, another person's, or a signature that does not verify).
 */
function passkeyRefusal(failure: AssertionFailure): ApiError {
  const on = (message: string) => [{ path: ['response'], message }]
  switch (failure) {
    case 'challengeExpired':
    case 'wrongChallenge':
      return invalidRequest(PASSKEY_MESSAGES.challengeExpired, [{ path: ['challenge_id'], message: PASSKEY_MESSAGES.challengeExpired }])
    case 'malformed':
      return invalidRequest('The passkey answer is malformed.', on('Not a WebAuthn answer'))
    case 'wrongOrigin':
      return invalidRequest(PASSKEY_MESSAGES.wrongOrigin, on(PASSKEY_MESSAGES.wrongOrigin))
    case 'unknownCredential':
    case 'notYours':
      return new ApiError(401, ErrorCode.invalidCredentials, PASSKEY_MESSAGES.notYours, on(PASSKEY_MESSAGES.notYours))
    case 'notVerified':
      return new ApiError(401, ErrorCode.invalidCredentials, PASSKEY_MESSAGES.notVerified, on(PASSKEY_MESSAGES.notVerified))
  }
}

/** The sign-in routes (`/users/sso/*`). */
function signInRoutes(deps: Shared): Hono {
  const { db } = deps
  const app = new Hono()
  const route = contractRoutes(app, '/users')
  const expired = () => invalidRequest('This sign-in attempt expired or was already used. Start single sign-on again.')
  const linkExpired = () => invalidRequest(SSO_LINK_MESSAGES.expired, [{ path: ['link_token'], message: 'Expired' }])

  /** The connection of `orgId` with its secret opened, for the relying party. */
  const clientSettings = async (orgId: string) => {
    const connection = await findConnection(db, orgId)
    if (connection === undefined) return undefined
    return { issuer: connection.issuer, clientId: connection.clientId, clientSecret: await deps.secrets.open(orgId, connection.sealedSecret) }
  }

  /** A new session (method `sso`) for `userId` in `orgId`, answered like a sign-in. */
  const startSession = async (c: Context, userId: string, orgId: string) => {
    const nowMs = deps.now()
    const now = new Date(nowMs)
    const ipAddress = deps.address?.(c)
    const session = await issueRefreshToken(db, userId, now, deps.refreshTokenTtlS, { userAgent: c.req.header('user-agent'), ipAddress, method: 'sso' })
    const [access_token] = await Promise.all([
      signAccessToken(deps.signingKey, userId, Math.floor(nowMs / 1000), deps.accessTokenTtlS, session.sessionId),
      recordSignIn(db, { userId, orgId, ipAddress: auditAddress(deps.address, c), sessionId: session.sessionId, at: now }),
    ])
    return { access_token, refresh_token: session.refreshToken, expires_in: deps.accessTokenTtlS, org_id: orgId }
  }

  /**
   * The account proved: the wait is used up (a second proof of the same token finds nothing),
   * the identity linked (identities.ts: 403 when the account may not join the workspace) and a
   * session started.
   */
  const completeLink = async (c: Context, linkToken: string, userId: string, email: string, now: Date) => {
    const taken = await takePending(db, linkToken, 'link', now)
    if (taken === undefined) throw linkExpired()
    const domains = await listDomains(db, taken.orgId)
    await linkIdentity(db, { userId, email, orgId: taken.orgId, issuer: taken.data['issuer'] ?? '', subject: taken.data['subject'] ?? '', domains, now })
    return startSession(c, userId, taken.orgId)
  }

  route(api.start, [], async (_c, { body }) => {
    const domain = body.email.slice(body.email.lastIndexOf('@') + 1)
    const connection = await findConnectionByDomain(db, domain)
    if (connection === undefined) throw notFound(`No workspace uses single sign-on for ${domain}.`)
    const settings = await clientSettings(connection.orgId)
    if (settings === undefined) throw notFound(`No workspace uses single sign-on for ${domain}.`)
    const state = client.randomState()
    const nonce = client.randomNonce()
    const codeVerifier = client.randomPKCECodeVerifier()
    // Discovery first: a provider that is down leaves no attempt behind.
    const url = await deps.oidc.authorizationUrl(settings, { redirectUri: redirectUri(deps), state, nonce, codeVerifier, loginHint: body.email })
    await putPending(db, {
      handle: state,
      kind: 'login',
      orgId: connection.orgId,
      data: { nonce, code_verifier: codeVerifier, ...(body.redirect === undefined ? {} : { redirect: body.redirect }) },
      now: new Date(deps.now()),
    })
    return { url: url.href }
  })

  /*
   * The provider's answer. The attempt is taken (used up) first, so a replay finds nothing; the
   * code is then exchanged with the attempt's PKCE verifier, and the ID token checked against its
   * nonce. Who that signs in is identities.ts's rule.
   */
  route(api.callback, [], async (c, { body }) => {
    const now = new Date(deps.now())
    const attempt = await takePending(db, body.state, 'login', now)
    if (attempt === undefined) throw expired()
    const settings = await clientSettings(attempt.orgId)
    if (settings === undefined) throw expired()
    const callbackUrl = new URL(SSO_CALLBACK_PATH, deps.publicOrigin())
    for (const [name, value] of [['code', body.code], ['state', body.state], ['iss', body.iss]] as const) {
      if (value !== undefined) callbackUrl.searchParams.set(name, value)
    }
    const claims = await deps.oidc.exchange(settings, callbackUrl, { state: body.state, nonce: attempt.data['nonce'] ?? '', codeVerifier: attempt.data['code_verifier'] ?? '' })
    const domains = await listDomains(db, attempt.orgId)
    const outcome = await resolveIdentity(db, { orgId: attempt.orgId, claims: { ...claims, iss: claims.iss, sub: claims.sub }, domains, now })
    const redirect = attempt.data['redirect']
    if (outcome.kind === 'link') {
      const link_token = newHandle()
      await putPending(db, {
        handle: link_token,
        kind: 'link',
        orgId: attempt.orgId,
        data: { user_id: outcome.userId, email: outcome.email, issuer: claims.iss, subject: claims.sub, ...(redirect === undefined ? {} : { redirect }) },
        now,
      })
      return { outcome: 'link_required' as const, link_token, email: outcome.email }
    }
    return { outcome: 'signed_in' as const, ...(await startSession(c, outcome.userId, attempt.orgId)), ...(redirect === undefined ? {} : { redirect }) }
  })

  /*
   * Proving the account an identity waits to be linked to: its password (one scrypt whatever the
   * account, as at sign-in), then its two-factor code when it has two-factor on. Failures count
   * per email like failed sign-ins and are answered after the same growing delay. The wait is
   * used up only on success.
   */
  route(api.link, [], async (c, { body }) => {
    const now = new Date(deps.now())
    const waiting = await findPending(db, body.link_token, 'link', now)
    if (waiting === undefined) throw linkExpired()
    const userId = waiting.data['user_id'] ?? ''
    const email = waiting.data['email'] ?? ''
    const [account] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
    const hash = account?.passwordHash ?? null
    const valid = hash === null ? await verifyAgainstDummy(body.password) : await verifyPassword(body.password, hash)
    if (!valid) {
      const counted = (await deps.failuresPerEmail?.record(email).catch(() => 0)) ?? 0
      if (deps.sleep !== undefined) await deps.sleep(signInFailureDelayMs(counted))
      throw new ApiError(401, ErrorCode.invalidCredentials, 'Incorrect password.', [{ path: ['password'], message: 'Incorrect password.' }])
    }
    if (await deps.twoFactor.isEnabled(userId)) {
      const code = (body.code ?? '').replace(/[\s-]+/g, '')
      if (code === '') throw invalidRequest('Enter the code from your authenticator app.', [{ path: ['code'], message: 'Enter the code from your authenticator app.' }])
      const keys = await deps.twoFactor.keys()
      const factor = isTotpCode(code) ? { code } : { recoveryCode: normaliseRecoveryCode(code) }
      if (!(await consumeSecondFactor(db, keys, userId, factor, now.getTime()))) {
        throw invalidRequest('That code is not right. Try again.', [{ path: ['code'], message: 'That code is not right. Try again.' }])
      }
    }
    await deps.failuresPerEmail?.reset(email)
    return completeLink(c, body.link_token, userId, email, now)
  })

  // Only the waiting account's own passkeys are offered; the challenge is issued for that account.
  route(api.linkPasskeyOptions, [], async (_c, { body }) => {
    const now = new Date(deps.now())
    const waiting = await findPending(db, body.link_token, 'link', now)
    if (waiting === undefined) throw linkExpired()
    const userId = waiting.data['user_id'] ?? ''
    const theirs = await db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId))
    if (theirs.length === 0) throw notFound(SSO_LINK_MESSAGES.noPasskey)
    const { challenge_id, options } = await authenticationOptions(db, relyingPartyOf(deps.publicOrigin()), { purpose: 'authentication', userId, allow: theirs, now })
    // The library's JSON is the contract's shape (checked by the tests' decode), typed more loosely.
    return { challenge_id, options: options as unknown as RequestOptionsJSON }
  })

  /*
   * Proving the account with one of its passkeys: a challenge issued for it (single-use), a
   * passkey of that account (another person's is 401), the signature with user verification and
   * the counter (server/auth/webauthn.ts). A passkey is a whole factor: no code after it.
   */
  route(api.linkPasskey, [], async (c, { body }) => {
    const now = new Date(deps.now())
    const waiting = await findPending(db, body.link_token, 'link', now)
    if (waiting === undefined) throw linkExpired()
    const userId = waiting.data['user_id'] ?? ''
    const result = await checkAssertion(db, relyingPartyOf(deps.publicOrigin()), {
      purpose: 'authentication',
      challengeId: body.challenge_id,
      response: body.response as unknown as Parameters<typeof checkAssertion>[2]['response'],
      ownerId: userId,
      now,
    })
    if (!result.ok) throw passkeyRefusal(result.failure)
    return completeLink(c, body.link_token, userId, waiting.data['email'] ?? '', now)
  })

  return app
}
