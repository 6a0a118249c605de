/** The sign-in page's passkey button and its own error (src/ui/PasskeySignIn.tsx). */
import { defineMessages } from '../i18n/messages.ts'

export const passkeySignInMessages = defineMessages('passkeySignIn', {
  button: 'Sign in with a passkey',
  loadFailed: 'Could not start signing in with a passkey. Please try again.',
})
