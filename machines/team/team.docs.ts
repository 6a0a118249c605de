/** What the team machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const teamDocs: MachineDocs = {
  states: {
    checkingAccess: "The person's permissions in this workspace are not known yet: the Team Members page waits and asks the server nothing.",
    forbidden: "The person may not see this workspace's members: the Unauthorized page shows instead (SPEC §2.2).",
    loading: "The members, roles and pending invitations are being fetched: the page reads 'Loading team members…'.",
    failed: "A fetch failed: the page reads 'Could not load the team.' with 'Try again'.",
    ready: "The 'Team members' table and 'Pending invitations' are on screen, with 'Search members', 'Edit roles', 'Remove' and each invitation's actions.",
    'ready.idle': 'The lists are on screen and nothing is under way: a person can search, scroll for more, or act on a member or an invitation.',
    'ready.searching': "A search typed in 'Search members' is under way; its first page will replace the list.",
    'ready.searching.debouncing': 'The person is typing a search: it waits for a 300 ms pause before asking the server, and the list is marked busy.',
    'ready.searching.fetching': "The search's first page is being fetched: the list is marked busy, then shows the matches or 'No members match “…”'.",
    'ready.loadingMore': 'The next page of members is being fetched as the person scrolls near the end; the listed members stay.',
    'ready.loadingMoreInvitations': "The next page of pending invitations is being fetched after 'Show N more invitations': the button shows it is busy.",
    'ready.resendingInvitation': "An invitation is being sent again: its 'Resend' button is busy, then a toast says 'Invitation sent again to {name}'.",
    'ready.copyingLink': "A fresh invitation link is being made for a new person: 'Copy link' is busy, then the link is copied and a toast says so.",
    'ready.confirmingRevoke': "The dialog asks 'Revoke the invitation to {name}?' with 'Revoke invitation' and 'Cancel'.",
    'ready.revokingInvitation': 'The invitation has left the list while the server revokes it; if the server refuses, it comes back with an error toast.',
    'ready.editingRoles': "The 'Edit roles for {name}' dialog lists the workspace's roles to tick, with 'Save roles', and any error from the last try.",
    'ready.assigning': "The ticked roles are being saved: 'Save roles' is busy; on success 'Roles updated for {name}' shows and the dialog closes.",
    'ready.confirmingRemoval': "The dialog asks 'Remove {name}?': they will lose access to this workspace; 'Remove' and 'Cancel'.",
    'ready.removing': "The member is being removed: 'Remove' is busy; on success they leave the table and '{name} was removed from the workspace' shows.",
  },
  events: {
    'team.access':
      "The person's permissions or workspace changed: the page loads once reading members is allowed, shows Unauthorized if not, and starts over on another workspace.",
    'team.cancel': "A person pressed 'Cancel' (or Escape) in the roles, removal or revoke dialog: it closes and nothing changes.",
    'team.confirmRemove': "A person pressed 'Remove' in the 'Remove {name}?' dialog: the member is removed.",
    'team.confirmRevoke': "A person pressed 'Revoke invitation' in the dialog: the invitation is revoked.",
    'team.copyInvitationLink': "A person pressed 'Copy link' on a new person's invitation: a fresh link is made and put on the clipboard.",
    'team.editRoles': "A person pressed 'Edit roles' on a member's row: the roles dialog opens with their current roles ticked.",
    'team.loadMore': "The person scrolled near the end of the members table (or pressed 'Try again' after a failed page): the next page is fetched.",
    'team.loadMoreInvitations': "A person pressed 'Show N more invitations' under the pending invitations: the next page is fetched.",
    'team.remove': "A person pressed 'Remove' on a member's row: the removal dialog opens. The only Super Admin is never offered it.",
    'team.resendInvitation': "A person pressed 'Resend' on a pending invitation: it is sent again and its link's expiry renewed.",
    'team.retry': "A person pressed 'Try again' after the team or a search failed to load: it is fetched again.",
    'team.revokeInvitation': "A person pressed 'Revoke' on a pending invitation: the confirmation dialog opens.",
    'team.saveRoles': "A person pressed 'Save roles' in the roles dialog: the roles are saved, or 'Choose at least one role' shows when none is ticked.",
    'team.search': "A person typed in 'Search members' (or cleared it): the list is searched on the server after a short pause.",
    'team.toggleSet': "A person ticked or cleared a role in the 'Edit roles' dialog.",
  },
}
