/** What the credits machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const creditsDocs: MachineDocs = {
  states: {
    signedOut: 'No session or no current workspace: there is no header, so no credits summary is shown.',
    loading: "The current workspace's credits are being fetched; until they arrive the header shows the starting value and the billing page waits.",
    ready: "The credits summary is on screen (such as '7,500 credits left' over a bar of what was used this month), fetched again once it is 5 min old.",
    'ready.fresh': 'Just fetched: returning to the window does not fetch again for 60 s. It looks the same as ready.settled.',
    'ready.settled': 'The summary is at least 60 s old: returning to the window fetches it again. It looks the same as ready.fresh.',
    refreshing: 'The credits are fetched again in the background; the last numbers stay on screen, and stay after a failure, which is only logged (SPEC §8).',
  },
  events: {
    'auth.changed':
      "The sign-in changed the current workspace: the old workspace's numbers are dropped at once and the new one's are loaded; signing out clears them.",
    'credits.focused': 'The browser window gained focus: the summary is fetched again if it is at least 60 s old.',
    'credits.refetch': 'The billing page opened, its retry was pressed, or the browser is back online: the credits are fetched again now.',
  },
}
