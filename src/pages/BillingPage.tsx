/**
 * /app/billing (SPEC.md §2.4 Account & Billing, BILLING read; the route table gates it), with the
 * breadcrumb and type scale of its sibling settings pages: the
 * plan, when this month's credits reset, and this month's usage by category as a bar chart with
 * a table of the same numbers (the table is what assistive technology reads; the chart is
 * hidden from it). Everything comes from the credits actor the header uses, so the two never
 * disagree; opening the page asks for fresh numbers (`credits.refetch`, ignored while a load
 * is already running).
 *
 * The router loads this module lazily, so the chart library (visx) never enters the initial bundle.
 */
import { useSelector } from '@xstate/react'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import { useEffect, useId } from 'react'
import { Heading } from 'react-aria-components'
import type { CreditsSummary } from '../../contract/workspaces.ts'
import { type CategoryUsage, isUnlimited, selectCredits, selectCreditsStatus, usageByCategory } from '../../machines/credits/credits.selectors.ts'
import { useCreditsActor } from '../system/react.tsx'
import * as page from '../ui/Page.css.ts'
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { Skeleton } from '../ui/primitives/Skeleton/Skeleton.tsx'
import { StaticTable, type StaticTableProps } from '../ui/primitives/Table/Table.tsx'
import { formatCredits } from '../ui/shell/CreditsSummary.tsx'
import * as css from './BillingPage.css.ts'
import { BILLING_CRUMBS } from './settings/crumbs.ts'
import { LoadFailed } from './settings/fields.tsx'
import { useTranslator } from '../i18n/react.tsx'
import type { MessageDescriptor } from '../i18n/messages.ts'
import type { Translator } from '../i18n/translator.ts'
import { billingMessages as m } from './billing.messages.ts'

/**
 * A `YYYY-MM-DD` date of the server (a UTC calendar day) in the reader's words, e.g. 'June 1, 2026'
 * (the translator's language; the browser's without one); null when absent or invalid.
 */
export function formatBillingDate(isoDate: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }, translator?: Pick<Translator, 'date'>): string | null {
  const date = new Date(`${isoDate}T00:00:00Z`)
  if (!isoDate || Number.isNaN(date.getTime())) return null
  // The server's days are UTC days: formatting them in the reader's zone could show the day before.
  const utc = { ...options, timeZone: 'UTC' }
  return translator ? translator.date(date, utc) : new Intl.DateTimeFormat(undefined, utc).format(date)
}

export function BillingPage() {
  const actor = useCreditsActor()
  const status = useSelector(actor, selectCreditsStatus)
  const summary = useSelector(actor, selectCredits)
  const { t } = useTranslator()

  useEffect(() => {
    actor.send({ type: 'credits.refetch' })
  }, [actor])

  return (
    <div className={css.page}>
      <PageHeader title={t(m.title)} crumbs={BILLING_CRUMBS} />
      {status === 'loading' && <Skeleton shape="block" count={2} height={128} label={t(m.loading)} />}
      {status === 'unavailable' && <LoadFailed message={t(m.loadFailed)} onRetry={() => actor.send({ type: 'credits.refetch' })} />}
      {status === 'ready' && <BillingDetails summary={summary} />}
    </div>
  )
}

