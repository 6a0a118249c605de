/**
 * The notification emails ("Email delivery"): one urgent notification at once, and the
 * digest that collects the others of one person in one workspace, each a draft the outbox writes
 * in its recipient's language. Every link is absolute, built by server/notifications/
 * email-delivery.ts from the public origin (APP_URL). Titles, bodies and workspace names are the
 * sender's text, never HTML (React escapes them), shown as written with `dir="auto"`.
 *
 * Footer of both: why the message came, 'Unsubscribe from <category> emails' (the SPA page
 * /unsubscribe, which asks before switching anything off; mail clients use the List-Unsubscribe
 * header for one click) and 'Manage notification preferences'.
 */
import { Link, Section, Text } from '@react-email/components'
import type { MessageDescriptor } from '../../../contract/messages.ts'
import { ALL_EMAIL_SCOPE } from '../../../contract/notifications.ts'
import { preferenceCategoryName } from '../../preferences/normalize.ts'
import type { MailTranslator } from '../translate.ts'
import { MailAction, MailLayout, styles } from './layout.tsx'
import { emailNotificationMessages as m } from './notification.messages.ts'
import { type MailDraft, mailDraft } from './render.ts'

/** The footer's links and what the unsubscribe link switches off. */
export interface NotificationMailFooter {
  /** A preference category id, or `ALL_EMAIL_SCOPE.id` for every notification email. */
  readonly scope: string
  readonly unsubscribeUrl: string
  readonly preferencesUrl: string
}

/** One notification as an email shows it. `href` is absolute. */
export interface MailedNotification {
  readonly title: string
  readonly body: string
  readonly href: string
  /** The link's label: the notification's action text; null: 'View Details' (SPEC §3). */
  readonly actionLabel: string | null
}

/** Longest body a digest item shows, characters (the rest is one click away). */
export const DIGEST_BODY_MAX = 240
/** Most items a digest lists; the rest are counted ("and 5 more in your inbox"). */
export const DIGEST_MAX_ITEMS = 20

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text)

/** The names of the preference categories (contract DEFAULT_PREFERENCES), by id. */
const CATEGORY_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  messages: m.categoryMessages,
  updates: m.categoryUpdates,
  team: m.categoryTeam,
  payments: m.categoryPayments,
  analytics: m.categoryAnalytics,
  marketing: m.categoryMarketing,
}

/** Preference category `id`'s name in the translator's language (a category without a message: its English name). */
export function categoryName(translator: MailTranslator, id: string): string {
  const message = CATEGORY_NAMES[id]
  return message === undefined ? preferenceCategoryName(id) : translator.t(message)
}

function Footer({ translator, reason, footer }: { translator: MailTranslator; reason: string; footer: NotificationMailFooter }) {
  const { t } = translator
  return (
    <>
      <Text style={styles.muted}>{reason}</Text>
      <Text style={styles.muted}>
        <Link href={footer.unsubscribeUrl} style={styles.link}>
          {footer.scope === ALL_EMAIL_SCOPE.id ? t(m.unsubscribeAll) : t(m.unsubscribeCategory, { category: categoryName(translator, footer.scope) })}
        </Link>
        {' · '}
        <Link href={footer.preferencesUrl} style={styles.link}>
          {t(m.managePreferences)}
        </Link>
      </Text>
    </>
  )
}

/** One notification, sent at once (urgent). Subject: "<workspace>: <title>". */
export function notificationMail(p: { workspace: string; notification: MailedNotification; footer: NotificationMailFooter }): MailDraft {
  const n = p.notification
  return mailDraft((translator) => {
    const { t } = translator
    const reason = t(m.urgentReason, { category: categoryName(translator, p.footer.scope) })
    return {
      subject: `${p.workspace}: ${n.title}`,
      element: (
        <MailLayout
          translator={translator}
          preview={shorten(n.body || n.title, 140)}
          footer={<Footer translator={translator} reason={reason} footer={p.footer} />}
        >
          <Text dir="auto" style={styles.muted}>
            {p.workspace}
          </Text>
          <Text dir="auto" style={styles.heading}>
            {n.title}
          </Text>
          {n.body === '' ? null : (
            <Text dir="auto" style={styles.paragraph}>
              {n.body}
            </Text>
          )}
          <MailAction translator={translator} href={n.href} label={n.actionLabel ?? t(m.viewDetails)} />
        </MailLayout>
      ),
    }
  })
}

/** The subject of a digest of `count` notifications: "3 new notifications in Acme Support". */
export const digestSubject = (translator: MailTranslator, count: number, workspace: string) => translator.t(m.digestSubject, { count, workspace })

/**
 * The digest: the first {@link DIGEST_MAX_ITEMS} notifications (newest first), each with its link,
 * the count of the rest, and 'Open your inbox'.
 */
export function digestMail(p: { workspace: string; items: ReadonlyArray<MailedNotification>; inboxUrl: string; footer: NotificationMailFooter }): MailDraft {
  const shown = p.items.slice(0, DIGEST_MAX_ITEMS)
  const more = p.items.length - shown.length
  return mailDraft((translator) => {
    const { t } = translator
    const subject = digestSubject(translator, p.items.length, p.workspace)
    return {
      subject,
      element: (
        <MailLayout
          translator={translator}
          preview={shown
            .map((n) => n.title)
            .join(' · ')
            .slice(0, 140)}
          footer={<Footer translator={translator} reason={t(m.digestReason, { workspace: p.workspace })} footer={p.footer} />}
        >
          <Text style={styles.heading}>{subject}</Text>
          {shown.map((n, i) => (
            <Section key={i} style={{ margin: '0 0 16px' }}>
              <Text dir="auto" style={{ ...styles.paragraph, fontWeight: 600, margin: '0 0 4px' }}>
                <Link href={n.href} style={styles.link}>
                  {n.title}
                </Link>
              </Text>
              {n.body === '' ? null : (
                <Text dir="auto" style={{ ...styles.muted, margin: '0 0 4px' }}>
                  {shorten(n.body, DIGEST_BODY_MAX)}
                </Text>
              )}
            </Section>
          ))}
          {more > 0 ? <Text style={styles.paragraph}>{t(m.digestMore, { count: more })}</Text> : null}
          <MailAction translator={translator} href={p.inboxUrl} label={t(m.openInbox)} />
        </MailLayout>
      ),
    }
  })
}
