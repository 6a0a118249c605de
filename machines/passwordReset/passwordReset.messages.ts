/**
 * The password-reset pages' words (/forgot-password, /reset-password: src/pages/account) and the
 * machines' own messages shown on them.
 */
import { defineMessages } from '../../contract/messages.ts'

export const passwordResetMessages = defineMessages('passwordReset', {
  requestFailed: 'We could not send the link right now. Please try again.',
  confirmFailed: 'We could not change your password right now. Please try again.',
  forgotTitle: 'Reset your password',
  checkEmail: 'Check your email',
  linkLifetime: 'The link works once, for {minutes, plural, one {# minute} other {# minutes}}. If nothing arrives, check your spam folder or ask again.',
  backToSignIn: 'Back to sign in',
  forgotIntro: 'Enter the email address you sign in with. We will send you a link to choose a new password.',
  email: 'Email',
  sending: 'Sending…',
  sendLink: 'Send link',
  rememberIt: 'Remember it?',
  resetTitle: 'Choose a new password',
  linkInvalidTitle: 'This link cannot be used',
  linkInvalid: 'This link is not valid or has expired. Ask for a new one.',
  changedTitle: 'Password changed',
  changed: 'Your password has been changed. Sign in with the new one.',
  signIn: 'Sign in',
  getNewLink: 'Get a new link',
  resetIntro: 'Choose a password of at least 10 characters. Every device signed in to your account will be signed out.',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  saving: 'Saving…',
  changePassword: 'Change password',
})
