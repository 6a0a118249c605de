/**
 * The human-verification overlay (SPEC.md §2.6 Human-verification overlay): a full-screen modal
 * titled "Verify You're Human" holding the bot-check widget, or a spinner while there is no widget
 * to show. Its own chunk: src/ui/botcheck/VerificationGate.tsx loads it only once the
 * server's configuration asks for a check, so /signin with the check off never loads the Modal.
 */
import { Fragment, type ReactNode } from 'react'
import { ProgressBar } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { VerificationGateMachine } from '../../../machines/verificationGate/verificationGate.machine.ts'
import type { GateView } from '../../../machines/verificationGate/verificationGate.selectors.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { Modal } from '../primitives/Dialog/Dialog.tsx'
import { spinner } from '../Splash.css.ts'
import { BotCheckWidget, apiUrl } from './BotCheckWidget.tsx'
import { verificationMessages as m } from './verification.messages.ts'
import * as css from './VerificationGate.css.ts'

export interface VerificationOverlayProps {
  readonly actor: ActorRefFrom<VerificationGateMachine>
  readonly view: GateView
  /** Absolute URL of the ALTCHA challenge; default `GET /users/bot-check/challenge` on the API. */
  readonly challengeUrl?: string
  /** The widget; defaults to the provider's (stories pass one that waits for a click). */
  readonly renderWidget?: (props: Parameters<typeof BotCheckWidget>[0]) => ReactNode
}

/** The blocking modal (the Modal primitive, not dismissable): the title and the widget, or a spinner while there is no widget to show. */
export function VerificationOverlay({ actor, view, challengeUrl = apiUrl('/users/bot-check/challenge'), renderWidget = (props) => <BotCheckWidget {...props} /> }: VerificationOverlayProps) {
  const { t } = useTranslator()
  return (
    // Not dismissable: the page behind is not rendered until the check passes.
    <Modal title={t(m.title)} size="sm" isOpen isDismissable={false} titleLevel={1} backdrop="opaque">
      <div className={css.widgetSlot}>
        {view.widget === null ? (
          // Not a message (SPEC §8 shows none): a spinner with a name for screen readers.
          <ProgressBar isIndeterminate aria-label={t(m.preparing)} className={spinner} />
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
