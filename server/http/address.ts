/**
 * The text rule of request bodies (contract/validate.ts) for the request's address:
 * path segments and query values holding a NUL, an unpaired surrogate or broken percent-encoding
 * are refused with 400 `invalid_request` before any route reads them (PostgreSQL refuses NUL: a
 * path id with %00 was a 500).
 */
import type { MiddlewareHandler } from 'hono'
import type { ApiIssue } from '../../contract/api.ts'
import { isUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../contract/validate.ts'
import { invalidRequest } from './errors.ts'

/**
 * Issues for an address whose path segments or query values are not safe text: `['path', i]` for
 * the i-th segment counted from 0 (`api` is 0), `['query', name]` for a query parameter. Empty when
 * all is well.
 */
export function unsafeAddressIssues(url: string): ApiIssue[] {
  const { pathname, searchParams } = new URL(url)
  const issues: ApiIssue[] = []
  pathname
    .split('/')
    .slice(1)
    .forEach((segment, index) => {
      let decoded: string
      try {
        decoded = decodeURIComponent(segment)
      } catch {
        issues.push({ path: ['path', index], message: 'Malformed percent-encoding' })
        return
      }
      if (isUnsafeText(decoded)) issues.push({ path: ['path', index], message: UNSAFE_TEXT_MESSAGE })
    })
  for (const [name, value] of searchParams) {
    if (isUnsafeText(name) || isUnsafeText(value) || value.includes('\uFFFD')) issues.push({ path: ['query', isUnsafeText(name) ? '?' : name], message: UNSAFE_TEXT_MESSAGE })
  }
  return issues
}

/**
 * Middleware applying {@link unsafeAddressIssues}. An address without percent-encoding cannot carry
 * either (HTTP parsers refuse raw NUL, and raw bytes arrive as whole characters), so the common
 * request costs one string scan.
 * @throws ApiError 400 `invalid_request` with every issue.
 */
export const refuseUnsafeAddress: MiddlewareHandler = (c, next) => {
  // Not async: a refusal thrown here reaches hono's error handler as a rejection would.
  const url = c.req.url
  if (url.includes('%') || isUnsafeText(url)) {
    const issues = unsafeAddressIssues(url)
    if (issues.length > 0) throw invalidRequest('The address of the request is invalid.', issues)
  }
  return next()
}
