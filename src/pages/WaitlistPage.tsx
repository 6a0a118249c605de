/**
 * /app/waitlist (SPEC §2.2): the current workspace is not waitlist_approved yet.
 *
 * While shown, the page asks the auth actor to verify the session again (`auth.verify`, not
 * user-initiated) when the window gains focus and every 30 s: verification is what brings the
 * org's new waitlist_approved flag, and the route guard then moves on by itself (to
 * /app/sign-up-info or the app).
 */
import { selectCurrentOrg } from '../../machines/auth/auth.selectors.ts'
import { useAuth } from '../system/react.tsx'
import { useCheckForApproval } from '../system/waitlist.ts'
import * as page from '../ui/Page.css.ts'
import { LinkButton } from '../ui/primitives/Button/Button.tsx'
import { StatusPage } from './StatusPage.tsx'

export function WaitlistPage() {
  const org = useAuth(selectCurrentOrg)
  useCheckForApproval()
  return (
    <StatusPage title="You're on the waitlist">
      <p className={page.text}>
        <strong>{org?.org_name}</strong> is on the Engage waitlist. We will open your workspace as soon as a spot is free, and this page moves on by itself when
        we do: there is nothing else you need to do.
      </p>
      <LinkButton href="/app/signout" variant="ghost">
        Sign out
      </LinkButton>
    </StatusPage>
  )
}
