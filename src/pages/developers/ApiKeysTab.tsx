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
import { apiKeysMessages as m } from '../../../machines/apiKeys/apiKeys.messages.ts'
import { EXPIRY_OPTIONS, curlExample, expiryDaysOf, expiryOptionOf, maskedSecret } from '../../../machines/apiKeys/apiKeys.rules.ts'
import * as sel from '../../../machines/apiKeys/apiKeys.selectors.ts'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { Translator } from '../../i18n/translator.ts'
import { copyText } from '../../platform/clipboard.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { Modal } from '../../ui/primitives/Dialog/Dialog.tsx'
import { EmptyState } from '../../ui/primitives/EmptyState/EmptyState.tsx'
import { Select } from '../../ui/primitives/Select/Select.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { Table, type TableColumn } from '../../ui/primitives/Table/Table.tsx'
import { TextField } from '../../ui/primitives/TextField/TextField.tsx'
import { EXACT_TIME, useSlotted, When } from '../security/When.tsx'
import { LoadFailed } from '../settings/fields.tsx'
import * as css from './ApiKeys.css.ts'
import { developersMessages as dm } from './developers.messages.ts'

export type ApiKeysActor = ActorRefFrom<ApiKeysMachine>

/** The empty state's description (ours). */
export const API_KEYS_PURPOSE = m.purpose
/** The warning beside a new key's secret (ours). */
export const SECRET_WARNING = m.secretWarning

/** The expiry choices' names, by option id (apiKeys.rules.ts `EXPIRY_OPTIONS`). */
const EXPIRY_NAMES: Readonly<Record<string, MessageDescriptor>> = { '30': m.expiry30, '90': m.expiry90, '365': m.expiry365, never: m.noExpiry }

