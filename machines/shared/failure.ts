/**
 * Turns a rejected API call into what a settings form shows: per-field messages, a form-level
 * message, and the message for the error toast (SPEC.md §8: toasts carry the server's message).
 *
 * The API client rejects with `ApiError` { status, code, message, issues } (src/api/client.ts);
 * machines are pure and must not import from src/, so the error is read by shape. Anything
 * else (a bug, a thrown string) gets the fallback message.
 */
import type { ApiIssue } from '../../contract/api.ts'
import type { DisplayText } from '../../contract/messages.ts'
import { fieldErrors } from '../../contract/validate.ts'

/**
 * `F`: what the fallback is: English text (`string`, the default) or a message the view
 * translates (`DisplayText`, contract/messages.ts `localized`). An API error's own message is a string.
 */
export interface Failure<F extends DisplayText = string> {
  /** HTTP status, 0 when no response was received or the error is not an API error. */
  readonly status: number
  /** Messages keyed by form field (first path segment of the server's issues). */
  readonly fieldErrors: Readonly<Record<string, string>>
  /** Shown above the form when no field can carry the problem; null otherwise. */
  readonly formError: string | F | null
  /** The server's message (or `fallback`), for the error toast. */
  readonly message: string | F
}

interface ApiErrorLike {
  readonly status?: unknown
  readonly code?: unknown
  readonly message?: unknown
  readonly issues?: unknown
}

/**
 * @param error what the promise actor rejected with.
 * @param fields the form's field names: issues at other paths go to the form-level message.
 * @param fallback the message when the error carries none (e.g. not an `ApiError`): English text, or a
 *   message to translate (`localized(...)`).
 */
export function toFailure<F extends DisplayText = string>(error: unknown, fields: ReadonlyArray<string>, fallback: F): Failure<F> {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ApiErrorLike
  const status = typeof e.status === 'number' ? e.status : 0
  // Only an API error's message is meant for people; a bug's message is not.
  const message = typeof e.code === 'string' && typeof e.message === 'string' && e.message.length > 0 ? e.message : fallback
  const issues = Array.isArray(e.issues) ? (e.issues as ReadonlyArray<ApiIssue>) : []
  const byField = fieldErrors(issues)
  const known = Object.fromEntries(Object.entries(byField).filter(([key]) => fields.includes(key)))
  const hasFieldError = Object.keys(known).length > 0
  return { status, fieldErrors: known, formError: hasFieldError ? null : message, message }
}

/**
 * The words an error carries for people (`display`, a {@link DisplayText}: the image uploader's
 * `UploadError`, src/api/uploads.ts), read by shape; null for any other error.
 */
export function displayOf(error: unknown): DisplayText | null {
  if (typeof error !== 'object' || error === null || !('display' in error)) return null
  const display = (error as { display: unknown }).display
  if (typeof display === 'string') return display === '' ? null : display
  return typeof display === 'object' && display !== null && 'message' in display ? (display as DisplayText) : null
}
