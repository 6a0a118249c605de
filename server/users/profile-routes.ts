/**
 * `/api/users/me` (ours; docs/api.md): the signed-in person's profile (SPEC.md §2.4 Profile
 * Settings, §3 Auth state user: fullName, image) and their password.
 *
 * These are the person's own data, not a tenant's: they need a valid access token (and, like
 * every call, an x-org-id header) but no permission, and touch only the caller's row.
 *
 * A password change needs the current password. On success every refresh token the person held is
 * revoked (every other session must sign in again; their access tokens run out within
 * ACCESS_TOKEN_TTL_S) and this session gets a new token pair in the answer.
 */
import { eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import type { Language, TokenResponse } from '../../contract/api.ts'
import { PROFILE_MESSAGES, profileApi as api, type ProfileResponse } from '../../contract/profile.ts'
import { signAccessToken, type SigningKey } from '../auth/access-token.ts'
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password.ts'
import { issueRefreshToken, revokeAllSessions } from '../auth/refresh-token.ts'
import type { Database } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { requireAccessToken, type AuthVariables } from '../http/auth.ts'
import { requireReverification } from '../http/reverification.ts'
import { contractRoutes } from '../http/route.ts'
import { invalidRequest, unauthorized } from '../http/errors.ts'
import { refuseCommonPassword } from './password-policy.ts'

export interface ProfileRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Seconds. */
  readonly accessTokenTtlS: number
  /** Seconds. */
  readonly refreshTokenTtlS: number
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** The client address of a request (RateLimiters.address), kept with the new session. */
  readonly address?: (c: Context) => string
  /** How long a factor allows a password change, ms (REVERIFICATION_WINDOW_S); default 10 minutes. */
  readonly reverificationWindowMs?: number
}

type UserRow = { id: string; fullName: string; email: string; image: string | null; emailConfirmedAt: Date | null; language: string | null }
const toProfile = (u: UserRow): ProfileResponse => ({
  user: {
    _id: u.id,
    fullName: u.fullName,
    email: u.email,
    image: u.image,
    email_confirmed: u.emailConfirmedAt !== null,
    // The column's check allows only shipped languages.
    language: u.language as Language | null,
  },
})
const profileColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  image: users.image,
  emailConfirmedAt: users.emailConfirmedAt,
  language: users.language,
}

/** The profile routes, to be mounted at `/api/users`. */
export function profileRoutes(deps: ProfileRoutesDeps): Hono<{ Variables: AuthVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AuthVariables }>()
  const authenticated = requireAccessToken(deps.signingKey, deps.now)
  // A password change needs a factor given in the last 10 minutes ('Confirm it's you').
  const reverified = requireReverification({ db, signingKey: deps.signingKey, now: deps.now, windowMs: deps.reverificationWindowMs })
  const route = contractRoutes(app, '/users')

  route(api.profile, [authenticated], async (c) => {
    const [user] = await db.select(profileColumns).from(users).where(eq(users.id, c.var.userId))
    // A deleted account with a still-valid access token.
    if (user === undefined) throw unauthorized()
    return toProfile(user)
  })

  route(api.updateProfile, [authenticated], async (c, { body }) => {
    if (body.fullName === undefined && body.image === undefined && body.language === undefined) {
      throw invalidRequest(PROFILE_MESSAGES.nothingToChange, [{ path: [], message: PROFILE_MESSAGES.nothingToChange }])
    }
    const [user] = await db
      .update(users)
      .set({
        ...(body.fullName === undefined ? {} : { fullName: body.fullName }),
        ...(body.image === undefined ? {} : { image: body.image }),
        ...(body.language === undefined ? {} : { language: body.language }),
      })
      .where(eq(users.id, c.var.userId))
      .returning(profileColumns)
    if (user === undefined) throw unauthorized()
    return toProfile(user)
  })

  route(api.changePassword, [authenticated, reverified], async (c, { body }) => {
    await refuseCommonPassword(body.newPassword, 'newPassword')
    const [user] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.id, c.var.userId))
    if (user === undefined) throw unauthorized()
    const valid = user.passwordHash === null ? await verifyAgainstDummy(body.currentPassword) : await verifyPassword(body.currentPassword, user.passwordHash)
    // 400, not 401: the session is fine (a 401 would make the client refresh and retry).
    if (!valid) throw invalidRequest(PROFILE_MESSAGES.wrongCurrentPassword, [{ path: ['currentPassword'], message: PROFILE_MESSAGES.wrongCurrentPassword }])
    if (body.newPassword === body.currentPassword) {
      throw invalidRequest(PROFILE_MESSAGES.samePassword, [{ path: ['newPassword'], message: PROFILE_MESSAGES.samePassword }])
    }
    const passwordHash = await hashPassword(body.newPassword)
    const now = deps.now()
    const client = { userAgent: c.req.header('user-agent'), ipAddress: deps.address?.(c) ?? null }
    const { refreshToken: refresh_token, sessionId } = await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id))
      // Every session ends, this one included: it continues as a new session.
      await revokeAllSessions(tx as unknown as Database, user.id, new Date(now))
      return issueRefreshToken(tx as unknown as Database, user.id, new Date(now), deps.refreshTokenTtlS, client)
    })
    const access_token = await signAccessToken(deps.signingKey, user.id, Math.floor(now / 1000), deps.accessTokenTtlS, sessionId)
    return { access_token, refresh_token, expires_in: deps.accessTokenTtlS }
  })

  return app
}
