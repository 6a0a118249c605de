/**
 * The Developers page's Webhooks tab (docs/api.md "Webhooks"): the workspace's endpoints (URL,
 * description, events, status) with 'Add endpoint' (WEBHOOKS create), and per endpoint 'Delivery
 * log', 'Edit', 'Send test event' (execute), 'Enable' / 'Disable' and 'Rotate secret' (update) and
 * 'Delete' (delete). With no endpoint yet, what webhooks are for and how to verify a message.
 *
 * `WebhooksTab` runs a `webhooks` actor (src/system/webhooks.ts) for the current workspace and
 * hands the person's permissions to `WebhooksView`, which renders any state of it (stories hand
 * it one from a saved state). URLs, descriptions, payloads and answers are rendered as text.
 */
import { useSelector } from '@xstate/react'
import Ellipsis from 'lucide-react/icons/ellipsis'
import Plus from 'lucide-react/icons/plus'
import ScrollText from 'lucide-react/icons/scroll-text'
import Webhook from 'lucide-react/icons/webhook'
import { Link } from 'react-aria-components'
import { WEBHOOK_DISABLE_AFTER_DAYS, type WebhookEndpoint } from '../../../contract/developers.ts'
import { selectCurrentOrg } from '../../../machines/auth/auth.selectors.ts'
import { webhooksMessages as m } from '../../../machines/webhooks/webhooks.messages.ts'
import * as sel from '../../../machines/webhooks/webhooks.selectors.ts'
import type { WebhookAccess } from '../../../machines/webhooks/webhooks.selectors.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { Translator } from '../../i18n/translator.ts'
import { useAuth, usePermissions } from '../../system/react.tsx'
import { useWebhooksActor } from '../../system/webhooks.ts'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { EmptyState } from '../../ui/primitives/EmptyState/EmptyState.tsx'
import { IconButton } from '../../ui/primitives/IconButton/IconButton.tsx'
import { Menu, MenuItem } from '../../ui/primitives/Menu/Menu.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { useSlotted } from '../security/When.tsx'
import { LoadFailed } from '../settings/fields.tsx'
import { WebhookDeliveryLog } from './WebhookDeliveryLog.tsx'
import { ConfirmDelete, ConfirmRotate, EndpointDialog, SecretDialog, type WebhooksActor } from './WebhookDialogs.tsx'
import * as css from './WebhooksTab.css.ts'

export type { WebhooksActor }

/** The tab's words (ours; the brief's where it names them). */
export const WEBHOOKS_TEXT = {
  emptyTitle: m.emptyTitle,
  purpose: m.purpose,
  intro: m.intro,
  standardWebhooks: 'https://www.standardwebhooks.com/',
} as const

/** The Standard Webhooks headers every message carries (code, not translated). */
const SIGNATURE_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const

/** The format of an exact time ("25 Nov 2026, 11:42"). */
const EXACT_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }

/** An endpoint's status in the reader's language (the words of `sel.endpointStatus`). */
function statusText(endpoint: WebhookEndpoint, translator: Translator): string {
  const { t, date } = translator
  if (!endpoint.enabled) return endpoint.disabled_reason === 'failing' ? t(m.statusDisabledFailing, { days: WEBHOOK_DISABLE_AFTER_DAYS }) : t(m.statusDisabled)
  if (endpoint.failing_since !== null) return t(m.statusFailing, { time: date(endpoint.failing_since, EXACT_TIME) || endpoint.failing_since })
  return t(m.statusEnabled)
}

/** The tab with its actor, for the current workspace (a switch starts a new one). */
export function WebhooksTab() {
  const orgId = useAuth(selectCurrentOrg)?.org_id ?? ''
  const access = sel.webhookAccess(usePermissions())
  return <WebhooksPanel key={orgId} access={access} />
}

function WebhooksPanel({ access }: { access: WebhookAccess }) {
  return <WebhooksView actor={useWebhooksActor()} access={access} />
}

export interface WebhooksViewProps {
  readonly actor: WebhooksActor
  /** What the person may do (WEBHOOKS); controls they may not use are left out. */
  readonly access: WebhookAccess
  /** The time relative times are counted from (ms since the epoch): the render's by default, fixed in stories. */
  readonly nowMs?: number
}

