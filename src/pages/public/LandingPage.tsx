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
import { LinkButton } from '../../ui/primitives/Button/Button.tsx'
import * as css from './LandingPage.css.ts'
import * as layout from './PublicLayout.css.ts'
import { PublicLayout } from './PublicLayout.tsx'
import { ShellIllustration } from './ShellIllustration.tsx'
import { LANDING_DOCUMENT_TITLE, LANDING_HEADING } from './titles.ts'


/** What a workspace holds: one block each. */
export const FEATURES: ReadonlyArray<{ readonly title: string; readonly text: string; readonly Icon: ComponentType<{ size?: number }> }> = [
  { title: 'AI agents', text: 'Set up agents that answer chats and calls from your knowledge base, and hand over to a person when they should.', Icon: Bot },
  { title: 'Contacts', text: 'Every customer in one list, with the conversations, calls and consent that belong to them.', Icon: Users },
  { title: 'Calls', text: 'Listen back, read summaries and see how each voice agent is doing, call by call.', Icon: PhoneCall },
  { title: 'Workflows', text: 'Decide what happens after a conversation: follow-ups, hand-overs and updates to your other tools.', Icon: WorkflowIcon },
  { title: 'Notifications', text: 'Urgent hand-overs and finished summaries reach you in the app and as browser push, with one inbox to catch up.', Icon: Bell },
  { title: 'Permissions per workspace', text: 'Roles made of exactly what each person may read, create or change, set separately in every workspace.', Icon: ShieldCheck },
]

const HERO_POINTS = ['1,000 credits a month to start', 'Invite your team', 'Roles and permissions built in']

export function LandingPage() {
  return (
    <PublicLayout documentTitle={LANDING_DOCUMENT_TITLE} path="/">
      <section className={css.hero} aria-labelledby="landing-title">
        <div className={css.heroText}>
          <p className={layout.eyebrow}>For support and sales teams using AI</p>
          <h1 id="landing-title" className={css.heroTitle}>
            {LANDING_HEADING}
          </h1>
          <p className={layout.lead}>
            Let AI agents take the first conversation and keep people in charge of the rest: agents, contacts, calls and workflows in one place, with
            notifications that reach the right person and permissions set per workspace.
          </p>
          <div className={layout.actions}>
            <LinkButton href="/signup">Create your workspace</LinkButton>
            <LinkButton href="/pricing" variant="secondary">
              See pricing
            </LinkButton>
          </div>
          <ul className={css.points}>
            {HERO_POINTS.map((point) => (
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
          One workspace for the whole conversation
        </h2>
        <p className={css.sectionLead}>Each team works in its own workspace, and a person can belong to several and switch between them in a click.</p>
        <ul className={layout.cardGrid}>
          {FEATURES.map(({ title, text, Icon }) => (
            <li key={title} className={`${layout.card} ${css.feature}`}>
              <div className={css.featureHead}>
                <span className={css.featureIcon} aria-hidden="true">
                  <Icon size={18} />
                </span>
                <h3 className={layout.cardTitle}>{title}</h3>
              </div>
              <p className={layout.cardText}>{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={css.closing} aria-labelledby="landing-closing">
        <div className={css.closingCard}>
          <h2 id="landing-closing" className={layout.sectionTitle}>
            Bring your team into one workspace
          </h2>
          <p className={layout.cardText}>Create a workspace in a minute. We open it as soon as there is room on the waitlist, and you can invite your team from day one.</p>
          <div className={layout.actions}>
            <LinkButton href="/signup">Create your workspace</LinkButton>
            <LinkButton href="/book-a-call" variant="secondary">
              Book a call
            </LinkButton>
          </div>
        </div>
      </section>
    </PublicLayout>
  )
}
