/**
 * Account recovery and address confirmation (contract/account.ts; docs/api.md), mounted
 * at `/api/users`:
 *
 * - `POST /password-reset` `{ email }` → 202, always the same answer. The lookup, the token and the
 *   email happen after the answer (Mailer.defer), so a known address answers exactly like an
 *   unknown one; the token and its email are written in one transaction. At most three links per address per 15 minutes; past that nothing is sent.
 * - `POST /password-reset/confirm` `{ token, password }` → 200 `{ ok: true }`, or 400: the link
 *   (30 minutes, once) sets the password and revokes every session of the person.
 * - `POST /confirm-email` `{ token }` → 200 `{ email }`, or 400.
 * - `POST /me/confirm-email/resend` (signed in) → 202 `{ ok: true }`; 409 when already confirmed.
 *
 * The per-address limits are middleware in server/app.ts; links are built from the public origin
 * (APP_URL), never from the request's Host.
 */
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  ACCOUNT_MESSAGES,
  accountApi as api,
  EMAIL_CONFIRMATION_TTL_S,
  PASSWORD_RESET_SENT,
  PASSWORD_RESET_TTL_S,
} from '../../contract/account.ts'
import type { SigningKey } from '../auth/access-token.ts'
import { hashPassword } from '../auth/password.ts'
import { confirmEmailWithToken, issuePasswordToken, setPasswordWithToken } from '../auth/password-token.ts'
import type { Database } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { requireAccessToken, type AuthVariables } from '../http/auth.ts'
import { contractRoutes } from '../http/route.ts'
import { ApiError, conflict, invalidRequest, unauthorized } from '../http/errors.ts'
import type { Limiter } from '../http/rate-limit.ts'
import { linkWithToken } from '../mail/links.ts'
import type { Mailer } from '../mail/mailer.ts'
import { emailConfirmationMail, passwordResetMail } from '../mail/templates/account.tsx'
import { refuseCommonPassword } from './password-policy.ts'

export interface AccountRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  readonly mailer: Mailer
  /** The public origin links are built from (APP_URL). */
  readonly publicOrigin: () => string
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** Reset links per email address (RATE_LIMITS.passwordResetPerEmail): over it, silently nothing is sent. */
  readonly resetsPerEmail: Limiter
}

const linkInvalid = () => invalidRequest(ACCOUNT_MESSAGES.linkInvalid, [{ path: ['token'], message: ACCOUNT_MESSAGES.linkInvalid }])

/**
 * Issues an address-confirmation link for `userId` and writes its email to the outbox, both in
 * `tx` (sign-up's transaction, or 'Resend''s): a link is never issued without its email.
 * @returns the outbox id to {@link Mailer.dispatch} after the commit; undefined for an unknown user.
 */
export async function queueEmailConfirmation(
  tx: Database,
  deps: Pick<AccountRoutesDeps, 'mailer' | 'publicOrigin' | 'now'>,
  userId: string,
): Promise<string | undefined> {
  const [user] = await tx.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, userId))
  if (user === undefined) return undefined
  const token = await issuePasswordToken(tx, userId, new Date(deps.now()), 'confirm_email')
  const mail = await emailConfirmationMail({
    fullName: user.fullName,
    link: linkWithToken(deps.publicOrigin(), '/confirm-email', token),
    validDays: EMAIL_CONFIRMATION_TTL_S / 86_400,
  })
  return deps.mailer.queue(tx, { to: user.email, kind: 'email_confirmation', ...mail })
}

/** The routes, to be mounted at `/api/users`. */
export function accountRoutes(deps: AccountRoutesDeps): Hono<{ Variables: AuthVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AuthVariables }>()
  const authenticated = requireAccessToken(deps.signingKey, deps.now)
  const route = contractRoutes(app, '/users')

  route(api.passwordReset, [], async (_c, { body: { email } }) => {
    deps.mailer.defer(async () => {
      try {
        await deps.resetsPerEmail.consume(email)
      } catch (error) {
        // Over the per-address limit: the same answer, no more mail.
        if (error instanceof ApiError && error.status === 429) return
        throw error
      }
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
      if (user === undefined) return
      // The link and its email in one transaction: never a live link nobody was sent.
      const outboxId = await db.transaction(async (tx) => {
        const token = await issuePasswordToken(tx, user.id, new Date(deps.now()), 'reset')
        const mail = await passwordResetMail({ link: linkWithToken(deps.publicOrigin(), '/reset-password', token), validMinutes: PASSWORD_RESET_TTL_S / 60 })
        return deps.mailer.queue(tx, { to: email, kind: 'password_reset', ...mail })
      })
      deps.mailer.dispatch([outboxId])
    })
    return { message: PASSWORD_RESET_SENT }
  })

  route(api.confirmPasswordReset, [], async (_c, { body }) => {
    // Before the link is looked at: a refused password leaves the link usable.
    await refuseCommonPassword(body.password, 'password')
    // Hashed before the token is looked at: an unknown token costs the same as a valid one.
    const passwordHash = await hashPassword(body.password)
    if ((await setPasswordWithToken(db, body.token, passwordHash, new Date(deps.now()), 'reset')) === undefined) throw linkInvalid()
    return { ok: true as const }
  })

  route(api.confirmEmail, [], async (_c, { body }) => {
    const email = await confirmEmailWithToken(db, body.token, new Date(deps.now()))
    if (email === undefined) throw linkInvalid()
    return { email }
  })

  route(api.resendEmailConfirmation, [authenticated], async (c) => {
    const [user] = await db.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, c.var.userId))
    if (user === undefined) throw unauthorized()
    if (user.confirmedAt !== null) throw conflict(ACCOUNT_MESSAGES.alreadyConfirmed)
    const outboxId = await db.transaction((tx) => queueEmailConfirmation(tx, deps, c.var.userId))
    if (outboxId !== undefined) deps.mailer.dispatch([outboxId])
    return { ok: true as const }
  })

  return app
}
