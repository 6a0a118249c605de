/** What the single sign-on sign-in machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const ssoSignInDocs: MachineDocs = {
  states: {
    opening: 'For an instant the page decides whether it is /signin/sso or the provider’s return to /sso/callback; nothing shows yet.',
    entering:
      "The /signin/sso page asks for a work 'Email' with 'Continue'; an invalid email shows on the field, an unknown domain or an unreachable provider above the form.",
    starting: "The email was sent: 'Continue' reads 'Continuing…' while the server finds the workspace and its identity provider.",
    redirecting: "The browser is leaving for the organisation's sign-in page; the form stays busy until it goes.",
    nothingToComplete:
      "The /sso/callback page was opened without a provider's answer: 'There is no single sign-on to complete here. Start it from the sign-in page.' with 'Sign in'.",
    checking: "'Completing single sign-on' says 'Signing you in…' while the provider's return is checked against the attempt this browser started.",
    exchanging: "'Signing you in…' stays while the server exchanges the provider's answer and checks who the person is.",
    linking: "'Link your account' says an account with this email already exists and asks for its password (or a passkey) to link single sign-on to it.",
    'linking.editing':
      "The link form waits with 'Password' (and 'Authentication code' when the account has two-factor on), 'Link and sign in' and 'Use a passkey'; a refusal shows its reason.",
    'linking.proving': 'The link form is busy while the account owner’s proof is checked.',
    'linking.proving.password': "The password (and code) is checked: 'Link and sign in' reads 'Linking…'.",
    'linking.proving.passkey': "The browser's passkey prompt is open: 'Use a passkey' is busy until the person answers or closes it.",
    signedIn: "The session is handed over: 'Signing you in…' shows until the app opens.",
    failed:
      'The attempt failed: the browser goes back to /signin, which shows a fixed reason (such as an attempt that expired or was already used), never text from the address.',
  },
  events: {
    'sso.changeCode': "A person types in 'Authentication code' on the link form.",
    'sso.changeEmail': "A person types in 'Email' on /signin/sso.",
    'sso.changePassword': "A person types in 'Password' on the link form.",
    'sso.link': "A person presses 'Link and sign in': the password is checked, or the field asks for it when empty.",
    'sso.submit': "A person presses 'Continue' on /signin/sso: a valid email starts single sign-on, otherwise the field says what is wrong.",
    'sso.usePasskey': "A person presses 'Use a passkey' on the link form: the browser asks for one of the account's passkeys.",
  },
}
