/** The set-password page's words (src/pages/SetPasswordPage.tsx). */
import { defineMessages } from '../../contract/messages.ts'

export const setPasswordMessages = defineMessages('setPassword', {
  doneTitle: 'Your password is set',
  doneText: 'You can now sign in to Engage with your email and new password.',
  signIn: 'Sign in',
  title: 'Choose your password',
  intro: 'You were invited to an Engage workspace. Choose a password of at least 10 characters.',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  saving: 'Saving…',
  submit: 'Set password',
})
