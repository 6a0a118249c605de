/** What the token machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const tokenDocs: MachineDocs = {
  states: {
    idle: "The session's keys are held (or none, when signed out) and requests use them; nothing on screen shows it.",
    refreshing:
      'The keys are being renewed with the server (SPEC §4 Token refresh); requests wait for the one renewal. If it fails, the person is sent to sign in again.',
  },
  events: {
    'token.clear': "Signing out, or a failed start-up check, drops the session's keys from memory and the browser's cookies.",
    'token.refresh': 'A request finds its key about to expire, or the server refused it as expired: the keys are renewed once for every waiting request.',
    'token.set': "A sign-in, a sign-up or a password change hands over new keys: they are kept and saved in the browser's cookies.",
  },
}
