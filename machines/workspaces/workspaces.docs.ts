/** What the workspaces machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const workspacesDocs: MachineDocs = {
  states: {
    signedOut: 'No one is signed in: there is no workspace switcher and no list is kept.',
    active: 'Someone is signed in: three regions run side by side: the workspace list, the switcher dropdown, and the creation of a new workspace.',
    'active.list': "The person's list of workspaces, loaded at sign-in so the switcher opens at once, kept fresh for 5 min and dropped after 10 (SPEC §9).",
    'active.list.idle': 'No list is on hand (dropped after 10 min): opening the switcher or the selection page loads it again.',
    'active.list.fetching':
      "The list is being fetched: the switcher reads 'Loading workspaces...', or keeps the list it had on screen while a stale one is refetched.",
    'active.list.backingOff': "A fetch failed and the next try waits (1 s, 2 s, then 4 s; SPEC §9): the switcher still reads 'Loading workspaces...'.",
    'active.list.failed': "Four fetches failed: the switcher reads 'Error loading workspaces', and the next open tries again.",
    'active.list.cached':
      "The list is on hand: the switcher shows the workspaces with the current one checked, or 'No organizations found' when a search matches none.",
    'active.list.cached.fresh': 'Fetched less than 5 min ago: opening the switcher shows it as is, without asking the server.',
    'active.list.cached.stale': 'Fetched more than 5 min ago: opening the switcher shows it and fetches it again behind it.',
    'active.list.cached.expired': 'Fetched more than 10 min ago: it is dropped as soon as the switcher is closed, never under an open one.',
    'active.dropdown': 'Whether the workspace switcher in the header is open.',
    'active.dropdown.closed': "The switcher shows only the current workspace's name.",
    'active.dropdown.open': "The switcher's panel is open: 'Search workspaces', the list of workspaces and 'New workspace'.",
    'active.creation': "Creating a new workspace from the switcher's 'New workspace' form.",
    'active.creation.idle': 'No workspace is being created; the form shows any error from the last try.',
    'active.creation.creating':
      "The new workspace is being created: the button reads 'Creating workspace…'. On success the person switches to it and sees 'New workspace created successfully'.",
  },
  events: {
    'auth.changed':
      'The sign-in changed: another person (or signing out) drops the list and starts over; a switch of workspace by the same person only moves the checkmark.',
    'workspaces.close': 'A person closed the switcher (Escape or a press outside it): it closes and its search text is cleared.',
    'workspaces.create': "A person pressed 'Create workspace' in the switcher: a valid name starts the creation; an invalid one shows its error at once.",
    'workspaces.invalidate':
      "Something changed the person's workspaces (a new or renamed workspace, an accepted invitation, a return online): the list is fetched again.",
    'workspaces.load': 'The workspace selection page, the command palette or the two-factor required page needs the list: a missing or stale one is fetched.',
    'workspaces.open': 'A person opened the workspace switcher in the header (or chose it in the command palette): it opens, loading the list if needed.',
    'workspaces.search': "A person typed in 'Search workspaces': the list shows only the workspaces whose names match.",
    'workspaces.select':
      'A person picked a workspace in the switcher, the selection page or the command palette: the app switches to it, unless it is already current.',
  },
}
