/**
 * The account messages: the invitation's set-password link, the password-reset link
 * and the sign-up address confirmation, each a draft the outbox writes in its recipient's language.
 * Every link is absolute, built by the caller from APP_URL.
 * Names and workspace names are text, never HTML: React escapes them.
 */
import { Text } from '@react-email/components'
import { MailAction, MailLayout, styles } from './layout.tsx'
import { emailAccountMessages as m } from './account.messages.ts'
import { type MailDraft, mailDraft } from './render.ts'

const why = (text: string) => <Text style={styles.muted}>{text}</Text>

/** The invitation to a workspace: `link` sets the first password (valid `validDays` days, once). */
export function invitationMail(p: { workspace: string; inviter: string | null; link: string; validDays: number }): MailDraft {
  return mailDraft((translator) => {
    const { t, parts } = translator
    const { workspace } = p
    const inviter = p.inviter ?? ''
    // "Ada Admin invited you…", or without an inviter's name "You have been invited…".
    const invited = p.inviter === null ? { preview: m.invitePreview, body: m.inviteBody } : { preview: m.invitePreviewBy, body: m.inviteBodyBy }
    return {
      subject: t(m.inviteSubject, { workspace }),
      element: (
        <MailLayout translator={translator} preview={t(invited.preview, { workspace, inviter })} footer={why(t(m.inviteReason, { workspace }))}>
          <Text style={styles.heading}>{t(m.inviteHeading, { workspace })}</Text>
          <Text style={styles.paragraph}>{parts(invited.body, { inviter, workspace: <strong key="workspace">{workspace}</strong> })}</Text>
          <MailAction translator={translator} href={p.link} label={t(m.inviteAction)} />
          <Text style={styles.muted}>{t(m.inviteExpiry, { count: p.validDays })}</Text>
        </MailLayout>
      ),
    }
  })
}

/** The password-reset link (valid `validMinutes` minutes, once; using it signs out every session). */
export function passwordResetMail(p: { link: string; validMinutes: number }): MailDraft {
  return mailDraft((translator) => {
    const { t } = translator
    return {
      subject: t(m.resetSubject),
      element: (
        <MailLayout translator={translator} preview={t(m.resetPreview)} footer={why(t(m.resetReason))}>
          <Text style={styles.heading}>{t(m.resetHeading)}</Text>
          <Text style={styles.paragraph}>{t(m.resetBody)}</Text>
          <MailAction translator={translator} href={p.link} label={t(m.resetAction)} />
          <Text style={styles.muted}>{t(m.resetExpiry, { count: p.validMinutes })}</Text>
        </MailLayout>
      ),
    }
  })
}

/** The sign-up confirmation: `link` confirms the address (valid `validDays` days, once). */
export function emailConfirmationMail(p: { fullName: string; link: string; validDays: number }): MailDraft {
  return mailDraft((translator) => {
    const { t } = translator
    return {
      subject: t(m.confirmSubject),
      element: (
        <MailLayout translator={translator} preview={t(m.confirmPreview)} footer={why(t(m.confirmReason))}>
          <Text style={styles.heading}>{t(m.confirmHeading)}</Text>
          <Text style={styles.paragraph}>{t(m.confirmBody, { name: p.fullName })}</Text>
          <MailAction translator={translator} href={p.link} label={t(m.confirmAction)} />
          <Text style={styles.muted}>{t(m.confirmExpiry, { count: p.validDays })}</Text>
        </MailLayout>
      ),
    }
  })
}
