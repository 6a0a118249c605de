/** The public /share/ pages' titles and texts (./share.ts, SPEC.md §2.5). */
import { defineMessages } from '../i18n/messages.ts'

export const shareMessages = defineMessages('share', {
  termsTitle: 'Terms and conditions',
  termsText: 'The terms someone shared with you from an Engage workspace.',
  contentTitle: 'Shared with you',
  contentText: 'Content someone shared with you from an Engage workspace.',
  smsConsentTitle: 'SMS consent',
  smsConsentText: 'Agree to receive text messages from this business, or decline.',
  eventTitle: 'Event',
  eventText: 'An event someone invited you to from an Engage workspace.',
  eventRegistrationTitle: 'Event registration',
  eventRegistrationText: 'Register for an event hosted with Engage.',
  eventConfirmationTitle: 'Registration confirmed',
  eventConfirmationText: 'Your place at the event is confirmed.',
  fallbackText: 'This page shows content someone shared from an Engage workspace.',
})
