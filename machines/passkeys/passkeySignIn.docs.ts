/** What the passkey sign-in machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const passkeySignInDocs: MachineDocs = {
  states: {
    watching: "The sign-in page is open with 'Sign in with a passkey'; meanwhile the browser offers the person's passkeys among the email field's suggestions.",
    idle: "The browser offers no passkeys in the email field (or its offer was closed): 'Sign in with a passkey' waits, with the reason of a failed try in the page's alert.",
    signingIn: "The browser's passkey prompt is open: 'Sign in with a passkey' is busy until the person answers or closes it.",
    signedIn: 'A passkey was accepted: the session is handed over and the page moves on as after a password sign-in.',
  },
  events: {
    'passkey.signIn': "A person presses 'Sign in with a passkey' on the sign-in page: the browser's passkey prompt opens (ending the email field's offer).",
  },
}
