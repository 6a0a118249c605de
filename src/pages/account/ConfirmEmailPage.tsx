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
  useDocumentTitle(titleFor('Confirm your email address'))

  if (state === 'confirmed') {
    return (
      <StatusPage title="Email address confirmed">
        <p className={page.text} role="status">
          {ACCOUNT_MESSAGES.emailConfirmed}
        </p>
        {email && <p className={css.address}>{email}</p>}
        {signedIn ? <LinkButton href="/app">Continue to Engage</LinkButton> : <LinkButton href="/signin">Sign in</LinkButton>}
      </StatusPage>
    )
  }
  if (state === 'invalid') {
    return (
      <StatusPage title="This link cannot be used">
        <p className={page.text} role="alert">
          {error ?? ACCOUNT_MESSAGES.linkInvalid}
        </p>
        <p className={css.fine}>You can ask for a new confirmation link from your profile settings.</p>
        {signedIn ? (
          <LinkButton href={PROFILE_SETTINGS_PATH}>Open profile settings</LinkButton>
        ) : (
          <LinkButton href={`/signin?app_path=${encodeURIComponent(PROFILE_SETTINGS_PATH)}`}>Sign in</LinkButton>
        )}
      </StatusPage>
    )
  }
  if (state === 'failed') {
    return (
      <StatusPage title="We could not confirm your email address">
        <p className={page.text} role="alert">
          {error}
        </p>
        <Button onPress={() => actor.send({ type: 'confirm.retry' })}>Try again</Button>
      </StatusPage>
    )
  }
  return (
    <StatusPage title="Confirming your email address…" busy>
      <p className={page.text}>This takes a moment.</p>
    </StatusPage>
  )
}
