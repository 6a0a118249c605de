/**
 * /unsubscribe?token=… (one-click unsubscribe): the page behind the "Unsubscribe" link
 * of every notification email. Public, no shell, no session needed. It runs an unsubscribe actor
 * (machines/unsubscribe): the link is described first (`GET`, which changes nothing: mail
 * scanners open links), and only the 'Unsubscribe' button turns that category's emails off
 * (`POST`). Server text (category name, address) is rendered as text, never as HTML.
 */
import { useSelector } from '@xstate/react'
import type { UnsubscribeResponse } from '../../../contract/notifications.ts'
import { ALL_EMAIL_SCOPE, UNSUBSCRIBE_LINK_INVALID } from '../../../contract/notifications.ts'
import { titleFor, useDocumentTitle } from '../../ui/documentTitle.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import * as page from '../../ui/Page.css.ts'
import { Button, LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { StatusPage } from '../StatusPage.tsx'
import * as css from './UnsubscribePage.css.ts'
import { useUnsubscribeActor } from '../../system/unsubscribe.ts'

/** The page's title, in every state. */
export const UNSUBSCRIBE_TITLE = 'Unsubscribe from emails'

/** Where a person changes every notification choice (src/navigation/routes.ts; signed-out visitors sign in first). */
export const NOTIFICATION_SETTINGS_PATH = '/app/notification-settings'

/**
 * The scope of a digest's link (server/mail/unsubscribe.ts `ALL_EMAIL_SCOPE`): every notification
 * email, not one category, so the sentences name no category.
 */
const ALL_EMAILS_SCOPE_ID = ALL_EMAIL_SCOPE.id

/** "emails about <category>", or "all notification emails" for a digest's link. */
function Emails({ category }: { category: UnsubscribeResponse['category'] }) {
  if (category.id === ALL_EMAILS_SCOPE_ID) return <>all notification emails</>
  return (
    <>
      emails about <span className={css.emphasis}>{category.name}</span>
    </>
  )
}

const Address = ({ email }: { email: string }) => <span className={css.emphasis}>{email}</span>

const PreferencesLink = ({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) => (
  <LinkButton href={NOTIFICATION_SETTINGS_PATH} variant={variant}>
    Notification preferences
  </LinkButton>
)

/** @param token the link's token as it came ('' when missing: the link is invalid without a call). */
export function UnsubscribePage({ token }: { token: string }) {
  const actor = useUnsubscribeActor(token)
  const state = useSelector(actor, (s) => s.value)
  const details = useSelector(actor, (s) => s.context.details)
  const error = useSelector(actor, (s) => s.context.error)
  useDocumentTitle(titleFor(UNSUBSCRIBE_TITLE))

  if (state === 'invalid') {
    return (
      <StatusPage title={UNSUBSCRIBE_TITLE}>
        <p className={page.text} role="alert">
          {UNSUBSCRIBE_LINK_INVALID}
        </p>
        <PreferencesLink />
      </StatusPage>
    )
  }
  if (state === 'done' && details) {
    return (
      <StatusPage title={UNSUBSCRIBE_TITLE}>
        <p className={page.text} role="status">
          You won't get <Emails category={details.category} /> any more.
        </p>
        <PreferencesLink />
      </StatusPage>
    )
  }
  if (state === 'alreadyUnsubscribed' && details) {
    return (
      <StatusPage title={UNSUBSCRIBE_TITLE}>
        <p className={page.text}>
          You already don't get <Emails category={details.category} /> at <Address email={details.email} />.
        </p>
        <PreferencesLink />
      </StatusPage>
    )
  }
  if (state === 'failed' && !details) {
    return (
      <StatusPage title={UNSUBSCRIBE_TITLE}>
        <FormAlert message={error} />
        <Button onPress={() => actor.send({ type: 'unsubscribe.retry' })}>Try again</Button>
      </StatusPage>
    )
  }
  if (details && (state === 'ready' || state === 'submitting' || state === 'failed')) {
    const busy = state === 'submitting'
    return (
      <StatusPage title={UNSUBSCRIBE_TITLE}>
        <p className={page.text}>
          Stop <Emails category={details.category} /> to <Address email={details.email} />? You'll still see these notifications in your Engage inbox.
        </p>
        <FormAlert message={state === 'failed' ? error : null} />
        {state === 'failed' ? (
          <Button onPress={() => actor.send({ type: 'unsubscribe.retry' })}>Try again</Button>
        ) : (
          <Button isPending={busy} onPress={() => actor.send({ type: 'unsubscribe.confirm' })}>
            {busy ? 'Unsubscribing…' : 'Unsubscribe'}
          </Button>
        )}
      </StatusPage>
    )
  }
  return (
    <StatusPage title={UNSUBSCRIBE_TITLE} busy>
      <p className={page.text}>Checking your unsubscribe link…</p>
    </StatusPage>
  )
}
