/**
 * The human-verification gate (SPEC.md §2.6 Human-verification overlay, §4 Human verification,
 * §8): wraps a page; until the visitor passes the bot check, only a full-screen modal titled
 * "Verify You're Human" with the bot-check widget is rendered, and the page is not. Failures are
 * logged to the console only, with no message (§8). Used around /signin and the /share/* pages
 * (src/routes/tree.tsx).
 *
 * The `verificationGate` machine runs while the page is mounted (page-level actor); its calls,
 * the session memory (sessionStorage) and the log are provided in src/system/verificationGate.ts.
 */
import { useSelector } from '@xstate/react'
import { Fragment, type ReactNode } from 'react'
import { ProgressBar } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { VerificationGateMachine } from '../../../machines/verificationGate/verificationGate.machine.ts'
import { type GateView, sameGateView, selectGateView } from '../../../machines/verificationGate/verificationGate.selectors.ts'
import { useVerificationGateActor } from '../../system/verificationGate.ts'
import { Modal } from '../primitives/Dialog/Dialog.tsx'
import { spinner } from '../Splash.css.ts'
import { BotCheckWidget, apiUrl } from './BotCheckWidget.tsx'
import * as css from './VerificationGate.css.ts'

/** SPEC §2.6: the overlay's title, verbatim. */
export const VERIFICATION_TITLE = "Verify You're Human"

/** The accessible name of the spinner shown while there is no widget (ours). */
export const PREPARING_LABEL = 'Preparing the check'

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
  if (!view.blocking) return <>{children}</>
  return <VerificationOverlay actor={actor} view={view} challengeUrl={apiUrl('/users/bot-check/challenge')} renderWidget={renderWidget} />
}

export interface VerificationOverlayProps {
  readonly actor: ActorRefFrom<VerificationGateMachine>
  readonly view: GateView
  readonly challengeUrl: string
  /** The widget; defaults to the provider's (stories pass one that waits for a click). */
  readonly renderWidget?: (props: Parameters<typeof BotCheckWidget>[0]) => ReactNode
}

/** The blocking modal (the Modal primitive, not dismissable): the title and the widget, or a spinner while there is no widget to show. */
export function VerificationOverlay({ actor, view, challengeUrl, renderWidget = (props) => <BotCheckWidget {...props} /> }: VerificationOverlayProps) {
  return (
    // Not dismissable: the page behind is not rendered until the check passes.
    <Modal title={VERIFICATION_TITLE} size="sm" isOpen isDismissable={false} titleLevel={1} backdrop="opaque">
      <div className={css.widgetSlot}>
        {view.widget === null ? (
          // Not a message (SPEC §8 shows none): a spinner with a name for screen readers.
          <ProgressBar isIndeterminate aria-label={PREPARING_LABEL} className={spinner} />
        ) : (
          // A new attempt is a new widget: tokens are single-use.
          <Fragment key={view.widget.attempt}>
            {renderWidget({
              provider: view.widget.provider,
              challengeUrl,
              onToken: (token) => actor.send({ type: 'botCheck.solved', token }),
              onError: (error) => actor.send({ type: 'botCheck.failed', error }),
            })}
          </Fragment>
        )}
      </div>
    </Modal>
  )
}
