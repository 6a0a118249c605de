/** SPEC.md §2.6: the no-access screen of the access gate (§2.2). */
import { Heading } from 'react-aria-components'
import { useTranslator } from '../i18n/react.tsx'
import { titleFor, useDocumentTitle } from '../ui/documentTitle.ts'
import * as page from '../ui/Page.css.ts'
import { LinkButton } from '../ui/primitives/Button/Button.tsx'
import { errorPagesMessages as m } from './status.messages.ts'

export function UnauthorizedPage() {
  const { t } = useTranslator()
  useDocumentTitle(titleFor(t(m.unauthorized)))
  return (
    <section className={page.card} style={{ margin: '48px auto' }} aria-labelledby="unauthorized-heading">
      <Heading level={1} id="unauthorized-heading" className={page.heading}>
        {t(m.unauthorized)}
      </Heading>
      <p className={page.text}>{t(m.unauthorizedText)}</p>
      <LinkButton href="/app">{t(m.goBack)}</LinkButton>
    </section>
  )
}
