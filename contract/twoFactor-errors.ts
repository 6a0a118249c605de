/**
 * What people are told about two-factor authentication (ours: the spec shows no second factor):
 * the form of a code (./twoFactor-codes.ts, which the sign-in form needs from the first load) and
 * the server's refusals. English, as the server answers them; the browser shows each translated by
 * its English text (contract/validation.messages.ts).
 */
import { TWO_FACTOR_CODE_MESSAGES } from './twoFactor-codes.ts'

export const TWO_FACTOR_MESSAGES = {
  ...TWO_FACTOR_CODE_MESSAGES,
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  wrongRecoveryCode: 'That recovery code is not right or was already used.',
  oneProof: 'Send either a code or a recovery code',
  challengeExpired: 'This sign-in took too long. Sign in again with your email and password.',
  alreadyOn: 'Two-factor authentication is already on.',
  notOn: 'Two-factor authentication is not on.',
  noEnrolment: 'Start setting up two-factor authentication first.',
  requiredSetup: 'This workspace requires two-factor authentication. Set it up in Account › Security to continue.',
  adminWithoutTwoFactor: 'Turn on two-factor authentication for your own account before requiring it for everyone.',
} as const
