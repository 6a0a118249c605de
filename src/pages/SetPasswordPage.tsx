/**
 * /set-password?token=… (ours): the page an invitation link opens. Public, no shell. After the
 * password is set the person signs in as usual.
 */
import { useSelector } from '@xstate/react'
import { type FormEvent, useState } from 'react'
import { Form } from 'react-aria-components'
import { setPasswordMessages as m } from '../../machines/setPassword/setPassword.messages.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useSetPasswordActor } from '../system/setPassword.ts'
import { FormAlert } from '../ui/FormAlert.tsx'
import * as page from '../ui/Page.css.ts'
import { Button, LinkButton } from '../ui/primitives/Button/Button.tsx'
import { TextField } from '../ui/primitives/TextField/TextField.tsx'
import * as pages from './pages.css.ts'
import { StatusPage } from './StatusPage.tsx'

export function SetPasswordPage({ token }: { token: string }) {
  const actor = useSetPasswordActor(token)
  const state = useSelector(actor, (s) => s.value)
  const fields = useSelector(actor, (s) => s.context.fields)
  const formError = useSelector(actor, (s) => s.context.formError)
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const busy = state === 'submitting'
  const { t } = useTranslator()

  if (state === 'done') {
    return (
      <StatusPage title={t(m.doneTitle)}>
        <p className={page.text}>{t(m.doneText)}</p>
        <LinkButton href="/signin">{t(m.signIn)}</LinkButton>
      </StatusPage>
    )
  }
  const passwordField = (label: string, value: string, onChange: (value: string) => void, error: string | undefined) => (
    <TextField label={label} type="password" autoComplete="new-password" value={value} onChange={onChange} error={error} isDisabled={busy} />
  )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'password.submit', password, confirmation })
  }
  return (
    <StatusPage title={t(m.title)}>
      <p className={page.text}>{t(m.intro)}</p>
      <FormAlert message={formError} />
      <Form className={pages.form} onSubmit={submit} validationBehavior="aria" aria-label={t(m.title)}>
        {passwordField(t(m.newPassword), password, setPassword, fields.password)}
        {passwordField(t(m.confirmPassword), confirmation, setConfirmation, fields.confirmation)}
        <Button type="submit" isPending={busy}>
          {busy ? t(m.saving) : t(m.submit)}
        </Button>
      </Form>
    </StatusPage>
  )
}
