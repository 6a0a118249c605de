/**
 * The legal pages of SPEC §2.1: /terms-of-service, /privacy-policy and
 * /refund-policy. Short, plain-language text with headings, each ending with who to write to.
 */
import { Link } from 'react-aria-components'
import { titleFor } from '../../ui/documentTitle.ts'
import { BILLING_EMAIL, LEGAL_UPDATED, PRIVACY_EMAIL, SALES_EMAIL, mailto } from './content.ts'
import { PageIntro } from './PageIntro.tsx'
import * as css from './PublicLayout.css.ts'
import { PublicLayout } from './PublicLayout.tsx'

/** One section of a legal page: a heading, then paragraphs (a string) and lists (an array of items). */
export interface LegalSection {
  readonly heading: string
  readonly body: ReadonlyArray<string | ReadonlyArray<string>>
}

/** A legal page: its path, title, one-line summary, sections and the address questions go to. */
export interface LegalDocument {
  readonly path: '/terms-of-service' | '/privacy-policy' | '/refund-policy'
  readonly title: string
  readonly summary: string
  readonly sections: ReadonlyArray<LegalSection>
  readonly contact: string
}

export const TERMS: LegalDocument = {
  path: '/terms-of-service',
  title: 'Terms of Service',
  summary: 'The agreement between Engage and the people and organisations who use it.',
  contact: SALES_EMAIL,
  sections: [
    {
      heading: 'Who these terms are for',
      body: [
        'These terms apply when you create an Engage account, join a workspace or use Engage in any other way. If you use Engage for an organisation, you accept them for that organisation too.',
      ],
    },
    {
      heading: 'Your account and workspaces',
      body: [
        'Keep your password and recovery codes to yourself and tell us at once if you think someone else has used your account.',
        'A workspace belongs to the organisation that created it. Its administrators decide who joins it and what each member may do.',
      ],
    },
    {
      heading: 'What you may not do',
      body: [
        [
          'Contact people who have not agreed to hear from you, or ignore a request to stop.',
          'Use AI agents to mislead people about who or what they are talking to.',
          'Try to get into workspaces, accounts or systems that are not yours.',
          'Overload, probe or copy the service in ways that harm other customers.',
        ],
      ],
    },
    {
      heading: 'Your content',
      body: [
        'Contacts, conversations, recordings and files you bring to Engage stay yours. You give us permission to store and process them only to run the service for you.',
      ],
    },
    {
      heading: 'Plans, credits and payment',
      body: [
        'Each workspace has a plan with a number of credits a month. Unused credits do not carry over to the next month. Paid plans are billed in advance; see the Refund Policy for when we give money back.',
      ],
    },
    {
      heading: 'Ending the agreement',
      body: [
        'You can stop using Engage at any time. We may suspend a workspace that breaks these terms, and we tell its administrators why unless the law prevents us. After a workspace closes you have 30 days to export its data.',
      ],
    },
    {
      heading: 'Changes',
      body: ['When these terms change in a way that matters, we tell workspace administrators by email at least 30 days before the change applies.'],
    },
  ],
}

export const PRIVACY: LegalDocument = {
  path: '/privacy-policy',
  title: 'Privacy Policy',
  summary: 'What personal data Engage collects, why, and what you can ask us to do with it.',
  contact: PRIVACY_EMAIL,
  sections: [
    {
      heading: 'What we collect',
      body: [
        [
          'Account details: your name, email address, password (stored only as a hash) and two-factor settings.',
          'Workspace data your team adds: contacts, conversations, call recordings and files.',
          'Usage: which pages you open and the errors you run into, so we can fix them.',
          'Bug reports you choose to send, with the email address you give.',
        ],
      ],
    },
    {
      heading: 'Why we use it',
      body: [
        'To run Engage for you: sign you in, show your workspaces, deliver notifications and count credits. We do not sell personal data and we do not use your workspace data to train models for anyone else.',
      ],
    },
    {
      heading: 'Who else sees it',
      body: [
        'The members of your workspace see what its roles allow. We use a small number of service providers (hosting, email, browser push delivery), each bound to use the data only for us.',
      ],
    },
    {
      heading: 'How long we keep it',
      body: ['Account details for as long as your account is open. Workspace data until the workspace is closed and its 30-day export window ends.'],
    },
    {
      heading: 'Your rights',
      body: ['You can ask for a copy of your personal data, ask us to correct it, or ask us to delete it. We answer within 30 days.'],
    },
  ],
}

export const REFUNDS: LegalDocument = {
  path: '/refund-policy',
  title: 'Refund Policy',
  summary: 'When Engage gives money back, and how to ask.',
  contact: BILLING_EMAIL,
  sections: [
    {
      heading: 'The first payment',
      body: ['If Engage is not right for your team, ask within 14 days of your first payment on a paid plan and we refund it in full.'],
    },
    {
      heading: 'Later payments',
      body: [
        'Plans are paid month by month and you can cancel before the next month starts. We do not refund part of a month, and credits you did not use are not paid back.',
      ],
    },
    {
      heading: 'When something goes wrong on our side',
      body: ['If Engage was unavailable for more than a working day in a month, or charged you in error, we refund the difference without you having to argue for it.'],
    },
    {
      heading: 'How to ask',
      body: ['Write from an administrator’s email address with the workspace name. Refunds go back to the card that paid, usually within 10 working days.'],
    },
  ],
}

/** The three legal pages by path. */
export const LEGAL_DOCUMENTS = { '/terms-of-service': TERMS, '/privacy-policy': PRIVACY, '/refund-policy': REFUNDS } as const

export function LegalPage({ document: doc }: { document: LegalDocument }) {
  return (
    <PublicLayout documentTitle={titleFor(doc.title)} path={doc.path}>
      <PageIntro title={doc.title} meta={`Last updated ${LEGAL_UPDATED}`} narrow>
        {doc.summary}
      </PageIntro>
      <article className={css.prose} aria-label={doc.title}>
        {doc.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.body.map((block, i) =>
              typeof block === 'string' ? (
                <p key={i}>{block}</p>
              ) : (
                <ul key={i}>
                  {block.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
        <h2>Questions</h2>
        <p>
          Write to{' '}
          <Link href={mailto(doc.contact, doc.title)} className={css.textLink}>
            {doc.contact}
          </Link>
          . A person reads every message.
        </p>
      </article>
    </PublicLayout>
  )
}
