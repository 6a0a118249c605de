/**
 * The waitlist page's listener (SPEC §2.2 /app/waitlist): while it is shown, the auth actor
 * verifies the session again (`auth.verify`, not user-initiated) on window focus and every 30 s.
 * Verification brings the org's new waitlist_approved flag; the route guard then moves on by itself.
 */
import { useEffect } from 'react'
import { listen } from '../platform/window-events.ts'
import { type AuthActor, useAuthActor } from './react.tsx'

/** How often the waitlist page checks whether the workspace was approved (ms). */
export const WAITLIST_CHECK_INTERVAL_MS = 30_000

/**
 * `auth.verify` on window focus and every `intervalMs`. Returns the cleanup. The auth machine
 * ignores the event unless signed in.
 */
export function checkForApproval(auth: Pick<AuthActor, 'send'>, win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'>, intervalMs = WAITLIST_CHECK_INTERVAL_MS): () => void {
  const check = () => auth.send({ type: 'auth.verify', userInitiated: false })
  const stopListening = listen(win, ['focus'], check)
  const timer = win.setInterval(check, intervalMs)
  return () => {
    stopListening()
    win.clearInterval(timer)
  }
}

/** Runs {@link checkForApproval} on this window while the calling component is mounted. */
export function useCheckForApproval(): void {
  const auth = useAuthActor()
  useEffect(() => checkForApproval(auth, window), [auth])
}
