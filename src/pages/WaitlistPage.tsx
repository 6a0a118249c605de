/** /app/waitlist (SPEC §2.2): the current workspace is not waitlist_approved yet. */
import { Link } from 'react-aria-components'
import { selectCurrentOrg } from '../../machines/auth/auth.selectors.ts'
import { useAuth } from '../system/react.tsx'
import * as page from '../ui/Page.css.ts'
import { StatusPage } from './StatusPage.tsx'

export function WaitlistPage() {
  const org = useAuth(selectCurrentOrg)
  return (
    <StatusPage title="You're on the waitlist">
      <p className={page.text}>
        <strong>{org?.org_name}</strong> is on the Engage waitlist. We will open your workspace as soon as a spot is free; there is nothing
        else you need to do.
      </p>
      <Link href="/app/signout" className={page.link}>
        Sign out
      </Link>
    </StatusPage>
  )
}
