/** Unknown paths. Inside /app the access gate (Unauthorized page, SPEC §2.6) arrives with the shell. */
import { useTranslator } from '../i18n/react.tsx'
import { titleFor, useDocumentTitle } from '../ui/documentTitle.ts'
import { errorPagesMessages as m } from './status.messages.ts'
import { MessagePage } from './StatusPage.tsx'

export function NotFoundPage() {
  const { t } = useTranslator()
  useDocumentTitle(titleFor(t(m.notFound)))
  return <MessagePage title={t(m.notFound)} text={t(m.notFoundText)} href="/app" linkLabel={t(m.goToEngage)} />
}
