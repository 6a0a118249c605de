/**
 * The smaller public pages of SPEC §2.1: /tools (what is coming, honestly marked),
 * /joinus (open roles and where to apply) and /book-a-call (what a call is and how to ask for
 * one). No form pretends to send anything: every way on is an email link.
 */
import Mail from 'lucide-react/icons/mail'
import { titleFor } from '../../ui/documentTitle.ts'
import { LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { JOBS_EMAIL, ROLES, SALES_EMAIL, TOOLS, mailto } from './content.ts'
import { PageIntro } from './PageIntro.tsx'
import * as css from './PublicLayout.css.ts'
import { PublicLayout } from './PublicLayout.tsx'

export function ToolsPage() {
  return (
    <PublicLayout documentTitle={titleFor('Tools')} path="/tools">
      <PageIntro title="Tools">
        Small, free tools for teams that talk to customers with AI. None of them is out yet; this page lists what we are building.
      </PageIntro>
      <section className={css.section} aria-label="Tools">
        <ul className={css.cardGrid}>
          {TOOLS.map((tool) => (
            <li key={tool.name} className={css.card}>
              <span className={css.badge}>Coming soon</span>
              <h2 className={css.cardTitle}>{tool.name}</h2>
              <p className={css.cardText}>{tool.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </PublicLayout>
  )
}

export function JoinUsPage() {
  return (
    <PublicLayout documentTitle={titleFor('Join us')} path="/joinus">
      <PageIntro title="Join us">
        We are a small team building the workspace where people and AI agents look after customers together. We work remotely, write things down and ship
        in small steps.
      </PageIntro>
      <section className={css.section} aria-labelledby="joinus-roles">
        <h2 id="joinus-roles" className={css.sectionTitle}>
          Open roles
        </h2>
        <ul className={css.cardGrid}>
          {ROLES.map((role) => (
            <li key={role.title} className={css.card}>
              <h3 className={css.cardTitle}>{role.title}</h3>
              <p className={css.meta}>{role.place}</p>
              <p className={css.cardText}>{role.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className={css.section} aria-labelledby="joinus-apply">
        <h2 id="joinus-apply" className={css.sectionTitle}>
          How to apply
        </h2>
        <div className={css.stack}>
          <p className={css.cardText}>Send a few lines about yourself and something you made to {JOBS_EMAIL}. We answer every application within two weeks.</p>
          <LinkButton href={mailto(JOBS_EMAIL, 'Application')} variant="secondary" icon={<Mail size={16} />}>
            Email {JOBS_EMAIL}
          </LinkButton>
        </div>
      </section>
    </PublicLayout>
  )
}

/** What a call covers, one line each. */
export const CALL_TOPICS: ReadonlyArray<string> = [
  'A look at your channels and how many conversations you handle today.',
  'A walk through a workspace set up like yours: agents, contacts, calls and who can see what.',
  'Which plan fits, and how credits would add up for your volume.',
]

export function BookACallPage() {
  return (
    <PublicLayout documentTitle={titleFor('Book a call')} path="/book-a-call">
      <PageIntro title="Book a call">Talk to the Engage team about your workspace: 30 minutes on a video call, with someone who has set up many.</PageIntro>
      <section className={css.section} aria-labelledby="call-expect">
        <h2 id="call-expect" className={css.sectionTitle}>
          What to expect
        </h2>
        <ol className={css.cardGrid}>
          {CALL_TOPICS.map((topic, i) => (
            <li key={topic} className={css.card}>
              <span className={css.badge}>Step {i + 1}</span>
              <p className={css.cardText}>{topic}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className={css.section} aria-labelledby="call-ask">
        <h2 id="call-ask" className={css.sectionTitle}>
          Ask for a time
        </h2>
        <div className={css.stack}>
          <p className={css.cardText}>
            Write to {SALES_EMAIL} with your team size and two or three times that suit you. We reply within one working day with an invitation.
          </p>
          <LinkButton href={mailto(SALES_EMAIL, 'Book a call with Engage')} icon={<Mail size={16} />}>
            Email {SALES_EMAIL}
          </LinkButton>
        </div>
      </section>
    </PublicLayout>
  )
}
