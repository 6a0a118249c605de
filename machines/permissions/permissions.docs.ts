/** What the permissions machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const permissionsDocs: MachineDocs = {
  states: {
    signedOut: 'No session or no current workspace: nothing is permitted, and the sign-in page shows instead of anything gated.',
    loading:
      "The current workspace's roles are being fetched: a gated page shows the loading splash (logo and spinner) until the person's permissions are known.",
    ready: "The permissions are known: gated pages, sidebar links and buttons show or deny according to the person's roles (SPEC §5).",
    refreshing: 'The roles are fetched again after a change; the pages keep the permissions they had, so nothing on screen changes until the answer.',
    failed:
      "The roles could not be loaded: a gated page reads 'We could not load your permissions' with 'Try again now', and tries again by itself after 10 s.",
  },
  events: {
    'auth.changed':
      "The sign-in changed the person's workspace or roles: another workspace drops the old permissions and loads its own, signing out empties them.",
    'permissions.refetch':
      'A role was saved or deleted, or the browser is back online: the roles are fetched again while the current permissions stay on screen.',
    'permissions.retry':
      "A person pressed 'Try again now' on the access gate (or 'Try again' on the User Roles page) after a failed load: the roles load again.",
  },
}
