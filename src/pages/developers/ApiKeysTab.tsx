/**
 * The Developers page's API keys tab (docs/api.md "API keys"): the workspace's keys in a table
 * (name, the secret's first characters, permission set, created by, created, last used, expiry;
 * cards on narrow screens), 'Create API key' (API_KEYS create) with its dialog (name, permission
 * set, expiry; then the secret once, to copy), and 'Revoke' (API_KEYS delete) after a confirmation
 * naming the key. With no key yet, what keys are for and a `curl` call to try one with.
 *
 * It reads the `apiKeys` actor through selectors and sends events only; which controls show is
 * the actor's `access` (the person's permissions). Names and labels are rendered as text.
 */
import { useSelector } from '@xstate/react'
import Check from 'lucide-react/icons/check'
import Copy from 'lucide-react/icons/copy'
import KeyRound from 'lucide-react/icons/key-round'
import Plus from 'lucide-react/icons/plus'
import TriangleAlert from 'lucide-react/icons/triangle-alert'
import { type FormEvent, type ReactNode, useEffect, useState } from 'react'
import { Form, Label, TextArea, TextField as AriaTextField } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { ApiKeyItem } from '../../../contract/developers.ts'
import type { ApiKeysMachine } from '../../../machines/apiKeys/apiKeys.machine.ts'
import { EXPIRY_OPTIONS, curlExample, expiryDaysOf, expiryLabel, expiryOptionOf, maskedSecret, shortDate } from '../../../machines/apiKeys/apiKeys.rules.ts'
import * as sel from '../../../machines/apiKeys/apiKeys.selectors.ts'
import { exactTime, relativeIso } from '../../../machines/sessions/sessions.selectors.ts'
import { copyText } from '../../platform/clipboard.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { Modal } from '../../ui/primitives/Dialog/Dialog.tsx'
import { EmptyState } from '../../ui/primitives/EmptyState/EmptyState.tsx'
import { Select } from '../../ui/primitives/Select/Select.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { Table, type TableColumn } from '../../ui/primitives/Table/Table.tsx'
import { TextField } from '../../ui/primitives/TextField/TextField.tsx'
import { LoadFailed } from '../settings/fields.tsx'
import * as css from './ApiKeys.css.ts'

export type ApiKeysActor = ActorRefFrom<ApiKeysMachine>

/** The empty state's description (ours). */
export const API_KEYS_PURPOSE =
  'Let your own systems call the Engage API as this workspace: sync contacts, read members, send notifications. Each key holds one permission set, and never does more than the person who created it.'
/** The warning beside a new key's secret (ours). */
export const SECRET_WARNING = "Copy this key now. You won't be able to see it again."

export interface ApiKeysViewProps {
  readonly actor: ApiKeysActor
  /** The time relative times are counted from (ms since the epoch): the render's by default, fixed in stories. */
  readonly nowMs?: number
  /** The address the `curl` example calls (default `window.location.origin`). */
  readonly origin?: string
}

/** The tab in whatever state `actor` is. */
export function ApiKeysView({ actor, nowMs, origin }: ApiKeysViewProps) {
  const status = useSelector(actor, sel.selectApiKeysStatus)
  const loadError = useSelector(actor, sel.selectApiKeysLoadError)
  const error = useSelector(actor, sel.selectApiKeysError)
  const access = useSelector(actor, sel.selectAccess)
  const busy = useSelector(actor, sel.selectIsBusy)
  const create = access.mayCreate ? (
    <Button icon={<Plus size={16} aria-hidden="true" />} onPress={() => actor.send({ type: 'apiKey.create' })} isDisabled={busy}>
      Create API key
    </Button>
  ) : null
  return (
    <div className={css.tab}>
      {status === 'loading' && <Skeleton shape="block" count={3} height={44} label="Loading API keys…" />}
      {status === 'failed' && <LoadFailed message={loadError ?? 'Could not load the API keys.'} onRetry={() => actor.send({ type: 'apiKeys.retry' })} />}
      {status === 'empty' && (
        <EmptyState icon={<KeyRound size={28} />} title="No API keys yet" description={API_KEYS_PURPOSE} action={create}>
          <CurlExample origin={origin ?? window.location.origin} />
        </EmptyState>
      )}
      {status === 'list' && (
        <>
          <div className={css.intro}>
            <p className={css.introText}>Keys let your own systems call the Engage API as this workspace. Each key holds one permission set and never does more than the person who created it.</p>
            {create}
          </div>
          <FormAlert message={error} />
          <KeyTable actor={actor} nowMs={nowMs ?? Date.now()} mayRevoke={access.mayRevoke} busy={busy} />
        </>
      )}
      <CreateDialog actor={actor} />
      <RevokeDialog actor={actor} />
    </div>
  )
}

