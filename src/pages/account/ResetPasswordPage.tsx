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
import { titleFor, useDocumentTitle } from '../../ui/documentTitle.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import * as page from '../../ui/Page.css.ts'
import { Button, LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { TextField } from '../../ui/primitives/TextField/TextField.tsx'
import * as pages from '../pages.css.ts'
import { StatusPage } from '../StatusPage.tsx'
import * as css from './account.css.ts'
import { usePasswordResetActor } from '../../system/passwordReset.ts'

/** The form's title, also the tab's. */
export const RESET_PASSWORD_TITLE = 'Choose a new password'
/** The title of a link that cannot be used (ours; the message is the server's). */
export const LINK_INVALID_TITLE = 'This link cannot be used'

export function ResetPasswordPage({ token }: { token: string }) {
  const actor = usePasswordResetActor(token)
  const state = useSelector(actor, (s) => s.value)
  const fields = useSelector(actor, (s) => s.context.fields)
  const formError = useSelector(actor, (s) => s.context.formError)
  const linkError = useSelector(actor, (s) => s.context.linkError)
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const busy = state === 'submitting'
  useDocumentTitle(titleFor(RESET_PASSWORD_TITLE))

  if (state === 'done') {
    return (
      <StatusPage title="Password changed">
        <p className={page.text} role="status">
          {ACCOUNT_MESSAGES.passwordResetDone}
        </p>
        <LinkButton href="/signin">Sign in</LinkButton>
      </StatusPage>
    )
  }
  if (state === 'linkInvalid') {
    return (
      <StatusPage title={LINK_INVALID_TITLE}>
        <p className={page.text} role="alert">
          {linkError ?? ACCOUNT_MESSAGES.linkInvalid}
        </p>
        <LinkButton href="/forgot-password">Get a new link</LinkButton>
        <p className={css.backLine}>
          <LinkButton variant="ghost" size="sm" href="/signin">
            Back to sign in
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
    <StatusPage title={RESET_PASSWORD_TITLE}>
      <p className={page.text}>Choose a password of at least 10 characters. Every device signed in to your account will be signed out.</p>
      <FormAlert message={formError} />
      <Form className={pages.form} onSubmit={submit} validationBehavior="aria" aria-label={RESET_PASSWORD_TITLE}>
        {passwordField('New password', password, setPassword, fields.password, true)}
        {passwordField('Confirm password', confirmation, setConfirmation, fields.confirmation)}
        <Button type="submit" isPending={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </Button>
      </Form>
    </StatusPage>
  )
}
