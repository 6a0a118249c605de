/** The one-time links of the account pages (reset password, confirm email): when the server refuses the link itself. */
import type { ApiIssue } from '../../contract/api.ts'

/**
 * Whether a rejected confirm call refuses the link itself (unknown, expired or already used
 * token) rather than the password: a 400, 404 or 410 with no issue on `password`.
 */
export function isLinkRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const e = error as { status?: unknown; issues?: unknown }
  if (e.status !== 400 && e.status !== 404 && e.status !== 410) return false
  const issues = Array.isArray(e.issues) ? (e.issues as ReadonlyArray<ApiIssue>) : []
  return !issues.some((issue) => issue.path[0] === 'password')
}
