/** What the version check machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const versionCheckDocs: MachineDocs = {
  states: {
    due: 'For an instant a check is due (at start, every 5 min, on focus, after a route change): it starts when online and is skipped when offline. Nothing shows.',
    checking: 'The served app version is fetched in the background; nothing shows, and a failed check is only logged (SPEC §8).',
    idle: 'No update prompt: the app runs as usual until the next reason to check (5 min, window focus, a route change or a new service worker).',
    settling: 'The route just changed: a check follows 1 s later (SPEC §9), and another route change restarts the wait. Nothing shows.',
    available: "The update banner says 'A new app version is available.' with 'Later' and 'Update'; no checks run while it is up.",
    updating: "The banner says 'Updating to the new version…' with its buttons disabled; the hard refresh follows after 1 s (SPEC §4).",
    activating: 'A new service worker is waiting: it is told to take over, and the page reloads once it does. The banner still says it is updating.',
    reloading: 'Caches and storage (except the kept keys of SPEC §4) are cleared and the page reloads into the new version.',
  },
  events: {
    'version.connectivityChanged': 'The browser reports going online or offline: checks due while offline are skipped.',
    'version.focused': 'The browser window gains focus: a check is made at once.',
    'version.later': "A person presses 'Later' on the update banner: it goes, and this version is not offered again.",
    'version.routeChanged': 'The app moves to another page: a check follows 1 s later.',
    'version.update': "A person presses 'Update' on the update banner: the page updates after 1 s.",
    'version.workerWaiting': 'The browser reports a new service worker installed and waiting: a check is made at once to offer it.',
  },
}
