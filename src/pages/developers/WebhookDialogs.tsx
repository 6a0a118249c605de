/**
 * The Webhooks tab's dialogs, each open while the `webhooks` actor is in its state: 'Add endpoint'
 * / 'Edit endpoint' (URL, description, events, enabled; the contract's and the server's messages
 * under their fields), the signing secret shown once (after adding an endpoint or rotating its
 * secret), and the confirmations of rotating and deleting. Texts are rendered as text.
 */
import { useSelector } from '@xstate/react'
import Check from 'lucide-react/icons/check'
import Copy from 'lucide-react/icons/copy'
import TriangleAlert from 'lucide-react/icons/triangle-alert'
import { type FormEvent, type ReactNode, useEffect, useState } from 'react'
import { Form, Label, TextArea, TextField as AriaTextField } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import { WEBHOOK_SECRET_OVERLAP_HOURS, type WebhookEventType } from '../../../contract/developers.ts'
import type { WebhooksMachine } from '../../../machines/webhooks/webhooks.machine.ts'
import { webhooksMessages as m } from '../../../machines/webhooks/webhooks.messages.ts'
import * as sel from '../../../machines/webhooks/webhooks.selectors.ts'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { copyText } from '../../platform/clipboard.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { Checkbox, CheckboxGroup } from '../../ui/primitives/Checkbox/Checkbox.tsx'
import { Modal } from '../../ui/primitives/Dialog/Dialog.tsx'
import { Switch } from '../../ui/primitives/Switch/Switch.tsx'
import { TextField } from '../../ui/primitives/TextField/TextField.tsx'
import { developersMessages as dm } from './developers.messages.ts'
import * as css from './WebhookDialogs.css.ts'

export type WebhooksActor = ActorRefFrom<WebhooksMachine>

/** The dialogs' words (ours; the brief's where it names them). */
export const WEBHOOK_DIALOG_TEXT = {
  secretWarning: m.secretWarning,
  rotateBody: m.rotateBody,
} as const

/** What each event means, in the reader's language (contract/developers.ts `WEBHOOK_EVENT_TYPES` keeps the English). */
const EVENT_DESCRIPTIONS: Readonly<Record<WebhookEventType, MessageDescriptor>> = {
  'notification.created': m.eventNotificationCreated,
  'member.joined': m.eventMemberJoined,
  'member.removed': m.eventMemberRemoved,
  'invitation.accepted': m.eventInvitationAccepted,
  'role.assigned': m.eventRoleAssigned,
  'api_key.created': m.eventApiKeyCreated,
  'api_key.revoked': m.eventApiKeyRevoked,
}

/** The format of an exact time ("25 Nov 2026, 11:42"). */
const EXACT_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }

/** The example the URL field shows (an address, not translated). */
const URL_PLACEHOLDER = 'https://example.com/webhooks/engage'

/** 'Add endpoint' or 'Edit endpoint', while the draft is edited or saved. */
export function EndpointDialog({ actor }: { actor: WebhooksActor }) {
  const view = useSelector(actor, sel.selectWebhooksView)
  const editing = useSelector(actor, sel.selectIsEditingExisting)
  const open = view === 'editing' || view === 'saving' || view === 'creating'
  const busy = view === 'saving' || view === 'creating'
  const { t } = useTranslator()
  return (
    <Modal
      title={t(editing ? m.editTitle : m.add)}
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && !busy) actor.send({ type: 'webhook.cancel' })
      }}
    >
      <EndpointForm actor={actor} editing={editing} busy={busy} />
    </Modal>
  )
}

function EndpointForm({ actor, editing, busy }: { actor: WebhooksActor; editing: boolean; busy: boolean }) {
  const draft = useSelector(actor, sel.selectDraft)
  const errors = useSelector(actor, sel.selectFieldErrors)
  const formError = useSelector(actor, sel.selectFormError)
  const { t } = useTranslator()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'webhook.save' })
  }
  return (
    <Form className={css.form} onSubmit={submit} validationBehavior="aria" aria-label={t(editing ? m.editTitle : m.add)}>
      <FormAlert message={formError} />
      <TextField
        label={t(m.url)}
        type="url"
        name="url"
        value={draft.url}
        onChange={(value) => actor.send({ type: 'webhook.change', field: 'url', value })}
        error={errors.url}
        description={t(m.urlHelp)}
        placeholder={URL_PLACEHOLDER}
        isDisabled={busy}
        autoComplete="off"
        autoFocus
      />
      <TextField
        label={t(m.description)}
        name="description"
        value={draft.description}
        onChange={(value) => actor.send({ type: 'webhook.change', field: 'description', value })}
        error={errors.description}
        description={t(m.descriptionHelp)}
        isDisabled={busy}
        autoComplete="off"
      />
      <CheckboxGroup
        label={t(m.events)}
        description={t(m.eventsHelp)}
        value={draft.eventTypes}
        onChange={(values) => actor.send({ type: 'webhook.setEventTypes', eventTypes: sel.EVENT_TYPE_OPTIONS.filter((o) => values.includes(o.id)).map((o) => o.id) })}
        error={errors.event_types}
        isDisabled={busy}
      >
        <div className={css.events}>
          {sel.EVENT_TYPE_OPTIONS.map((option) => (
            <Checkbox key={option.id} value={option.id} description={t(EVENT_DESCRIPTIONS[option.id])}>
              <span className={css.eventName}>{option.id}</span>
            </Checkbox>
          ))}
        </div>
      </CheckboxGroup>
      <Switch
        label={t(m.enabled)}
        description={t(m.enabledHelp)}
        isSelected={draft.enabled}
        onChange={(enabled) => actor.send({ type: 'webhook.setDraftEnabled', enabled })}
        isDisabled={busy}
      />
      <div className={css.actions}>
        <Button variant="secondary" onPress={() => actor.send({ type: 'webhook.cancel' })} isDisabled={busy}>
          {t(dm.cancel)}
        </Button>
        <Button type="submit" isPending={busy}>
          {t(busy ? m.saving : editing ? m.save : m.add)}
        </Button>
      </div>
    </Form>
  )
}

