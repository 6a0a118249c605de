/**
 * Error responses: every non-2xx answer is `{ error: { code, message, issues } }` (contract
 * `ApiErrorBody`), with `code` from contract `ErrorCode`. Handlers throw {@link ApiError}; the
 * app's error handler turns it into the body, and anything else into a generic 500.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ErrorCode, type ApiErrorBody, type ApiIssue } from '../../contract/api.ts'

/** A refusal with a status, a contract error code, a human message and optional issues. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
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
export const unauthorized = () =>
  new ApiError(401, ErrorCode.unauthorized, 'Sign in again: the access token is missing, invalid or expired.')

/**
 * 403 `forbidden`: the org is not one of the caller's. The same message whether the org exists
 * or not, so the answer does not reveal which organisations exist.
 */
export const forbiddenOrg = () => new ApiError(403, ErrorCode.forbidden, 'You do not have access to this workspace.')

/** 404 `not_found`. */
export const notFound = () => new ApiError(404, ErrorCode.notFound, 'There is nothing at this address.')

/** The body of the generic 500: deliberately says nothing about the cause. */
export const internalErrorBody = (): ApiErrorBody => ({
  error: { code: ErrorCode.internal, message: 'Something went wrong on our side. Please try again.', issues: [] },
})
