/**
 * The smaller public pages of SPEC §2.1: /tools (what is coming, honestly marked),
 * /joinus (open roles and where to apply) and /book-a-call (what a call is and how to ask for
 * one). No form pretends to send anything: every way on is an email link.
 */
import Mail from 'lucide-react/icons/mail'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { titleFor } from '../../ui/documentTitle.ts'
import { LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { JOBS_EMAIL, ROLES, SALES_EMAIL, TOOLS, mailto } from './content.ts'
import { infoPagesMessages as m } from './infoPages.messages.ts'
import { PageIntro } from './PageIntro.tsx'
import * as css from './PublicLayout.css.ts'
import { PublicLayout } from './PublicLayout.tsx'
import { publicTitlesMessages as titles } from './titles.messages.ts'

export function ToolsPage() {
  const { t } = useTranslator()
  return (
    <PublicLayout documentTitle={titleFor(t(titles.tools))} path="/tools">
      <PageIntro title={t(titles.tools)}>{t(m.toolsLead)}</PageIntro>
      <section className={css.section} aria-label={t(titles.tools)}>
        <ul className={css.cardGrid}>
          {TOOLS.map((tool) => (
            <li key={tool.name.id} className={css.card}>
              <span className={css.badge}>{t(m.comingSoon)}</span>
              <h2 className={css.cardTitle}>{t(tool.name)}</h2>
              <p className={css.cardText}>{t(tool.text)}</p>
            </li>
          ))}
        </ul>
      </section>
    </PublicLayout>
  )
}

export function JoinUsPage() {
  const { t } = useTranslator()
  return (
    <PublicLayout documentTitle={titleFor(t(titles.joinUs))} path="/joinus">
      <PageIntro title={t(titles.joinUs)}>{t(m.joinUsLead)}</PageIntro>
      <section className={css.section} aria-labelledby="joinus-roles">
        <h2 id="joinus-roles" className={css.sectionTitle}>
          {t(m.openRoles)}
        </h2>
        <ul className={css.cardGrid}>
          {ROLES.map((role) => (
            <li key={role.title.id} className={css.card}>
              <h3 className={css.cardTitle}>{t(role.title)}</h3>
              <p className={css.meta}>{t(role.place)}</p>
              <p className={css.cardText}>{t(role.text)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className={css.section} aria-labelledby="joinus-apply">
        <h2 id="joinus-apply" className={css.sectionTitle}>
          {t(m.howToApply)}
        </h2>
        <div className={css.stack}>
          <p className={css.cardText}>{t(m.applyText, { email: JOBS_EMAIL })}</p>
          <LinkButton href={mailto(JOBS_EMAIL, t(m.applicationSubject))} variant="secondary" icon={<Mail size={16} />}>
            {t(m.emailAddress, { email: JOBS_EMAIL })}
          </LinkButton>
        </div>
      </section>
    </PublicLayout>
  )
}

/** What a call covers, one line each. */
export const CALL_TOPICS: ReadonlyArray<MessageDescriptor> = [m.topicChannels, m.topicWalkthrough, m.topicPlan]

export function BookACallPage() {
  const { t, number } = useTranslator()
  return (
    <PublicLayout documentTitle={titleFor(t(titles.bookACall))} path="/book-a-call">
      <PageIntro title={t(titles.bookACall)}>{t(m.bookLead)}</PageIntro>
      <section className={css.section} aria-labelledby="call-expect">
        <h2 id="call-expect" className={css.sectionTitle}>
          {t(m.whatToExpect)}
        </h2>
        <ol className={css.cardGrid}>
          {CALL_TOPICS.map((topic, i) => (
            <li key={topic.id} className={css.card}>
              <span className={css.badge}>{t(m.step, { step: number(i + 1) })}</span>
              <p className={css.cardText}>{t(topic)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className={css.section} aria-labelledby="call-ask">
        <h2 id="call-ask" className={css.sectionTitle}>
          {t(m.askForATime)}
        </h2>
        <div className={css.stack}>
          <p className={css.cardText}>{t(m.askText, { email: SALES_EMAIL })}</p>
          <LinkButton href={mailto(SALES_EMAIL, t(m.callSubject))} icon={<Mail size={16} />}>
            {t(m.emailAddress, { email: SALES_EMAIL })}
          </LinkButton>
        </div>
      </section>
    </PublicLayout>
  )
}
