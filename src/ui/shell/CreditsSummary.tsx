/**
 * The header's credits summary (SPEC.md §2.3, §3 Credits summary): the credits left of this
 * month's total with a meter named 'Credits', or 'Unlimited' for plans without a total. The tone
 * (`data-tone`: normal, warning from 75 % used, critical from 90 %) comes from the credits
 * selectors; the meter's fill and the text change with it, and critical adds an icon so the
 * warning is not carried by colour alone. Members who may view billing (BILLING read) get a link
 * to /app/billing; others see the same summary as plain text. Hidden in the compact header
 * (under 1024 px), where the header has no room for it.
 *
 * Renders nothing outside `CreditsActorProvider` (stories of other shell features).
 */
import { useSelector } from '@xstate/react'
import TriangleAlert from 'lucide-react/icons/triangle-alert'
import type { ReactNode } from 'react'
import { Link, Meter } from 'react-aria-components'
import { can } from '../../../contract/permissions.ts'
import type { CreditsSummary as Summary } from '../../../contract/workspaces.ts'
import { type CreditTone, creditTone, isUnlimited, remainingPercent, selectCredits, selectIsCreditsLoaded } from '../../../machines/credits/credits.selectors.ts'
import { type CreditsActor, useOptionalCreditsActor, usePermissions } from '../../system/react.tsx'
import * as css from './CreditsSummary.css.ts'

/** Whole credits in the reader's locale: 7500 → '7,500' (en-US). */
export function formatCredits(credits: number): string {
  return new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }).format(credits)
}

/** What a screen reader hears for the meter: '7,500 of 10,000 credits left', with the share used when running low. */
export function creditsValueText(summary: Summary, tone: CreditTone): string {
  if (isUnlimited(summary)) return 'Unlimited'
  const left = `${formatCredits(summary.remainingCredits ?? 0)} of ${formatCredits(summary.totalCredits ?? 0)} credits left`
  return tone === 'normal' ? left : `${left}, ${formatCredits(summary.percentageUsed)}% used`
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

  // What the box shows after 'Credits'; the meter's and the link's names carry it too, so each
  // spoken name contains the visible text (WCAG 2.5.3, label in name).
  const visibleValue = unlimited ? 'Unlimited' : `${formatCredits(summary.remainingCredits ?? 0)} / ${formatCredits(summary.totalCredits ?? 0)}`
  const meter = (
    <Meter aria-label={`Credits ${visibleValue}`} value={remainingPercent(summary)} valueLabel={creditsValueText(summary, tone)} className={css.meter}>
      {({ percentage }) => (
        <>
          <span className={css.label} aria-hidden="true">
            {tone === 'critical' && <TriangleAlert size={14} strokeWidth={2} className={css.icon} />}
            Credits
          </span>{' '}
          <span className={css.value} aria-hidden="true">
            {unlimited ? (
              'Unlimited'
            ) : (
              <>
                <span className={css.remaining}>{formatCredits(summary.remainingCredits ?? 0)}</span>
                <span className={css.total}> / {formatCredits(summary.totalCredits ?? 0)}</span>
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
  return (
    <Frame
      mayViewBilling={mayViewBilling}
      tone={tone}
      unlimited={unlimited}
      busy={!loaded}
      visibleValue={visibleValue}
    >
      {meter}
    </Frame>
  )
}

/** The summary's box: a link to billing for those who may open it, a plain box otherwise; the tone rides on data attributes. */
function Frame({
  mayViewBilling,
  tone,
  unlimited,
  busy,
  visibleValue,
  children,
}: {
  mayViewBilling: boolean
  tone: CreditTone
  unlimited: boolean
  busy: boolean
  /** What the box shows after 'Credits': part of the link's name (WCAG 2.5.3, label in name). */
  visibleValue: string
  children: ReactNode
}) {
  const data = { 'data-tone': tone, 'data-unlimited': unlimited || undefined, 'aria-busy': busy || undefined }
  if (mayViewBilling) {
    return (
      <Link href="/app/billing" className={css.root} aria-label={`Credits ${visibleValue}`} {...data}>
        {children}
      </Link>
    )
  }
  return (
    <div className={css.root} {...data}>
      {children}
    </div>
  )
}
