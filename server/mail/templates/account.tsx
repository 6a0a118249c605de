/**
 * The account messages: the invitation's set-password link, the password-reset link
 * and the sign-up address confirmation. Every link is absolute, built by the caller from APP_URL.
 * Names and workspace names are text, never HTML: React escapes them.
 */
import { Text } from '@react-email/components'
import { MailAction, MailLayout, styles } from './layout.tsx'
import { type RenderedMail, renderMail } from './render.ts'

const why = (text: string) => <Text style={styles.muted}>{text}</Text>

/** The invitation to a workspace: `link` sets the first password (valid `validDays` days, once). */
export function invitationMail(p: { workspace: string; inviter: string | null; link: string; validDays: number }): Promise<RenderedMail> {
  const who = p.inviter === null ? 'You have been invited' : `${p.inviter} invited you`
  return renderMail(
    `You're invited to ${p.workspace} on Engage`,
    <MailLayout preview={`${who} to join ${p.workspace} on Engage.`} footer={why(`You received this because someone added this address to ${p.workspace}. If you did not expect it, you can ignore it.`)}>
      <Text style={styles.heading}>Join {p.workspace}</Text>
      <Text style={styles.paragraph}>
        {who} to join <strong>{p.workspace}</strong> on Engage. Choose a password to sign in.
      </Text>
      <MailAction href={p.link} label="Set your password" />
      <Text style={styles.muted}>The link works once and expires in {p.validDays} days.</Text>
    </MailLayout>,
  )
}

/** The password-reset link (valid `validMinutes` minutes, once; using it signs out every session). */
export function passwordResetMail(p: { link: string; validMinutes: number }): Promise<RenderedMail> {
  return renderMail(
    'Reset your Engage password',
    <MailLayout preview="Choose a new password for Engage." footer={why('You received this because someone asked to reset the password of this address. If it was not you, ignore this message: your password stays as it is.')}>
      <Text style={styles.heading}>Reset your password</Text>
      <Text style={styles.paragraph}>Choose a new password with the button below. Every device signed in to your account will be signed out.</Text>
      <MailAction href={p.link} label="Choose a new password" />
      <Text style={styles.muted}>The link works once and expires in {p.validMinutes} minutes.</Text>
    </MailLayout>,
  )
}

/** The sign-up confirmation: `link` confirms the address (valid `validDays` days, once). */
export function emailConfirmationMail(p: { fullName: string; link: string; validDays: number }): Promise<RenderedMail> {
  return renderMail(
    'Confirm your email address for Engage',
    <MailLayout preview="One click to confirm your address." footer={why('You received this because this address was used to create an Engage account. If it was not you, ignore this message.')}>
      <Text style={styles.heading}>Confirm your email address</Text>
      <Text style={styles.paragraph}>Hi {p.fullName}, confirm that this address is yours so we can send you password resets and the notifications you choose.</Text>
      <MailAction href={p.link} label="Confirm my address" />
      <Text style={styles.muted}>The link expires in {p.validDays} days.</Text>
    </MailLayout>,
  )
}
