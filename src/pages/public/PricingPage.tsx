/**
 * /pricing (SPEC §2.1): the plans, each with its credits per month, who it is for,
 * what it includes and one call to action (sign-up, or a call for Enterprise), then what a
 * credit pays for.
 */
import Check from 'lucide-react/icons/check'
import { Link } from 'react-aria-components'
import type { Translator } from '../../i18n/translator.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { titleFor } from '../../ui/documentTitle.ts'
import { LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { aroundLink, CREDIT_USES, LINK_MARK, PLANS, type Plan } from './content.ts'
import { PageIntro } from './PageIntro.tsx'
import { pricingMessages as m } from './pricing.messages.ts'
import * as css from './PublicLayout.css.ts'
import * as own from './PricingPage.css.ts'
import { PublicLayout } from './PublicLayout.tsx'
import { publicTitlesMessages as titles } from './titles.messages.ts'

/** A plan's credits as shown in the reader's language: the amount ('1,000', or 'Custom') and what it counts ('credits a month'). */
export function creditsOf(plan: Plan, { t, number }: Translator): { readonly amount: string; readonly unit: string } {
  return plan.credits === null
    ? { amount: t(m.custom), unit: t(m.creditsAgreed) }
    : { amount: number(plan.credits), unit: t(m.creditsAMonth, { count: plan.credits }) }
}

export function PricingPage() {
  const { t } = useTranslator()
  const [beforeLink, afterLink] = aroundLink(t(m.changePlans, { bookACall: LINK_MARK }))
  return (
    <PublicLayout documentTitle={titleFor(t(titles.pricing))} path="/pricing">
      <PageIntro title={t(titles.pricing)} centered>
        {t(m.lead)}
      </PageIntro>
      <section className={css.section} aria-label={t(m.plans)}>
        <ul className={own.plans}>
          {PLANS.map((plan) => (
            <PlanCard key={plan.name} plan={plan} />
          ))}
        </ul>
      </section>
      <section className={css.section} aria-labelledby="pricing-credits">
        <h2 id="pricing-credits" className={css.sectionTitle}>
          {t(m.creditUses)}
        </h2>
        <ul className={own.uses}>
          {CREDIT_USES.map((use) => (
            <li key={use.id}>{t(use)}</li>
          ))}
        </ul>
        <p className={css.cardText}>
          {beforeLink}
          <Link href="/book-a-call" className={css.textLink}>
            {t(m.bookACall)}
          </Link>
          {afterLink}
        </p>
      </section>
    </PublicLayout>
  )
}

/** One plan: its name, credits a month, who it is for, what it includes and its call to action. */
function PlanCard({ plan }: { plan: Plan }) {
  const translator = useTranslator()
  const { t } = translator
  const credits = creditsOf(plan, translator)
  return (
    <li className={plan.featured ? `${css.card} ${own.featured}` : css.card}>
      <div className={own.planHead}>
        <h2 id={`plan-${plan.name}`} className={css.cardTitle}>
          {plan.name}
        </h2>
        {plan.featured && <span className={css.badge}>{t(m.mostTeams)}</span>}
      </div>
      <p className={own.credits}>
        <span className={own.amount}>{credits.amount}</span> {credits.unit}
      </p>
      <p className={css.cardText}>{t(plan.summary)}</p>
      <ul className={own.features}>
        {plan.features.map((feature) => (
          <li key={feature.id} className={own.feature}>
            <Check size={16} aria-hidden="true" className={own.check} />
            {t(feature)}
          </li>
        ))}
      </ul>
      <LinkButton href={plan.cta.href} variant={plan.featured ? 'primary' : 'secondary'} className={own.cta}>
        {t(plan.cta.label)}
      </LinkButton>
    </li>
  )
}
