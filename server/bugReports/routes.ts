/**
 * `POST /api/cms/report-bug` (SPEC.md §2.6 Bug-report modal, §3 Bug report, §5, §7). The button
 * shows on public pages too (only /app/integrations paths hide it), so a report is accepted:
 *
 * - **anonymously**, without an Authorization header: no user, no workspace, reporter email "";
 *   an `x-org-id` header is then ignored (nobody vouches for it);
 * - **signed in**, with a valid bearer token: the reporter email is the user's own, whatever the
 *   body says; `x-org-id` is optional and, when sent, must be one of the user's workspaces
 *   (403 otherwise) and is recorded.
 *
 * A bearer token that is present but invalid or expired is refused (401) rather than treated as
 * anonymous, so the browser refreshes it and the report keeps its author.
 *
 * Body contract `BugReportRequest` (64 kB at most, like every API body) → 201
 * `BugReportResponse` `{ _id, created_at }`; 400 with every issue; 401; 403; 413.
 */
import { Hono } from 'hono'
import { bugReportsApi } from '../../contract/bugReports.ts'
import type { SigningKey } from '../auth/access-token.ts'
import type { Database } from '../db/client.ts'
import { bearerUserId } from '../http/auth.ts'
import { contractRoutes } from '../http/route.ts'
import { tenantOf } from '../http/tenant.ts'
import { forbiddenOrg, unauthorized } from '../http/errors.ts'
import { isMember } from '../members/access.ts'
import { createBugReport, userEmail, type Reporter } from './queries.ts'

export interface BugReportRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock in ms since the epoch. */
  readonly now: () => number
}

/** The bug-report routes, to be mounted at `/api/cms`. */
export function bugReportRoutes(deps: BugReportRoutesDeps): Hono {
  const { db } = deps
  const app = new Hono()
  // The reporter is checked (401/403) before the body is read.
  contractRoutes(app, '/cms').late(bugReportsApi.report, [], async (c, { readBody }) => {
    const authorization = c.req.header('authorization')
    let reporter: Reporter | undefined
    if (authorization !== undefined) {
      const userId = await bearerUserId(authorization, deps.signingKey, Math.floor(deps.now() / 1000))
      if (userId === undefined) throw unauthorized()
      const email = await userEmail(db, userId)
      if (email === undefined) throw unauthorized()
      const orgId = tenantOf(c) ?? null
      if (orgId !== null && !(await isMember(db, userId, orgId))) throw forbiddenOrg()
      reporter = { userId, orgId, email }
    }
    return createBugReport(db, await readBody(), reporter)
  })
  return app
}
