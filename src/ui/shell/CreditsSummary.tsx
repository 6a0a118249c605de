/**
 * The header's credits summary (SPEC.md §2.3, §3 Credits summary). It reads as what is
 * left, never as used / total: '7,500 credits left' over a bar that fills with what has been USED
 * this month (a new workspace shows an empty bar, not a full one that looks spent), and a tooltip
 * 'Used 2,500 of 10,000 this month'. Plans without a total read 'Unlimited credits' with no bar.
 *
 * The tone (`data-tone`: normal, warning from 75 % used, critical from 90 %) comes from the credits
 * selectors; the bar's fill and the text change with it, and critical adds an icon so the warning
 * is not carried by colour alone. Members who may view billing (BILLING read) get a link to
 * /app/billing with the usage in a tooltip; others get the same summary as a button that opens
 * the usage in a small popover (a tooltip needs an interactive trigger). Hidden
 * in the compact header (under 1024 px), where the header has no room for it.
 *
 * Renders nothing outside `CreditsActorProvider` (stories of other shell features).
 */
import { useSelector } from '@xstate/react'
import TriangleAlert from 'lucide-react/icons/triangle-alert'
import { Button, Link, Meter } from 'react-aria-components'
import { can } from '../../../contract/permissions.ts'
import type { CreditsSummary as Summary } from '../../../contract/workspaces.ts'
import { type CreditTone, creditTone, isUnlimited, selectCredits, selectIsCreditsLoaded, usedPercent } from '../../../machines/credits/credits.selectors.ts'
import { type CreditsActor, useOptionalCreditsActor, usePermissions } from '../../system/react.tsx'
import { PopoverDialog } from '../primitives/Popover/PopoverDialog.tsx'
import { WithTooltip } from '../primitives/Tooltip/Tooltip.tsx'
import * as css from './CreditsSummary.css.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { Translator } from '../../i18n/translator.ts'
import { creditsMessages as m } from './credits.messages.ts'

/** Whole credits in the reader's language: 7500 → '7,500' (English), '7.500' (Deutsch); the browser's without a translator. */
export function formatCredits(credits: number, translator?: Pick<Translator, 'number'>): string {
  const options = { maximumFractionDigits: 0 }
  return translator ? translator.number(credits, options) : new Intl.NumberFormat(undefined, options).format(credits)
}

/** What the header shows, and the summary's accessible name: '7,500 credits left' or 'Unlimited credits'. */
export function creditsLeftText(summary: Summary, translator: Translator): string {
  return isUnlimited(summary) ? translator.t(m.unlimitedCredits) : translator.t(m.creditsLeft, { count: summary.remainingCredits ?? 0 })
}

/** The tooltip: 'Used 2,500 of 10,000 this month' ('Used 12,345 this month' on an unlimited plan). */
export function creditsUsedText(summary: Summary, translator: Translator): string {
  const used = formatCredits(summary.usedCredits, translator)
  return isUnlimited(summary) ? translator.t(m.usedThisMonth, { used }) : translator.t(m.usedOfThisMonth, { used, total: formatCredits(summary.totalCredits ?? 0, translator) })
}

/**
 * What a screen reader hears for the bar (the meter of the share used): 'Used 2,500 of 10,000 this
 * month', with the percentage when running low ('…, 96% used'); 'Unlimited' without a total.
 */
export function creditsValueText(summary: Summary, tone: CreditTone, translator: Translator): string {
  if (isUnlimited(summary)) return translator.t(m.unlimited)
  const used = creditsUsedText(summary, translator)
  return tone === 'normal' ? used : translator.t(m.usedWithShare, { used, share: translator.number(summary.percentageUsed / 100, { style: 'percent', maximumFractionDigits: 0 }) })
}

export function CreditsSummary() {
  const actor = useOptionalCreditsActor()
  return actor ? <CreditsSummaryFor actor={actor} /> : null
}

function CreditsSummaryFor({ actor }: { actor: CreditsActor }) {
  const summary = useSelector(actor, selectCredits)
  const loaded = useSelector(actor, selectIsCreditsLoaded)
  const mayViewBilling = can(usePermissions(), 'BILLING', 'READ')
  const tone = creditTone(summary)
  const unlimited = isUnlimited(summary)
  // The box's name is exactly its visible text (WCAG 2.5.3, label in name).
  const translator = useTranslator()
  const { t } = translator
  const leftText = creditsLeftText(summary, translator)

  const meter = (
    <Meter aria-label={t(m.meterLabel)} value={usedPercent(summary)} valueLabel={creditsValueText(summary, tone, translator)} className={css.meter}>
      {({ percentage }) => (
        <>
          <span className={css.value} aria-hidden="true">
            {tone === 'critical' && <TriangleAlert size={14} strokeWidth={2} className={css.icon} />}
            {unlimited ? (
              // 'Unlimited credits' whole, as its name reads: no count, so no 'left'.
              <span className={css.remaining}>{leftText}</span>
            ) : (
              <>
                <span className={css.remaining}>{formatCredits(summary.remainingCredits ?? 0, translator)}</span>
                <span className={css.unit}> {t(m.creditsLeftUnit, { count: summary.remainingCredits ?? 0 })}</span>
              </>
            )}
          </span>
          {!unlimited && (
            <span className={css.track} aria-hidden="true">
              <span className={css.fill} style={{ width: `${percentage}%` }} />
            </span>
          )}
        </>
      )}
    </Meter>
  )
  const data = { 'data-tone': tone, 'data-unlimited': unlimited || undefined, 'aria-busy': !loaded || undefined }
  if (mayViewBilling) {
    return (
      <WithTooltip label={creditsUsedText(summary, translator)} placement="bottom">
        <Link href="/app/billing" className={css.root} aria-label={leftText} {...data}>
          {meter}
        </Link>
      </WithTooltip>
    )
  }
  return (
    <PopoverDialog
      placement="bottom end"
      offset={8}
      aria-label={t(m.popoverLabel)}
      dialogClassName={css.usage}
      trigger={
        <Button className={css.root} aria-label={leftText} {...data}>
          {meter}
        </Button>
      }
    >
      {creditsUsedText(summary, translator)}
    </PopoverDialog>
  )
}
