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
  /**
   * Blocking, but whether a check is needed at all is not known yet: the configuration is on its
   * way, or failed to load and will be asked again. The view shows the splash, not the modal, so
   * a server with the check off (BOT_CHECK=off) never flashes the overlay or loads its code.
   */
  readonly deciding: boolean
  /** The widget to show, or null while the configuration loads, while waiting to retry, and once verified. */
  readonly widget: { readonly provider: GateProvider; readonly attempt: number } | null
}

const OPEN: GateView = { blocking: false, deciding: false, widget: null }
const DECIDING: GateView = { blocking: true, deciding: true, widget: null }
const BLOCKED_EMPTY: GateView = { blocking: true, deciding: false, widget: null }

/** The overlay's view of a snapshot. Returns equal-by-value objects; compare with `sameGateView`. */
export function selectGateView(s: VerificationGateSnapshot): GateView {
  if (s.matches('verified')) return OPEN
  const { provider, attempt } = s.context
  // No provider yet: the configuration has not answered (it names one whenever a check is on).
  if (provider === null) return DECIDING
  if (s.matches({ unverified: 'ready' }) || s.matches('verifying')) return { blocking: true, deciding: false, widget: { provider, attempt } }
  return BLOCKED_EMPTY
}

/** Equality for `useSelector`, so the overlay re-renders only when what it shows changes. */
export function sameGateView(a: GateView, b: GateView): boolean {
  return a.blocking === b.blocking && a.deciding === b.deciding && a.widget?.attempt === b.widget?.attempt && a.widget?.provider === b.widget?.provider
}
