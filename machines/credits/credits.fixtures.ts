/**
 * Contract-shaped credits summaries for tests and stories (SPEC.md §3 Credits summary), one per
 * tone a person can see. `acmeCredits` mirrors the demo seed: 7,500 of 10,000 left.
 */
import type { CreditsSummary } from '../../contract/workspaces.ts'

const month = { periodStart: '2026-05-01', resetsAt: '2026-06-01' }

/** 2,500 of 10,000 used (25 %): the normal tone. */
export const acmeCredits: CreditsSummary = {
  totalCredits: 10_000,
  usedCredits: 2_500,
  remainingCredits: 7_500,
  percentageUsed: 25,
  creditsByCategory: { ai: 1_500, voice: 700, messaging: 300 },
  aiCredits: 1_500,
  planName: 'Growth',
  ...month,
}

/** 8,000 of 10,000 used (80 %): the warning tone. */
export const warningCredits: CreditsSummary = {
  ...acmeCredits,
  usedCredits: 8_000,
  remainingCredits: 2_000,
  percentageUsed: 80,
  creditsByCategory: { ai: 5_200, voice: 1_800, messaging: 1_000 },
  aiCredits: 5_200,
}

/** 9,600 of 10,000 used (96 %): the critical tone. */
export const criticalCredits: CreditsSummary = {
  ...acmeCredits,
  usedCredits: 9_600,
  remainingCredits: 400,
  percentageUsed: 96,
  creditsByCategory: { ai: 6_100, voice: 2_300, messaging: 1_200 },
  aiCredits: 6_100,
}

/** An unlimited plan (null totals) with some use this month. */
export const unlimitedCredits: CreditsSummary = {
  totalCredits: null,
  usedCredits: 12_345,
  remainingCredits: null,
  percentageUsed: 0,
  creditsByCategory: { ai: 9_000, voice: 2_345, messaging: 1_000 },
  aiCredits: 9_000,
  planName: 'Enterprise',
  ...month,
}

/** A month with no use yet. */
export const unusedCredits: CreditsSummary = {
  ...acmeCredits,
  usedCredits: 0,
  remainingCredits: 10_000,
  percentageUsed: 0,
  creditsByCategory: {},
  aiCredits: 0,
}
