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
import { usePasswordResetRequestActor } from '../../system/passwordResetRequest.ts'

/** How long a reset link lasts, in minutes (30). */
const RESET_LINK_MINUTES = Math.round(PASSWORD_RESET_TTL_S / 60)

export function ForgotPasswordPage({ email: initialEmail = '' }: { email?: string }) {
  const actor = usePasswordResetRequestActor(initialEmail)
  const state = useSelector(actor, (s) => s.value)
  const email = useSelector(actor, (s) => s.context.email)
  const fields = useSelector(actor, (s) => s.context.fields)
  const formError = useSelector(actor, (s) => s.context.formError)
  const message = useSelector(actor, (s) => s.context.message)
  const busy = state === 'requesting'
  const { t } = useTranslator()
  const title = t(m.forgotTitle)
  useDocumentTitle(titleFor(title))

  if (state === 'sent') {
    return (
      <StatusPage title={t(m.checkEmail)}>
        <p className={page.text} role="status" dir="auto">
          {message}
        </p>
        <p className={css.fine}>{t(m.linkLifetime, { minutes: RESET_LINK_MINUTES })}</p>
        <LinkButton href="/signin">{t(m.backToSignIn)}</LinkButton>
      </StatusPage>
    )
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'reset.submit' })
  }
  return (
    <StatusPage title={title}>
      <p className={page.text}>{t(m.forgotIntro)}</p>
      <FormAlert message={formError} />
      <Form className={pages.form} onSubmit={submit} validationBehavior="aria" aria-label={title}>
        <TextField
          label={t(m.email)}
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
          {busy ? t(m.sending) : t(m.sendLink)}
        </Button>
      </Form>
      <p className={css.backLine}>
        {t(m.rememberIt)}{' '}
        <LinkButton variant="ghost" size="sm" href="/signin">
          {t(m.backToSignIn)}
        </LinkButton>
      </p>
    </StatusPage>
  )
}
