/**
 * What the auth machine puts on the sign-in page: why a session ended, or that sign-in is not
 * possible right now. Apart from the page's own words (./auth.messages.ts) because the machine runs
 * from the first load on every page, and the page's words load with the page.
 */
import { defineMessages } from '../../contract/messages.ts'

export const authNoticeMessages = defineMessages('authNotices', {
  ssoRequired: 'This workspace uses single sign-on. Sign in through your organisation’s identity provider.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  sessionRevoked: 'You were signed out of this session. Please sign in again.',
  unavailable: 'We could not sign you in right now. Check your connection and try again.',
})
