/** /app/dashboard, the Overview (SPEC §2.4). Workspace metrics arrive in a later release; the empty state says so. */
import { Heading } from 'react-aria-components'
import { selectCurrentOrg, selectUser } from '../../machines/auth/auth.selectors.ts'
import { useAuth } from '../system/react.tsx'
import * as page from '../ui/Page.css.ts'

export function DashboardPage() {
  const user = useAuth(selectUser)
  const org = useAuth(selectCurrentOrg)
  const firstName = user?.fullName.split(' ')[0] ?? ''
  return (
    <section aria-labelledby="overview-heading" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Heading level={1} id="overview-heading" className={page.heading}>
        Overview
      </Heading>
      <p className={page.text}>
        Welcome back{firstName ? `, ${firstName}` : ''}. You are working in <strong>{org?.org_name}</strong>.
      </p>
      <div className={page.card} style={{ maxWidth: 'none' }}>
        <Heading level={2} style={{ margin: 0, fontSize: '1.05rem' }}>
          Nothing to show yet
        </Heading>
        <p className={page.text}>
          Agent, contact and call metrics for this workspace will appear here once reporting is available in Engage.
        </p>
      </div>
    </section>
  )
}
