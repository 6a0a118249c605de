/**
 * The single sign-on pages (src/ui/sso/SsoPages.tsx), /signin's way into them (SsoSignIn.tsx), and
 * the fixed reasons of a failed attempt (contract/sso.ts `SSO_ERROR_MESSAGES`, same English).
 */
import { defineMessages } from '../../i18n/messages.ts'

export const ssoSignInMessages = defineMessages('ssoSignIn', {
  entry: 'Continue with single sign-on',
  startIntro: 'Enter your work email. We send you to your organisation’s sign-in page.',
  formLabel: 'Single sign-on',
  email: 'Email',
  continue: 'Continue',
  continuing: 'Continuing…',
  backToSignIn: 'Back to sign in',
  completing: 'Completing single sign-on',
  nothingToComplete: 'There is no single sign-on to complete here. Start it from the sign-in page.',
  signIn: 'Sign in',
  signingYouIn: 'Signing you in…',
  linkTitle: 'Link your account',
  linkIntro: 'An account with {email} already exists. Enter its password to link single sign-on to it.',
  linkIntroPasskey: 'An account with {email} already exists. Enter its password, or use one of its passkeys, to link single sign-on to it.',
  password: 'Password',
  code: 'Authentication code',
  link: 'Link and sign in',
  linking: 'Linking…',
  usePasskey: 'Use a passkey',
  unknown_domain: 'No workspace uses single sign-on for this email domain.',
  provider_unavailable: 'The identity provider could not be reached. Try again in a moment.',
  denied: 'Single sign-on was cancelled at the identity provider.',
  provider_error: 'The identity provider could not sign you in. Try again.',
  state_mismatch: 'This sign-in did not start in this browser. Start single sign-on again.',
  expired: 'This sign-in attempt expired or was already used. Start single sign-on again.',
  rejected: "The identity provider's answer could not be verified. Start single sign-on again.",
  not_member: 'Your account is no longer a member of this workspace. Ask an admin to add you again.',
  link_required: 'An account with this email already exists. Enter its password to link single sign-on to it.',
})
