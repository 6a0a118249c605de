/**
 * 'Confirm it's you' (docs/api.md "Reverification"), drawn from the root system's `reverification`
 * actor: a sensitive change was refused with 403 `reverification_required`, so the person gives a
 * factor (their password, a code from their authenticator app or a recovery code, or a passkey)
 * and the change is repeated (src/api/reverification.ts). Mounted once, where the toasts are
 * (src/routes/providers.tsx), and loaded only when a change first asks.
 *
 * Closing it (Cancel, Escape, the Close button) cancels: the change fails with the server's message.
 */
import { useSelector } from '@xstate/react'
import KeyRound from 'lucide-react/icons/key-round'
import { type FormEvent, useId } from 'react'
import { Form } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { ReverificationMachine, SecretMethod } from '../../machines/reverification/reverification.machine.ts'
import * as sel from '../../machines/reverification/reverification.selectors.ts'
import { FormAlert } from './FormAlert.tsx'
import { Button } from './primitives/Button/Button.tsx'
import { Modal } from './primitives/Dialog/Dialog.tsx'
import { SegmentedControl } from './primitives/SegmentedControl/SegmentedControl.tsx'
import { Skeleton } from './primitives/Skeleton/Skeleton.tsx'
import { TextField } from './primitives/TextField/TextField.tsx'
import * as css from './ReverificationDialog.css.ts'

/** The dialog's title (ours, after Clerk's). */
export const REVERIFICATION_TITLE = "Confirm it's you"

export type ReverificationActor = ActorRefFrom<ReverificationMachine>

const METHOD_LABELS: Readonly<Record<SecretMethod, string>> = { password: 'Password', code: 'Code' }

/** The dialog in whatever state `actor` is; closed when it is idle or verified. */
export function ReverificationDialog({ actor }: { actor: ReverificationActor }) {
  const view = useSelector(actor, sel.selectReverificationView)
  const checking = useSelector(actor, sel.selectIsChecking)
  const instruction = useSelector(actor, sel.selectInstruction)
  const formError = useSelector(actor, sel.selectFormError)
  const formId = useId()
  const cancel = () => actor.send({ type: 'reverification.cancel' })
  const showsForm = view === 'form'
  return (
    <Modal
      title={REVERIFICATION_TITLE}
      description={view === 'loading' || view === 'form' ? instruction : undefined}
      size="sm"
      isOpen={view !== 'closed'}
      onOpenChange={(open) => {
        if (!open) cancel()
      }}
      footer={
        <div className={css.actions}>
          <Button variant="secondary" onPress={cancel}>
            Cancel
          </Button>
          {view === 'loadFailed' && <Button onPress={() => actor.send({ type: 'reverification.retry' })}>Try again</Button>}
          {(showsForm || view === 'loading') && <ConfirmButton actor={actor} formId={formId} checking={checking} disabled={view === 'loading'} />}
        </div>
      }
    >
      {view === 'loading' && <Skeleton count={1} label="Loading…" />}
      {(view === 'loadFailed' || view === 'noFactor') && <FormAlert message={formError} />}
      {showsForm && <ReverificationForm actor={actor} formId={formId} />}
    </Modal>
  )
}

function ConfirmButton({ actor, formId, checking, disabled }: { actor: ReverificationActor; formId: string; checking: boolean; disabled: boolean }) {
  const methods = useSelector(actor, sel.selectMethods)
  const checkingPasskey = useSelector(actor, sel.selectIsCheckingPasskey)
  // A passkey-only account has no field: its button is the one action.
  if (!disabled && methods.length === 0) return null
  const secret = checking && !checkingPasskey
  return (
    <Button type="submit" form={formId} isPending={secret} isDisabled={disabled || checking}>
      {secret ? 'Confirming…' : 'Confirm'}
    </Button>
  )
}

function ReverificationForm({ actor, formId }: { actor: ReverificationActor; formId: string }) {
  const methods = useSelector(actor, sel.selectMethods)
  const method = useSelector(actor, sel.selectMethod)
  const value = useSelector(actor, sel.selectValue)
  const fieldError = useSelector(actor, sel.selectFieldError)
  const formError = useSelector(actor, sel.selectFormError)
  const checking = useSelector(actor, sel.selectIsChecking)
  const checkingPasskey = useSelector(actor, sel.selectIsCheckingPasskey)
  const offersPasskey = useSelector(actor, sel.selectOffersPasskey)
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'reverification.submit' })
  }
  return (
    <Form id={formId} className={css.form} onSubmit={submit} validationBehavior="aria" aria-label={REVERIFICATION_TITLE}>
      <FormAlert message={formError} />
      {methods.length > 1 && (
        <SegmentedControl
          aria-label="Confirm with"
          options={methods.map((m) => ({ id: m, label: METHOD_LABELS[m] }))}
          selectedKey={method}
          onSelectionChange={(m) => actor.send({ type: 'reverification.changeMethod', method: m })}
          isDisabled={checking}
        />
      )}
      {methods.length > 0 &&
        (method === 'password' ? (
          <TextField
            key="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={value}
            onChange={(v) => actor.send({ type: 'reverification.changeValue', value: v })}
            error={fieldError}
            isRequired
            isDisabled={checking}
            autoFocus
          />
        ) : (
          <TextField
            key="code"
            label="Authentication or recovery code"
            autoComplete="one-time-code"
            value={value}
            onChange={(v) => actor.send({ type: 'reverification.changeValue', value: v })}
            error={fieldError}
            description="6 digits, or a recovery code"
            isRequired
            isDisabled={checking}
            autoFocus
          />
        ))}
      {offersPasskey && (
        <>
          {methods.length > 0 && <p className={css.or}>or</p>}
          <Button
            variant="secondary"
            className={css.passkey}
            icon={<KeyRound size={16} />}
            onPress={() => actor.send({ type: 'reverification.usePasskey' })}
            isPending={checkingPasskey}
            isDisabled={checking && !checkingPasskey}
          >
            {checkingPasskey ? 'Waiting for your passkey…' : 'Use a passkey'}
          </Button>
        </>
      )}
    </Form>
  )
}
