/**
 * Error responses: every non-2xx answer is `{ error: { code, message, issues } }` (contract
 * `ApiErrorBody`), with `code` from contract `ErrorCode`. Handlers throw {@link ApiError}; the
 * app's error handler turns it into the body, and anything else into a generic 500.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ErrorCode, type ApiErrorBody, type ApiIssue } from '../../contract/api.ts'
import { CONFLICT_ERROR_CODE } from '../../contract/permissions.ts'
import { TWO_FACTOR_MESSAGES } from '../../contract/twoFactor.ts'
import { BOT_CHECK_FAILED_ERROR_CODE, BOT_CHECK_REQUIRED_ERROR_CODE, BOT_CHECK_UNAVAILABLE_ERROR_CODE } from '../../contract/botcheck.ts'

/** Every code the server answers with: contract `ErrorCode` plus the 409 `conflict` and the bot check's three. */
export type ApiErrorCode =
  | ErrorCode
  | typeof CONFLICT_ERROR_CODE
  | typeof BOT_CHECK_FAILED_ERROR_CODE
  | typeof BOT_CHECK_REQUIRED_ERROR_CODE
  | typeof BOT_CHECK_UNAVAILABLE_ERROR_CODE

/** A refusal with a status, a contract error code, a human message and optional issues. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues: ReadonlyArray<ApiIssue> = [],
  ) {
    super(message)
    this.name = 'ApiError'
  }

  /** The response body for this error. */
  body(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, issues: [...this.issues] } }
  }
}

/** 400 `invalid_request` with every validation issue. */
export const invalidRequest = (message: string, issues: ReadonlyArray<ApiIssue> = []) =>
  new ApiError(400, ErrorCode.invalidRequest, message, issues)

/** 401 `unauthorized`: missing, malformed, expired or foreign access token. */
export const unauthorized = (message = 'Sign in again: the access token is missing, invalid or expired.') =>
  new ApiError(401, ErrorCode.unauthorized, message)

/**
 * 403 `forbidden`: the org is not one of the caller's. The same message whether the org exists
 * or not, so the answer does not reveal which organisations exist.
 */
export const forbiddenOrg = () => new ApiError(403, ErrorCode.forbidden, 'You do not have access to this workspace.')

/** 403 `forbidden` for a member who lacks a permission; `message` says what is missing. */
export const forbidden = (message: string) => new ApiError(403, ErrorCode.forbidden, message)

/**
 * 403 `two_factor_required`: the workspace requires two-factor authentication and the
 * caller has not turned it on; the message tells them where to.
 */
export const twoFactorRequired = () => new ApiError(403, ErrorCode.twoFactorRequired, TWO_FACTOR_MESSAGES.requiredSetup)

/** 401 `session_revoked`: the access token's session was signed out (server/auth/revocations.ts). */
export const sessionRevoked = () => new ApiError(401, ErrorCode.sessionRevoked, 'This session was signed out. Sign in again.')

/** 403 `reverification_required`: the change needs a factor given recently (server/auth/reverification.ts). */
export const reverificationRequired = () =>
  new ApiError(403, ErrorCode.reverificationRequired, "Confirm it's you to make this change: enter your password, a code or use a passkey.")

/** 404 `not_found`; the default message is for unknown paths. */
export const notFound = (message = 'There is nothing at this address.') => new ApiError(404, ErrorCode.notFound, message)

/** 409 `conflict`: the request clashes with the current state (a taken name, the last super admin...). */
export const conflict = (message: string, issues: ReadonlyArray<ApiIssue> = []) =>
  new ApiError(409, CONFLICT_ERROR_CODE, message, issues)

/** The body of the generic 500: deliberately says nothing about the cause. */
export const internalErrorBody = (): ApiErrorBody => ({
  error: { code: ErrorCode.internal, message: 'Something went wrong on our side. Please try again.', issues: [] },
})
