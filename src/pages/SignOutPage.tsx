/** /app/signout (SPEC §4 Sign out): starts the sign-out once, shows progress until the redirect. */
import { useEffect } from 'react'
import { useTranslator } from '../i18n/react.tsx'
import { useAuthActor } from '../system/react.tsx'
import * as page from '../ui/Page.css.ts'
import { statusMessages as m } from './status.messages.ts'
import { StatusPage } from './StatusPage.tsx'

export function SignOutPage() {
  const auth = useAuthActor()
  const { t } = useTranslator()
  useEffect(() => {
    if (auth.getSnapshot().matches('authenticated')) auth.send({ type: 'auth.signOut' })
  }, [auth])
  return (
    <StatusPage title={t(m.signingOut)} busy>
      <p className={page.text} role="status">
        {t(m.signingOutText)}
      </p>
    </StatusPage>
  )
}
