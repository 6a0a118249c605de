/**
 * /confirm-email?token=…: the page the sign-up email's link
 * opens. Public, no shell. The page runs an emailConfirmation actor (machines/emailConfirmation)
 * that posts the token once, on arrival: confirmed (ACCOUNT_MESSAGES.emailConfirmed, then on to
 * the app, or to sign in when this browser is signed out), the link refused (the server's
 * ACCOUNT_MESSAGES.linkInvalid; a new link is sent from the profile), or the server unreachable
 * ('Try again').
 */
import { useSelector } from '@xstate/react'
import { ACCOUNT_MESSAGES } from '../../../contract/account.ts'
import { confirmEmailMessages as m } from '../../../machines/emailConfirmation/emailConfirmation.messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { titleFor, useDocumentTitle } from '../../ui/documentTitle.ts'
import * as page from '../../ui/Page.css.ts'
import { Button, LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { StatusPage } from '../StatusPage.tsx'
import * as css from './account.css.ts'
import { useEmailConfirmationActor } from '../../system/emailConfirmation.ts'

/** Where the profile's 'Resend confirmation email' is. */
export const PROFILE_SETTINGS_PATH = '/app/setting/profile-settings'

/**
 * @param token the link's token, as it came ('' when missing: the link is refused without a call).
 * @param signedIn whether this browser is signed in: where 'Continue' and a new link are.
 */
export function ConfirmEmailPage({ token, signedIn }: { token: string; signedIn: boolean }) {
  const actor = useEmailConfirmationActor(token)
  const state = useSelector(actor, (s) => s.value)
  const email = useSelector(actor, (s) => s.context.email)
  const error = useSelector(actor, (s) => s.context.error)
  const { t, text } = useTranslator()
  useDocumentTitle(titleFor(t(m.documentTitle)))

  if (state === 'confirmed') {
    return (
      <StatusPage title={t(m.confirmedTitle)}>
        <p className={page.text} role="status">
          {t(m.confirmed)}
        </p>
        {email && <p className={css.address}>{email}</p>}
        {signedIn ? <LinkButton href="/app">{t(m.continue)}</LinkButton> : <LinkButton href="/signin">{t(m.signIn)}</LinkButton>}
      </StatusPage>
    )
  }
  if (state === 'invalid') {
    return (
      <StatusPage title={t(m.linkInvalidTitle)}>
        {/* The contract's fixed refusal in the reader's language; any other words of the server as they came. */}
        <p className={page.text} role="alert">
          {error === null || error === ACCOUNT_MESSAGES.linkInvalid ? t(m.linkInvalid) : text(error)}
        </p>
        <p className={css.fine}>{t(m.askNewLink)}</p>
        {signedIn ? (
          <LinkButton href={PROFILE_SETTINGS_PATH}>{t(m.openProfile)}</LinkButton>
        ) : (
          <LinkButton href={`/signin?app_path=${encodeURIComponent(PROFILE_SETTINGS_PATH)}`}>{t(m.signIn)}</LinkButton>
        )}
      </StatusPage>
    )
  }
  if (state === 'failed') {
    return (
      <StatusPage title={t(m.failedTitle)}>
        <p className={page.text} role="alert">
          {error === null ? null : text(error)}
        </p>
        <Button onPress={() => actor.send({ type: 'confirm.retry' })}>{t(m.tryAgain)}</Button>
      </StatusPage>
    )
  }
  return (
    <StatusPage title={t(m.confirming)} busy>
      <p className={page.text}>{t(m.takesMoment)}</p>
    </StatusPage>
  )
}
