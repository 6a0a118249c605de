/**
 * The one-message pages outside /app (SPEC.md §2.1, §2.5; ./PublicPage.tsx): each page's title
 * (its h1 and tab title) and its text. The not-found page's words are errorPages'
 * (./status.messages.ts); the window splash's title is the product's name.
 */
import { defineMessages } from '../i18n/messages.ts'

export const publicPagesMessages = defineMessages('publicPages', {
  windowSplashText: 'Opening Engage…',
  integrationTitle: 'Connecting your integration',
  integrationText: 'This page completes an integration sign-in. You can close it and return to Engage.',
  signInErrorTitle: 'We could not sign you in',
  signInErrorText: 'Something went wrong while signing you in. Please try again.',
  linkExpiredTitle: 'This link has expired',
  linkExpiredText: 'Links from Engage emails work for a limited time. Ask for a new one, or sign in.',
  bugReportTitle: 'Bug reports',
  bugReportText: "The 'Report a bug' button is on again in this browser, on every page.",
  channelTitle: 'Connecting your account',
  channelText: 'This page completes a channel sign-in (LinkedIn, Messenger, Instagram, WhatsApp). You can close it and return to Engage.',
})