/** The tab in whatever state `actor` is: the list, or one endpoint's delivery log. */
export function WebhooksView({ actor, access, nowMs }: WebhooksViewProps) {
  const status = useSelector(actor, sel.selectWebhooksStatus)
  const loadError = useSelector(actor, sel.selectWebhooksLoadError)
  const endpoints = useSelector(actor, sel.selectEndpoints)
  const busy = useSelector(actor, sel.selectIsBusy)
  const logEndpoint = useSelector(actor, sel.selectLogEndpoint)
  const log = useSelector(actor, sel.selectDeliveriesActor)
  const { t } = useTranslator()
  if (logEndpoint !== null && log !== undefined) {
    return (
      <div className={css.tab}>
        <WebhookDeliveryLog actor={log} endpoint={logEndpoint} access={access} nowMs={nowMs} onBack={() => actor.send({ type: 'webhook.closeLog' })} />
      </div>
    )
  }
  const add = access.mayCreate ? (
    <Button icon={<Plus size={16} aria-hidden="true" />} onPress={() => actor.send({ type: 'webhook.create' })} isDisabled={busy}>
      {t(m.add)}
    </Button>
  ) : null
  return (
    <div className={css.tab}>
      {status === 'loading' && <Skeleton shape="block" count={2} height={88} label={t(m.loading)} />}
      {status === 'failed' && (
        <LoadFailed message={loadError ?? t(m.loadFailed)} onRetry={() => actor.send({ type: 'webhooks.retry' })} />
      )}
      {status === 'ready' && endpoints.length === 0 && (
        <EmptyState icon={<Webhook size={28} />} title={t(WEBHOOKS_TEXT.emptyTitle)} description={t(WEBHOOKS_TEXT.purpose)} action={add}>
          <SignatureNote />
        </EmptyState>
      )}
      {status === 'ready' && endpoints.length > 0 && (
        <>
          <div className={css.intro}>
            <p className={css.introText}>{t(WEBHOOKS_TEXT.intro)}</p>
            {add}
          </div>
          <ul className={css.list} aria-label={t(m.endpoints)}>
            {endpoints.map((endpoint) => (
              <EndpointRow key={endpoint.id} actor={actor} endpoint={endpoint} access={access} busy={busy} />
            ))}
          </ul>
          <SignatureNote />
        </>
      )}
      <EndpointDialog actor={actor} />
      <SecretDialog actor={actor} />
      <ConfirmRotate actor={actor} />
      <ConfirmDelete actor={actor} />
    </div>
  )
}

/** How a receiver checks that a message came from Engage (Standard Webhooks). */
function SignatureNote() {
  const { t } = useTranslator()
  const slotted = useSlotted()
  return (
    <p className={css.signatureNote}>
      {slotted(m.signatureNote, {
        id: <code className={css.code}>{SIGNATURE_HEADERS.id}</code>,
        timestamp: <code className={css.code}>{SIGNATURE_HEADERS.timestamp}</code>,
        signature: <code className={css.code}>{SIGNATURE_HEADERS.signature}</code>,
        standard: (
          <Link className={css.link} href={WEBHOOKS_TEXT.standardWebhooks} target="_blank" rel="noreferrer">
            {t(m.standardWebhooks)}
          </Link>
        ),
      })}
    </p>
  )
}

function EndpointRow({ actor, endpoint, access, busy }: { actor: WebhooksActor; endpoint: WebhookEndpoint; access: WebhookAccess; busy: boolean }) {
  const togglingId = useSelector(actor, sel.selectTogglingId)
  const translator = useTranslator()
  const { t } = translator
  const state = sel.endpointStatus(endpoint)
  const urlId = `webhook-${endpoint.id}`
  const toggling = togglingId === endpoint.id
  const menu = [
    access.mayExecute && { id: 'test', label: t(m.sendTest), run: () => actor.send({ type: 'webhook.sendTest', id: endpoint.id }) },
    access.mayUpdate && {
      id: 'toggle',
      label: t(endpoint.enabled ? m.disable : m.enable),
      run: () => actor.send({ type: 'webhook.setEnabled', id: endpoint.id, enabled: !endpoint.enabled }),
    },
    access.mayUpdate && { id: 'rotate', label: t(m.rotate), run: () => actor.send({ type: 'webhook.rotate', id: endpoint.id }) },
    access.mayDelete && { id: 'delete', label: t(m.delete), run: () => actor.send({ type: 'webhook.delete', id: endpoint.id }), danger: true },
  ].filter((item) => item !== false)
  return (
    <li className={css.row} aria-labelledby={urlId}>
      <div className={css.rowMain}>
        <p className={css.url} id={urlId} dir="auto">
          {endpoint.url}
        </p>
        {endpoint.description !== '' && <p className={css.description} dir="auto">{endpoint.description}</p>}
        <div className={css.meta}>
          <span className={css.status[state.tone]}>
            <span className={css.dot} aria-hidden="true" />
            {statusText(endpoint, translator)}
          </span>
          <span className={css.eventCount}>{t(m.eventCount, { count: endpoint.event_types.length })}</span>
          <ul className={css.chips} aria-label={t(m.events)}>
            {endpoint.event_types.map((type) => (
              <li key={type} className={css.chip}>
                {type}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className={css.actions}>
        <Button variant="secondary" size="sm" icon={<ScrollText size={16} aria-hidden="true" />} onPress={() => actor.send({ type: 'webhook.openLog', id: endpoint.id })} aria-describedby={urlId}>
          {t(m.deliveryLog)}
        </Button>
        {access.mayUpdate && (
          <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'webhook.edit', id: endpoint.id })} isDisabled={busy} aria-describedby={urlId}>
            {t(m.edit)}
          </Button>
        )}
        {menu.length > 0 && (
          <Menu
            aria-label={t(m.actionsFor, { url: endpoint.url })}
            trigger={
              <IconButton label={t(m.moreActions)} variant="secondary" size="sm" isDisabled={busy || toggling} isPending={toggling} aria-describedby={urlId}>
                <Ellipsis size={16} />
              </IconButton>
            }
            onAction={(key) => menu.find((item) => item.id === key)?.run()}
          >
            {menu.map((item) => (
              <MenuItem key={item.id} id={item.id} variant={'danger' in item && item.danger ? 'danger' : 'default'}>
                {item.label}
              </MenuItem>
            ))}
          </Menu>
        )}
      </div>
    </li>
  )
}
