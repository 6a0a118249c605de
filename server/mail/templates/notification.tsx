/**
 * The notification emails ("Email delivery"): one urgent notification at once, and the
 * digest that collects the others of one person in one workspace. Every link is absolute, built by
 * server/notifications/email-delivery.ts from the public origin (APP_URL). Titles, bodies and
 * workspace names are text, never HTML: React escapes them.
 *
 * Footer of both: why the message came, 'Unsubscribe from <category> emails' (the SPA page
 * /unsubscribe, which asks before switching anything off; mail clients use the List-Unsubscribe
 * header for one click) and 'Manage notification preferences'.
 */
import { Link, Section, Text } from '@react-email/components'
import { MailAction, MailLayout, styles } from './layout.tsx'
import { type RenderedMail, renderMail } from './render.ts'

/** The footer's links and the reason line. */
export interface NotificationMailFooter {
  /** Why this came, e.g. "You get emails about Payments & Billing in Acme Support." */
  readonly reason: string
  /** What the unsubscribe link switches off, as shown: a preference category name or "all notification". */
  readonly unsubscribeLabel: string
  readonly unsubscribeUrl: string
  readonly preferencesUrl: string
}

/** One notification as an email shows it. `href` is absolute. */
export interface MailedNotification {
  readonly title: string
  readonly body: string
  readonly href: string
  /** The link's label: the notification's action text, else 'View Details' (SPEC §3). */
  readonly actionLabel: string
}

/** Longest body a digest item shows, characters (the rest is one click away). */
export const DIGEST_BODY_MAX = 240
/** Most items a digest lists; the rest are counted ("and 5 more in your inbox"). */
export const DIGEST_MAX_ITEMS = 20

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text)

function Footer({ footer }: { footer: NotificationMailFooter }) {
  return (
    <>
      <Text style={styles.muted}>{footer.reason}</Text>
      <Text style={styles.muted}>
        <Link href={footer.unsubscribeUrl} style={styles.link}>
          Unsubscribe from {footer.unsubscribeLabel} emails
        </Link>
        {' · '}
        <Link href={footer.preferencesUrl} style={styles.link}>
          Manage notification preferences
        </Link>
      </Text>
    </>
  )
}

/** One notification, sent at once (urgent). Subject: "<workspace>: <title>". */
export function notificationMail(p: { workspace: string; notification: MailedNotification; footer: NotificationMailFooter }): Promise<RenderedMail> {
  const n = p.notification
  return renderMail(
    `${p.workspace}: ${n.title}`,
    <MailLayout preview={shorten(n.body || n.title, 140)} footer={<Footer footer={p.footer} />}>
      <Text style={styles.muted}>{p.workspace}</Text>
      <Text style={styles.heading}>{n.title}</Text>
      {n.body === '' ? null : <Text style={styles.paragraph}>{n.body}</Text>}
      <MailAction href={n.href} label={n.actionLabel} />
    </MailLayout>,
  )
}

/** The subject of a digest of `count` notifications: "3 new notifications in Acme Support". */
export const digestSubject = (count: number, workspace: string) => `${count} new notification${count === 1 ? '' : 's'} in ${workspace}`

/**
 * The digest: the first {@link DIGEST_MAX_ITEMS} notifications (newest first), each with its link,
 * the count of the rest, and 'Open your inbox'.
 */
export function digestMail(p: {
  workspace: string
  items: ReadonlyArray<MailedNotification>
  inboxUrl: string
  footer: NotificationMailFooter
}): Promise<RenderedMail> {
  const shown = p.items.slice(0, DIGEST_MAX_ITEMS)
  const more = p.items.length - shown.length
  const subject = digestSubject(p.items.length, p.workspace)
  return renderMail(
    subject,
    <MailLayout
      preview={shown
        .map((n) => n.title)
        .join(' · ')
        .slice(0, 140)}
      footer={<Footer footer={p.footer} />}
    >
      <Text style={styles.heading}>{subject}</Text>
      {shown.map((n, i) => (
        <Section key={i} style={{ margin: '0 0 16px' }}>
          <Text style={{ ...styles.paragraph, fontWeight: 600, margin: '0 0 4px' }}>
            <Link href={n.href} style={styles.link}>
              {n.title}
            </Link>
          </Text>
          {n.body === '' ? null : <Text style={{ ...styles.muted, margin: '0 0 4px' }}>{shorten(n.body, DIGEST_BODY_MAX)}</Text>}
        </Section>
      ))}
      {more > 0 ? <Text style={styles.paragraph}>And {more} more in your inbox.</Text> : null}
      <MailAction href={p.inboxUrl} label="Open your inbox" />
    </MailLayout>,
  )
}
