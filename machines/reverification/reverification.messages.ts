/** The 'Confirm it's you' dialog's words (src/ui/ReverificationDialog.tsx) and the reverification machine's own message. */
import { defineMessages } from '../../contract/messages.ts'

export const reverificationMessages = defineMessages('reverification', {
  noFactor: 'Your account has no password or code to confirm with here. Sign out and sign in again to continue.',
  /** The dialog's title (ours, after Clerk's). */
  title: "Confirm it's you",
  instructionPasskey: 'For your security, use your passkey to continue.',
  instructionConfirm: 'For your security, confirm it’s you to continue.',
  instructionPassword: 'For your security, enter your password to continue.',
  instructionCode: 'For your security, enter a code from your authenticator app, or a recovery code, to continue.',
  cancel: 'Cancel',
  tryAgain: 'Try again',
  loading: 'Loading…',
  confirm: 'Confirm',
  confirming: 'Confirming…',
  confirmWith: 'Confirm with',
  password: 'Password',
  code: 'Code',
  codeField: 'Authentication or recovery code',
  codeDescription: '6 digits, or a recovery code',
  or: 'or',
  usePasskey: 'Use a passkey',
  waitingForPasskey: 'Waiting for your passkey…',
  loadFailed: 'Could not start confirming. Please try again.',
  failed: 'Something went wrong. Please try again.',
})
