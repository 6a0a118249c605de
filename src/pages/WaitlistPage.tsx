/**
 * /app/waitlist (SPEC §2.2): the current workspace is not waitlist_approved yet.
 *
 * While shown, the page asks the auth actor to verify the session again (`auth.verify`, not
 * user-initiated) when the window gains focus and every 30 s: verification is what brings the
 * org's new waitlist_approved flag, and the route guard then moves on by itself (to
 * /app/sign-up-info or the app).
 */
import { selectCurrentOrg } from '../../machines/auth/auth.selectors.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useAuth } from '../system/react.tsx'
import { useCheckForApproval } from '../system/waitlist.ts'
import * as page from '../ui/Page.css.ts'
import { LinkButton } from '../ui/primitives/Button/Button.tsx'
import { richMessage } from '../i18n/rich.tsx'
import { waitlistMessages as m } from './status.messages.ts'
import { StatusPage } from './StatusPage.tsx'

export function WaitlistPage() {
  const org = useAuth(selectCurrentOrg)
  useCheckForApproval()
  const { t } = useTranslator()
  return (
    <StatusPage title={t(m.title)}>
      <p className={page.text}>{richMessage(t, m.text, { org: <strong dir="auto">{org?.org_name}</strong> })}</p>
      <LinkButton href="/app/signout" variant="ghost">
        {t(m.signOut)}
      </LinkButton>
    </StatusPage>
  )
}