/** The `curl` call to try a key with, and a button to copy it. */
function CurlExample({ origin }: { origin: string }) {
  const command = curlExample(origin)
  return (
    <div className={css.example}>
      <p className={css.exampleLabel} id="api-keys-example">
        Try a key
      </p>
      <div className={css.codeRow}>
        <pre className={css.code} aria-labelledby="api-keys-example" tabIndex={0}>
          <code>{command}</code>
        </pre>
        <CopyButton text={command} label="Copy" description="Copy the curl command" />
      </div>
    </div>
  )
}

/** How long 'Copied' shows before the button reads 'Copy' again, ms. */
const COPIED_FOR_MS = 2000

/** Copies `text`; says 'Copied' (or that it could not) for two seconds. */
function CopyButton({ text, label, description }: { text: string; label: string; description?: string }) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null)
  useEffect(() => {
    if (result === null) return
    const id = setTimeout(() => setResult(null), COPIED_FOR_MS)
    return () => clearTimeout(id)
  }, [result])
  const shown: ReactNode = result === 'copied' ? 'Copied' : result === 'failed' ? 'Could not copy' : label
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={result === null ? description : undefined}
      icon={result === 'copied' ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
      onPress={() => copyText(text).then(() => setResult('copied'), () => setResult('failed'))}
    >
      <span aria-live="polite">{shown}</span>
    </Button>
  )
}

/** A relative time ("2 hours ago") with the exact time as its tooltip and machine-readable value. */
function When({ iso, nowMs }: { iso: string; nowMs: number }) {
  return (
    <time className={css.time} dateTime={iso} title={exactTime(iso)}>
      {relativeIso(iso, nowMs)}
    </time>
  )
}

function columns(nowMs: number): ReadonlyArray<TableColumn<ApiKeyItem>> {
  return [
    { id: 'name', name: 'Name', cell: (key) => <span className={css.wrap}>{key.name}</span> },
    { id: 'key', name: 'Key', cell: (key) => <span className={css.mono}>{maskedSecret(key)}</span> },
    { id: 'set', name: 'Permission set', cell: (key) => <span className={css.wrap}>{key.permission_set.name}</span> },
    { id: 'createdBy', name: 'Created by', cell: (key) => <span className={css.wrap}>{key.created_by.label}</span> },
    {
      id: 'created',
      name: 'Created',
      cell: (key) => (
        <time dateTime={key.created_at} title={exactTime(key.created_at)}>
          {shortDate(key.created_at)}
        </time>
      ),
    },
    { id: 'lastUsed', name: 'Last used', cell: (key) => (key.last_used_at === null ? <span className={css.muted}>Never</span> : <When iso={key.last_used_at} nowMs={nowMs} />) },
    {
      id: 'expires',
      name: 'Expires',
      cell: (key) =>
        key.status === 'expired' ? (
          <span className={css.expired}>Expired</span>
        ) : key.expires_at === null ? (
          <span className={css.muted}>Never</span>
        ) : (
          <time dateTime={key.expires_at} title={exactTime(key.expires_at)}>
            {expiryLabel(key)}
          </time>
        ),
    },
  ]
}

function KeyTable({ actor, nowMs, mayRevoke, busy }: { actor: ApiKeysActor; nowMs: number; mayRevoke: boolean; busy: boolean }) {
  const keys = useSelector(actor, sel.selectApiKeys)
  return (
    <Table
      aria-label="API keys"
      columns={columns(nowMs)}
      rows={keys}
      rowActionsLabel="Revoke"
      rowActions={
        mayRevoke
          ? (key) => (
              <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'apiKey.revoke', id: key.id })} isDisabled={busy} aria-label={`Revoke ${key.name}`}>
                Revoke
              </Button>
            )
          : undefined
      }
    />
  )
}

