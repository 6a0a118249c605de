/** The account emails' words: invitation, password reset, address confirmation (account.tsx). */
import { defineMessages } from '../../../contract/messages.ts'

export const emailAccountMessages = defineMessages('emailAccount', {
  inviteSubject: "You're invited to {workspace} on Engage",
  invitePreview: 'You have been invited to join {workspace} on Engage.',
  invitePreviewBy: '{inviter} invited you to join {workspace} on Engage.',
  inviteHeading: 'Join {workspace}',
  inviteBody: 'You have been invited to join {workspace} on Engage. Choose a password to sign in.',
  inviteBodyBy: '{inviter} invited you to join {workspace} on Engage. Choose a password to sign in.',
  inviteAction: 'Set your password',
  inviteExpiry: 'The link works once and expires in {count, plural, one {# day} other {# days}}.',
  inviteReason: 'You received this because someone added this address to {workspace}. If you did not expect it, you can ignore it.',
  resetSubject: 'Reset your Engage password',
  resetPreview: 'Choose a new password for Engage.',
  resetHeading: 'Reset your password',
  resetBody: 'Choose a new password with the button below. Every device signed in to your account will be signed out.',
  resetAction: 'Choose a new password',
  resetExpiry: 'The link works once and expires in {count, plural, one {# minute} other {# minutes}}.',
  resetReason:
    'You received this because someone asked to reset the password of this address. If it was not you, ignore this message: your password stays as it is.',
  confirmSubject: 'Confirm your email address for Engage',
  confirmPreview: 'One click to confirm your address.',
  confirmHeading: 'Confirm your email address',
  confirmBody: 'Hi {name}, confirm that this address is yours so we can send you password resets and the notifications you choose.',
  confirmAction: 'Confirm my address',
  confirmExpiry: 'The link expires in {count, plural, one {# day} other {# days}}.',
  confirmReason: 'You received this because this address was used to create an Engage account. If it was not you, ignore this message.',
})
