/**
 * Two-factor authentication endpoints (docs/api.md "Two-factor authentication"),
 * mounted at `/api/users`:
 *
 * - `GET  /me/two-factor`: status (`enabled`, `enabled_at`, `recovery_codes_left`);
 * - `POST /me/two-factor/enrol`: a new secret, pending until confirmed (QR code + Base32);
 * - `POST /me/two-factor/confirm {code}`: turns it on; answers ten recovery codes, once;
 * - `POST /me/two-factor/disable {code}`: turns it off with a current code or a recovery code;
 * - `POST /me/two-factor/recovery-codes {code}`: replaces the recovery codes;
 * - `POST /signin/two-factor {two_factor_token, code | recovery_code}`: the second step of sign-in.
 *
 * The `/me` routes are the person's own (bearer, any workspace they belong to in x-org-id): the
 * audit entries `two_factor.enabled` / `two_factor.disabled` go to that workspace's log, in the
 * transaction of the change. Wrong codes are a 400 on the code's field (never a 401, which would
 * make the client refresh its token and retry); failures count per person
 * ({@link TWO_FACTOR_CODE_LIMIT}), then 429.
 */
import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { ErrorCode } from '../../contract/api.ts'
import { TWO_FACTOR_MESSAGES, isTotpCode, twoFactorApi as api } from '../../contract/twoFactor.ts'
import { auditAddress } from '../audit-trail/actor.ts'
import { recordAudit } from '../audit-trail/record.ts'
import { recordSignIn } from '../audit-trail/sign-in.ts'
import { signAccessToken, type SigningKey } from '../auth/access-token.ts'
import { issueRefreshToken } from '../auth/refresh-token.ts'
import {
  type SecondFactor,
  type TwoFactorService,
  consumeSecondFactor,
  decryptSecret,
  encryptSecret,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  qrDataUrl,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  verifyChallenge,
} from '../auth/two-factor.ts'
import { createHash } from 'node:crypto'
import { consumeOnce } from '../botcheck/replay.ts'
import type { Database } from '../db/client.ts'
import { memberships, twoFactorRecoveryCodes, users } from '../db/schema.ts'
import { requireAccessToken, type AuthVariables } from '../http/auth.ts'
import { contractRoutes } from '../http/route.ts'
import { requireReverification } from '../http/reverification.ts'
import { ApiError, conflict, forbiddenOrg, invalidRequest, unauthorized } from '../http/errors.ts'
import { type Limit, type RateLimitOptions, type RateLimiters, createLimiter, withRetryAfter } from '../http/rate-limit.ts'

/** Wrong codes per person (any endpoint here, sign-in included) before a 429: 5 per 15 minutes. */
export const TWO_FACTOR_CODE_LIMIT: Limit = { points: 5, durationS: 15 * 60 }

export interface TwoFactorRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  readonly twoFactor: TwoFactorService
  /** The app's limiters: the client address for audit entries. */
  readonly limiters: RateLimiters
  /** RATE_LIMITS / TRUST_PROXY and the count store, as the app's limiters use them. */
  readonly rateLimits?: RateLimitOptions
  /** Seconds. */
  readonly accessTokenTtlS: number
  /** Seconds. */
  readonly refreshTokenTtlS: number
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** How long a factor allows turning two-factor off, ms (REVERIFICATION_WINDOW_S); default 10 minutes. */
  readonly reverificationWindowMs?: number
}

const wrongCode = (field: 'code' | 'recovery_code', recovery: boolean) => {
  const message = recovery ? TWO_FACTOR_MESSAGES.wrongRecoveryCode : TWO_FACTOR_MESSAGES.wrongCode
  return invalidRequest(message, [{ path: [field], message }])
}

/** A code from a `TwoFactorCodeRequest`: six digits are a TOTP code, anything else a recovery code. */
const toFactor = (code: string): SecondFactor => (isTotpCode(code) ? { code } : { recoveryCode: code })

