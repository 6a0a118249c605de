/**
 * Workspace Settings › Single sign-on's words (src/pages/settings/SingleSignOnSection.tsx; the
 * brief's where it names them) and its toasts (src/system/singleSignOn.ts). Beside the machine:
 * machines import only machines/ and contract/.
 */
import { defineMessages } from '../../contract/messages.ts'

export const ssoSettingsMessages = defineMessages('ssoSettings', {
  title: 'Single sign-on',
  intro: 'Let people sign in through your identity provider (OpenID Connect). Register this redirect URI with it:',
  configured: 'Set up',
  loading: 'Loading single sign-on…',
  issuer: 'Issuer URL',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  secretKept: 'A secret is set: leave empty to keep it',
  domains: 'Email domains',
  domainsHelp: 'People with an email at these domains sign in through your identity provider. Separate them with commas or new lines.',
  requireLabel: 'Require single sign-on',
  requireHelp: 'Members who sign in with a password are signed out; they sign in through your identity provider.',
  test: 'Test connection',
  testing: 'Testing…',
  connected: 'Connected to {issuer}',
  remove: 'Remove single sign-on',
  saving: 'Saving…',
  saved: 'Saved',
  save: 'Save',
  removeTitle: 'Remove single sign-on?',
  removeBody: "People can no longer sign in through your identity provider, and single sign-on is no longer required. Anyone without a password sets one with 'Forgot password?' on the sign-in page.",
  cancel: 'Cancel',
  removeConfirm: 'Remove',
  savedToast: 'Single sign-on saved',
  removedToast: 'Single sign-on removed',
  loadFailed: 'Could not load the single sign-on settings. Please try again.',
  saveFailed: 'Could not save single sign-on. Please try again.',
  removeFailed: 'Could not remove single sign-on. Please try again.',
  testFailed: 'Could not reach the identity provider. Check the issuer URL and try again.',
})
