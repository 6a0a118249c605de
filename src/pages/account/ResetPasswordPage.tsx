/**
 * /reset-password?token=…: the page the reset email's link opens.
 * Public, no shell, laid out like /set-password. The page runs a passwordReset actor
 * (machines/passwordReset): a new password and its confirmation; then 'Sign in' (every session
 * was signed out). A link the server refuses (unknown, expired, used) or without a token shows
 * the server's message (ACCOUNT_MESSAGES.linkInvalid) and a way to ask for a new one.
 */
import { useSelector } from '@xstate/react'
import { type FormEvent, useState } from 'react'
import { Form } from 'react-aria-components'
import { ACCOUNT_MESSAGES } from '../../../contract/account.ts'
import { passwordResetMessages as m } from '../../../machines/passwordReset/passwordReset.messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { titleFor, useDocumentTitle } from '../../ui/documentTitle.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import * as page from '../../ui/Page.css.ts'
import { Button, LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { TextField } from '../../ui/primitives/TextField/TextField.tsx'
import * as pages from '../pages.css.ts'
import { StatusPage } from '../StatusPage.tsx'
import * as css from './account.css.ts'
import { usePasswordResetActor } from '../../system/passwordReset.ts'


export function ResetPasswordPage({ token }: { token: string }) {
  const actor = usePasswordResetActor(token)
  const state = useSelector(actor, (s) => s.value)
  const fields = useSelector(actor, (s) => s.context.fields)
  const formError = useSelector(actor, (s) => s.context.formError)
  const linkError = useSelector(actor, (s) => s.context.linkError)
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const busy = state === 'submitting'
  const { t } = useTranslator()
  const title = t(m.resetTitle)
  useDocumentTitle(titleFor(title))

  if (state === 'done') {
    return (
      <StatusPage title={t(m.changedTitle)}>
        <p className={page.text} role="status">
          {t(m.changed)}
        </p>
        <LinkButton href="/signin">{t(m.signIn)}</LinkButton>
      </StatusPage>
    )
  }
  if (state === 'linkInvalid') {
    return (
      <StatusPage title={t(m.linkInvalidTitle)}>
        {/* The contract's fixed refusal in the reader's language; any other words of the server as they came. */}
        <p className={page.text} role="alert" dir={linkError === null || linkError === ACCOUNT_MESSAGES.linkInvalid ? undefined : 'auto'}>
          {linkError === null || linkError === ACCOUNT_MESSAGES.linkInvalid ? t(m.linkInvalid) : linkError}
        </p>
        <LinkButton href="/forgot-password">{t(m.getNewLink)}</LinkButton>
        <p className={css.backLine}>
          <LinkButton variant="ghost" size="sm" href="/signin">
            {t(m.backToSignIn)}
          </LinkButton>
        </p>
      </StatusPage>
    )
  }
  const passwordField = (label: string, value: string, onChange: (value: string) => void, error: string | undefined, autoFocus = false) => (
    <TextField label={label} type="password" autoComplete="new-password" value={value} onChange={onChange} error={error} isDisabled={busy} autoFocus={autoFocus} />
  )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'password.submit', password, confirmation })
  }
  return (
    <StatusPage title={title}>
      <p className={page.text}>{t(m.resetIntro)}</p>
      <FormAlert message={formError} />
      <Form className={pages.form} onSubmit={submit} validationBehavior="aria" aria-label={title}>
        {passwordField(t(m.newPassword), password, setPassword, fields.password, true)}
        {passwordField(t(m.confirmPassword), confirmation, setConfirmation, fields.confirmation)}
        <Button type="submit" isPending={busy}>
          {busy ? t(m.saving) : t(m.changePassword)}
        </Button>
      </Form>
    </StatusPage>
  )
}
