/**
 * Rendering a template into the parts of a message: the HTML and its plain-text twin
 * from the same React element, so the two never drift apart.
 */
import { render } from '@react-email/render'
import type { ReactElement } from 'react'

/** A rendered message body: subject line, HTML and plain text. */
export interface RenderedMail {
  readonly subject: string
  readonly html: string
  readonly text: string
}

/** Renders `element` twice (HTML, then text with links kept as "label [url]"). Never throws for valid elements. */
export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return { subject, html, text }
}
