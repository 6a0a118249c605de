/** What the auth machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const authDocs: MachineDocs = {
  states: {
    loading:
      'The first instant after the page opens: the browser looks for a saved session and moves on at once, so only the loading splash (logo and spinner) could show.',
    verifying:
      'The session is being checked with the server (at start-up, after a sign-in, or on a workspace switch). Pages show the loading splash; a sign-in form stays busy.',
    authenticated: 'Signed in: the app shell with the current workspace is on screen, and the person goes on to the page asked for, if any.',
    signingOut: "The person chose to sign out: the page reads 'Signing you out…' while the server ends the session.",
    signedOut:
      "The session is cleared and 'Signing you out…' stays for the 1 s redirect of SPEC §9, then the person lands on the sign-in page or the server's logout page.",
    unauthenticated:
      "No session: the sign-in page shows its form, with the reason when there is one (such as 'Your session has expired. Please sign in again.') or field errors.",
    twoFactor:
      'The password was right and the account has two-factor authentication on: the page asks for a second code, from the authenticator app or a recovery code.',
    'twoFactor.entering':
      "The 'Two-factor authentication' form asks to 'Enter the 6-digit code from your authenticator app.' (or a recovery code), with any error from the last try.",
    'twoFactor.checking': "The code is being checked by the server: the button reads 'Verifying…'.",
    signingUp: "The sign-up form was sent: its button reads 'Creating your account…' while the server creates the account and workspace.",
    signingIn: "The sign-in form was sent: its button reads 'Signing in…' while the server checks the email and password.",
  },
  events: {
    'auth.cancelTwoFactor': "A person pressed 'Back to sign in' on the two-factor form: the sign-in form shows again, empty of errors.",
    'auth.sessionStarted': 'A passkey or single sign-on sign-in succeeded on the sign-in page: its session is checked and the person goes on to the app.',
    'auth.signIn': "A person pressed 'Sign in' on the sign-in form: valid credentials are sent; invalid ones show field errors at once.",
    'auth.signOut': 'The sign-out page (/app/signout), reached from the user menu, asks to end the session.',
    'auth.signUp': "A person pressed the sign-up form's button: a valid form creates the account; an invalid one shows field errors at once.",
    'auth.submitTwoFactor': "A person pressed 'Verify' on the two-factor form: a well-formed code is checked; a malformed one shows an error at once.",
    'auth.switchOrg':
      'A person picked another workspace in the workspace switcher: the session is checked for it and the person lands on /app of that workspace.',
    'auth.verify':
      'Another part of the app changed the person or workspace (profile, settings, two-factor, a return online): the session is re-read so the shell shows the new details.',
    'session.expired':
      "The session's keys could not be renewed: the person is signed out and the sign-in page says the session expired or was signed out elsewhere.",
  },
}
