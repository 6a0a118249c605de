/**
 * /unsubscribe?token=… (one-click unsubscribe): the page behind the "Unsubscribe" link
 * of every notification email. Public, no shell, no session needed. It runs an unsubscribe actor
 * (machines/unsubscribe): the link is described first (`GET`, which changes nothing: mail
 * scanners open links), and only the 'Unsubscribe' button turns that category's emails off
 * (`POST`). Server text (category name, address) is rendered as text, never as HTML.
 */
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import type { UnsubscribeResponse } from '../../../contract/notifications.ts'
import { ALL_EMAIL_SCOPE } from '../../../contract/notifications.ts'
import { unsubscribeMessages as m } from '../../../machines/unsubscribe/unsubscribe.messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { Translator } from '../../i18n/translator.ts'
import { titleFor, useDocumentTitle } from '../../ui/documentTitle.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import * as page from '../../ui/Page.css.ts'
import { Button, LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { richMessage } from '../../i18n/rich.tsx'
import { StatusPage } from '../StatusPage.tsx'
import * as css from './UnsubscribePage.css.ts'
import { useUnsubscribeActor } from '../../system/unsubscribe.ts'

/** The page's title, in every state (English, for tests; the page shows it in the reader's language). */
export const UNSUBSCRIBE_TITLE = 'Unsubscribe from emails'

/** Where a person changes every notification choice (src/navigation/routes.ts; signed-out visitors sign in first). */
export const NOTIFICATION_SETTINGS_PATH = '/app/notification-settings'

/**
 * The scope of a digest's link (server/mail/unsubscribe.ts `ALL_EMAIL_SCOPE`): every notification
 * email, not one category, so the sentences name no category.
 */
const ALL_EMAILS_SCOPE_ID = ALL_EMAIL_SCOPE.id

/** "emails about <category>", or "all notification emails" for a digest's link. */
function emails(category: UnsubscribeResponse['category'], t: Translator['t']): ReactNode {
  if (category.id === ALL_EMAILS_SCOPE_ID) return t(m.allEmails)
  return richMessage(t, m.emailsAbout, {
    category: (
      <span className={css.emphasis} dir="auto">
        {category.name}
      </span>
    ),
  })
}

const Address = ({ email }: { email: string }) => (
  <span className={css.emphasis} dir="auto">
    {email}
  </span>
)

function PreferencesLink({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslator()
  return (
    <LinkButton href={NOTIFICATION_SETTINGS_PATH} variant={variant}>
      {t(m.preferences)}
    </LinkButton>
  )
}

/** @param token the link's token as it came ('' when missing: the link is invalid without a call). */
export function UnsubscribePage({ token }: { token: string }) {
  const actor = useUnsubscribeActor(token)
  const state = useSelector(actor, (s) => s.value)
  const details = useSelector(actor, (s) => s.context.details)
  const error = useSelector(actor, (s) => s.context.error)
  const { t } = useTranslator()
  const title = t(m.title)
  useDocumentTitle(titleFor(title))

  if (state === 'invalid') {
    return (
      <StatusPage title={title}>
        <p className={page.text} role="alert">
          {t(m.linkInvalid)}
        </p>
        <PreferencesLink />
      </StatusPage>
    )
  }
  if (state === 'done' && details) {
    return (
      <StatusPage title={title}>
        <p className={page.text} role="status">
          {richMessage(t, m.done, { emails: emails(details.category, t) })}
        </p>
        <PreferencesLink />
      </StatusPage>
    )
  }
  if (state === 'alreadyUnsubscribed' && details) {
    return (
      <StatusPage title={title}>
        <p className={page.text}>
          {richMessage(t, m.already, { emails: emails(details.category, t), email: <Address email={details.email} /> })}
        </p>
        <PreferencesLink />
      </StatusPage>
    )
  }
  if (state === 'failed' && !details) {
    return (
      <StatusPage title={title}>
        <FormAlert message={error} />
        <Button onPress={() => actor.send({ type: 'unsubscribe.retry' })}>{t(m.tryAgain)}</Button>
      </StatusPage>
    )
  }
  if (details && (state === 'ready' || state === 'submitting' || state === 'failed')) {
    const busy = state === 'submitting'
    return (
      <StatusPage title={title}>
        <p className={page.text}>
          {richMessage(t, m.confirm, { emails: emails(details.category, t), email: <Address email={details.email} /> })}
        </p>
        <FormAlert message={state === 'failed' ? error : null} />
        {state === 'failed' ? (
          <Button onPress={() => actor.send({ type: 'unsubscribe.retry' })}>{t(m.tryAgain)}</Button>
        ) : (
          <Button isPending={busy} onPress={() => actor.send({ type: 'unsubscribe.confirm' })}>
            {busy ? t(m.unsubscribing) : t(m.unsubscribe)}
          </Button>
        )}
      </StatusPage>
    )
  }
  return (
    <StatusPage title={title} busy>
      <p className={page.text}>{t(m.checking)}</p>
    </StatusPage>
  )
}
