/**
 * The single sign-on sign-in machine's own messages (machines/ssoSignIn/ssoSignIn.machine.ts): the
 * fallback when linking an account fails and the error carries no message of the server's.
 */
import { defineMessages } from '../../contract/messages.ts'

export const ssoSignInErrorMessages = defineMessages('ssoSignInErrors', {
  linkFailed: 'Could not link your account. Try again.',
})