function BillingDetails({ summary }: { summary: CreditsSummary }) {
  const translator = useTranslator()
  const { t } = translator
  const month = formatBillingDate(summary.periodStart, { month: 'long', year: 'numeric' }, translator)
  const resets = formatBillingDate(summary.resetsAt, undefined, translator)
  const rows = usageByCategory(summary).map((row) => ({ ...row, label: categoryLabel(row, translator) }))
  const usageId = useId()
  const unlimited = t(m.unlimited)
  return (
    <>
      <div className={css.cards}>
        <section className={css.card} aria-labelledby={`${usageId}-plan`}>
          <Heading level={2} id={`${usageId}-plan`} className={css.cardTitle}>
            {t(m.plan)}
          </Heading>
          <p className={css.big}>{summary.planName || t(m.noPlan)}</p>
          {resets && <p className={page.text}>{t(m.resetsOn, { date: resets })}</p>}
        </section>
        <section className={css.card} aria-labelledby={`${usageId}-month`}>
          <Heading level={2} id={`${usageId}-month`} className={css.cardTitle}>
            {month ? t(m.creditsIn, { month }) : t(m.creditsThisMonth)}
          </Heading>
          <dl className={css.figures}>
            <div>
              <dt>{t(m.used)}</dt>
              <dd>{formatCredits(summary.usedCredits, translator)}</dd>
            </div>
            <div>
              <dt>{t(m.total)}</dt>
              <dd>{isUnlimited(summary) ? unlimited : formatCredits(summary.totalCredits ?? 0, translator)}</dd>
            </div>
            <div>
              <dt>{t(m.left)}</dt>
              <dd>{isUnlimited(summary) ? unlimited : formatCredits(summary.remainingCredits ?? 0, translator)}</dd>
            </div>
          </dl>
        </section>
      </div>
      <section className={css.card} aria-labelledby={`${usageId}-usage`}>
        <Heading level={2} id={`${usageId}-usage`} className={css.cardTitle}>
          {t(m.usageByCategory)}
        </Heading>
        {rows.length === 0 ? (
          <p className={page.text}>{t(m.noUsage)}</p>
        ) : (
          <>
            <UsageChart rows={rows} />
            <StaticTable
              caption={month ? t(m.usageCaptionIn, { month }) : t(m.usageCaption)}
              columns={usageColumns(translator)}
              rows={rows}
              getRowId={(row) => row.category}
            />
          </>
        )}
      </section>
    </>
  )
}

/** The usage categories the server names, in the reader's language (others keep the selectors' label). */
const CATEGORY_MESSAGES: Readonly<Record<string, MessageDescriptor>> = { ai: m.categoryAi, voice: m.categoryVoice, messaging: m.categoryMessaging }

/** A usage row's category name in the reader's language. */
function categoryLabel(row: CategoryUsage, translator: Translator): string {
  const message = CATEGORY_MESSAGES[row.category]
  return message ? translator.t(message) : row.label
}

/** A share in percent (0–100, one decimal) in the reader's language: 60 → '60%'. */
function formatShare(share: number, translator: Translator): string {
  return translator.number(share / 100, { style: 'percent', maximumFractionDigits: 1 })
}

// The chart's coordinate system (SVG user units): it scales to the card's width.
const CHART_WIDTH = 640
const LABEL_WIDTH = 110
const VALUE_WIDTH = 80
const ROW_HEIGHT = 36

/** The usage table's columns: the category names its row; the figures line up at the end. */
const usageColumns = (translator: Translator): StaticTableProps<CategoryUsage>['columns'] => [
  { id: 'category', name: translator.t(m.category), cell: (row) => row.label, isRowHeader: true },
  { id: 'credits', name: translator.t(m.creditsUsed), cell: (row) => formatCredits(row.credits, translator), align: 'end' },
  { id: 'share', name: translator.t(m.share), cell: (row) => formatShare(row.share, translator), align: 'end' },
]

/** Horizontal bars, one per category, largest first. Hidden from assistive technology: the table carries the numbers. */
function UsageChart({ rows }: { rows: ReadonlyArray<CategoryUsage> }) {
  const translator = useTranslator()
  const height = rows.length * ROW_HEIGHT
  const y = scaleBand<string>({ domain: rows.map((r) => r.category), range: [0, height], padding: 0.25 })
  const x = scaleLinear<number>({ domain: [0, Math.max(...rows.map((r) => r.credits), 1)], range: [0, CHART_WIDTH - LABEL_WIDTH - VALUE_WIDTH] })
  return (
    <svg className={css.chart} viewBox={`0 0 ${CHART_WIDTH} ${height}`} aria-hidden="true" focusable="false">
      {rows.map((row) => {
        const top = y(row.category) ?? 0
        const barWidth = Math.max(x(row.credits), row.credits > 0 ? 2 : 0)
        return (
          <Group key={row.category} top={top}>
            <text className={css.chartLabel} x={0} y={y.bandwidth() / 2} dominantBaseline="middle">
              {row.label}
            </text>
            <Bar className={css.chartBar} x={LABEL_WIDTH} y={0} width={barWidth} height={y.bandwidth()} rx={4} />
            <text className={css.chartValue} x={LABEL_WIDTH + barWidth + 8} y={y.bandwidth() / 2} dominantBaseline="middle">
              {formatCredits(row.credits, translator)}
            </text>
          </Group>
        )
      })}
    </svg>
  )
}
