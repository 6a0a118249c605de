/**
 * Reverification ('Confirm it's you', ours, after Clerk's `useReverification`): a sensitive change
 * (password, two-factor off, deleting a role or a member, granting Super Admin, and the passkey and
 * single sign-on changes) needs a factor given in this session within the last 10 minutes; the
 * server answers 403 `reverification_required` otherwise. The browser then asks for a factor with
 * these endpoints and repeats the change. docs/api.md "Reverification" documents them;
 * server/users/reverification-routes.ts serves them; machines/reverification asks.
 *
 * A passkey is the third factor: its endpoints (`/users/me/reverification/passkey/options` and
 * `/passkey`) belong to the passkeys contract.
 */
import { Schema } from 'effect'
import { endpoint } from './endpoint.ts'
import { TotpOrRecoveryCode } from './twoFactor-codes.ts'
import { TWO_FACTOR_MESSAGES } from './twoFactor-errors.ts'

/** The factors a person can confirm with: `password`, `code` (TOTP or a recovery code) and `passkey`. */
export const ReverificationFactors = ['password', 'code', 'passkey'] as const
export const ReverificationFactor = Schema.Literals(ReverificationFactors)
export type ReverificationFactor = typeof ReverificationFactor.Type

/** What people are told (ours). */
export const REVERIFICATION_MESSAGES = {
  title: "Confirm it's you",
  enterPassword: 'Enter your password',
  wrongPassword: 'That password is not right. Try again.',
  wrongCode: TWO_FACTOR_MESSAGES.wrongCode,
  wrongRecoveryCode: TWO_FACTOR_MESSAGES.wrongRecoveryCode,
  oneFactor: 'Send either your password or a code',
  /** An account without a password (single sign-on only). */
  noPassword: 'Your account has no password. Confirm with a code from your authenticator app or a passkey.',
  /** Someone without two-factor authentication sent a code. */
  noTwoFactor: 'Two-factor authentication is not on for your account. Confirm with your password.',
  /** Neither a password nor two-factor authentication: only a passkey is left. */
  passkeyOnly: 'Your account has no password or two-factor authentication. Confirm with a passkey.',
} as const

/**
 * `POST /users/me/reverification`: one factor, either the account's `password` or a `code` (a
 * 6-digit TOTP code or an unused recovery code, which is then used up).
 */
export const ReverifyRequest = Schema.Struct({
  password: Schema.optional(
    Schema.String.check(
      Schema.isMinLength(1, { message: REVERIFICATION_MESSAGES.enterPassword }),
      Schema.isMaxLength(1024, { message: 'Password is too long' }),
    ),
  ),
  code: Schema.optional(TotpOrRecoveryCode),
}).check(Schema.makeFilter((v) => (v.password === undefined) !== (v.code === undefined) || REVERIFICATION_MESSAGES.oneFactor))
export type ReverifyRequest = typeof ReverifyRequest.Encoded

/** `POST /users/me/reverification` answer: sensitive changes are allowed until `verified_until` (ISO 8601). */
export const ReverifyResponse = Schema.Struct({ verified_until: Schema.String })
export type ReverifyResponse = typeof ReverifyResponse.Type

/**
 * `GET /users/me/reverification`: the factors this person can confirm with (the dialog offers
 * those), and until when this session may make sensitive changes (ISO 8601; null when it must
 * confirm first).
 */
export const ReverificationStatus = Schema.Struct({
  factors: Schema.Array(ReverificationFactor),
  verified_until: Schema.NullOr(Schema.String),
})
export type ReverificationStatus = typeof ReverificationStatus.Type

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts): the signed-in person's own session, no workspace permission.

/**
 * - `status`: the factors and the current window.
 * - `verify` `{ password } | { code }`: the session is verified now; a wrong factor is 400 at its
 *   field (`password` or `code`), a factor the account lacks 400 at the body saying which one it
 *   has; too many attempts 429.
 */
export const reverificationApi = {
  status: endpoint('GET', '/users/me/reverification', { response: ReverificationStatus }),
  verify: endpoint('POST', '/users/me/reverification', { body: ReverifyRequest, response: ReverifyResponse }),
}