/** The two-factor routes, to be mounted at `/api/users`. */
export function twoFactorRoutes(deps: TwoFactorRoutesDeps): Hono<{ Variables: AuthVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AuthVariables }>()
  const authenticated = requireAccessToken(deps.signingKey, deps.now)
  const options = deps.rateLimits ?? { enabled: true, trustProxy: false }
  const store = options.store?.kind === 'postgres' ? { ...options.store, sweeps: false } : options.store
  const codeFailures = createLimiter(TWO_FACTOR_CODE_LIMIT, options.enabled, store, 'engage_twoFactorCodeFailuresPerUser')

  /** Runs `work` (which answers false for a wrong code); counts a failure and refuses it. */
  // Completed challenges are kept with the other single-use tokens until they would have expired.
  const challengeReplayKey = (id: string) => createHash('sha256').update(`two-factor-challenge:${id}`).digest('hex')
  const withCode = async <T>(c: Parameters<typeof withRetryAfter>[0], userId: string, work: () => Promise<T | false>, refusal: () => ApiError): Promise<T> => {
    await withRetryAfter(c, () => codeFailures.check(userId))
    const result = await work()
    if (result === false) {
      // The failing answer stays a 400; the next attempt over the limit gets the 429.
      await codeFailures.consume(userId).catch(() => {})
      throw refusal()
    }
    return result
  }

  /** The caller's row, locked for the transaction; 401 for an account deleted since the token. */
  const lockUser = async (tx: Database, userId: string) => {
    const [user] = await tx
      .select({
        email: users.email,
        secret: users.twoFactorSecret,
        pending: users.twoFactorPendingSecret,
        enabledAt: users.twoFactorEnabledAt,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (user === undefined) throw unauthorized()
    return user
  }

  /** The audit entry goes to x-org-id's log: only a workspace the caller belongs to. */
  const assertMember = async (tx: Database, userId: string, orgId: string) => {
    const [row] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.orgId, orgId)))
    if (row === undefined) throw forbiddenOrg()
  }

  // Turning it off needs a factor given in the last 10 minutes ('Confirm it's you'), besides its code.
  const reverified = requireReverification({ db, signingKey: deps.signingKey, now: deps.now, windowMs: deps.reverificationWindowMs })
  const route = contractRoutes(app, '/users')

  route(api.status, [authenticated], async (c) => {
    const [user] = await db.select({ enabledAt: users.twoFactorEnabledAt }).from(users).where(eq(users.id, c.var.userId))
    if (user === undefined) throw unauthorized()
    const left = user.enabledAt === null ? 0 : await recoveryCodesLeft(db, c.var.userId)
    return { enabled: user.enabledAt !== null, enabled_at: user.enabledAt?.toISOString() ?? null, recovery_codes_left: left }
  })

  /* A new pending secret each time (an abandoned enrolment is simply replaced). */
  route(api.enrol, [authenticated], async (c) => {
    const { userId } = c.var
    const keys = await deps.twoFactor.keys()
    const secret = newTotpSecret()
    const email = await db.transaction(async (tx) => {
      const user = await lockUser(tx as unknown as Database, userId)
      if (user.enabledAt !== null) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn)
      await tx.update(users).set({ twoFactorPendingSecret: encryptSecret(keys.encryption, userId, secret) }).where(eq(users.id, userId))
      return user.email
    })
    const url = otpauthUrl(email, secret)
    return { secret, otpauth_url: url, qr_data_url: await qrDataUrl(url) }
  })

  route(api.confirm, [authenticated], async (c, { body }) => {
    const { userId, orgId } = c.var
    const keys = await deps.twoFactor.keys()
    const now = deps.now()
    const codes = await withCode(
      c,
      userId,
      () =>
        db.transaction(async (tx) => {
          const user = await lockUser(tx as unknown as Database, userId)
          if (user.enabledAt !== null) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn)
          if (user.pending === null) throw conflict(TWO_FACTOR_MESSAGES.noEnrolment)
          await assertMember(tx as unknown as Database, userId, orgId)
          const step = await matchTotp(decryptSecret(keys.encryption, userId, user.pending), body.code, now, null)
          if (step === undefined) return false as const
          await tx
            .update(users)
            .set({ twoFactorSecret: user.pending, twoFactorPendingSecret: null, twoFactorEnabledAt: new Date(now), twoFactorLastStep: step })
            .where(eq(users.id, userId))
          const fresh = newRecoveryCodes()
          await replaceRecoveryCodes(tx as unknown as Database, userId, fresh, new Date(now))
          await recordAudit(tx, {
            orgId,
            actorId: userId,
            actorLabel: user.email,
            kind: 'two_factor.enabled',
            targetId: userId,
            targetLabel: user.email,
            ipAddress: deps.limiters.address(c),
            at: new Date(now),
          })
          return fresh
        }),
      () => wrongCode('code', false),
    )
    return { recovery_codes: codes }
  })

  route(api.disable, [authenticated, reverified], async (c, { body }) => {
    const { userId, orgId } = c.var
    const keys = await deps.twoFactor.keys()
    const now = deps.now()
    const factor = toFactor(body.code)
    await withCode(
      c,
      userId,
      () =>
        db.transaction(async (tx) => {
          const user = await lockUser(tx as unknown as Database, userId)
          if (user.enabledAt === null) throw conflict(TWO_FACTOR_MESSAGES.notOn)
          await assertMember(tx as unknown as Database, userId, orgId)
          if (!(await consumeSecondFactor(tx as unknown as Database, keys, userId, factor, now))) return false as const
          await tx
            .update(users)
            .set({ twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null })
            .where(eq(users.id, userId))
          await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
          await recordAudit(tx, {
            orgId,
            actorId: userId,
            actorLabel: user.email,
            kind: 'two_factor.disabled',
            targetId: userId,
            targetLabel: user.email,
            details: { with: 'code' in factor ? 'code' : 'recovery_code' },
            ipAddress: deps.limiters.address(c),
            at: new Date(now),
          })
          return true
        }),
      () => wrongCode('code', !('code' in factor)),
    )
    return { enabled: false, enabled_at: null, recovery_codes_left: 0 }
  })

  route(api.recoveryCodes, [authenticated], async (c, { body }) => {
    const { userId } = c.var
    const keys = await deps.twoFactor.keys()
    const now = deps.now()
    const factor = toFactor(body.code)
    const codes = await withCode(
      c,
      userId,
      () =>
        db.transaction(async (tx) => {
          const user = await lockUser(tx as unknown as Database, userId)
          if (user.enabledAt === null) throw conflict(TWO_FACTOR_MESSAGES.notOn)
          if (!(await consumeSecondFactor(tx as unknown as Database, keys, userId, factor, now))) return false as const
          const fresh = newRecoveryCodes()
          await replaceRecoveryCodes(tx as unknown as Database, userId, fresh, new Date(now))
          return fresh
        }),
      () => wrongCode('code', !('code' in factor)),
    )
    return { recovery_codes: codes }
  })

  /*
   * The second step of sign-in. The challenge token proves the password step passed for this
   * user within the last 5 minutes; wrong codes count per user like everywhere here, so a token
   * is attempt-limited. A success signs in exactly as `/signin` does.
   */
  route(api.signIn, [], async (c, { body }) => {
    const keys = await deps.twoFactor.keys()
    const now = deps.now()
    const challenge = await verifyChallenge(keys, body.two_factor_token, Math.floor(now / 1000))
    if (challenge === undefined) {
      throw new ApiError(401, ErrorCode.twoFactorExpired, TWO_FACTOR_MESSAGES.challengeExpired, [
        { path: ['two_factor_token'], message: TWO_FACTOR_MESSAGES.challengeExpired },
      ])
    }
    const { userId, orgId } = challenge
    const factor: SecondFactor = body.code !== undefined ? { code: body.code } : { recoveryCode: body.recovery_code ?? '' }
    await withCode(
      c,
      userId,
      async () =>
        (await db.transaction(async (tx) => {
          if (!(await consumeSecondFactor(tx as unknown as Database, keys, userId, factor, now))) return false
          // One challenge, one session: a second redemption (with a newer code) is refused, and
          // the factor used for it stays unused (the transaction rolls back).
          const first = await consumeOnce(tx as unknown as Database, challengeReplayKey(challenge.id), challenge.expiresAt, new Date(now))
          if (!first) throw new ApiError(401, ErrorCode.twoFactorExpired, TWO_FACTOR_MESSAGES.challengeExpired, [])
          return true
        })) || (false as const),
      () => ('code' in factor ? wrongCode('code', false) : wrongCode('recovery_code', true)),
    )
    await codeFailures.reset(userId)
    const ipAddress = deps.limiters.address(c)
    const session = await issueRefreshToken(db, userId, new Date(now), deps.refreshTokenTtlS, { userAgent: c.req.header('user-agent'), ipAddress })
    const [access_token] = await Promise.all([
      signAccessToken(deps.signingKey, userId, Math.floor(now / 1000), deps.accessTokenTtlS, session.sessionId),
      recordSignIn(db, { userId, orgId, ipAddress: auditAddress(deps.limiters.address, c), sessionId: session.sessionId, at: new Date(now) }),
    ])
    return { access_token, refresh_token: session.refreshToken, expires_in: deps.accessTokenTtlS, org_id: orgId }
  })

  return app
}
