/** What the overview machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const overviewDocs: MachineDocs = {
  states: {
    signedOut: 'No one is signed in to a workspace: there is no Overview page, the sign-in page shows instead.',
    loading:
      "The Overview page shows loading cards ('Loading team…') for the 'Getting started' checklist and the Team card while the workspace's facts are fetched.",
    failed:
      "The facts could not be loaded: a 'Team and getting started' card says 'We could not load this workspace’s overview…' with 'Try again'; the credits and notifications cards still show.",
    ready: "The 'Getting started' checklist (unless dismissed) and the Team card show the current workspace's facts.",
    refreshing: 'The window regained focus: the cards stay as they are while the facts are fetched again, so an item done in another tab gets ticked.',
  },
  events: {
    'auth.changed':
      "The sign-in state reports a signed-in workspace, a switch to another one, or a sign-out: the old workspace's facts go and the new ones load.",
    'overview.dismissChecklist': "A person presses 'Dismiss' on the 'Getting started' checklist: it goes, and stays gone for them in this workspace.",
    'overview.focused': 'The browser window gains focus while the Overview shows: its facts are fetched again.',
    'overview.retry': "A person presses 'Try again' after the facts failed to load: they load again.",
  },
}
