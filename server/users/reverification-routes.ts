/**
 * `/api/users/me/reverification` ('Confirm it's you'; docs/api.md "Reverification"): the factors the
 * signed-in person can confirm with, and confirming with one, which lets this session make
 * sensitive changes for the reverification window (server/auth/reverification.ts).
 *
 * The person's own session, not a workspace's: a valid access token (and the x-org-id header every
 * call carries), no permission. The session is the access token's `sid`; a token signed before
 * sessions existed has none and gets 401, so the client refreshes (gaining one) and retries.
 *
 * Wrong factors are a 400 at the field (never a 401, which would make the client refresh and
 * retry) and count per person ({@link REVERIFICATION_FAILURE_LIMIT}), then 429; the client
 * address's limit is app.ts's (the password change's). A code is used up like any second factor.
 */
import { count, eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { isTotpCode } from '../../contract/twoFactor-codes.ts'
import { type ReverificationFactor, REVERIFICATION_MESSAGES as MESSAGES, reverificationApi as api } from '../../contract/reverification.ts'
import { verifyAccessTokenClaims, type SigningKey } from '../auth/access-token.ts'
import { verifyPassword } from '../auth/password.ts'
import { REVERIFICATION_WINDOW_MS, markSessionVerified, sessionVerifiedAt } from '../auth/reverification.ts'
import { type SecondFactor, type TwoFactorService, consumeSecondFactor } from '../auth/two-factor.ts'
import type { Database } from '../db/client.ts'
import { passkeys, users } from '../db/schema.ts'
import { bearerToken, requireAccessToken, type AuthVariables } from '../http/auth.ts'
import { invalidRequest, unauthorized } from '../http/errors.ts'
import { type Limit, type RateLimitOptions, createLimiter, withRetryAfter } from '../http/rate-limit.ts'
import { contractRoutes } from '../http/route.ts'

/** Wrong factors per person before a 429: 5 per 15 minutes (as two-factor codes). */
export const REVERIFICATION_FAILURE_LIMIT: Limit = { points: 5, durationS: 15 * 60 }

export interface ReverificationRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  readonly twoFactor: TwoFactorService
  /** RATE_LIMITS and the count store, as the app's limiters use them. */
  readonly rateLimits?: RateLimitOptions
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** How long a factor counts, ms (REVERIFICATION_WINDOW_S); default 10 minutes. */
  readonly windowMs?: number
}

/** A field's 400. */
const wrong = (field: 'password' | 'code', message: string) => invalidRequest(message, [{ path: [field], message }])
/** A 400 at the body: the account has no such factor; the message names the one it has. */
const missingFactor = (message: string) => invalidRequest(message, [{ path: [], message }])

/** The reverification routes, to be mounted at `/api/users`. */
export function reverificationRoutes(deps: ReverificationRoutesDeps): Hono<{ Variables: AuthVariables }> {
  const { db } = deps
  const windowMs = deps.windowMs ?? REVERIFICATION_WINDOW_MS
  const app = new Hono<{ Variables: AuthVariables }>()
  const authenticated = requireAccessToken(deps.signingKey, deps.now)
  const options = deps.rateLimits ?? { enabled: true, trustProxy: false }
  const store = options.store?.kind === 'postgres' ? { ...options.store, sweeps: false } : options.store
  const failures = createLimiter(REVERIFICATION_FAILURE_LIMIT, options.enabled, store, 'engage_reverificationFailuresPerUser')
  const route = contractRoutes(app, '/users')

  /** The caller's session id (`sid`) from the already-verified bearer token; 401 without one. */
  const sessionOf = async (c: Context): Promise<string> => {
    const token = bearerToken(c.req.header('authorization'))
    const claims = token === undefined ? undefined : await verifyAccessTokenClaims(deps.signingKey, token, Math.floor(deps.now() / 1000))
    if (claims?.sid === undefined) throw unauthorized()
    return claims.sid
  }

  /** The factors `userId` has, in the order the dialog offers them; 401 for an account deleted since the token. */
  const factorsOf = async (userId: string) => {
    const [user] = await db.select({ passwordHash: users.passwordHash, twoFactorOn: users.twoFactorEnabledAt }).from(users).where(eq(users.id, userId))
    if (user === undefined) throw unauthorized()
    const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId))
    const factors: ReverificationFactor[] = []
    if (user.passwordHash !== null) factors.push('password')
    if (user.twoFactorOn !== null) factors.push('code')
    if ((keys?.n ?? 0) > 0) factors.push('passkey')
    return { factors, passwordHash: user.passwordHash }
  }

  /** What to say to someone who sent a factor their account lacks. */
  const lacking = (factors: ReadonlyArray<ReverificationFactor>) =>
    missingFactor(factors.includes('password') ? MESSAGES.noTwoFactor : factors.includes('code') ? MESSAGES.noPassword : MESSAGES.passkeyOnly)

  route(api.status, [authenticated], async (c) => {
    const { userId } = c.var
    const sid = await sessionOf(c)
    const [{ factors }, verifiedAt] = await Promise.all([factorsOf(userId), sessionVerifiedAt(db, userId, sid)])
    const until = verifiedAt === undefined ? undefined : verifiedAt.getTime() + windowMs
    return { factors, verified_until: until !== undefined && until > deps.now() ? new Date(until).toISOString() : null }
  })

  route(api.verify, [authenticated], async (c, { body }) => {
    const { userId } = c.var
    const sid = await sessionOf(c)
    await withRetryAfter(c, () => failures.check(userId))
    const { factors, passwordHash } = await factorsOf(userId)
    const now = deps.now()
    const refuse = async (error: ReturnType<typeof wrong>) => {
      // The failing answer stays a 400; the next attempt over the limit gets the 429.
      await failures.consume(userId).catch(() => {})
      return error
    }
    if (body.password !== undefined) {
      if (passwordHash === null) throw lacking(factors)
      if (!(await verifyPassword(body.password, passwordHash))) throw await refuse(wrong('password', MESSAGES.wrongPassword))
    } else {
      if (!factors.includes('code')) throw lacking(factors)
      const code = body.code ?? ''
      const factor: SecondFactor = isTotpCode(code) ? { code } : { recoveryCode: code }
      const keys = await deps.twoFactor.keys()
      const used = await db.transaction((tx) => consumeSecondFactor(tx as unknown as Database, keys, userId, factor, now))
      if (!used) throw await refuse(wrong('code', 'code' in factor ? MESSAGES.wrongCode : MESSAGES.wrongRecoveryCode))
    }
    await failures.reset(userId)
    await markSessionVerified(db, sid, new Date(now))
    return { verified_until: new Date(now + windowMs).toISOString() }
  })

  return app
}
