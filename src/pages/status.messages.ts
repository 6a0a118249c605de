/**
 * The small public and gate pages: the status pages' shared 'Sign in', signing out (SignOutPage),
 * Unauthorized and Page not found (errorPages), the waitlist, the workspace choice and the
 * two-factor requirement.
 */
import { defineMessages } from '../i18n/messages.ts'

export const statusMessages = defineMessages('status', {
  signIn: 'Sign in',
  signingOut: 'Signing you out…',
  signingOutText: 'You will be taken to the sign-in page in a moment.',
})

export const errorPagesMessages = defineMessages('errorPages', {
  unauthorized: 'Unauthorized',
  unauthorizedText: 'You are not authorized to view this page.',
  goBack: 'Go back',
  notFound: 'Page not found',
  notFoundText: 'There is no page at this address.',
  goToEngage: 'Go to Engage',
})

export const waitlistMessages = defineMessages('waitlist', {
  title: "You're on the waitlist",
  text: '{org} is on the Engage waitlist. We will open your workspace as soon as a spot is free, and this page moves on by itself when we do: there is nothing else you need to do.',
  signOut: 'Sign out',
})

export const workspaceSelectionMessages = defineMessages('workspaceSelection', {
  title: 'Choose a workspace',
  intro: 'Pick the workspace to work in. You can switch at any time from the Workspace menu in the header.',
  listLabel: 'Your workspaces',
  current: 'Current',
})

export const twoFactorRequiredMessages = defineMessages('twoFactorRequired', {
  title: 'Two-factor authentication required',
  textNamed: '{org} requires two-factor authentication. Turn it on to continue.',
  text: 'This workspace requires two-factor authentication. Turn it on to continue.',
  setUp: 'Set up two-factor authentication',
  switchWorkspace: 'Switch workspace',
})
