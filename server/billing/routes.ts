/**
 * `/api/org-billing/*` (SPEC.md §7 `GET /org-billing/monthly-credits-usage`, §3 Credits summary).
 *
 * The summary is shown in the shell header to every member (SPEC.md §2.3), so it needs only
 * membership of the current org, not BILLING read. The membership check is folded into the
 * credits query itself: one query per call.
 */
import { Hono } from 'hono'
import { workspacesApi } from '../../contract/workspaces.ts'
import type { SigningKey } from '../auth/access-token.ts'
import type { Database } from '../db/client.ts'
import { requireAccessToken, type AuthVariables } from '../http/auth.ts'
import { forbiddenOrg } from '../http/errors.ts'
import { contractRoutes } from '../http/route.ts'
import { creditPeriod, loadCreditTotals, summarize } from './credits.ts'

export interface BillingRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock in ms since the epoch: decides the current month. */
  readonly now: () => number
}

/** The billing routes, to be mounted at `/api/org-billing`. */
export function billingRoutes(deps: BillingRoutesDeps): Hono<{ Variables: AuthVariables }> {
  const app = new Hono<{ Variables: AuthVariables }>()
  const authenticated = requireAccessToken(deps.signingKey, deps.now)

  /*
   * 200 MonthlyCreditsUsageResponse for the current UTC calendar month; 401 / 400 (no x-org-id) /
   * 403 (not a member: the same answer as everywhere, nothing about the org is read out).
   */
  contractRoutes(app, '/org-billing')(workspacesApi.monthlyCreditsUsage, [authenticated], async (c) => {
    const period = creditPeriod(deps.now())
    const totals = await loadCreditTotals(deps.db, c.var.userId, c.var.orgId, period)
    if (totals === undefined) throw forbiddenOrg()
    return { data: { summary: summarize(totals, period) } }
  })

  return app
}
