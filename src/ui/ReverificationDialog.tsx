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
import { reverificationMessages as m } from '../../machines/reverification/reverification.messages.ts'
import * as sel from '../../machines/reverification/reverification.selectors.ts'
import { useTranslator } from '../i18n/react.tsx'
import type { MessageDescriptor } from '../i18n/messages.ts'
import { FormAlert } from './FormAlert.tsx'
import { Button } from './primitives/Button/Button.tsx'
import { Modal } from './primitives/Dialog/Dialog.tsx'
import { SegmentedControl } from './primitives/SegmentedControl/SegmentedControl.tsx'
import { Skeleton } from './primitives/Skeleton/Skeleton.tsx'
import { TextField } from './primitives/TextField/TextField.tsx'
import * as css from './ReverificationDialog.css.ts'

export type ReverificationActor = ActorRefFrom<ReverificationMachine>

const METHOD_LABELS: Readonly<Record<SecretMethod, MessageDescriptor>> = { password: m.password, code: m.code }

/** The line under the title, by what it asks for. */
const INSTRUCTIONS: Readonly<Record<sel.ReverificationInstruction, MessageDescriptor>> = {
  passkey: m.instructionPasskey,
  confirm: m.instructionConfirm,
  password: m.instructionPassword,
  code: m.instructionCode,
}

/** The dialog in whatever state `actor` is; closed when it is idle or verified. */
export function ReverificationDialog({ actor }: { actor: ReverificationActor }) {
  const view = useSelector(actor, sel.selectReverificationView)
  const checking = useSelector(actor, sel.selectIsChecking)
  const instruction = useSelector(actor, sel.selectInstructionKind)
  const formError = useSelector(actor, sel.selectFormError)
  const { t, text } = useTranslator()
  const formId = useId()
  const cancel = () => actor.send({ type: 'reverification.cancel' })
  const showsForm = view === 'form'
  return (
    <Modal
      title={t(m.title)}
      description={view === 'loading' || view === 'form' ? t(INSTRUCTIONS[instruction]) : undefined}
      size="sm"
      isOpen={view !== 'closed'}
      onOpenChange={(open) => {
        if (!open) cancel()
      }}
      footer={
        <div className={css.actions}>
          <Button variant="secondary" onPress={cancel}>
            {t(m.cancel)}
          </Button>
          {view === 'loadFailed' && <Button onPress={() => actor.send({ type: 'reverification.retry' })}>{t(m.tryAgain)}</Button>}
          {(showsForm || view === 'loading') && <ConfirmButton actor={actor} formId={formId} checking={checking} disabled={view === 'loading'} />}
        </div>
      }
    >
      {view === 'loading' && <Skeleton count={1} label={t(m.loading)} />}
      {(view === 'loadFailed' || view === 'noFactor') && <FormAlert message={formError && text(formError)} />}
      {showsForm && <ReverificationForm actor={actor} formId={formId} />}
    </Modal>
  )
}

function ConfirmButton({ actor, formId, checking, disabled }: { actor: ReverificationActor; formId: string; checking: boolean; disabled: boolean }) {
  const methods = useSelector(actor, sel.selectMethods)
  const checkingPasskey = useSelector(actor, sel.selectIsCheckingPasskey)
  const { t } = useTranslator()
  // A passkey-only account has no field: its button is the one action.
  if (!disabled && methods.length === 0) return null
  const secret = checking && !checkingPasskey
  return (
    <Button type="submit" form={formId} isPending={secret} isDisabled={disabled || checking}>
      {secret ? t(m.confirming) : t(m.confirm)}
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
  const { t, text } = useTranslator()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'reverification.submit' })
  }
  return (
    <Form id={formId} className={css.form} onSubmit={submit} validationBehavior="aria" aria-label={t(m.title)}>
      <FormAlert message={formError && text(formError)} />
      {methods.length > 1 && (
        <SegmentedControl
          aria-label={t(m.confirmWith)}
          options={methods.map((id) => ({ id, label: t(METHOD_LABELS[id]) }))}
          selectedKey={method}
          onSelectionChange={(choice) => actor.send({ type: 'reverification.changeMethod', method: choice })}
          isDisabled={checking}
        />
      )}
      {methods.length > 0 &&
        (method === 'password' ? (
          <TextField
            key="password"
            label={t(m.password)}
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
            label={t(m.codeField)}
            autoComplete="one-time-code"
            value={value}
            onChange={(v) => actor.send({ type: 'reverification.changeValue', value: v })}
            error={fieldError}
            description={t(m.codeDescription)}
            isRequired
            isDisabled={checking}
            autoFocus
          />
        ))}
      {offersPasskey && (
        <>
          {methods.length > 0 && <p className={css.or}>{t(m.or)}</p>}
          <Button
            variant="secondary"
            className={css.passkey}
            icon={<KeyRound size={16} />}
            onPress={() => actor.send({ type: 'reverification.usePasskey' })}
            isPending={checkingPasskey}
            isDisabled={checking && !checkingPasskey}
          >
            {checkingPasskey ? t(m.waitingForPasskey) : t(m.usePasskey)}
          </Button>
        </>
      )}
    </Form>
  )
}
