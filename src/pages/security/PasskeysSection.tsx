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
import type { PasskeyItem } from '../../../contract/passkeys.ts'
import type { PasskeysMachine } from '../../../machines/passkeys/passkeys.machine.ts'
import * as sel from '../../../machines/passkeys/passkeys.selectors.ts'
import { exactTime, relativeIso } from '../../../machines/sessions/sessions.selectors.ts'
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

export type PasskeysActor = ActorRefFrom<PasskeysMachine>

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
  return (
    <section className={settings.panel} aria-labelledby="passkeys-heading">
      <div className={css.head}>
        <Heading id="passkeys-heading" level={2} className={css.headTitle}>
          Passkeys
        </Heading>
        {status === 'ready' && supported && !adding && (
          <Button variant="secondary" size="sm" icon={<KeyRound size={16} />} onPress={() => actor.send({ type: 'passkey.add' })} isDisabled={busy || view !== 'list'}>
            Add a passkey
          </Button>
        )}
      </div>
      <p className={css.intro}>Sign in with your fingerprint, face or screen lock instead of a password. Passkeys cannot be phished or reused on other sites.</p>
      {!supported && <Unavailable />}
      {status === 'loading' && <Skeleton shape="block" count={1} height={56} label="Loading passkeys…" />}
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
  if (localhost !== null) {
    return (
      <p className={own.note}>
        Passkeys need a site name, not an IP address: <Link href={localhost}>open this page at localhost</Link> to add or use one.
      </p>
    )
  }
  return <p className={own.note}>This browser does not support passkeys. Use a recent browser to add or use one.</p>
}

function LoadFailed({ actor }: { actor: PasskeysActor }) {
  const message = useSelector(actor, sel.selectPasskeysLoadError)
  return (
    <div className={css.formActions}>
      <FormAlert message={message} />
      <Button variant="secondary" onPress={() => actor.send({ type: 'passkeys.retry' })}>
        Try again
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
  const busyLabel = view === 'prompting' ? 'Waiting for your device…' : 'Saving…'
  return (
    <Form className={own.form} onSubmit={submit} validationBehavior="aria" aria-label={mode === 'add' ? 'Add a passkey' : 'Rename passkey'}>
      {mode === 'add' && <p className={own.note}>Name it after the device or password manager that keeps it, so you can tell your passkeys apart.</p>}
      <FormAlert message={error} />
      {notice && (
        <p className={own.note} role="status">
          {notice}
        </p>
      )}
      <TextField
        label="Passkey name"
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
          {busy ? busyLabel : mode === 'add' ? 'Continue' : 'Save'}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'passkey.cancel' })} isDisabled={busy}>
          Cancel
        </Button>
      </div>
    </Form>
  )
}

function PasskeyList({ actor, nowMs, busy }: { actor: PasskeysActor; nowMs: number; busy: boolean }) {
  const passkeys = useSelector(actor, sel.selectPasskeys)
  if (passkeys.length === 0) return <p className={own.empty}>No passkeys yet.</p>
  return (
    <ul className={css.list} aria-label="Your passkeys">
      {passkeys.map((p) => (
        <PasskeyRow key={p.id} passkey={p} nowMs={nowMs} busy={busy} actor={actor} />
      ))}
    </ul>
  )
}

function PasskeyRow({ passkey, nowMs, busy, actor }: { passkey: PasskeyItem; nowMs: number; busy: boolean; actor: PasskeysActor }) {
  const titleId = `passkey-${passkey.id}`
  return (
    <li className={css.row} aria-labelledby={titleId}>
      <span className={css.deviceIcon} aria-hidden="true">
        <KeyRound size={20} />
      </span>
      <div className={css.rowMain}>
        <span className={css.rowTitle}>
          <span id={titleId}>{passkey.name}</span>
          <span className={settings.badge}>{sel.DEVICE_TYPE_LABELS[passkey.device_type]}</span>
        </span>
        <p className={css.rowMeta}>
          Created <When iso={passkey.created_at} nowMs={nowMs} /> ·{' '}
          {passkey.last_used_at === null ? (
            'Never used'
          ) : (
            <>
              Last used <When iso={passkey.last_used_at} nowMs={nowMs} />
            </>
          )}
        </p>
      </div>
      <div className={`${css.rowAction} ${own.rowActions}`}>
        <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'passkey.rename', id: passkey.id })} isDisabled={busy} aria-describedby={titleId}>
          Rename
        </Button>
        <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'passkey.delete', id: passkey.id })} isDisabled={busy} aria-describedby={titleId}>
          Delete
        </Button>
      </div>
    </li>
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

function ConfirmDelete({ actor }: { actor: PasskeysActor }) {
  const view = useSelector(actor, sel.selectPasskeysView)
  const target = useSelector(actor, sel.selectTarget)
  const open = view === 'confirmingDelete' || view === 'deleting'
  const cancel = () => actor.send({ type: 'passkey.cancel' })
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title="Delete this passkey?"
      description={`“${target?.name ?? 'This passkey'}” will no longer sign you in to Engage. Remove it from your device or password manager too.`}
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && view === 'confirmingDelete') cancel()
      }}
      footer={
        <>
          <Button variant="secondary" onPress={cancel} isDisabled={view === 'deleting'} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onPress={() => actor.send({ type: 'passkey.confirmDelete' })} isPending={view === 'deleting'}>
            Delete passkey
          </Button>
        </>
      }
    />
  )
}
