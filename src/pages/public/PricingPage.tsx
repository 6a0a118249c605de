/**
 * /pricing (SPEC §2.1): the plans, each with its credits per month, who it is for,
 * what it includes and one call to action (sign-up, or a call for Enterprise), then what a
 * credit pays for.
 */
import Check from 'lucide-react/icons/check'
import { Link } from 'react-aria-components'
import { titleFor } from '../../ui/documentTitle.ts'
import { LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { CREDIT_USES, PLANS, type Plan } from './content.ts'
import { PageIntro } from './PageIntro.tsx'
import * as css from './PublicLayout.css.ts'
import * as own from './PricingPage.css.ts'
import { PublicLayout } from './PublicLayout.tsx'

/** A plan's credits as shown: the amount ('1,000', or 'Custom') and what it counts ('credits a month'). */
export function creditsOf(plan: Plan): { readonly amount: string; readonly unit: string } {
  return plan.credits === null ? { amount: 'Custom', unit: 'credits agreed with you' } : { amount: plan.credits.toLocaleString('en-US'), unit: 'credits a month' }
}

export function PricingPage() {
  return (
    <PublicLayout documentTitle={titleFor('Pricing')} path="/pricing">
      <PageIntro title="Pricing" centered>
        Every workspace has a plan and a number of credits each month. Credits renew on the first of the month; the header shows how many are left.
      </PageIntro>
      <section className={css.section} aria-label="Plans">
        <ul className={own.plans}>
          {PLANS.map((plan) => (
            <li key={plan.name} className={plan.featured ? `${css.card} ${own.featured}` : css.card}>
              <div className={own.planHead}>
                <h2 id={`plan-${plan.name}`} className={css.cardTitle}>
                  {plan.name}
                </h2>
                {plan.featured && <span className={css.badge}>Most teams</span>}
              </div>
              <p className={own.credits}>
                <span className={own.amount}>{creditsOf(plan).amount}</span> {creditsOf(plan).unit}
              </p>
              <p className={css.cardText}>{plan.summary}</p>
              <ul className={own.features}>
                {plan.features.map((feature) => (
                  <li key={feature} className={own.feature}>
                    <Check size={16} aria-hidden="true" className={own.check} />
                    {feature}
                  </li>
                ))}
              </ul>
              <LinkButton href={plan.cta.href} variant={plan.featured ? 'primary' : 'secondary'} className={own.cta}>
                {plan.cta.label}
              </LinkButton>
            </li>
          ))}
        </ul>
      </section>
      <section className={css.section} aria-labelledby="pricing-credits">
        <h2 id="pricing-credits" className={css.sectionTitle}>
          What a credit pays for
        </h2>
        <ul className={own.uses}>
          {CREDIT_USES.map((use) => (
            <li key={use}>{use}</li>
          ))}
        </ul>
        <p className={css.cardText}>
          A new workspace starts on the plan you sign up with. To change plans later, or if none fits, <Link href="/book-a-call" className={css.textLink}>book a call</Link>{' '}
          and we will find one that does.
        </p>
      </section>
    </PublicLayout>
  )
}
