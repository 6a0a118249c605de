/**
 * The bug-report feature as mounted in the root view (src/routes/providers.tsx), so it shows on
 * public and app pages alike (SPEC.md §2.3, §2.6): a `bugReport` actor for the page's lifetime
 * (src/system/bugReport.ts: uploads, the report, the hidden-forever flag, the §8 toasts) and its view.
 */
import { useSelector } from '@xstate/react'
import { useLocation } from '@tanstack/react-router'
import { selectAuthStatus, selectUser } from '../../../machines/auth/auth.selectors.ts'
import { useBugReportActor } from '../../system/bugReport.ts'
import { useAuthActor } from '../../system/react.tsx'
import { BugReportView } from './BugReportView.tsx'

export function BugReport() {
  const auth = useAuthActor()
  const { pathname } = useLocation()
  const email = useSelector(auth, (s) => (selectAuthStatus(s) === 'authenticated' ? (selectUser(s)?.email ?? null) : null))
  const actor = useBugReportActor()
  return <BugReportView actor={actor} pathname={pathname} reporterEmail={email} />
}
