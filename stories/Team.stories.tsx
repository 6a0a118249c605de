import type { Meta } from '@storybook/react-vite'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { PermissionSet } from '../contract/api.ts'
import type { TeamInvitationList, TeamMemberList } from '../contract/team.ts'
import { acmeSets, supportAgentSet } from '../machines/roleEditor/roleEditor.fixtures.ts'
import { acmeInvitations, acmeMembers, adaMember, bobInvitation, ninaInvitation, samMember } from '../machines/team/team.fixtures.ts'
import { type TeamContext, NO_ROLE_MESSAGE, teamMachine } from '../machines/team/team.machine.ts'
import { TeamView } from '../src/pages/settings/TeamView.tsx'
import { pending, starter, viewing, withProviders } from './settings-stories.tsx'

/** Team Members (SPEC §2.4): members, their roles and the pending invitations, one story per state. */
const meta: Meta = { title: 'Machines/team', decorators: [withProviders] }
export default meta

const teamDefaults: TeamContext = {
  members: acmeMembers,
  query: '',
  nextCursor: null,
  superAdmins: 1,
  listError: null,
  moreError: null,
  sets: acmeSets,
  loadError: null,
  target: null,
  selection: [],
  dialogError: null,
  invitations: acmeInvitations,
  invitationsCursor: null,
  invitationsTotal: acmeInvitations.length,
  invitationsError: null,
  invitationTarget: null,
  orgId: null,
}

function teamIn(value: string | Record<string, string | Record<string, string>>, context: Partial<TeamContext> = {}) {
  return starter(() => {
    const machine = teamMachine.provide({
      actors: {
        watchAccess: fromCallback(() => {}),
        loadMembers: fromPromise(() => pending<TeamMemberList>()),
        loadPermissionSets: fromPromise(() => pending<ReadonlyArray<PermissionSet>>()),
        assignPermissionSets: fromPromise(() => pending<typeof samMember>()),
        removeMember: fromPromise(() => pending<void>()),
        loadInvitations: fromPromise(() => pending<TeamInvitationList>()),
        resendInvitation: fromPromise(() => pending<typeof bobInvitation>()),
        copyInvitationLink: fromPromise(() => pending<typeof bobInvitation>()),
        revokeInvitation: fromPromise(() => pending<void>()),
      },
    })
    return createActor(machine, { snapshot: machine.resolveState({ value, context: { ...teamDefaults, ...context } }) }).start()
  }, { machine: teamMachine.id, state: value })
}

const editingSam: Partial<TeamContext> = { target: samMember, selection: samMember.permission_set_ids }

/** The first page of a workspace inviting many: the two newest of 42, and 'Show 40 more invitations'. */
const firstInvitationPage: Partial<TeamContext> = { invitations: acmeInvitations.slice(0, 2), invitationsCursor: 'i2', invitationsTotal: 42 }

/** `checkingAccess`: the permissions of the workspace are not known yet; nothing is fetched. */
export const TeamCheckingAccess = viewing(teamIn('checkingAccess', { members: null, sets: null, invitations: null }), TeamView)

/** `forbidden`: no TEAM_MEMBERS view in this workspace: the Unauthorized page (SPEC §2.2), no call made. */
export const TeamForbidden = viewing(teamIn('forbidden', { members: null, sets: null, invitations: null }), TeamView)

/** `loading`. */
export const TeamLoading = viewing(teamIn('loading', { members: null, sets: null }), TeamView)

/** `failed`, e.g. a 403 without TEAM_MEMBERS view: the server's message and 'Try again'. */
export const TeamLoadFailed = viewing(
  teamIn('failed', { members: null, sets: null, loadError: 'You need the View permission on Team Members to do this.' }),
  TeamView,
)

/** `ready.idle`: the members with status and roles. */
export const TeamReady = viewing(teamIn({ ready: 'idle' }), TeamView)

/** `ready.idle` for a member without the team permissions: every action is disabled with a tooltip. */
export const TeamReadyWithoutPermissions = viewing(teamIn({ ready: 'idle' }), TeamView, { refs: [supportAgentSet._id] })

/** `ready.idle` after a search that matches nobody. */
export const TeamSearchNoMatch = viewing(teamIn({ ready: 'idle' }, { query: 'zed', members: [] }), TeamView)

/** `ready.idle` after a search that could not be read: the message and 'Try again'. */
export const TeamSearchFailed = viewing(
  teamIn({ ready: 'idle' }, { query: 'ada', members: [], listError: 'Could not load the team. Please try again.' }),
  TeamView,
)

