/** /app/dashboard, the Overview (SPEC §2.4). Workspace metrics arrive in a later release; the empty state says so. */
import { selectCurrentOrg, selectUser } from '../../machines/auth/auth.selectors.ts'
import { useAuth } from '../system/react.tsx'
import { EmptyState } from '../ui/primitives/EmptyState/EmptyState.tsx'
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'

export function DashboardPage() {
  const user = useAuth(selectUser)
  const org = useAuth(selectCurrentOrg)
  const firstName = user?.fullName.split(' ')[0] ?? ''
  return (
    <section aria-label="Overview">
      <PageHeader
        title="Overview"
        description={
          <>
            Welcome back{firstName ? `, ${firstName}` : ''}. You are working in <strong>{org?.org_name}</strong>.
          </>
        }
      />
      <EmptyState
        title="Nothing to show yet"
        description="Agent, contact and call metrics for this workspace will appear here once reporting is available in Engage."
      />
    </section>
  )
}
