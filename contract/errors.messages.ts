/**
 * What each API error code means to a person, for the browser to show in the reader's language
 * (src/i18n/api-errors.ts). The server's own message stays English and is shown as it is in
 * English (SPEC §8: toasts carry the server's message). Codes whose message names the specific
 * problem (`invalid_request`: which field and why; `conflict`: what clashed) have no entry: their
 * server message is shown beside the fields it concerns.
 */
import { defineMessages } from './messages.ts'

export const apiErrorMessages = defineMessages('apiErrors', {
  network_error: 'Could not reach the server. Check your connection and try again.',
  session_expired: 'Your session has expired. Please sign in again.',
  http_error: 'The server could not answer. Please try again.',
  invalid_response: 'The server answered in a way this page does not understand. Reload the page and try again.',
  invalid_credentials: 'Incorrect email or password.',
  unauthorized: 'You are signed out. Please sign in again.',
  invalid_refresh_token: 'You are signed out. Please sign in again.',
  forbidden: 'You do not have permission to do that.',
  not_found: 'That could not be found. It may have been removed.',
  rate_limited: 'Too many attempts. Wait a moment and try again.',
  two_factor_required: 'This workspace requires two-factor authentication.',
  two_factor_expired: 'Your sign-in took too long. Please sign in again.',
  session_revoked: 'This session was signed out. Please sign in again.',
  reverification_required: 'Confirm it’s you to continue.',
  internal_error: 'Something went wrong on our side. Please try again.',
  bot_check_failed: 'The human verification did not pass. Please try again.',
  bot_check_required: 'Complete the human verification to continue.',
  bot_check_unavailable: 'The human verification is unavailable right now. Please try again shortly.',
})
