/**
 * Monthly credits (SPEC.md §3 Credits summary, §7 `GET /org-billing/monthly-credits-usage`, §9).
 *
 * Model: every org has a plan (`org_plans`) giving it `monthly_credits` per calendar month in
 * UTC (null = unlimited), and a ledger (`credit_ledger`) of credits used (`usage`) and extra
 * credits granted (`grant`), each row dated and tagged with a category. A month's summary is:
 *
 * - totalCredits = plan credits + grants dated in the month (null when unlimited)
 * - usedCredits = usage dated in the month; creditsByCategory = the same, per category
 * - remainingCredits = max(total − used, 0) (null when unlimited)
 * - percentageUsed = used / total × 100, one decimal, capped at 100 (0 when unlimited)
 *
 * Months are UTC calendar months: the period starts on the 1st at 00:00 UTC and the credits
 * reset on the 1st of the next month. Ledger rows of other months never count.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm'
import { type CreditsSummary, SIGN_UP_PLAN_TERMS, type SignUpPlan } from '../../contract/workspaces.ts'
import type { Database } from '../db/client.ts'
import { creditLedger, memberships, orgPlans } from '../db/schema.ts'

/** A plan: its display name and credits per month (null = unlimited). */
export interface Plan {
  readonly planName: string
  readonly monthlyCredits: number | null
}

/**
 * The plan every new workspace starts on (sign-up and create-new), and the one assumed for an
 * org that has no plan row.
 */
export const STARTER_PLAN: Plan = SIGN_UP_PLAN_TERMS.starter

/** Growth: what /pricing's 'Start with Growth' signs a new workspace up to. */
export const GROWTH_PLAN: Plan = SIGN_UP_PLAN_TERMS.growth

/** The plan a new workspace starts on for each plan sign-up accepts (contract `SignUpPlan`). */
export const SIGN_UP_PLANS: Readonly<Record<SignUpPlan, Plan>> = { starter: STARTER_PLAN, growth: GROWTH_PLAN }

/** One calendar month in UTC: `[start, end)`. */
export interface CreditPeriod {
  readonly start: Date
  readonly end: Date
}

/** The UTC calendar month containing `nowMs` (ms since the epoch). */
export function creditPeriod(nowMs: number): CreditPeriod {
  const now = new Date(nowMs)
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  // Date.UTC rolls month 12 over into January of the next year.
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  return { start, end }
}

/** The aggregates of one org and month, as read from the database. */
export interface CreditTotals {
  readonly plan: Plan
  /** Credits used in the period, per category; categories without usage are absent. */
  readonly usedByCategory: Readonly<Record<string, number>>
  /** Credits granted in the period, on top of the plan. */
  readonly granted: number
}

/**
 * The summary of SPEC.md §3 from the month's aggregates. Pure, so the arithmetic (unlimited
 * plans, overuse, rounding) is tested without a database.
 */
export function summarize(totals: CreditTotals, period: CreditPeriod): CreditsSummary {
  const used = Object.values(totals.usedByCategory).reduce((sum, n) => sum + n, 0)
  const total = totals.plan.monthlyCredits === null ? null : totals.plan.monthlyCredits + totals.granted
  let percentageUsed = 0
  if (total !== null) {
    // A plan with 0 credits and any use is fully used; round to one decimal, never above 100.
    percentageUsed = total === 0 ? (used > 0 ? 100 : 0) : Math.min(100, Math.round((used / total) * 1000) / 10)
  }
  return {
    totalCredits: total,
    usedCredits: used,
    remainingCredits: total === null ? null : Math.max(0, total - used),
    percentageUsed,
    creditsByCategory: { ...totals.usedByCategory },
    aiCredits: totals.usedByCategory['ai'] ?? 0,
    planName: totals.plan.planName,
    periodStart: isoDate(period.start),
    resetsAt: isoDate(period.end),
  }
}

/** `YYYY-MM-DD` of a UTC date. */
const isoDate = (date: Date) => date.toISOString().slice(0, 10)

/**
 * The month's credit totals of `orgId` as seen by `userId`, in ONE query: the membership row
 * (so a non-member gets nothing, the tenant check and the read are one round trip), its org's
 * plan, and the ledger of the period aggregated per category. Credits endpoints sit in the
 * shell header and run on every app start and org switch, and PGlite runs queries one at a time.
 *
 * The aggregates come back inside one JSON value so both drivers parse them the same way (a bare
 * `sum()` is a bigint/numeric, which node-postgres returns as a string).
 *
 * @returns undefined when the user is not a member of the org (or either does not exist).
 */
export async function loadCreditTotals(db: Database, userId: string, orgId: string, period: CreditPeriod): Promise<CreditTotals | undefined> {
  const perCategory = db
    .select({
      category: creditLedger.category,
      used: sql<number>`coalesce(sum(${creditLedger.credits}) filter (where ${creditLedger.kind} = 'usage'), 0)`.as('used'),
      granted: sql<number>`coalesce(sum(${creditLedger.credits}) filter (where ${creditLedger.kind} = 'grant'), 0)`.as('granted'),
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.orgId, orgId), gte(creditLedger.occurredAt, period.start), lt(creditLedger.occurredAt, period.end)))
    .groupBy(creditLedger.category)
    .as('per_category')

  const [row] = await db
    .select({
      planName: orgPlans.planName,
      monthlyCredits: orgPlans.monthlyCredits,
      hasPlan: sql<boolean>`${orgPlans.orgId} is not null`,
      ledger: sql<{ used: Record<string, number>; granted: number }>`(
        select json_build_object(
          'used', coalesce(json_object_agg(${perCategory.category}, ${perCategory.used}) filter (where ${perCategory.used} > 0), '{}'::json),
          'granted', coalesce(sum(${perCategory.granted}), 0)
        ) from ${perCategory}
      )`,
    })
    .from(memberships)
    .leftJoin(orgPlans, eq(orgPlans.orgId, memberships.orgId))
    .where(and(eq(memberships.userId, userId), eq(memberships.orgId, orgId)))
  if (row === undefined) return undefined
  return {
    plan: row.hasPlan ? { planName: row.planName ?? STARTER_PLAN.planName, monthlyCredits: row.monthlyCredits } : STARTER_PLAN,
    usedByCategory: Object.fromEntries(Object.entries(row.ledger.used).map(([category, n]) => [category, Number(n)])),
    granted: Number(row.ledger.granted),
  }
}