/** `ready.idle` after a further page failed: the members read so far stay, with the reason and 'Try again'. */
export const TeamLoadMoreFailed = viewing(
  teamIn({ ready: 'idle' }, { nextCursor: 'c2', moreError: 'Could not load more members. Please try again.' }),
  TeamView,
)

/** `ready.idle` without pending invitations: the invitations block is not shown. */
export const TeamReadyNoInvitations = viewing(teamIn({ ready: 'idle' }, { invitations: [], invitationsTotal: 0 }), TeamView)

/** `ready.idle` with more invitations pending than listed: 'Show 40 more invitations' under the newest. */
export const TeamMoreInvitations = viewing(teamIn({ ready: 'idle' }, firstInvitationPage), TeamView)

/** `ready.idle` after the next page of invitations failed: those listed stay, with the reason and 'Try again'. */
export const TeamMoreInvitationsFailed = viewing(
  teamIn({ ready: 'idle' }, { ...firstInvitationPage, invitationsError: 'Could not load more invitations. Please try again.' }),
  TeamView,
)

/** `ready.searching.debouncing`: 'ada' typed; the list waits for typing to pause before it is searched. */
export const TeamSearchDebouncing = viewing(teamIn({ ready: { searching: 'debouncing' } }, { query: 'ada' }), TeamView)

/** `ready.searching.fetching` with nothing listed yet: a skeleton until the server answers. */
export const TeamSearchFetching = viewing(teamIn({ ready: { searching: 'fetching' } }, { query: 'ada', members: [] }), TeamView)

/** `ready.loadingMore`: the next page is being read; the loader row under the listed members says so. */
export const TeamLoadingMore = viewing(teamIn({ ready: 'loadingMore' }, { nextCursor: 'c2' }), TeamView)

/** `ready.loadingMoreInvitations`: 'Show more' waits for the next page; the rows stay usable. */
export const TeamLoadingMoreInvitations = viewing(teamIn({ ready: 'loadingMoreInvitations' }, firstInvitationPage), TeamView)

/** `ready.resendingInvitation`: Bob's 'Resend' waits for the server. */
export const TeamResendingInvitation = viewing(teamIn({ ready: 'resendingInvitation' }, { invitationTarget: bobInvitation }), TeamView)

/** `ready.copyingLink`: Nina's 'Copy link' waits for a fresh link from the server. */
export const TeamCopyingLink = viewing(teamIn({ ready: 'copyingLink' }, { invitationTarget: ninaInvitation }), TeamView)

/** `ready.confirmingRevoke`: the confirmation names the invitee. */
export const TeamConfirmingRevoke = viewing(teamIn({ ready: 'confirmingRevoke' }, { invitationTarget: bobInvitation }), TeamView)

/** `ready.revokingInvitation`: optimistic, Bob's row is already gone while the server answers. */
export const TeamRevokingInvitation = viewing(
  teamIn({ ready: 'revokingInvitation' }, { invitationTarget: bobInvitation, invitations: acmeInvitations.filter((i) => i.id !== bobInvitation.id) }),
  TeamView,
)

/** `ready.editingRoles`: the roles dialog on Sam's current sets. */
export const TeamEditingRoles = viewing(teamIn({ ready: 'editingRoles' }, editingSam), TeamView)

/** `ready.editingRoles` after saving with nothing ticked. */
export const TeamEditingRolesNoneTicked = viewing(teamIn({ ready: 'editingRoles' }, { target: samMember, selection: [], dialogError: NO_ROLE_MESSAGE }), TeamView)

/** `ready.editingRoles` after the server refused to take Super Admin from the last super admin (409). */
export const TeamEditingRolesLastSuperAdmin = viewing(
  teamIn({ ready: 'editingRoles' }, { target: adaMember, selection: [], dialogError: 'A workspace needs at least one super admin.' }),
  TeamView,
)

/** `ready.assigning`: the dialog is busy until the server answers. */
export const TeamAssigning = viewing(teamIn({ ready: 'assigning' }, editingSam), TeamView)

/** `ready.confirmingRemoval`: the confirmation dialog. */
export const TeamConfirmingRemoval = viewing(teamIn({ ready: 'confirmingRemoval' }, { target: samMember }), TeamView)

/** `ready.removing`: the confirmation is busy until the server answers. */
export const TeamRemoving = viewing(teamIn({ ready: 'removing' }, { target: samMember }), TeamView)
