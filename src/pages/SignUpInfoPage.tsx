/** /app/sign-up-info (SPEC §2.2): approved workspace whose sign-up is not completed. */
import { Link } from 'react-aria-components'
import { selectCurrentOrg } from '../../machines/auth/auth.selectors.ts'
import { useAuth } from '../system/react.tsx'
import * as page from '../ui/Page.css.ts'
import { StatusPage } from './StatusPage.tsx'

export function SignUpInfoPage() {
  const org = useAuth(selectCurrentOrg)
  return (
    <StatusPage title="Finish setting up your workspace">
      <p className={page.text}>
        <strong>{org?.org_name}</strong> has been approved. A few details about your team are still needed before the workspace opens; the
        sign-up form will be available here shortly.
      </p>
      <Link href="/app/signout" className={page.link}>
        Sign out
      </Link>
    </StatusPage>
  )
}
