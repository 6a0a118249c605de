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
import { WEBHOOK_SECRET_OVERLAP_HOURS } from '../../../contract/developers.ts'
import type { WebhooksMachine } from '../../../machines/webhooks/webhooks.machine.ts'
import * as sel from '../../../machines/webhooks/webhooks.selectors.ts'
import { exactTime } from '../../../machines/sessions/sessions.selectors.ts'
import { copyText } from '../../platform/clipboard.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { Checkbox, CheckboxGroup } from '../../ui/primitives/Checkbox/Checkbox.tsx'
import { Modal } from '../../ui/primitives/Dialog/Dialog.tsx'
import { Switch } from '../../ui/primitives/Switch/Switch.tsx'
import { TextField } from '../../ui/primitives/TextField/TextField.tsx'
import * as css from './WebhookDialogs.css.ts'

export type WebhooksActor = ActorRefFrom<WebhooksMachine>

/** The dialogs' words (ours; the brief's where it names them). */
export const WEBHOOK_DIALOG_TEXT = {
  secretWarning: "Copy this secret now. You won't be able to see it again.",
  rotateBody: `The current secret keeps signing for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours, next to the new one, so you have time to update your receiver. After that, only the new secret signs.`,
} as const

/** 'Add endpoint' or 'Edit endpoint', while the draft is edited or saved. */
export function EndpointDialog({ actor }: { actor: WebhooksActor }) {
  const view = useSelector(actor, sel.selectWebhooksView)
  const editing = useSelector(actor, sel.selectIsEditingExisting)
  const open = view === 'editing' || view === 'saving' || view === 'creating'
  const busy = view === 'saving' || view === 'creating'
  return (
    <Modal
      title={editing ? 'Edit endpoint' : 'Add endpoint'}
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
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'webhook.save' })
  }
  return (
    <Form className={css.form} onSubmit={submit} validationBehavior="aria" aria-label={editing ? 'Edit endpoint' : 'Add endpoint'}>
      <FormAlert message={formError} />
      <TextField
        label="Endpoint URL"
        type="url"
        name="url"
        value={draft.url}
        onChange={(value) => actor.send({ type: 'webhook.change', field: 'url', value })}
        error={errors.url}
        description="A public https:// address. Engage sends each event to it as a POST request."
        placeholder="https://example.com/webhooks/engage"
        isDisabled={busy}
        autoComplete="off"
        autoFocus
      />
      <TextField
        label="Description"
        name="description"
        value={draft.description}
        onChange={(value) => actor.send({ type: 'webhook.change', field: 'description', value })}
        error={errors.description}
        description="Optional: what this endpoint is for."
        isDisabled={busy}
        autoComplete="off"
      />
      <CheckboxGroup
        label="Events"
        description="The events sent to this endpoint."
        value={draft.eventTypes}
        onChange={(values) => actor.send({ type: 'webhook.setEventTypes', eventTypes: sel.EVENT_TYPE_OPTIONS.filter((o) => values.includes(o.id)).map((o) => o.id) })}
        error={errors.event_types}
        isDisabled={busy}
      >
        <div className={css.events}>
          {sel.EVENT_TYPE_OPTIONS.map((option) => (
            <Checkbox key={option.id} value={option.id} description={option.description}>
              <span className={css.eventName}>{option.id}</span>
            </Checkbox>
          ))}
        </div>
      </CheckboxGroup>
      <Switch
        label="Enabled"
        description="A disabled endpoint receives nothing until it is enabled again."
        isSelected={draft.enabled}
        onChange={(enabled) => actor.send({ type: 'webhook.setDraftEnabled', enabled })}
        isDisabled={busy}
      />
      <div className={css.actions}>
        <Button variant="secondary" onPress={() => actor.send({ type: 'webhook.cancel' })} isDisabled={busy}>
          Cancel
        </Button>
        <Button type="submit" isPending={busy}>
          {busy ? 'Saving…' : editing ? 'Save' : 'Add endpoint'}
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
  return (
    <Modal
      title={secret?.reason === 'rotated' ? 'New signing secret' : 'Endpoint added'}
      description={endpoint ? <span className={css.urlLine}>{endpoint.url}</span> : undefined}
      isOpen={secret !== null}
      isDismissable={false}
      footer={<Button onPress={done}>Done</Button>}
    >
      {secret !== null && (
        <div className={css.form}>
          <p className={css.note}>Use this secret to check the signature of every message this endpoint receives.</p>
          <AriaTextField className={css.secretField} value={secret.secret} isReadOnly>
            <Label className={css.secretLabel}>Signing secret</Label>
            <TextArea className={css.secret} rows={2} spellCheck={false} autoComplete="off" onFocus={(e) => e.currentTarget.select()} />
          </AriaTextField>
          <div className={css.copyRow}>
            <CopyButton text={secret.secret} />
          </div>
          <p className={css.warning} role="note">
            <TriangleAlert size={16} aria-hidden="true" className={css.warningIcon} />
            {WEBHOOK_DIALOG_TEXT.secretWarning}
          </p>
          {secret.reason === 'rotated' && overlapUntil !== null && (
            <p className={css.note}>The previous secret keeps signing until {exactTime(overlapUntil)}.</p>
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
  const shown: ReactNode = result === 'copied' ? 'Copied' : result === 'failed' ? 'Could not copy' : 'Copy'
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
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title="Rotate the signing secret?"
      description={WEBHOOK_DIALOG_TEXT.rotateBody}
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && view === 'confirmingRotate') cancel()
      }}
      footer={
        <>
          <Button variant="secondary" onPress={cancel} isDisabled={view === 'rotating'} autoFocus>
            Cancel
          </Button>
          <Button onPress={() => actor.send({ type: 'webhook.confirmRotate' })} isPending={view === 'rotating'}>
            Rotate secret
          </Button>
        </>
      }
    >
      {target && <p className={css.urlLine}>{target.url}</p>}
    </Modal>
  )
}

/** 'Delete this endpoint?' while confirming or deleting. */
export function ConfirmDelete({ actor }: { actor: WebhooksActor }) {
  const view = useSelector(actor, sel.selectWebhooksView)
  const target = useSelector(actor, sel.selectTarget)
  const open = view === 'confirmingDelete' || view === 'deleting'
  const cancel = () => actor.send({ type: 'webhook.cancel' })
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title="Delete this endpoint?"
      description="It stops receiving events at once, and its delivery log is deleted with it."
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && view === 'confirmingDelete') cancel()
      }}
      footer={
        <>
          <Button variant="secondary" onPress={cancel} isDisabled={view === 'deleting'} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onPress={() => actor.send({ type: 'webhook.confirmDelete' })} isPending={view === 'deleting'}>
            Delete endpoint
          </Button>
        </>
      }
    >
      {target && <p className={css.urlLine}>{target.url}</p>}
    </Modal>
  )
}
