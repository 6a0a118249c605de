/**
 * `/api/users/*`: sign-in, token refresh, token verification, sign-out, the workspace list
 * (SPEC.md §3 Auth state, §4 Authentication / Token refresh / Sign out, §7, §9), and, ours
 * (docs/api.md): sign-up with a first workspace, and completing an invitation by setting a
 * password.
 */
import { type Context, Hono } from 'hono'
import { eq } from 'drizzle-orm'
import { authApi, ErrorCode } from '../../contract/api.ts'
import { teamApi } from '../../contract/team.ts'
import { workspacesApi } from '../../contract/workspaces.ts'
import { auditAddress } from '../audit-trail/actor.ts'
import { recordSignIn } from '../audit-trail/sign-in.ts'
import { signAccessToken, type SigningKey } from '../auth/access-token.ts'
import { TWO_FACTOR_CHALLENGE_TTL_S, type TwoFactorService, signChallenge } from '../auth/two-factor.ts'
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password.ts'
import { setPasswordWithToken } from '../auth/password-token.ts'
import { issueRefreshToken, revokeRefreshTokenFamily, rotateRefreshToken } from '../auth/refresh-token.ts'
import type { Database } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { bearerUserId, requireAccessToken, type AuthVariables } from '../http/auth.ts'
import { contractRoutes } from '../http/route.ts'
import { ApiError, conflict, forbiddenOrg, invalidRequest, sessionRevoked, unauthorized } from '../http/errors.ts'
import { JSON_CONTENT_TYPE } from '../http/json-text.ts'
import { SIGN_UP_PLANS } from '../billing/credits.ts'
import { insertWorkspace } from '../members/create-workspace.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { RATE_LIMITS, type RateLimiters, signInFailureDelayMs } from '../http/rate-limit.ts'
import type { BotCheckProofs } from '../botcheck/proof.ts'
import { findAccountByEmail, verifyTokenAnswer } from './queries.ts'
import { refuseCommonPassword } from './password-policy.ts'
import { listWorkspaces, toWorkspaceItem } from '../members/workspaces.ts'

export interface UserRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Seconds. */
  readonly accessTokenTtlS: number
  /** Seconds. */
  readonly refreshTokenTtlS: number
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** WAITLIST (config.ts): whether a sign-up's workspace waits for approval. */
  readonly waitlistEnabled: boolean
  /** The app's rate limiters (server/http/rate-limit.ts); sign-in counts failures per email here. */
  readonly limiters: RateLimiters
  /** Bot-check proofs (server/botcheck/proof.ts): sign-in and sign-up require one while BOT_CHECK is on. */
  readonly proofs: BotCheckProofs
  /** Two-factor authentication: whether an account has it on, and the challenge key. */
  readonly twoFactor: TwoFactorService
  /**
   * Called in the sign-up's transaction once the account exists, so what it writes (the
   * address-confirmation link and its email) commits with the account; its answer runs after the commit.
   */
  readonly onSignedUp?: (tx: Database, userId: string) => Promise<() => void>
}

const invalidCredentials = () => new ApiError(401, ErrorCode.invalidCredentials, 'Incorrect email or password.')
const emailTaken = () =>
  conflict('An account with this email already exists.', [{ path: ['email'], message: 'An account with this email already exists.' }])
const invalidRefreshToken = () =>
  new ApiError(401, ErrorCode.invalidRefreshToken, 'Sign in again: the refresh token is invalid, expired or revoked.')

