/**
 * The Security tab's Passkeys section (docs/api.md "Passkeys"): the person's passkeys with their
 * kind ('Synced passkey' or 'This device only'), when each was created and last used; 'Add a
 * passkey' (a name, then the browser's prompt), Rename, and Delete after a confirmation (the
 * server may ask to confirm it's you first). Self-contained: it runs its own `passkeys` actor
 * (src/system/passkeys.ts) wherever the Security tab renders; `PasskeysView` renders any state of
 * it (stories hand it one from a saved state). Names are rendered as text, never as HTML.
 */
import { useSelector } from '@xstate/react'
import KeyRound from 'lucide-react/icons/key-round'
import type { FormEvent } from 'react'
import { Form, Heading, Link } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { PasskeyDeviceType, PasskeyItem } from '../../../contract/passkeys.ts'
import type { PasskeysMachine } from '../../../machines/passkeys/passkeys.machine.ts'
import { passkeysMessages as m } from '../../../machines/passkeys/passkeys.messages.ts'
import * as sel from '../../../machines/passkeys/passkeys.selectors.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { passkeyLocalhostUrl } from '../../platform/webauthn.ts'
import { usePasskeysActor } from '../../system/passkeys.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { Modal } from '../../ui/primitives/Dialog/Dialog.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { TextField } from '../../ui/primitives/TextField/TextField.tsx'
import * as settings from '../settings/settings.css.ts'
import * as own from './PasskeysSection.css.ts'
import * as css from './Security.css.ts'
import { useSlotted, When } from './When.tsx'

export type PasskeysActor = ActorRefFrom<PasskeysMachine>

/** How a passkey's kind reads (sel.DEVICE_TYPE_LABELS in English). */
const DEVICE_TYPE_LABELS: Readonly<Record<PasskeyDeviceType, MessageDescriptor>> = { multiDevice: m.multiDevice, singleDevice: m.singleDevice }

/** The section with its actor, for the tab's lifetime. */
export function PasskeysSection() {
  return <PasskeysView actor={usePasskeysActor()} />
}

/**
 * The section in whatever state `actor` is. `nowMs` (ms since the epoch) is the moment the
 * relative times are counted from: the render's by default, fixed in stories.
 */
export function PasskeysView({ actor, nowMs }: { actor: PasskeysActor; nowMs?: number }) {
  const status = useSelector(actor, sel.selectPasskeysStatus)
  const view = useSelector(actor, sel.selectPasskeysView)
  const supported = useSelector(actor, sel.selectSupported)
  const busy = useSelector(actor, sel.selectIsBusy)
  const error = useSelector(actor, sel.selectPasskeysError)
  const adding = view === 'naming' || view === 'prompting' || view === 'saving'
  const { t } = useTranslator()
  return (
    <section className={settings.panel} aria-labelledby="passkeys-heading">
      <div className={css.head}>
        <Heading id="passkeys-heading" level={2} className={css.headTitle}>
          {t(m.title)}
        </Heading>
        {status === 'ready' && supported && !adding && (
          <Button variant="secondary" size="sm" icon={<KeyRound size={16} />} onPress={() => actor.send({ type: 'passkey.add' })} isDisabled={busy || view !== 'list'}>
            {t(m.add)}
          </Button>
        )}
      </div>
      <p className={css.intro}>{t(m.intro)}</p>
      {!supported && <Unavailable />}
      {status === 'loading' && <Skeleton shape="block" count={1} height={56} label={t(m.loading)} />}
      {status === 'failed' && <LoadFailed actor={actor} />}
      {status === 'ready' && (
        <>
          {adding && <NameForm actor={actor} mode="add" />}
          {(view === 'renaming' || view === 'savingName') && <NameForm actor={actor} mode="rename" />}
          {!adding && view !== 'renaming' && view !== 'savingName' && <FormAlert message={error} />}
          <PasskeyList actor={actor} nowMs={nowMs ?? Date.now()} busy={busy || view !== 'list'} />
        </>
      )}
      <ConfirmDelete actor={actor} />
    </section>
  )
}

/** Why passkeys cannot be added here: a loopback IP address (with the same page at localhost), or no WebAuthn. */
function Unavailable() {
  const localhost = passkeyLocalhostUrl()
  const { t } = useTranslator()
  const slotted = useSlotted()
  if (localhost !== null) {
    return <p className={own.note}>{slotted(m.needsSiteName, { link: <Link href={localhost}>{t(m.openAtLocalhost)}</Link> })}</p>
  }
  return <p className={own.note}>{t(m.unsupported)}</p>
}

function LoadFailed({ actor }: { actor: PasskeysActor }) {
  const message = useSelector(actor, sel.selectPasskeysLoadError)
  const { t } = useTranslator()
  return (
    <div className={css.formActions}>
      <FormAlert message={message} />
      <Button variant="secondary" onPress={() => actor.send({ type: 'passkeys.retry' })}>
        {t(m.tryAgain)}
      </Button>
    </div>
  )
}

