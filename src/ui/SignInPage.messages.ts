/** The sign-up form of the sign-in page (src/ui/SignInPage.tsx). */
import { defineMessages } from '../i18n/messages.ts'

export const signUpMessages = defineMessages('signUp', {
  documentTitle: 'Create your account',
  title: 'Create your Engage account',
  formLabel: 'Create an account',
  submit: 'Create account',
  submitting: 'Creating your account…',
  haveAccount: 'Already have an account?',
  backToSignIn: 'Back to sign in',
  signIn: 'Sign in',
  fullName: 'Full name',
  workEmail: 'Work email',
  password: 'Password',
  workspaceName: 'Workspace name',
  waitlistNotice: 'Your workspace joins the waitlist; we let you know as soon as it opens.',
  planNotice: 'Your workspace starts on the {plan} plan, {credits} credits a month, and joins the waitlist; we let you know as soon as it opens.',
})
