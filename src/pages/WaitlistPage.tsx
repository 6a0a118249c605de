/**
 * /app/waitlist (SPEC §2.2): the current workspace is not waitlist_approved yet.
 *
 * While shown, the page asks the auth actor to verify the session again (`auth.verify`, not
 * user-initiated) when the window gains focus and every 30 s: verification is what brings the
 * org's new waitlist_approved flag, and the route guard then moves on by itself (to
 * /app/sign-up-info or the app).
 */
import { useEffect } from 'react'
import { Link } from 'react-aria-components'
import { selectCurrentOrg } from '../../machines/auth/auth.selectors.ts'
import { type AuthActor, useAuth, useAuthActor } from '../system/react.tsx'
import * as page from '../ui/Page.css.ts'
import { StatusPage } from './StatusPage.tsx'

/** How often the waitlist page checks whether the workspace was approved (ms). */
export const WAITLIST_CHECK_INTERVAL_MS = 30_000

/**
 * The waitlist page's listener: `auth.verify` on window focus and every `intervalMs`.
 * Returns the cleanup. The auth machine ignores the event unless signed in.
 */
export function checkForApproval(auth: Pick<AuthActor, 'send'>, win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'>, intervalMs = WAITLIST_CHECK_INTERVAL_MS): () => void {
  const check = () => auth.send({ type: 'auth.verify', userInitiated: false })
  win.addEventListener('focus', check)
  const timer = win.setInterval(check, intervalMs)
  return () => {
    win.removeEventListener('focus', check)
    win.clearInterval(timer)
  }
}

export function WaitlistPage() {
  const org = useAuth(selectCurrentOrg)
  const auth = useAuthActor()
  useEffect(() => checkForApproval(auth, window), [auth])
  return (
    <StatusPage title="You're on the waitlist">
      <p className={page.text}>
        <strong>{org?.org_name}</strong> is on the Engage waitlist. We will open your workspace as soon as a spot is free, and this page moves
        on by itself when we do: there is nothing else you need to do.
      </p>
      <Link href="/app/signout" className={page.link}>
        Sign out
      </Link>
    </StatusPage>
  )
}
