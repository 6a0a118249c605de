/**
 * The codes of two-factor authentication as people type them: TOTP codes (RFC 6238: 30 s steps,
 * 6 digits) and single-use recovery codes, with the messages shown for their form. The sign-in
 * form's second step validates them from the first load; the rest of the two-factor contract
 * (./twoFactor.ts, which re-exports all of this) loads with the first two-factor call.
 */
import { Schema, SchemaGetter } from 'effect'

/** Digits of a TOTP code. */
export const TOTP_DIGITS = 6
/** Seconds per TOTP time step. */
export const TOTP_PERIOD_S = 30
/** Recovery codes handed out per enrolment or regeneration. */
export const RECOVERY_CODE_COUNT = 10
/** Characters of a recovery code, without its hyphen (`abcde-23456`). */
export const RECOVERY_CODE_LENGTH = 10
/** The recovery-code alphabet: lower-case letters and digits without look-alikes (0/o, 1/l/i). */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
/** Longest `two_factor_token` accepted (characters): a signed JWT of a few hundred. */
export const TWO_FACTOR_TOKEN_MAX_LENGTH = 2048

/**
 * What people are told about a code's form (ours: the spec shows no second factor); the rest of the
 * two-factor messages are ./twoFactor-errors.ts `TWO_FACTOR_MESSAGES`.
 */
export const TWO_FACTOR_CODE_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  recoveryCodeFormat: 'Enter a recovery code, like abcde-23456',
  codeOrRecoveryFormat: 'Enter the 6-digit code from your authenticator app or a recovery code',
} as const

/** Drops whitespace (and, for recovery codes, hyphens) and lower-cases: how people type codes. */
const normalised = (strip: RegExp) =>
  Schema.String.check(Schema.isMaxLength(64, { message: 'The code is too long' })).pipe(
    Schema.decode({
      decode: SchemaGetter.transform((s: string) => s.replace(strip, '').toLowerCase()),
      encode: SchemaGetter.transform((s: string) => s),
    }),
  )

/** A TOTP code: six digits; spaces (as apps show it, `123 456`) are dropped. */
export const TotpCode = normalised(/\s+/g).check(Schema.isPattern(/^\d{6}$/, { message: TWO_FACTOR_CODE_MESSAGES.codeFormat }))

const RECOVERY_PATTERN = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`)

/** A recovery code: ten characters of {@link RECOVERY_CODE_ALPHABET}; case, spaces and hyphens do not matter. */
export const RecoveryCode = normalised(/[\s-]+/g).check(
  Schema.isPattern(RECOVERY_PATTERN, { message: TWO_FACTOR_CODE_MESSAGES.recoveryCodeFormat }),
)

/** Either: a TOTP code (6 digits) or a recovery code (10 characters), told apart by length. */
export const TotpOrRecoveryCode = normalised(/[\s-]+/g).check(
  Schema.makeFilter((s: string) => /^\d{6}$/.test(s) || RECOVERY_PATTERN.test(s) || TWO_FACTOR_CODE_MESSAGES.codeOrRecoveryFormat),
)

/** Whether a {@link TotpOrRecoveryCode} value is a TOTP code (else a recovery code). */
export const isTotpCode = (normalisedCode: string): boolean => /^\d{6}$/.test(normalisedCode)
