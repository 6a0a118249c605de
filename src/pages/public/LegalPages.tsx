/**
 * The legal pages of SPEC §2.1: /terms-of-service, /privacy-policy and
 * /refund-policy. Short, plain-language text with headings, each ending with who to write to.
 * Every word is a message (legal.messages.ts), so each page reads whole in the reader's language.
 */
import { Link } from 'react-aria-components'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { titleFor } from '../../ui/documentTitle.ts'
import { BILLING_EMAIL, LINK_MARK, PRIVACY_EMAIL, SALES_EMAIL, aroundLink, mailto } from './content.ts'
import { legalMessages as m } from './legal.messages.ts'
import { PageIntro } from './PageIntro.tsx'
import * as css from './PublicLayout.css.ts'
import { PublicLayout } from './PublicLayout.tsx'
import { publicTitlesMessages as titles } from './titles.messages.ts'

/** One section of a legal page: a heading, then paragraphs (a message) and lists (an array of items). */
export interface LegalSection {
  readonly heading: MessageDescriptor
  readonly body: ReadonlyArray<MessageDescriptor | ReadonlyArray<MessageDescriptor>>
}

/** A legal page: its path, title, one-line summary, sections and the address questions go to. */
export interface LegalDocument {
  readonly path: '/terms-of-service' | '/privacy-policy' | '/refund-policy'
  readonly title: MessageDescriptor
  readonly summary: MessageDescriptor
  readonly sections: ReadonlyArray<LegalSection>
  readonly contact: string
}

export const TERMS: LegalDocument = {
  path: '/terms-of-service',
  title: titles.termsOfService,
  summary: m.termsSummary,
  contact: SALES_EMAIL,
  sections: [
    { heading: m.termsWhoHeading, body: [m.termsWho] },
    { heading: m.termsAccountHeading, body: [m.termsAccountSecrets, m.termsAccountOwner] },
    { heading: m.termsMayNotHeading, body: [[m.termsMayNotContact, m.termsMayNotMislead, m.termsMayNotBreakIn, m.termsMayNotHarm]] },
    { heading: m.termsContentHeading, body: [m.termsContent] },
    { heading: m.termsPaymentHeading, body: [m.termsPayment] },
    { heading: m.termsEndingHeading, body: [m.termsEnding] },
    { heading: m.termsChangesHeading, body: [m.termsChanges] },
  ],
}

export const PRIVACY: LegalDocument = {
  path: '/privacy-policy',
  title: titles.privacyPolicy,
  summary: m.privacySummary,
  contact: PRIVACY_EMAIL,
  sections: [
    { heading: m.privacyCollectHeading, body: [[m.privacyCollectAccount, m.privacyCollectWorkspace, m.privacyCollectUsage, m.privacyCollectBugReports]] },
    { heading: m.privacyUseHeading, body: [m.privacyUse] },
    { heading: m.privacySharingHeading, body: [m.privacySharing] },
    { heading: m.privacyRetentionHeading, body: [m.privacyRetention] },
    { heading: m.privacyRightsHeading, body: [m.privacyRights] },
  ],
}

export const REFUNDS: LegalDocument = {
  path: '/refund-policy',
  title: titles.refundPolicy,
  summary: m.refundsSummary,
  contact: BILLING_EMAIL,
  sections: [
    { heading: m.refundsFirstHeading, body: [m.refundsFirst] },
    { heading: m.refundsLaterHeading, body: [m.refundsLater] },
    { heading: m.refundsOurSideHeading, body: [m.refundsOurSide] },
    { heading: m.refundsHowHeading, body: [m.refundsHow] },
  ],
}

/** The three legal pages by path. */
export const LEGAL_DOCUMENTS = { '/terms-of-service': TERMS, '/privacy-policy': PRIVACY, '/refund-policy': REFUNDS } as const

export function LegalPage({ document: doc }: { document: LegalDocument }) {
  const { t } = useTranslator()
  const title = t(doc.title)
  const [beforeAddress, afterAddress] = aroundLink(t(m.writeTo, { address: LINK_MARK }))
  return (
    <PublicLayout documentTitle={titleFor(title)} path={doc.path}>
      <PageIntro title={title} meta={t(m.updated)} narrow>
        {t(doc.summary)}
      </PageIntro>
      <article className={css.prose} aria-label={title}>
        {doc.sections.map((section) => (
          <section key={section.heading.id}>
            <h2>{t(section.heading)}</h2>
            {section.body.map((block, i) =>
              'id' in block ? (
                <p key={i}>{t(block)}</p>
              ) : (
                <ul key={i}>
                  {block.map((item) => (
                    <li key={item.id}>{t(item)}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
        <h2>{t(m.questions)}</h2>
        <p>
          {beforeAddress}
          <Link href={mailto(doc.contact, title)} className={css.textLink}>
            {doc.contact}
          </Link>
          {afterAddress}
        </p>
      </article>
    </PublicLayout>
  )
}
