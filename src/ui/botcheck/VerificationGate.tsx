/**
 * The human-verification gate (SPEC.md §2.6 Human-verification overlay, §4 Human verification,
 * §8): wraps a page; until the visitor passes the bot check, only a full-screen modal titled
 * "Verify You're Human" with the bot-check widget is rendered, and the page is not. Failures are
 * logged to the console only, with no message (§8). Used around /signin and the /share/* pages
 * (src/routes/tree.tsx).
 *
 * Until the server's configuration says whether a check is needed, the splash stands in for the
 * modal: with the check off (BOT_CHECK=off) the overlay's chunk, and the Modal with
 * it, never load; with it on they load as soon as the configuration names the provider.
 *
 * The `verificationGate` machine runs while the page is mounted (page-level actor); its calls,
 * the session memory (sessionStorage) and the log are provided in src/system/verificationGate.ts.
 */
import { useSelector } from '@xstate/react'
import { type ReactNode, Suspense } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { VerificationGateMachine } from '../../../machines/verificationGate/verificationGate.machine.ts'
import { type GateView, sameGateView, selectGateView } from '../../../machines/verificationGate/verificationGate.selectors.ts'
import { lazyOnDemand } from '../../platform/lazy-on-demand.ts'
import { loadUntilLoaded } from '../../platform/load-until-loaded.ts'
import { useVerificationGateActor } from '../../system/verificationGate.ts'
import { Splash } from '../Splash.tsx'
import type { VerificationOverlayProps } from './VerificationOverlay.tsx'

export { PREPARING_LABEL, VERIFICATION_TITLE } from './verification-text.ts'

// A failed download (the server restarting) is tried again; the splash stays meanwhile.
const overlay = lazyOnDemand(
  () => loadUntilLoaded(() => import('./VerificationOverlay.tsx')),
  (m) => m.VerificationOverlay,
)

export interface VerificationGateProps {
  readonly children: ReactNode
  /** SPEC §2.6 "unless the gate is told to skip": render the children at once. */
  readonly skip?: boolean
  /** The widget; defaults to the provider's (tests pass a stand-in). */
  readonly renderWidget?: VerificationOverlayProps['renderWidget']
}

export function VerificationGate({ children, skip = false, renderWidget }: VerificationGateProps) {
  const actor = useVerificationGateActor(skip)
  const view = useSelector(actor, selectGateView, sameGateView)
  return (
    <GateScreen actor={actor} view={view} renderWidget={renderWidget}>
      {children}
    </GateScreen>
  )
}

export interface GateScreenProps {
  readonly actor: ActorRefFrom<VerificationGateMachine>
  readonly view: GateView
  readonly renderWidget?: VerificationOverlayProps['renderWidget']
  /** The gated page, rendered only once the gate is open. */
  readonly children: ReactNode
}

/** What a gate view shows: the page once open, the splash while deciding, else the overlay (stories draw each state with it). */
export function GateScreen({ actor, view, renderWidget, children }: GateScreenProps) {
  if (!view.blocking) return <>{children}</>
  if (view.deciding) return <Splash />
  return (
    <Suspense fallback={<Splash />}>
      <overlay.Component actor={actor} view={view} {...(renderWidget && { renderWidget })} />
    </Suspense>
  )
}
