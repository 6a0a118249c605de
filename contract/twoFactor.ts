/**
 * Two-factor authentication: TOTP (RFC 6238, 30 s
 * steps, 6 digits, SHA-1: what every authenticator app reads from a QR code) with ten single-use
 * recovery codes, and the second step of sign-in. docs/api.md "Two-factor authentication"
 * documents the endpoints; server/auth/two-factor.ts implements them.
 *
 * The sign-in answer itself (`SignInOutcome`: tokens, or a `TwoFactorChallenge`) lives in
 * contract/api.ts next to `SignInResponse`.
 */
import { Schema } from 'effect'
import { SignInResponse } from './api.ts'
import { endpoint } from './endpoint.ts'
import { RECOVERY_CODE_COUNT, RecoveryCode, TotpCode, TotpOrRecoveryCode, TWO_FACTOR_TOKEN_MAX_LENGTH } from './twoFactor-codes.ts'
import { TWO_FACTOR_MESSAGES } from './twoFactor-errors.ts'

// The codes and the messages about their form (the sign-in form validates codes from the first
// load), in a module of their own so the rest of this contract loads with the first two-factor call.
export {
  isTotpCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  RecoveryCode,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  TotpCode,
  TotpOrRecoveryCode,
  TWO_FACTOR_CODE_MESSAGES,
  TWO_FACTOR_TOKEN_MAX_LENGTH,
} from './twoFactor-codes.ts'
export { TWO_FACTOR_MESSAGES } from './twoFactor-errors.ts'

/** `GET /users/me/two-factor`: whether it is on, since when (ISO 8601), and unused recovery codes. */
export const TwoFactorStatus = Schema.Struct({
  enabled: Schema.Boolean,
  enabled_at: Schema.NullOr(Schema.String),
  recovery_codes_left: Schema.Number,
})
export type TwoFactorStatus = typeof TwoFactorStatus.Type

/**
 * `POST /users/me/two-factor/enrol`: a new secret, pending until confirmed. `qr_data_url` is an
 * SVG QR code of `otpauth_url` as a `data:image/svg+xml;base64,` URL, for an `<img>` (never HTML).
 * `secret` is the same key in Base32, for typing it into an app by hand.
 */
export const TwoFactorEnrolment = Schema.Struct({
  secret: Schema.String,
  otpauth_url: Schema.String,
  qr_data_url: Schema.String.check(Schema.isPattern(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/)),
})
export type TwoFactorEnrolment = typeof TwoFactorEnrolment.Type

/** `POST /users/me/two-factor/confirm`: the first code from the app turns it on. */
export const ConfirmTwoFactorRequest = Schema.Struct({ code: TotpCode })
export type ConfirmTwoFactorRequest = typeof ConfirmTwoFactorRequest.Encoded

/** `POST /users/me/two-factor/disable` and `/recovery-codes`: a current TOTP code or an unused recovery code. */
export const TwoFactorCodeRequest = Schema.Struct({ code: TotpOrRecoveryCode })
export type TwoFactorCodeRequest = typeof TwoFactorCodeRequest.Encoded

/** Answer of `/confirm` and `/recovery-codes`: the new recovery codes, shown this once (`abcde-23456`). */
export const RecoveryCodesResponse = Schema.Struct({
  recovery_codes: Schema.Array(Schema.String).check(Schema.isMinLength(RECOVERY_CODE_COUNT), Schema.isMaxLength(RECOVERY_CODE_COUNT)),
})
export type RecoveryCodesResponse = typeof RecoveryCodesResponse.Type

/**
 * `POST /users/signin/two-factor`: completes a sign-in that answered `two_factor_required`, with
 * the challenge's token and either a TOTP `code` or a `recovery_code`. Answered like sign-in.
 */
export const SignInTwoFactorRequest = Schema.Struct({
  two_factor_token: Schema.String.check(
    Schema.isMinLength(1, { message: 'two_factor_token is required' }),
    Schema.isMaxLength(TWO_FACTOR_TOKEN_MAX_LENGTH, { message: 'two_factor_token is too long' }),
  ),
  code: Schema.optional(TotpCode),
  recovery_code: Schema.optional(RecoveryCode),
}).check(Schema.makeFilter((v) => (v.code === undefined) !== (v.recovery_code === undefined) || TWO_FACTOR_MESSAGES.oneProof))
export type SignInTwoFactorRequest = typeof SignInTwoFactorRequest.Encoded

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts): the signed-in person's second factor (`/users/me/two-factor*`)
// and the second step of sign-in. A wrong code is 400 at its field; too many wrong codes (any of
// these endpoints) 429; 409 for a step that does not fit the state ({@link TWO_FACTOR_MESSAGES}).

/**
 * - `enrol`: a pending secret (QR code, Base32); 409 when it is already on.
 * - `confirm` `{ code }`: on, with ten recovery codes. `recoveryCodes`: ten new ones.
 *   `disable`: off. Both take a TOTP or a recovery code.
 * - `signIn` (public): the challenge's token and a `code` or `recovery_code`, answered like
 *   sign-in; 401 `two_factor_expired` when the challenge is too old or used.
 */
export const twoFactorApi = {
  status: endpoint('GET', '/users/me/two-factor', { response: TwoFactorStatus }),
  enrol: endpoint('POST', '/users/me/two-factor/enrol', { response: TwoFactorEnrolment, errors: ['conflict'] }),
  confirm: endpoint('POST', '/users/me/two-factor/confirm', { body: ConfirmTwoFactorRequest, response: RecoveryCodesResponse, errors: ['conflict'] }),
  disable: endpoint('POST', '/users/me/two-factor/disable', { body: TwoFactorCodeRequest, response: TwoFactorStatus, errors: ['conflict', 'reverification_required'] }),
  recoveryCodes: endpoint('POST', '/users/me/two-factor/recovery-codes', { body: TwoFactorCodeRequest, response: RecoveryCodesResponse, errors: ['conflict'] }),
  signIn: endpoint('POST', '/users/signin/two-factor', {
    body: SignInTwoFactorRequest,
    response: SignInResponse,
    access: 'public',
    errors: ['two_factor_expired', 'forbidden'],
  }),
}
