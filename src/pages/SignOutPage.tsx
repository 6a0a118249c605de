/** /app/signout (SPEC §4 Sign out): starts the sign-out once, shows progress until the redirect. */
import { useEffect } from 'react'
import { useAuthActor } from '../system/react.tsx'
import * as page from '../ui/Page.css.ts'
import { StatusPage } from './StatusPage.tsx'

export function SignOutPage() {
  const auth = useAuthActor()
  useEffect(() => {
    if (auth.getSnapshot().matches('authenticated')) auth.send({ type: 'auth.signOut' })
  }, [auth])
  return (
    <StatusPage title="Signing you out…" busy>
      <p className={page.text} role="status">
        You will be taken to the sign-in page in a moment.
      </p>
    </StatusPage>
  )
}
