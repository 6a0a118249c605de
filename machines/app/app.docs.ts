/** What the app machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const appDocs: MachineDocs = {
  states: {
    signedIn: 'Whether the parts of a signed-in session are running: the permissions, the credits summary and the workspace list.',
    'signedIn.waiting': 'Nobody is signed in and no session is being checked, as on the sign-in page: none of them is loaded.',
    'signedIn.running':
      'A session exists or is being checked: the permissions, the credits summary and the workspace list run, and load whenever someone is signed in.',
    shell:
      "Which of the session's background parts are running: the ones every page needs from the first screen, then the rest once the signed-in shell is up.",
    'shell.core':
      'Only what every page needs runs: sign-in, tokens, sidebar, toasts and language (and, once signed in, permissions, credits and workspaces). The bell and the command palette are not started yet.',
    'shell.complete':
      'The signed-in shell is on screen, so notifications, push notifications and the command palette run too. A person sees the bell and can press the palette shortcut.',
    versionCheck: 'Whether the check for a newer version of the app (SPEC §4 Version check) has started.',
    'versionCheck.waiting': 'The first page is still coming up; nothing looks for a new version yet.',
    'versionCheck.running': 'The version check runs: at start, every 5 min, on focus and after route changes, and offers to reload when a new version is out.',
    reverification: "Whether 'Confirm it's you' is ready to ask a person to prove who they are before a guarded change.",
    'reverification.waiting': "No change has been refused for want of a fresh confirmation yet, so the 'Confirm it's you' dialog is not loaded.",
    'reverification.running':
      "A change was refused until the person confirms it is them: from now on the 'Confirm it's you' dialog opens whenever the server asks for it.",
  },
  events: {
    'app.signedInLoaded':
      'A session exists or is being checked, and the browser loaded the code of the permissions, credits and workspaces: they start and follow the session.',
    'app.deferredLoaded':
      'The signed-in shell, once on screen, loaded the bell, push and command palette code: they start and the bell and palette become usable.',
    'app.reverificationLoaded':
      "The first time the server answers that a change needs a fresh confirmation, the browser loads 'Confirm it's you' and starts it.",
    'app.versionCheckLoaded': 'The first page is up and the browser loaded the version check: it starts looking for a newer version.',
  },
}
