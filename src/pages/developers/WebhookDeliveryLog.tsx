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
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../../contract/developers.ts'
import * as sel from '../../../machines/webhooks/webhookDeliveries.selectors.ts'
import { deliveriesMessages as m } from '../../../machines/webhooks/webhooks.messages.ts'
import type { WebhookAccess, WebhookDeliveriesActor } from '../../../machines/webhooks/webhooks.selectors.ts'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { Translator } from '../../i18n/translator.ts'
import { useWebhookDeliveriesToasts } from '../../system/webhooks.ts'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { EmptyState } from '../../ui/primitives/EmptyState/EmptyState.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { LoadFailed } from '../settings/fields.tsx'
import { developersMessages as dm } from './developers.messages.ts'
import * as css from './WebhookDeliveryLog.css.ts'
import { mirrored } from '../../ui/primitives/direction.css.ts'

/** A delivery's status in the reader's language, by the selectors' label (also its style's key). */
const STATUS_NAMES: Readonly<Record<sel.DeliveryStatusLabel, MessageDescriptor>> = {
  Delivered: m.delivered,
  Failed: m.failed,
  Retrying: m.retrying,
  Pending: m.pending,
}

/** The header that names a message (code, not translated). */
const MESSAGE_ID_HEADER = 'webhook-id'

/** The format of an exact time ("25 Nov 2026, 11:42"). */
const EXACT_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }

/** Under a minute ago (or a little ahead: clocks differ), a delivery was made "just now". */
const JUST_NOW_MS = 60_000

/** An exact time in the reader's language; the ISO text when it does not parse. */
const exact = (translator: Translator, iso: string): string => translator.date(iso, EXACT_TIME) || iso

/** How long ago `iso` was, from `nowMs`, in the reader's language ("2 hours ago", "just now"). */
function ago(translator: Translator, iso: string, nowMs: number): string {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return ''
  return Math.abs(nowMs - ms) < JUST_NOW_MS ? translator.t(dm.justNow) : translator.relative(ms, nowMs)
}

/** An attempt's outcome ("HTTP 200", the error, or "No answer"), the server's error text as it is (`sel.attemptOutcome`). */
function outcomeText(translator: Translator, attempt: WebhookAttempt): string {
  const { t } = translator
  if (attempt.status_code !== null) return attempt.error ? t(m.httpWithError, { code: String(attempt.status_code), error: attempt.error }) : t(m.http, { code: String(attempt.status_code) })
  return attempt.error ?? t(m.noAnswer)
}

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
  const { t } = useTranslator()
  const sendTest = access.mayExecute ? (
    <Button variant="secondary" icon={<Send size={16} aria-hidden="true" />} onPress={() => actor.send({ type: 'deliveries.sendTest' })} isPending={sendingTest} isDisabled={acting && !sendingTest}>
      {t(m.sendTest)}
    </Button>
  ) : null
  return (
    <section className={css.log} aria-labelledby="delivery-log-heading">
      <div className={css.back}>
        <Button variant="ghost" size="sm" icon={<ArrowLeft size={16} aria-hidden="true" className={mirrored} />} onPress={onBack}>
          {t(m.back)}
        </Button>
      </div>
      <div className={css.head}>
        <div className={css.titles}>
          <Heading level={2} id="delivery-log-heading" className={css.title}>
            {t(m.title)}
          </Heading>
          <p className={css.url} dir="auto">
            {endpoint.url}
          </p>
        </div>
        {sendTest}
      </div>
      {status === 'loading' && <Skeleton shape="block" count={3} height={52} label={t(m.loading)} />}
      {status === 'failed' && <LoadFailed message={loadError ?? t(m.loadFailed)} onRetry={() => actor.send({ type: 'deliveries.retry' })} />}
      {status === 'empty' && (
        <EmptyState title={t(m.emptyTitle)} description={t(m.emptyDescription)} />
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
  const { t, text } = useTranslator()
  return (
    <>
      <ul className={css.list} aria-label={t(m.list)}>
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
          {text(moreError)}
        </p>
      )}
      {hasMore && (
        <div className={css.more}>
          <Button variant="secondary" onPress={() => actor.send({ type: 'deliveries.loadMore' })} isPending={loadingMore}>
            {t(m.loadMore)}
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
  const translator = useTranslator()
  const { t } = translator
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
              <span className={css.status[label]}>{t(STATUS_NAMES[label])}</span>
              <time dateTime={delivery.created_at} title={exact(translator, delivery.created_at)} className={css.time}>
                {ago(translator, delivery.created_at, nowMs)}
              </time>
              <span>{t(m.attemptCount, { count: delivery.attempts.length })}</span>
              {code !== null && <span className={css.code}>{t(m.http, { code: String(code) })}</span>}
            </span>
            {resend && (
              <Button variant="ghost" size="sm" icon={<RotateCw size={14} aria-hidden="true" />} onPress={resend} isPending={resending} isDisabled={acting && !resending} aria-describedby={summaryId}>
                {t(m.resend)}
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
  const translator = useTranslator()
  const { t } = translator
  return (
    <div className={css.details}>
      <h3 className={css.detailsTitle}>{t(m.attempts)}</h3>
      {delivery.attempts.length === 0 ? (
        <p className={css.muted}>{delivery.next_attempt_at ? t(m.noAttemptDue, { time: exact(translator, delivery.next_attempt_at) }) : t(m.noAttempt)}</p>
      ) : (
        <ol className={css.attempts}>
          {delivery.attempts.map((a, i) => (
            <li key={`${a.at}-${i}`} className={css.attempt}>
              <p className={css.attemptLine}>
                <time dateTime={a.at}>{exact(translator, a.at)}</time>
                <span className={a.status_code !== null && a.status_code < 300 ? css.outcomeOk : css.outcomeBad}>{outcomeText(translator, a)}</span>
                <span className={css.muted}>{t(m.duration, { ms: translator.number(a.duration_ms) })}</span>
              </p>
              {a.response_excerpt !== '' && <pre className={css.pre} dir="ltr">{a.response_excerpt}</pre>}
            </li>
          ))}
        </ol>
      )}
      {delivery.status !== 'succeeded' && delivery.status !== 'failed' && delivery.attempts.length > 0 && delivery.next_attempt_at && (
        <p className={css.muted}>{t(m.nextAttempt, { time: exact(translator, delivery.next_attempt_at) })}</p>
      )}
      <h3 className={css.detailsTitle}>{t(m.payload)}</h3>
      <pre className={css.pre} dir="ltr">{sel.prettyPayload(delivery.payload)}</pre>
      <p className={css.muted}>
        <span className={css.code}>{`${MESSAGE_ID_HEADER}: ${delivery.message_id}`}</span>
      </p>
    </div>
  )
}
