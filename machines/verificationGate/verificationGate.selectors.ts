/**
 * What the verification overlay shows (SPEC.md §2.6): whether it blocks the content, and which
 * widget (provider and attempt, the view's remount key) sits in it. No message in any state
 * (SPEC §8: failures are logged only).
 */
import type { SnapshotFrom } from 'xstate'
import type { GateProvider, VerificationGateMachine } from './verificationGate.machine.ts'

export type VerificationGateSnapshot = SnapshotFrom<VerificationGateMachine>

export interface GateView {
  /** The modal is up and the content is not rendered. */
  readonly blocking: boolean
  /** The widget to show, or null while the configuration loads, while waiting to retry, and once verified. */
  readonly widget: { readonly provider: GateProvider; readonly attempt: number } | null
}

const OPEN: GateView = { blocking: false, widget: null }
const BLOCKED_EMPTY: GateView = { blocking: true, widget: null }

/** The overlay's view of a snapshot. Returns equal-by-value objects; compare with `sameGateView`. */
export function selectGateView(s: VerificationGateSnapshot): GateView {
  if (s.matches('verified')) return OPEN
  const { provider, attempt } = s.context
  if ((s.matches({ unverified: 'ready' }) || s.matches('verifying')) && provider !== null) return { blocking: true, widget: { provider, attempt } }
  return BLOCKED_EMPTY
}

/** Equality for `useSelector`, so the overlay re-renders only when what it shows changes. */
export function sameGateView(a: GateView, b: GateView): boolean {
  return a.blocking === b.blocking && a.widget?.attempt === b.widget?.attempt && a.widget?.provider === b.widget?.provider
}