/** 'Create API key': the form, then the new key's secret once. */
function CreateDialog({ actor }: { actor: ApiKeysActor }) {
  const step = useSelector(actor, sel.selectCreateStep)
  const close = () => actor.send({ type: step === 'showingSecret' ? 'apiKey.done' : 'apiKey.cancel' })
  return (
    <Modal
      title={step === 'showingSecret' ? 'API key created' : 'Create API key'}
      isOpen={step !== null}
      isDismissable={step !== 'submitting'}
      onOpenChange={(open) => {
        if (!open && step !== 'submitting') close()
      }}
      footer={
        step === 'showingSecret' ? (
          <Button onPress={() => actor.send({ type: 'apiKey.done' })}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onPress={() => actor.send({ type: 'apiKey.cancel' })} isDisabled={step === 'submitting'}>
              Cancel
            </Button>
            <Button type="submit" form="create-api-key" isPending={step === 'submitting'}>
              {step === 'submitting' ? 'Creating…' : 'Create'}
            </Button>
          </>
        )
      }
    >
      {step === 'showingSecret' ? <SecretShown actor={actor} /> : <CreateForm actor={actor} busy={step === 'submitting'} />}
    </Modal>
  )
}

function CreateForm({ actor, busy }: { actor: ApiKeysActor; busy: boolean }) {
  const draft = useSelector(actor, sel.selectDraft)
  const errors = useSelector(actor, (s) => s.context.fieldErrors)
  const formError = useSelector(actor, sel.selectFormError)
  const grantable = useSelector(actor, (s) => s.context.access.grantable)
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'apiKey.submit' })
  }
  return (
    <Form id="create-api-key" className={css.form} onSubmit={submit} validationBehavior="aria" aria-label="Create API key">
      <FormAlert message={formError} />
      <TextField
        label="Name"
        name="name"
        value={draft.name}
        onChange={(name) => actor.send({ type: 'apiKey.nameChanged', name })}
        error={errors.name}
        description="Say what uses it, so you know what stops if you revoke it."
        isDisabled={busy}
        autoFocus
        autoComplete="off"
      />
      <Select
        label="Permission set"
        items={grantable.map((set) => ({ id: set.ref, label: set.name }))}
        selectedKey={draft.permissionSet}
        onSelectionChange={(ref) => actor.send({ type: 'apiKey.permissionSetChanged', ref })}
        error={errors.permission_set}
        description={
          grantable.length === 0
            ? 'You hold no permission set that a key could be given.'
            : 'What the key may do. Only sets whose every permission you hold are offered: a key never does more than the person who created it.'
        }
        isDisabled={busy}
      />
      <Select
        label="Expiry"
        items={EXPIRY_OPTIONS}
        selectedKey={expiryOptionOf(draft.expiryDays)}
        onSelectionChange={(id) => actor.send({ type: 'apiKey.expiryChanged', days: expiryDaysOf(id) })}
        error={errors.expires_at}
        description="After this the key stops working. You can revoke it sooner at any time."
        isDisabled={busy}
      />
    </Form>
  )
}

/** The new key's secret, once: read-only, selected on focus, with 'Copy' and the warning. */
function SecretShown({ actor }: { actor: ApiKeysActor }) {
  const created = useSelector(actor, sel.selectCreated)
  if (created === null) return null
  return (
    <div className={css.form}>
      <p className={css.warning} role="note">
        <TriangleAlert size={16} className={css.warningIcon} aria-hidden="true" />
        {SECRET_WARNING}
      </p>
      <AriaTextField className={css.secretField} value={created.secret} isReadOnly>
        <Label className={css.secretLabel}>Your new API key</Label>
        <TextArea className={css.secret} rows={2} spellCheck={false} autoComplete="off" onFocus={(e) => e.currentTarget.select()} />
      </AriaTextField>
      <div>
        <CopyButton text={created.secret} label="Copy" description="Copy the API key" />
      </div>
      <p className={css.note}>
        Send it as <code>Authorization: Bearer …</code>. “{created.key.name}” can do what the {created.key.permission_set.name} set allows.
      </p>
    </div>
  )
}

/** The confirmation naming the key; the key leaves the list as soon as it is confirmed. */
function RevokeDialog({ actor }: { actor: ApiKeysActor }) {
  const step = useSelector(actor, sel.selectRevokeStep)
  const target = useSelector(actor, sel.selectRevokeTarget)
  const cancel = () => actor.send({ type: 'apiKey.cancel' })
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title={`Revoke “${target?.name ?? 'this key'}”?`}
      description="Anything using it stops working at once."
      isOpen={step !== null}
      onOpenChange={(open) => {
        if (!open && step === 'confirming') cancel()
      }}
      footer={
        <>
          <Button variant="secondary" onPress={cancel} isDisabled={step === 'revoking'} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onPress={() => actor.send({ type: 'apiKey.confirmRevoke' })} isPending={step === 'revoking'}>
            Revoke key
          </Button>
        </>
      }
    />
  )
}
