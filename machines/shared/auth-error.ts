/**
 * What the sign-in page (and the set-password page) shows of a rejected call: a form-level message
 * and per-field messages, keeping the server's words.
 */
import { localized, type DisplayText } from '../../contract/messages.ts'
import { fieldErrors } from '../../contract/validate.ts'
import { authNoticeMessages } from '../auth/auth-notices.messages.ts'

/** What the sign-in page shows: a form-level message and per-field messages. */
export interface AuthError {
  readonly code: string
  /** The server's words as they came, or our own message to translate. */
  readonly message: DisplayText
  readonly fields: Readonly<Record<string, string>>
}

/** Message for a sign-in that failed for a reason other than the credentials. */
export const SIGN_IN_UNAVAILABLE_MESSAGE = localized(authNoticeMessages.unavailable)

/**
 * Maps a rejected sign-in or verification to what the sign-in page shows. Errors carrying
 * `code`/`message`/`issues` (the API client's `ApiError`) keep the server's words.
 */
export function toAuthError(error: unknown): AuthError {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    const e = error as { code: string; message?: unknown; issues?: ReadonlyArray<{ path: ReadonlyArray<string | number>; message: string }> }
    const message = typeof e.message === 'string' && e.code !== 'network_error' ? e.message : SIGN_IN_UNAVAILABLE_MESSAGE
    return { code: e.code, message, fields: e.issues ? fieldErrors(e.issues) : {} }
  }
  return { code: 'unknown', message: SIGN_IN_UNAVAILABLE_MESSAGE, fields: {} }
}
