/**
 * The sign-in page's words: the sign-in form, its second (two-factor) step, and the messages the
 * auth machine puts on it (a session that ended, sign-in unavailable). One namespace for the page
 * and its machine; src/ui/SignInPage.tsx shows them.
 */
import { defineMessages } from '../../contract/messages.ts'

export const signInMessages = defineMessages('signIn', {
  ssoRequired: 'This workspace uses single sign-on. Sign in through your organisation’s identity provider.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  sessionRevoked: 'You were signed out of this session. Please sign in again.',
  unavailable: 'We could not sign you in right now. Check your connection and try again.',
  signIn: 'Sign in',
  title: 'Sign in to Engage',
  signingIn: 'Signing in…',
  newToEngage: 'New to Engage?',
  createAccount: 'Create an account',
  fromApp: 'Sign in to continue to your workspace.',
  email: 'Email',
  password: 'Password',
  forgotPassword: 'Forgot password?',
  home: 'Engage home',
  twoFactorTitle: 'Two-factor authentication',
  verify: 'Verify',
  verifying: 'Verifying…',
  notYou: 'Not you?',
  backToSignIn: 'Back to sign in',
  totpIntro: 'Enter the 6-digit code from your authenticator app.',
  totpLabel: 'Authentication code',
  useRecoveryCode: 'Use a recovery code',
  recoveryIntro: 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.',
  recoveryLabel: 'Recovery code',
  useAuthenticator: 'Use your authenticator app',
})
