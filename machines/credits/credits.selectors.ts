/**
 * Selectors and pure rules over the credits summary (SPEC.md §3 Credits summary), for the header's
 * credits summary and the billing page. Views format numbers; what counts as "running low",
 * unlimited, or how categories are named and ordered is decided here.
 */
import type { SnapshotFrom } from 'xstate'
import { type CreditsSummary, INITIAL_CREDITS } from '../../contract/workspaces.ts'
import type { CreditsMachine } from './credits.machine.ts'

export type CreditsSnapshot = SnapshotFrom<CreditsMachine>

/** From this share of the credits used (percent, inclusive) the summary takes the warning tone. */
export const CREDITS_WARNING_PERCENT = 75
/** From this share used (percent, inclusive) it takes the critical tone. */
export const CREDITS_CRITICAL_PERCENT = 90

/** How urgent the credits look: `normal`, `warning` (≥ 75 % used) or `critical` (≥ 90 % used). */
export const CREDIT_TONES = ['normal', 'warning', 'critical'] as const
export type CreditTone = (typeof CREDIT_TONES)[number]

/** The summary to show: the loaded one, or SPEC §3's initial value (unlimited, nothing used) until then. */
export const selectCredits = (s: CreditsSnapshot): CreditsSummary => s.context.summary ?? INITIAL_CREDITS

/** True once the current org's summary has been loaded (false while signed out or before its first answer). */
export const selectIsCreditsLoaded = (s: CreditsSnapshot): boolean => s.context.summary !== null

/**
 * What the billing page shows: `loading` until the current org's first answer, `unavailable`
 * when that answer was a failure (the header then shows the initial value), else `ready`.
 */
export function selectCreditsStatus(s: CreditsSnapshot): 'loading' | 'unavailable' | 'ready' {
  if (s.context.summary !== null) return 'ready'
  return s.matches('ready') ? 'unavailable' : 'loading'
}

/** True while a load for the current org is in flight (the first one or a refetch). */
export const selectIsCreditsFetching = (s: CreditsSnapshot): boolean => s.matches('loading') || s.matches('refreshing')

/** An unlimited plan has no total (SPEC §3: the initial value is unlimited too). */
export const isUnlimited = (summary: CreditsSummary): boolean => summary.totalCredits === null

/**
 * The tone of a summary: unlimited plans are always `normal`; otherwise the server's
 * `percentageUsed` (0–100) against the 75 % and 90 % thresholds.
 */
export function creditTone(summary: CreditsSummary): CreditTone {
  if (isUnlimited(summary)) return 'normal'
  if (summary.percentageUsed >= CREDITS_CRITICAL_PERCENT) return 'critical'
  if (summary.percentageUsed >= CREDITS_WARNING_PERCENT) return 'warning'
  return 'normal'
}

export const selectCreditTone = (s: CreditsSnapshot): CreditTone => creditTone(selectCredits(s))

/**
 * The share of the total used this month (percent, 0–100; 0 for unlimited plans), what
 * the header's bar fills: a new workspace shows an empty bar, a spent one a full bar.
 */
export function usedPercent(summary: CreditsSummary): number {
  if (isUnlimited(summary)) return 0
  return Math.max(0, Math.min(100, summary.percentageUsed))
}

/** The share of the total still available (percent, 0–100); 100 for unlimited plans. */
export function remainingPercent(summary: CreditsSummary): number {
  if (isUnlimited(summary)) return 100
  return Math.max(0, Math.min(100, 100 - summary.percentageUsed))
}

/** Display names of the categories the server reports; others are shown capitalised. */
export const CREDIT_CATEGORY_LABELS: Readonly<Record<string, string>> = {
  ai: 'AI',
  voice: 'Voice',
  messaging: 'Messaging',
}

/** The display name of a usage category (`ai` → 'AI', `sms_outbound` → 'Sms outbound'). */
export function creditCategoryLabel(category: string): string {
  const known = CREDIT_CATEGORY_LABELS[category]
  if (known) return known
  const words = category.replace(/[_-]+/g, ' ').trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : category
}

/** One row of this month's usage by category. */
export interface CategoryUsage {
  readonly category: string
  readonly label: string
  /** Credits used this month. */
  readonly credits: number
  /** Share of all credits used this month (percent, 0–100, one decimal; 0 when nothing was used). */
  readonly share: number
}

/** This month's usage per category, largest first (ties by name), for the billing page's chart and table. */
export function usageByCategory(summary: CreditsSummary): ReadonlyArray<CategoryUsage> {
  const entries = Object.entries(summary.creditsByCategory)
  const total = entries.reduce((sum, [, n]) => sum + n, 0)
  return entries
    .map(([category, credits]) => ({
      category,
      label: creditCategoryLabel(category),
      credits,
      share: total > 0 ? Math.round((credits / total) * 1000) / 10 : 0,
    }))
    .sort((a, b) => b.credits - a.credits || a.category.localeCompare(b.category))
}