/** The header a key is sent in, as code (not translated). */
const AUTHORIZATION_EXAMPLE = 'Authorization: Bearer …'

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
  const { t } = useTranslator()
  const create = access.mayCreate ? (
    <Button icon={<Plus size={16} aria-hidden="true" />} onPress={() => actor.send({ type: 'apiKey.create' })} isDisabled={busy}>
      {t(m.create)}
    </Button>
  ) : null
  return (
    <div className={css.tab}>
      {status === 'loading' && <Skeleton shape="block" count={3} height={44} label={t(m.loading)} />}
      {status === 'failed' && <LoadFailed message={loadError ?? t(m.loadFailed)} onRetry={() => actor.send({ type: 'apiKeys.retry' })} />}
      {status === 'empty' && (
        <EmptyState icon={<KeyRound size={28} />} title={t(m.emptyTitle)} description={t(API_KEYS_PURPOSE)} action={create}>
          <CurlExample origin={origin ?? window.location.origin} />
        </EmptyState>
      )}
      {status === 'list' && (
        <>
          <div className={css.intro}>
            <p className={css.introText}>{t(m.intro)}</p>
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
  const { t } = useTranslator()
  return (
    <div className={css.example}>
      <p className={css.exampleLabel} id="api-keys-example">
        {t(m.tryKey)}
      </p>
      <div className={css.codeRow}>
        <pre className={css.code} aria-labelledby="api-keys-example" tabIndex={0} dir="ltr">
          <code>{command}</code>
        </pre>
        <CopyButton text={command} description={t(m.copyCurl)} />
      </div>
    </div>
  )
}

/** How long 'Copied' shows before the button reads 'Copy' again, ms. */
const COPIED_FOR_MS = 2000

/** 'Copy': copies `text`; says 'Copied' (or that it could not) for two seconds. */
function CopyButton({ text, description }: { text: string; description?: string }) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null)
  useEffect(() => {
    if (result === null) return
    const id = setTimeout(() => setResult(null), COPIED_FOR_MS)
    return () => clearTimeout(id)
  }, [result])
  const { t } = useTranslator()
  const shown: ReactNode = t(result === 'copied' ? dm.copied : result === 'failed' ? dm.copyFailed : dm.copy)
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

/** A calendar date ("25 Nov 2026") with the exact time as its tooltip; the ISO text when it does not parse. */
function Day({ iso, translator }: { iso: string; translator: Translator }) {
  return (
    <time dateTime={iso} title={translator.date(iso, EXACT_TIME) || iso}>
      {translator.date(iso) || iso}
    </time>
  )
}

function columns(translator: Translator, nowMs: number): ReadonlyArray<TableColumn<ApiKeyItem>> {
  const { t } = translator
  return [
    { id: 'name', name: t(m.name), cell: (key) => <span className={css.wrap} dir="auto">{key.name}</span> },
    { id: 'key', name: t(m.key), cell: (key) => <span className={css.mono}>{maskedSecret(key)}</span> },
    { id: 'set', name: t(m.permissionSet), cell: (key) => <span className={css.wrap} dir="auto">{key.permission_set.name}</span> },
    { id: 'createdBy', name: t(m.createdBy), cell: (key) => <span className={css.wrap} dir="auto">{key.created_by.label}</span> },
    { id: 'created', name: t(m.created), cell: (key) => <Day iso={key.created_at} translator={translator} /> },
    { id: 'lastUsed', name: t(m.lastUsed), cell: (key) => (key.last_used_at === null ? <span className={css.muted}>{t(m.never)}</span> : <When iso={key.last_used_at} nowMs={nowMs} />) },
    {
      id: 'expires',
      name: t(m.expires),
      cell: (key) =>
        key.status === 'expired' ? (
          <span className={css.expired}>{t(m.expired)}</span>
        ) : key.expires_at === null ? (
          <span className={css.muted}>{t(m.never)}</span>
        ) : (
          <Day iso={key.expires_at} translator={translator} />
        ),
    },
  ]
}

function KeyTable({ actor, nowMs, mayRevoke, busy }: { actor: ApiKeysActor; nowMs: number; mayRevoke: boolean; busy: boolean }) {
  const keys = useSelector(actor, sel.selectApiKeys)
  const translator = useTranslator()
  const { t } = translator
  return (
    <Table
      aria-label={t(m.table)}
      columns={columns(translator, nowMs)}
      rows={keys}
      rowActionsLabel={t(m.revoke)}
      rowActions={
        mayRevoke
          ? (key) => (
              <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'apiKey.revoke', id: key.id })} isDisabled={busy} aria-label={t(m.revokeNamed, { name: key.name })}>
                {t(m.revoke)}
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
  const { t } = useTranslator()
  return (
    <Modal
      title={t(step === 'showingSecret' ? m.createdTitle : m.create)}
      isOpen={step !== null}
      isDismissable={step !== 'submitting'}
      onOpenChange={(open) => {
        if (!open && step !== 'submitting') close()
      }}
      footer={
        step === 'showingSecret' ? (
          <Button onPress={() => actor.send({ type: 'apiKey.done' })}>{t(dm.done)}</Button>
        ) : (
          <>
            <Button variant="secondary" onPress={() => actor.send({ type: 'apiKey.cancel' })} isDisabled={step === 'submitting'}>
              {t(dm.cancel)}
            </Button>
            <Button type="submit" form="create-api-key" isPending={step === 'submitting'}>
              {t(step === 'submitting' ? m.creating : m.createButton)}
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
  const { t } = useTranslator()
  const expiries = EXPIRY_OPTIONS.map((o) => ({ ...o, label: EXPIRY_NAMES[o.id] ? t(EXPIRY_NAMES[o.id]!) : o.label }))
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'apiKey.submit' })
  }
  return (
    <Form id="create-api-key" className={css.form} onSubmit={submit} validationBehavior="aria" aria-label={t(m.create)}>
      <FormAlert message={formError} />
      <TextField
        label={t(m.name)}
        name="name"
        value={draft.name}
        onChange={(name) => actor.send({ type: 'apiKey.nameChanged', name })}
        error={errors.name}
        description={t(m.nameHelp)}
        isDisabled={busy}
        autoFocus
        autoComplete="off"
      />
      <Select
        label={t(m.permissionSet)}
        items={grantable.map((set) => ({ id: set.ref, label: set.name }))}
        selectedKey={draft.permissionSet}
        onSelectionChange={(ref) => actor.send({ type: 'apiKey.permissionSetChanged', ref })}
        error={errors.permission_set}
        description={t(grantable.length === 0 ? m.noGrantable : m.permissionSetHelp)}
        isDisabled={busy}
      />
      <Select
        label={t(m.expiry)}
        items={expiries}
        selectedKey={expiryOptionOf(draft.expiryDays)}
        onSelectionChange={(id) => actor.send({ type: 'apiKey.expiryChanged', days: expiryDaysOf(id) })}
        error={errors.expires_at}
        description={t(m.expiryHelp)}
        isDisabled={busy}
      />
    </Form>
  )
}

/** The new key's secret, once: read-only, selected on focus, with 'Copy' and the warning. */
function SecretShown({ actor }: { actor: ApiKeysActor }) {
  const created = useSelector(actor, sel.selectCreated)
  const { t } = useTranslator()
  const slotted = useSlotted()
  if (created === null) return null
  return (
    <div className={css.form}>
      <p className={css.warning} role="note">
        <TriangleAlert size={16} className={css.warningIcon} aria-hidden="true" />
        {t(SECRET_WARNING)}
      </p>
      <AriaTextField className={css.secretField} value={created.secret} isReadOnly>
        <Label className={css.secretLabel}>{t(m.yourKey)}</Label>
        <TextArea className={css.secret} dir="ltr" rows={2} spellCheck={false} autoComplete="off" onFocus={(e) => e.currentTarget.select()} />
      </AriaTextField>
      <div>
        <CopyButton text={created.secret} description={t(m.copyKey)} />
      </div>
      <p className={css.note}>
        {slotted(m.sendAs, { header: <code>{AUTHORIZATION_EXAMPLE}</code> }, { name: created.key.name, set: created.key.permission_set.name })}
      </p>
    </div>
  )
}

/** The confirmation naming the key; the key leaves the list as soon as it is confirmed. */
function RevokeDialog({ actor }: { actor: ApiKeysActor }) {
  const step = useSelector(actor, sel.selectRevokeStep)
  const target = useSelector(actor, sel.selectRevokeTarget)
  const cancel = () => actor.send({ type: 'apiKey.cancel' })
  const { t } = useTranslator()
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title={t(m.revokeTitle, { name: target?.name ?? t(m.thisKey) })}
      description={t(m.revokeDescription)}
      isOpen={step !== null}
      onOpenChange={(open) => {
        if (!open && step === 'confirming') cancel()
      }}
      footer={
        <>
          <Button variant="secondary" onPress={cancel} isDisabled={step === 'revoking'} autoFocus>
            {t(dm.cancel)}
          </Button>
          <Button variant="danger" onPress={() => actor.send({ type: 'apiKey.confirmRevoke' })} isPending={step === 'revoking'}>
            {t(m.revokeKey)}
          </Button>
        </>
      }
    />
  )
}
