/**
 * /forgot-password: the address to send a reset link to. Public,
 * no shell, on the same card as /set-password. The page runs a passwordResetRequest actor
 * (machines/passwordReset); whatever the address, a valid one gets the one answer
 * (PASSWORD_RESET_SENT, as the server says it), so the page never tells who has an account.
 *
 * `email` prefills the field (the sign-in form passes what was typed there, as `?email=`).
 */
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Form } from 'react-aria-components'
import { PASSWORD_RESET_TTL_S } from '../../../contract/account.ts'
import { titleFor, useDocumentTitle } from '../../ui/documentTitle.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import * as page from '../../ui/Page.css.ts'
import { Button, LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { TextField } from '../../ui/primitives/TextField/TextField.tsx'
import * as pages from '../pages.css.ts'
import { StatusPage } from '../StatusPage.tsx'
import * as css from './account.css.ts'
import { usePasswordResetRequestActor } from '../../system/passwordResetRequest.ts'

/** The tab's title (every public page names itself). */
export const FORGOT_PASSWORD_TITLE = 'Reset your password'

/** How long a reset link lasts, as the page says it (30 minutes). */
export const RESET_LINK_LIFETIME = `${Math.round(PASSWORD_RESET_TTL_S / 60)} minutes`

export function ForgotPasswordPage({ email: initialEmail = '' }: { email?: string }) {
  const actor = usePasswordResetRequestActor(initialEmail)
  const state = useSelector(actor, (s) => s.value)
  const email = useSelector(actor, (s) => s.context.email)
  const fields = useSelector(actor, (s) => s.context.fields)
  const formError = useSelector(actor, (s) => s.context.formError)
  const message = useSelector(actor, (s) => s.context.message)
  const busy = state === 'requesting'
  useDocumentTitle(titleFor(FORGOT_PASSWORD_TITLE))

  if (state === 'sent') {
    return (
      <StatusPage title="Check your email">
        <p className={page.text} role="status">
          {message}
        </p>
        <p className={css.fine}>The link works once, for {RESET_LINK_LIFETIME}. If nothing arrives, check your spam folder or ask again.</p>
        <LinkButton href="/signin">Back to sign in</LinkButton>
      </StatusPage>
    )
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'reset.submit' })
  }
  return (
    <StatusPage title={FORGOT_PASSWORD_TITLE}>
      <p className={page.text}>Enter the email address you sign in with. We will send you a link to choose a new password.</p>
      <FormAlert message={formError} />
      <Form className={pages.form} onSubmit={submit} validationBehavior="aria" aria-label={FORGOT_PASSWORD_TITLE}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(value) => actor.send({ type: 'email.change', value })}
          error={fields.email}
          isDisabled={busy}
          autoFocus
        />
        <Button type="submit" isPending={busy}>
          {busy ? 'Sending…' : 'Send link'}
        </Button>
      </Form>
      <p className={css.backLine}>
        Remember it?{' '}
        <LinkButton variant="ghost" size="sm" href="/signin">
          Back to sign in
        </LinkButton>
      </p>
    </StatusPage>
  )
}
