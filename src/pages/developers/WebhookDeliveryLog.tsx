/**
 * One webhook endpoint's delivery log (Developers › Webhooks): newest first, 'Load more' by
 * cursor; each delivery's event, status ('Delivered', 'Failed', 'Retrying', 'Pending'), time,
 * attempts and last status code; opened, its attempts (time, status code or error, duration, the
 * answer's first characters) and the payload sent. 'Resend' per delivery and 'Send test event'
 * (WEBHOOKS execute). Reads the `webhookDeliveries` actor the `webhooks` actor runs while the log
 * is open. Payloads and answers are text in monospace blocks, never HTML.
 */
import { useSelector } from '@xstate/react'
import ArrowLeft from 'lucide-react/icons/arrow-left'
import ChevronRight from 'lucide-react/icons/chevron-right'
import RotateCw from 'lucide-react/icons/rotate-cw'
import Send from 'lucide-react/icons/send'
import { Button as AriaButton, Disclosure, DisclosurePanel, Heading } from 'react-aria-components'
import type { WebhookDelivery, WebhookEndpoint } from '../../../contract/developers.ts'
import { exactTime, relativeIso } from '../../../machines/sessions/sessions.selectors.ts'
import * as sel from '../../../machines/webhooks/webhookDeliveries.selectors.ts'
import type { WebhookAccess, WebhookDeliveriesActor } from '../../../machines/webhooks/webhooks.selectors.ts'
import { useWebhookDeliveriesToasts } from '../../system/webhooks.ts'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { EmptyState } from '../../ui/primitives/EmptyState/EmptyState.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { LoadFailed } from '../settings/fields.tsx'
import * as css from './WebhookDeliveryLog.css.ts'
import { mirrored } from '../../ui/primitives/direction.css.ts'

export interface WebhookDeliveryLogProps {
  readonly actor: WebhookDeliveriesActor
  readonly endpoint: WebhookEndpoint
  readonly access: WebhookAccess
  /** Back to the endpoints (closes the log). */
  readonly onBack: () => void
  /** The time relative times are counted from (ms since the epoch): the render's by default, fixed in stories. */
  readonly nowMs?: number | undefined
}

/** The log with its outcome toasts, in whatever state `actor` is. */
export function WebhookDeliveryLog(props: WebhookDeliveryLogProps) {
  useWebhookDeliveriesToasts(props.actor)
  return <WebhookDeliveryLogView {...props} />
}

/** The log in whatever state `actor` is, without toasts (stories). */
export function WebhookDeliveryLogView({ actor, endpoint, access, onBack, nowMs }: WebhookDeliveryLogProps) {
  const status = useSelector(actor, sel.selectDeliveriesStatus)
  const loadError = useSelector(actor, sel.selectDeliveriesLoadError)
  const sendingTest = useSelector(actor, sel.selectIsSendingTest)
  const acting = useSelector(actor, sel.selectIsActing)
  const now = nowMs ?? Date.now()
  const sendTest = access.mayExecute ? (
    <Button variant="secondary" icon={<Send size={16} aria-hidden="true" />} onPress={() => actor.send({ type: 'deliveries.sendTest' })} isPending={sendingTest} isDisabled={acting && !sendingTest}>
      Send test event
    </Button>
  ) : null
  return (
    <section className={css.log} aria-labelledby="delivery-log-heading">
      <div className={css.back}>
        <Button variant="ghost" size="sm" icon={<ArrowLeft size={16} aria-hidden="true" className={mirrored} />} onPress={onBack}>
          Webhook endpoints
        </Button>
      </div>
      <div className={css.head}>
        <div className={css.titles}>
          <Heading level={2} id="delivery-log-heading" className={css.title}>
            Delivery log
          </Heading>
          <p className={css.url}>{endpoint.url}</p>
        </div>
        {sendTest}
      </div>
      {status === 'loading' && <Skeleton shape="block" count={3} height={52} label="Loading deliveries…" />}
      {status === 'failed' && <LoadFailed message={loadError ?? 'Could not load the delivery log.'} onRetry={() => actor.send({ type: 'deliveries.retry' })} />}
      {status === 'empty' && (
        <EmptyState
          title="Nothing sent yet"
          description="Deliveries show here as events happen. Send a test event to see how your endpoint answers."
        />
      )}
      {status === 'ready' && <Deliveries actor={actor} access={access} nowMs={now} />}
    </section>
  )
}

