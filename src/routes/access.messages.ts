/** The access gate's own words: the permissions could not be loaded (src/routes/AccessGate.tsx). */
import { defineMessages } from '../i18n/messages.ts'

export const accessMessages = defineMessages('access', {
  failedHeading: 'We could not load your permissions',
  failedText: 'Check your connection. Engage will try again in a few seconds.',
  retry: 'Try again now',
})
