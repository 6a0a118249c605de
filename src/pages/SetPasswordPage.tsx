/**
 * /set-password?token=… (ours): the page an invitation link opens. Public, no shell. After the
 * password is set the person signs in as usual.
 */
import { useSelector } from '@xstate/react'
import { type FormEvent, useState } from 'react'
import { Button, FieldError, Form, Input, Label, Link, TextField } from 'react-aria-components'
import { useSetPasswordActor } from '../system/setPassword.ts'
import * as page from '../ui/Page.css.ts'
import * as css from '../ui/SignInPage.css.ts'
import { StatusPage } from './StatusPage.tsx'

export function SetPasswordPage({ token }: { token: string }) {
  const actor = useSetPasswordActor(token)
  const state = useSelector(actor, (s) => s.value)
  const fields = useSelector(actor, (s) => s.context.fields)
  const formError = useSelector(actor, (s) => s.context.formError)
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const busy = state === 'submitting'

  if (state === 'done') {
    return (
      <StatusPage title="Your password is set">
        <p className={page.text}>You can now sign in to Engage with your email and new password.</p>
        <Link href="/signin" className={page.button}>
          Sign in
        </Link>
      </StatusPage>
    )
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'password.submit', password, confirmation })
  }
  return (
    <StatusPage title="Choose your password">
      <p className={page.text}>You were invited to an Engage workspace. Choose a password of at least 10 characters.</p>
      {formError && (
        <div role="alert" className={css.alert}>
          {formError}
        </div>
      )}
      <Form className={css.form} onSubmit={submit} validationBehavior="aria" aria-label="Choose your password">
        <TextField className={css.field} type="password" autoComplete="new-password" value={password} onChange={setPassword} isInvalid={Boolean(fields.password)} isDisabled={busy}>
          <Label className={css.label}>New password</Label>
          <Input className={css.input} />
          <FieldError className={css.fieldError}>{fields.password}</FieldError>
        </TextField>
        <TextField className={css.field} type="password" autoComplete="new-password" value={confirmation} onChange={setConfirmation} isInvalid={Boolean(fields.confirmation)} isDisabled={busy}>
          <Label className={css.label}>Confirm password</Label>
          <Input className={css.input} />
          <FieldError className={css.fieldError}>{fields.confirmation}</FieldError>
        </TextField>
        <Button type="submit" className={page.button} isPending={busy}>
          {busy ? 'Saving…' : 'Set password'}
        </Button>
      </Form>
    </StatusPage>
  )
}