function Deliveries({ actor, access, nowMs }: { actor: WebhookDeliveriesActor; access: WebhookAccess; nowMs: number }) {
  const deliveries = useSelector(actor, sel.selectDeliveries)
  const hasMore = useSelector(actor, sel.selectHasMore)
  const loadingMore = useSelector(actor, sel.selectIsLoadingMore)
  const moreError = useSelector(actor, sel.selectDeliveriesMoreError)
  const resendingId = useSelector(actor, sel.selectResendingId)
  const acting = useSelector(actor, sel.selectIsActing)
  return (
    <>
      <ul className={css.list} aria-label="Deliveries">
        {deliveries.map((d) => (
          <DeliveryRow
            key={d.id}
            delivery={d}
            nowMs={nowMs}
            resend={access.mayExecute ? () => actor.send({ type: 'deliveries.resend', id: d.id }) : null}
            resending={resendingId === d.id}
            acting={acting}
          />
        ))}
      </ul>
      {moreError && (
        <p className={css.moreError} role="alert">
          {moreError}
        </p>
      )}
      {hasMore && (
        <div className={css.more}>
          <Button variant="secondary" onPress={() => actor.send({ type: 'deliveries.loadMore' })} isPending={loadingMore}>
            Load more
          </Button>
        </div>
      )}
    </>
  )
}

interface DeliveryRowProps {
  readonly delivery: WebhookDelivery
  readonly nowMs: number
  /** Sends 'Resend'; null without the permission. */
  readonly resend: (() => void) | null
  readonly resending: boolean
  readonly acting: boolean
}

function DeliveryRow({ delivery, nowMs, resend, resending, acting }: DeliveryRowProps) {
  const label = sel.deliveryStatusLabel(delivery)
  const code = sel.lastStatusCode(delivery)
  const summaryId = `delivery-${delivery.id}`
  return (
    <li className={css.row}>
      <Disclosure className={css.disclosure}>
        <div className={css.rowHead}>
          <AriaButton slot="trigger" className={css.trigger} aria-describedby={summaryId}>
            <ChevronRight size={16} aria-hidden="true" className={css.chevron} />
            <span className={css.eventType}>{delivery.event_type}</span>
          </AriaButton>
          <div className={css.side}>
            <span id={summaryId} className={css.summary}>
              <span className={css.status[label]}>{label}</span>
              <time dateTime={delivery.created_at} title={exactTime(delivery.created_at)} className={css.time}>
                {relativeIso(delivery.created_at, nowMs)}
              </time>
              <span>{sel.attemptCountLabel(delivery.attempts.length)}</span>
              {code !== null && <span className={css.code}>HTTP {code}</span>}
            </span>
            {resend && (
              <Button variant="ghost" size="sm" icon={<RotateCw size={14} aria-hidden="true" />} onPress={resend} isPending={resending} isDisabled={acting && !resending} aria-describedby={summaryId}>
                Resend
              </Button>
            )}
          </div>
        </div>
        <DisclosurePanel className={css.panel}>
          <DeliveryDetails delivery={delivery} />
        </DisclosurePanel>
      </Disclosure>
    </li>
  )
}

function DeliveryDetails({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <div className={css.details}>
      <h3 className={css.detailsTitle}>Attempts</h3>
      {delivery.attempts.length === 0 ? (
        <p className={css.muted}>
          No attempt yet{delivery.next_attempt_at ? `: the first is due ${exactTime(delivery.next_attempt_at)}.` : '.'}
        </p>
      ) : (
        <ol className={css.attempts}>
          {delivery.attempts.map((a, i) => (
            <li key={`${a.at}-${i}`} className={css.attempt}>
              <p className={css.attemptLine}>
                <time dateTime={a.at}>{exactTime(a.at)}</time>
                <span className={a.status_code !== null && a.status_code < 300 ? css.outcomeOk : css.outcomeBad}>{sel.attemptOutcome(a)}</span>
                <span className={css.muted}>{a.duration_ms} ms</span>
              </p>
              {a.response_excerpt !== '' && <pre className={css.pre}>{a.response_excerpt}</pre>}
            </li>
          ))}
        </ol>
      )}
      {delivery.status !== 'succeeded' && delivery.status !== 'failed' && delivery.attempts.length > 0 && delivery.next_attempt_at && (
        <p className={css.muted}>Next attempt {exactTime(delivery.next_attempt_at)}.</p>
      )}
      <h3 className={css.detailsTitle}>Payload</h3>
      <pre className={css.pre}>{sel.prettyPayload(delivery.payload)}</pre>
      <p className={css.muted}>
        <span className={css.code}>webhook-id: {delivery.message_id}</span>
      </p>
    </div>
  )
}
