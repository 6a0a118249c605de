/**
 * Account recovery and address confirmation (ours: the spec shows neither). The
 * endpoints are documented in docs/api.md:
 *
 * - `POST /users/password-reset` `{ email }` → 202 {@link PASSWORD_RESET_SENT}, the same answer
 *   whether or not an account has that address (no account enumeration). Rate-limited like sign-in.
 * - `POST /users/password-reset/confirm` `{ token, password }` → 200 `{ ok: true }`: the one-time
 *   link (30 minutes) sets a new password and signs out every session of that person.
 * - `POST /users/confirm-email` `{ token }` → 200 `{ email }`: the link sent at sign-up confirms the address.
 * - `POST /users/me/confirm-email/resend` (signed in) → 202 `{ ok: true }`; 409 when already confirmed.
 */
import { Schema } from 'effect'
import { Email } from './api.ts'
import { endpoint } from './endpoint.ts'
import { SetPasswordRequest } from './team.ts'

/** `POST /users/password-reset`: where to send the link. */
export const PasswordResetRequest = Schema.Struct({ email: Email })
export type PasswordResetRequest = typeof PasswordResetRequest.Encoded

/** The one answer to a password-reset request (verbatim in the UI). */
export const PASSWORD_RESET_SENT = 'If an account exists for that address, we sent a link'

/** `POST /users/password-reset` response (202). */
export const PasswordResetResponse = Schema.Struct({ message: Schema.String })
export type PasswordResetResponse = typeof PasswordResetResponse.Type

/** `POST /users/password-reset/confirm`: the link's token and the new password (same rules as set-password). */
export const PasswordResetConfirmRequest = SetPasswordRequest
export type PasswordResetConfirmRequest = typeof PasswordResetConfirmRequest.Encoded

/** `POST /users/password-reset/confirm` response. */
export const PasswordResetConfirmResponse = Schema.Struct({ ok: Schema.Literal(true) })

/** `POST /users/confirm-email`: the token from the confirmation link. */
export const ConfirmEmailRequest = Schema.Struct({
  token: Schema.String.check(Schema.isMinLength(1, { message: 'The link is incomplete' }), Schema.isMaxLength(200, { message: 'The link is not valid' })),
})
export type ConfirmEmailRequest = typeof ConfirmEmailRequest.Encoded

/** `POST /users/confirm-email` response: the address now confirmed. */
export const ConfirmEmailResponse = Schema.Struct({ email: Schema.String })
export type ConfirmEmailResponse = typeof ConfirmEmailResponse.Type

/** Lifetime of a password-reset link, seconds (30 minutes). */
export const PASSWORD_RESET_TTL_S = 30 * 60
/** Lifetime of an address-confirmation link, seconds (ours: 7 days, like an invitation). */
export const EMAIL_CONFIRMATION_TTL_S = 7 * 24 * 60 * 60

/** Messages the pages and the server share (ours). */
export const ACCOUNT_MESSAGES = {
  linkInvalid: 'This link is not valid or has expired. Ask for a new one.',
  alreadyConfirmed: 'Your email address is already confirmed',
  passwordResetDone: 'Your password has been changed. Sign in with the new one.',
  emailConfirmed: 'Your email address is confirmed',
  confirmationSent: 'We sent a new confirmation link',
} as const

/** `POST /users/me/confirm-email/resend` response (202): a new link is on its way. */
export const EmailConfirmationResentResponse = Schema.Struct({ ok: Schema.Literal(true) })

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts), as listed at the top of this module. The links' 400s carry
// an issue at `token` ({@link ACCOUNT_MESSAGES}.linkInvalid).

export const accountApi = {
  passwordReset: endpoint('POST', '/users/password-reset', { body: PasswordResetRequest, response: PasswordResetResponse, status: 202, access: 'public' }),
  confirmPasswordReset: endpoint('POST', '/users/password-reset/confirm', {
    body: PasswordResetConfirmRequest,
    response: PasswordResetConfirmResponse,
    access: 'public',
  }),
  confirmEmail: endpoint('POST', '/users/confirm-email', { body: ConfirmEmailRequest, response: ConfirmEmailResponse, access: 'public' }),
  resendEmailConfirmation: endpoint('POST', '/users/me/confirm-email/resend', { response: EmailConfirmationResentResponse, status: 202, errors: ['conflict'] }),
}