/** The signing secret, once: after adding an endpoint or rotating its secret. */
export function SecretDialog({ actor }: { actor: WebhooksActor }) {
  const secret = useSelector(actor, sel.selectSecret)
  const endpoint = useSelector(actor, sel.selectSecretEndpoint)
  const done = () => actor.send({ type: 'webhook.secretDone' })
  const overlapUntil = endpoint?.previous_secret_expires_at ?? null
  const { t, date } = useTranslator()
  return (
    <Modal
      title={t(secret?.reason === 'rotated' ? m.newSecretTitle : m.addedTitle)}
      description={
        endpoint ? (
          <span className={css.urlLine} dir="auto">
            {endpoint.url}
          </span>
        ) : undefined
      }
      isOpen={secret !== null}
      isDismissable={false}
      footer={<Button onPress={done}>{t(dm.done)}</Button>}
    >
      {secret !== null && (
        <div className={css.form}>
          <p className={css.note}>{t(m.secretUse)}</p>
          <AriaTextField className={css.secretField} value={secret.secret} isReadOnly>
            <Label className={css.secretLabel}>{t(m.signingSecret)}</Label>
            <TextArea className={css.secret} dir="ltr" rows={2} spellCheck={false} autoComplete="off" onFocus={(e) => e.currentTarget.select()} />
          </AriaTextField>
          <div className={css.copyRow}>
            <CopyButton text={secret.secret} />
          </div>
          <p className={css.warning} role="note">
            <TriangleAlert size={16} aria-hidden="true" className={css.warningIcon} />
            {t(WEBHOOK_DIALOG_TEXT.secretWarning)}
          </p>
          {secret.reason === 'rotated' && overlapUntil !== null && (
            <p className={css.note}>{t(m.previousUntil, { time: date(overlapUntil, EXACT_TIME) || overlapUntil })}</p>
          )}
        </div>
      )}
    </Modal>
  )
}

/** Copies `text`; says 'Copied' (or that it could not) for two seconds. */
function CopyButton({ text }: { text: string }) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null)
  useEffect(() => {
    if (result === null) return
    const timer = setTimeout(() => setResult(null), 2000)
    return () => clearTimeout(timer)
  }, [result])
  const copy = () => copyText(text).then(() => setResult('copied'), () => setResult('failed'))
  const { t } = useTranslator()
  const shown: ReactNode = t(result === 'copied' ? dm.copied : result === 'failed' ? dm.copyFailed : dm.copy)
  return (
    <Button variant="secondary" size="sm" icon={result === 'copied' ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />} onPress={copy}>
      <span aria-live="polite">{shown}</span>
    </Button>
  )
}

/** 'Rotate the signing secret?' while confirming or rotating. */
export function ConfirmRotate({ actor }: { actor: WebhooksActor }) {
  const view = useSelector(actor, sel.selectWebhooksView)
  const target = useSelector(actor, sel.selectTarget)
  const open = view === 'confirmingRotate' || view === 'rotating'
  const cancel = () => actor.send({ type: 'webhook.cancel' })
  const { t } = useTranslator()
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title={t(m.rotateTitle)}
      description={t(WEBHOOK_DIALOG_TEXT.rotateBody, { hours: WEBHOOK_SECRET_OVERLAP_HOURS })}
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && view === 'confirmingRotate') cancel()
      }}
      footer={
        <>
          <Button variant="secondary" onPress={cancel} isDisabled={view === 'rotating'} autoFocus>
            {t(dm.cancel)}
          </Button>
          <Button onPress={() => actor.send({ type: 'webhook.confirmRotate' })} isPending={view === 'rotating'}>
            {t(m.rotate)}
          </Button>
        </>
      }
    >
      {target && (
        <p className={css.urlLine} dir="auto">
          {target.url}
        </p>
      )}
    </Modal>
  )
}

/** 'Delete this endpoint?' while confirming or deleting. */
export function ConfirmDelete({ actor }: { actor: WebhooksActor }) {
  const view = useSelector(actor, sel.selectWebhooksView)
  const target = useSelector(actor, sel.selectTarget)
  const open = view === 'confirmingDelete' || view === 'deleting'
  const cancel = () => actor.send({ type: 'webhook.cancel' })
  const { t } = useTranslator()
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title={t(m.deleteTitle)}
      description={t(m.deleteBody)}
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && view === 'confirmingDelete') cancel()
      }}
      footer={
        <>
          <Button variant="secondary" onPress={cancel} isDisabled={view === 'deleting'} autoFocus>
            {t(dm.cancel)}
          </Button>
          <Button variant="danger" onPress={() => actor.send({ type: 'webhook.confirmDelete' })} isPending={view === 'deleting'}>
            {t(m.deleteEndpoint)}
          </Button>
        </>
      }
    >
      {target && (
        <p className={css.urlLine} dir="auto">
          {target.url}
        </p>
      )}
    </Modal>
  )
}