/** Naming a new passkey (then the browser's prompt), or renaming one. */
function NameForm({ actor, mode }: { actor: PasskeysActor; mode: 'add' | 'rename' }) {
  const view = useSelector(actor, sel.selectPasskeysView)
  const name = useSelector(actor, sel.selectDraftName)
  const nameError = useSelector(actor, sel.selectNameError)
  const error = useSelector(actor, sel.selectPasskeysError)
  const notice = useSelector(actor, sel.selectPasskeysNotice)
  const busy = view === 'prompting' || view === 'saving' || view === 'savingName'
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'passkey.submitName' })
  }
  const { t, text } = useTranslator()
  const busyLabel = view === 'prompting' ? t(m.waitingForDevice) : t(m.saving)
  return (
    <Form className={own.form} onSubmit={submit} validationBehavior="aria" aria-label={mode === 'add' ? t(m.add) : t(m.rename)}>
      {mode === 'add' && <p className={own.note}>{t(m.nameHint)}</p>}
      <FormAlert message={error} />
      {notice && (
        <p className={own.note} role="status">
          {text(notice)}
        </p>
      )}
      <TextField
        label={t(m.name)}
        name="name"
        value={name}
        onChange={(value) => actor.send({ type: 'passkey.nameChanged', name: value })}
        error={nameError}
        isDisabled={busy}
        autoFocus
        autoComplete="off"
      />
      <div className={css.formActions}>
        <Button type="submit" isPending={busy}>
          {busy ? busyLabel : mode === 'add' ? t(m.continue) : t(m.save)}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'passkey.cancel' })} isDisabled={busy}>
          {t(m.cancel)}
        </Button>
      </div>
    </Form>
  )
}

function PasskeyList({ actor, nowMs, busy }: { actor: PasskeysActor; nowMs: number; busy: boolean }) {
  const passkeys = useSelector(actor, sel.selectPasskeys)
  const { t } = useTranslator()
  if (passkeys.length === 0) return <p className={own.empty}>{t(m.empty)}</p>
  return (
    <ul className={css.list} aria-label={t(m.yourPasskeys)}>
      {passkeys.map((p) => (
        <PasskeyRow key={p.id} passkey={p} nowMs={nowMs} busy={busy} actor={actor} />
      ))}
    </ul>
  )
}

function PasskeyRow({ passkey, nowMs, busy, actor }: { passkey: PasskeyItem; nowMs: number; busy: boolean; actor: PasskeysActor }) {
  const titleId = `passkey-${passkey.id}`
  const { t } = useTranslator()
  const slotted = useSlotted()
  return (
    <li className={css.row} aria-labelledby={titleId}>
      <span className={css.deviceIcon} aria-hidden="true">
        <KeyRound size={20} />
      </span>
      <div className={css.rowMain}>
        <span className={css.rowTitle}>
          <span id={titleId} dir="auto">
            {passkey.name}
          </span>
          <span className={settings.badge}>{t(DEVICE_TYPE_LABELS[passkey.device_type])}</span>
        </span>
        <p className={css.rowMeta}>
          {slotted(m.created, { time: <When iso={passkey.created_at} nowMs={nowMs} /> })}
          {' · '}
          {passkey.last_used_at === null ? t(m.neverUsed) : slotted(m.lastUsed, { time: <When iso={passkey.last_used_at} nowMs={nowMs} /> })}
        </p>
      </div>
      <div className={`${css.rowAction} ${own.rowActions}`}>
        <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'passkey.rename', id: passkey.id })} isDisabled={busy} aria-describedby={titleId}>
          {t(m.renameButton)}
        </Button>
        <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'passkey.delete', id: passkey.id })} isDisabled={busy} aria-describedby={titleId}>
          {t(m.delete)}
        </Button>
      </div>
    </li>
  )
}

function ConfirmDelete({ actor }: { actor: PasskeysActor }) {
  const view = useSelector(actor, sel.selectPasskeysView)
  const target = useSelector(actor, sel.selectTarget)
  const open = view === 'confirmingDelete' || view === 'deleting'
  const cancel = () => actor.send({ type: 'passkey.cancel' })
  const { t } = useTranslator()
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title={t(m.deleteTitle)}
      description={t(m.deleteDescription, { name: target?.name ?? t(m.thisPasskey) })}
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && view === 'confirmingDelete') cancel()
      }}
      footer={
        <>
          <Button variant="secondary" onPress={cancel} isDisabled={view === 'deleting'} autoFocus>
            {t(m.cancel)}
          </Button>
          <Button variant="danger" onPress={() => actor.send({ type: 'passkey.confirmDelete' })} isPending={view === 'deleting'}>
            {t(m.deleteConfirm)}
          </Button>
        </>
      }
    />
  )
}
