/**
 * Wires the analytics port to the app (SPEC.md §7): identify when auth becomes authenticated
 * (and again when the person or their current org's signup_completed changes), page views on
 * route change. Caught rendering errors reach the port through the error fallback
 * (src/ui/ErrorFallback.tsx).
 */
import type { ActorRefFrom } from 'xstate'
import type { AuthMachine } from '../../machines/auth/auth.machine.ts'
import type { AnalyticsIdentity, AnalyticsPort } from '../analytics/port.ts'

/** The identity to report for an auth snapshot, or null when nobody is signed in. */
export function identityOf(s: ReturnType<ActorRefFrom<AuthMachine>['getSnapshot']>): AnalyticsIdentity | null {
  const { user, currentOrg } = s.context
  if (!s.matches('authenticated') || user === null) return null
  return { id: user._id, name: user.fullName, email: user.email, signup_completed: currentOrg?.signup_completed ?? false }
}

/**
 * Sends `identify` each time auth becomes authenticated with an identity not yet reported
 * (a sign-in, the start-up verification, a completed sign-up). Returns the unsubscribe.
 */
export function identifyOnSignIn(auth: ActorRefFrom<AuthMachine>, analytics: AnalyticsPort): () => void {
  let last: string | null = null
  const onSnapshot = (s: ReturnType<typeof auth.getSnapshot>) => {
    const identity = identityOf(s)
    const key = identity === null ? null : JSON.stringify(identity)
    if (key !== null && key !== last) analytics.identify(identity!)
    // A re-verification (waitlist checks, an org switch) is not a new sign-in; signing out is.
    if (key !== null) last = key
    else if (s.matches('unauthenticated') || s.matches('signedOut')) last = null
  }
  // `subscribe` does not replay the current snapshot.
  onSnapshot(auth.getSnapshot())
  const sub = auth.subscribe(onSnapshot)
  return () => sub.unsubscribe()
}