/** The user routes, to be mounted at `/api/users`. */
export function userRoutes(deps: UserRoutesDeps): Hono<{ Variables: AuthVariables }> {
  const { db, signingKey } = deps
  const app = new Hono<{ Variables: AuthVariables }>()
  const authenticated = requireAccessToken(signingKey, deps.now)
  const route = contractRoutes(app, '/users')
  const accessToken = (userId: string, nowMs: number, sessionId: string) =>
    signAccessToken(signingKey, userId, Math.floor(nowMs / 1000), deps.accessTokenTtlS, sessionId)
  // Where a new session comes from (shown on the sessions list).
  const sessionClient = (c: Context) => ({ userAgent: c.req.header('user-agent'), ipAddress: deps.limiters.address(c) })

  // Wrong email, wrong password and an invited account without a password yet all get the same
  // answer after the same work (one scrypt), so none of them can be told apart.
  // Rate limits: every attempt counts per address (app.ts); failures also count per email, and a
  // success clears them. The bot-check proof is checked before the password (403
  // `bot_check_required`), and past the failure threshold for the email there is no lockout (a
  // lockout would let anyone lock any account): each attempt needs a fresh proof, and failures
  // are answered after a growing delay. The right password with a fresh proof always signs in.
  route(authApi.signIn, [], async (c, { body }) => {
    const failures = deps.limiters.signInFailuresPerEmail
    const pastThreshold = (await failures.count(body.email)) >= RATE_LIMITS.signInFailuresPerEmail.points
    const proof = await deps.proofs.admit(body.bot_check_proof, { fresh: pastThreshold })
    const account = await findAccountByEmail(db, body.email)
    const hash = account?.passwordHash ?? null
    const valid = hash === null ? await verifyAgainstDummy(body.password) : await verifyPassword(body.password, hash)
    if (account === undefined || !valid) {
      const counted = await failures.record(body.email).catch(() => 0)
      await deps.limiters.sleep(signInFailureDelayMs(counted))
      throw invalidCredentials()
    }
    await failures.reset(body.email)
    await proof.spend()
    if (account.orgId === null) throw new ApiError(403, ErrorCode.forbidden, 'This account does not belong to any workspace.')
    const now = deps.now()
    // With two-factor authentication on, the password only earns a challenge; the
    // tokens come from POST /users/signin/two-factor (server/users/two-factor-routes.ts).
    if (await deps.twoFactor.isEnabled(account.userId)) {
      const two_factor_token = await signChallenge(await deps.twoFactor.keys(), { userId: account.userId, orgId: account.orgId }, Math.floor(now / 1000))
      return { two_factor_required: true as const, two_factor_token, expires_in: TWO_FACTOR_CHALLENGE_TTL_S }
    }
    const session = await issueRefreshToken(db, account.userId, new Date(now), deps.refreshTokenTtlS, sessionClient(c))
    const [access_token] = await Promise.all([
      accessToken(account.userId, now, session.sessionId),
      recordSignIn(db, { userId: account.userId, orgId: account.orgId, ipAddress: auditAddress(deps.limiters.address, c), sessionId: session.sessionId, at: new Date(now) }),
    ])
    const refresh_token = session.refreshToken
    return { access_token, refresh_token, expires_in: deps.accessTokenTtlS, org_id: account.orgId }
  })

  /*
   * Sign-up (ours): a new account and its first workspace, owned by it with the super-admin set,
   * then signed in like sign-in. The workspace waits on the waitlist (waitlist_approved false)
   * unless WAITLIST=off, and always starts with signup_completed false, so the browser sends the
   * person to /app/waitlist or /app/sign-up-info (SPEC.md §2.2); it starts on the plan chosen on
   * /pricing (`plan`), Starter otherwise. Unlike sign-in, a taken email is
   * reported (409): the form must say why it failed, and that is the usual sign-up trade-off.
   * The password is hashed before the transaction so the transaction stays short.
   */
  route(workspacesApi.signUp, [], async (c, { body }) => {
    // The bot-check proof first (403 `bot_check_required`); spent with the account's
    // transaction, so a taken email (409) leaves it for the next try.
    const proof = await deps.proofs.admit(body.bot_check_proof, { fresh: false })
    await refuseCommonPassword(body.password, 'password')
    const passwordHash = await hashPassword(body.password)
    const now = deps.now()
    const created = new Date(now)
    let signedUp: { userId: string; orgId: string; afterCommit?: () => void }
    try {
      signedUp = await db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, body.email))
        if (existing !== undefined) throw emailTaken()
        await proof.spend(tx)
        const [user] = await tx
          .insert(users)
          .values({ email: body.email, fullName: body.fullName, passwordHash, createdAt: created, language: body.language ?? null })
          .returning({ id: users.id })
        if (user === undefined) throw new Error('signup: the user insert returned no row')
        const orgId = await insertWorkspace(tx, {
          ownerId: user.id,
          name: body.org_name,
          waitlistApproved: !deps.waitlistEnabled,
          signupCompleted: false,
          now: created,
          plan: SIGN_UP_PLANS[body.plan ?? 'starter'],
        })
        await tx.update(users).set({ defaultOrgId: orgId }).where(eq(users.id, user.id))
        return { userId: user.id, orgId, afterCommit: await deps.onSignedUp?.(tx, user.id) }
      })
    } catch (error) {
      // Two sign-ups with one email racing past the check: the unique index decides.
      if (isUniqueViolation(error)) throw emailTaken()
      throw error
    }
    signedUp.afterCommit?.()
    const { refreshToken: refresh_token, sessionId } = await issueRefreshToken(db, signedUp.userId, created, deps.refreshTokenTtlS, sessionClient(c))
    // A sign-up is the new owner's first sign-in: the new workspace's log starts with it.
    const [access_token] = await Promise.all([
      accessToken(signedUp.userId, now, sessionId),
      recordSignIn(db, { userId: signedUp.userId, orgId: signedUp.orgId, ipAddress: auditAddress(deps.limiters.address, c), sessionId, at: created }),
    ])
    return { access_token, refresh_token, expires_in: deps.accessTokenTtlS, org_id: signedUp.orgId }
  })

  route(authApi.refreshToken, [], async (_c, { body }) => {
    const now = deps.now()
    const rotation = await rotateRefreshToken(db, body.refresh_token, new Date(now), deps.refreshTokenTtlS)
    if (!rotation.ok) throw rotation.reason === 'signedOut' ? sessionRevoked() : invalidRefreshToken()
    return {
      access_token: await accessToken(rotation.userId, now, rotation.sessionId),
      refresh_token: rotation.refreshToken,
      expires_in: deps.accessTokenTtlS,
    }
  })

  // The statement writes contract `VerifyTokenResponse` as JSON text (users/queries.ts
  // MEMBER_CONTEXT_STATEMENT: the user, the org, its roles and permission sets, and the
  // two-factor flags by which the app blocks a member without 2FA in a workspace requiring it);
  // sent as c.json would send it.
  route(authApi.verifyToken, [authenticated], async (c) => {
    // c.get, not c.var: hono builds a new object of every variable on each read of c.var.
    // The session (its method: single sign-on, passkey, password) is the one `authenticated` read from the token.
    const answer = await verifyTokenAnswer(db, c.get('userId'), c.get('orgId'), c.get('sessionId'))
    if (answer === undefined) throw forbiddenOrg()
    return c.body(answer, 200, JSON_CONTENT_TYPE)
  })

  route(authApi.myWorkspaces, [authenticated], async (c) => {
    const workspaces = await listWorkspaces(db, c.var.userId)
    // Membership of x-org-id is checked against the list itself: one query instead of two.
    if (!workspaces.some((w) => w.orgId === c.var.orgId)) throw forbiddenOrg()
    return { workspaces: workspaces.map(toWorkspaceItem) }
  })

  /*
   * Sign-out ends the session the refresh token belongs to (its whole family). It is not
   * tenant-scoped, so x-org-id is not checked (a member removed from the org can still sign out).
   * A valid access token identifies the caller and the refresh token is revoked only if it is
   * theirs; with a missing or expired access token, possessing a still-valid refresh token is
   * proof enough, since it could be used to obtain a new access token anyway.
   */
  route(authApi.logout, [], async (c, { body }) => {
    const now = deps.now()
    const userId = await bearerUserId(c.req.header('authorization'), signingKey, Math.floor(now / 1000))
    if (userId !== undefined) {
      await revokeRefreshTokenFamily(db, body.refresh_token, { userId }, new Date(now))
    } else if (!(await revokeRefreshTokenFamily(db, body.refresh_token, 'live', new Date(now)))) {
      throw unauthorized()
    }
    return { url: '/signin' }
  })

  /*
   * Completing an invite (ours). Not bearer-authenticated: the one-time token from the invite
   * link is the proof. The hash is computed before the token is looked at, so an unknown token
   * costs the same as a valid one and the token's transaction stays short.
   */
  route(teamApi.setPassword, [], async (_c, { body }) => {
    await refuseCommonPassword(body.password, 'password')
    const passwordHash = await hashPassword(body.password)
    if (!(await setPasswordWithToken(db, body.token, passwordHash, new Date(deps.now())))) {
      throw invalidRequest('This link has expired or was already used.', [{ path: ['token'], message: 'This link has expired or was already used.' }])
    }
    return { ok: true }
  })

  return app
}
