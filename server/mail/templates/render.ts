/**
 * Rendering a template into the parts of a message: the HTML and its plain-text twin
 * from the same React element, so the two never drift apart. A template is a draft until the
 * recipient's language is known: the outbox renders it then (server/mail/mailer.ts).
 */
import { render } from '@react-email/render'
import type { ReactElement } from 'react'
import type { Language } from '../../../contract/api.ts'
import { type MailTranslator, mailTranslator } from '../translate.ts'

/** A rendered message body: subject line, HTML and plain text. */
export interface RenderedMail {
  readonly subject: string
  readonly html: string
  readonly text: string
}

/** A message waiting for its recipient's language. */
export interface MailDraft {
  /** The message written in `language`. Never rejects for a valid template. */
  readonly render: (language: Language) => Promise<RenderedMail>
}

/** Renders `element` twice (HTML, then text with links kept as "label [url]"). Never throws for valid elements. */
export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return { subject, html, text }
}

/** A draft whose subject and body `compose` writes with the translator of the language asked for. */
export function mailDraft(compose: (t: MailTranslator) => { subject: string; element: ReactElement }): MailDraft {
  return {
    async render(language) {
      const { subject, element } = compose(await mailTranslator(language))
      return renderMail(subject, element)
    },
  }
}
