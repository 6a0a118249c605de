/**
 * The sign-in page's words: the sign-in form and its second (two-factor) step; src/ui/SignInPage.tsx
 * shows them. What the auth machine puts on the page (a session that ended, sign-in unavailable)
 * is ./auth-notices.messages.ts, which the boot holds with the machine.
 */
import { defineMessages } from '../../contract/messages.ts'

export const signInMessages = defineMessages('signIn', {
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
