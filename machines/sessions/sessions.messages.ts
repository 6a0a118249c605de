/** The Sessions section's words (src/pages/security/SessionsSection.tsx), how a session is named, and the sessions toasts. */
import { defineMessages } from '../../contract/messages.ts'

export const sessionsMessages = defineMessages('sessions', {
  revoked: 'Signed out of {session}',
  othersRevoked: '{count, plural, one {Signed out of # other session} other {Signed out of # other sessions}}',
  title: 'Sessions',
  signOutOthers: 'Sign out of all other sessions',
  intro: 'The browsers and devices signed in to your account. If you do not recognise one, sign it out and change your password.',
  loading: 'Loading sessions…',
  tryAgain: 'Try again',
  list: 'Signed-in sessions',
  thisDevice: 'This device',
  signedIn: 'Signed in {time}',
  lastActive: 'Last active {time}',
  signOut: 'Sign out',
  confirmTitle: 'Sign out of all other sessions?',
  confirmDescription: 'Every other browser and device signed in to your account will be signed out. This device stays signed in.',
  cancel: 'Cancel',
  confirmSignOut: 'Sign out others',
  browserOnOs: '{browser} on {os}',
  unknownDevice: 'Unknown device',
  locationUnknown: 'Location unknown',
  justNow: 'just now',
  desktop: 'Computer',
  mobile: 'Phone',
  tablet: 'Tablet',
  other: 'Other device',
})
