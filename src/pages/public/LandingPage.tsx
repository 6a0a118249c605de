/**
 * The landing page `/` (SPEC §2.1 root): what Engage does and for whom, calls to
 * sign up and sign in, a picture of the shell, what a workspace holds, and a closing call to
 * action, in the public pages' frame.
 */
import Bell from 'lucide-react/icons/bell'
import Bot from 'lucide-react/icons/bot'
import Check from 'lucide-react/icons/check'
import PhoneCall from 'lucide-react/icons/phone-call'
import ShieldCheck from 'lucide-react/icons/shield-check'
import Users from 'lucide-react/icons/users'
import WorkflowIcon from 'lucide-react/icons/workflow'
import type { ComponentType } from 'react'
import { SIGN_UP_PLAN_TERMS } from '../../../contract/workspaces.ts'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { LinkButton } from '../../ui/primitives/Button/Button.tsx'
import * as css from './LandingPage.css.ts'
import { landingMessages as m } from './landing.messages.ts'
import * as layout from './PublicLayout.css.ts'
import { PublicLayout } from './PublicLayout.tsx'
import { ShellIllustration } from './ShellIllustration.tsx'
import { publicTitlesMessages as titles } from './titles.messages.ts'

/** One block of what a workspace holds: its heading, its text and its icon. */
export interface Feature {
  readonly title: MessageDescriptor
  readonly text: MessageDescriptor
  readonly Icon: ComponentType<{ size?: number }>
}

/** What a workspace holds: one block each. */
export const FEATURES: ReadonlyArray<Feature> = [
  { title: m.agentsTitle, text: m.agentsText, Icon: Bot },
  { title: m.contactsTitle, text: m.contactsText, Icon: Users },
  { title: m.callsTitle, text: m.callsText, Icon: PhoneCall },
  { title: m.workflowsTitle, text: m.workflowsText, Icon: WorkflowIcon },
  { title: m.notificationsTitle, text: m.notificationsText, Icon: Bell },
  { title: m.permissionsTitle, text: m.permissionsText, Icon: ShieldCheck },
]

export function LandingPage() {
  const { t, number } = useTranslator()
  const starterCredits = SIGN_UP_PLAN_TERMS.starter.monthlyCredits
  const heroPoints = [t(m.pointCredits, { count: starterCredits, credits: number(starterCredits) }), t(m.pointInvite), t(m.pointRoles)]
  return (
    <PublicLayout documentTitle={t(titles.landingDocumentTitle)} path="/">
      <section className={css.hero} aria-labelledby="landing-title">
        <div className={css.heroText}>
          <p className={layout.eyebrow}>{t(m.eyebrow)}</p>
          <h1 id="landing-title" className={css.heroTitle}>
            {t(titles.landingHeading)}
          </h1>
          <p className={layout.lead}>{t(m.lead)}</p>
          <div className={layout.actions}>
            <LinkButton href="/signup">{t(m.createWorkspace)}</LinkButton>
            <LinkButton href="/pricing" variant="secondary">
              {t(m.seePricing)}
            </LinkButton>
          </div>
          <ul className={css.points}>
            {heroPoints.map((point) => (
              <li key={point} className={css.point}>
                <Check size={14} aria-hidden="true" className={css.pointIcon} />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <ShellIllustration />
      </section>

      <section className={layout.section} aria-labelledby="landing-features">
        <h2 id="landing-features" className={layout.sectionTitle}>
          {t(m.featuresTitle)}
        </h2>
        <p className={css.sectionLead}>{t(m.featuresLead)}</p>
        <ul className={layout.cardGrid}>
          {FEATURES.map(({ title, text, Icon }) => (
            <li key={title.id} className={`${layout.card} ${css.feature}`}>
              <div className={css.featureHead}>
                <span className={css.featureIcon} aria-hidden="true">
                  <Icon size={18} />
                </span>
                <h3 className={layout.cardTitle}>{t(title)}</h3>
              </div>
              <p className={layout.cardText}>{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={css.closing} aria-labelledby="landing-closing">
        <div className={css.closingCard}>
          <h2 id="landing-closing" className={layout.sectionTitle}>
            {t(m.closingTitle)}
          </h2>
          <p className={layout.cardText}>{t(m.closingText)}</p>
          <div className={layout.actions}>
            <LinkButton href="/signup">{t(m.createWorkspace)}</LinkButton>
            <LinkButton href="/book-a-call" variant="secondary">
              {t(titles.bookACall)}
            </LinkButton>
          </div>
        </div>
      </section>
    </PublicLayout>
  )
}
