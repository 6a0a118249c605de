/**
 * The settings pages (User Roles, the role editor, Team Members, Invite member), one story per
 * state a person can see. Each machine starts from a saved state (`resolveState`) with stubbed
 * actors that never settle, so a story shows exactly that state. The providers are stubs: an
 * API whose calls never answer, a toasts actor, and a permissions actor resolved to `ready`.
 */
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { type ComponentType, type ReactNode, useState } from 'react'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { PermissionSet } from '../contract/api.ts'
import type { InviteMemberResponse, TeamInvitationList, TeamMemberList } from '../contract/team.ts'
import { permissionsMachine } from '../machines/permissions/permissions.machine.ts'
import { type RoleDeletionContext, roleDeletionMachine } from '../machines/roleDeletion/roleDeletion.machine.ts'
import { acmeSets, metadata, superAdminSet, supportAgentSet } from '../machines/roleEditor/roleEditor.fixtures.ts'
import { type RoleEditorContext, grantsOf, roleEditorMachine } from '../machines/roleEditor/roleEditor.machine.ts'
import { type InviteContext, inviteMachine } from '../machines/team/invite.machine.ts'
import { acmeInvitations, acmeMembers, adaMember, bobInvitation, ninaInvitation, samMember } from '../machines/team/team.fixtures.ts'
import { type TeamContext, NO_ROLE_MESSAGE, teamMachine } from '../machines/team/team.machine.ts'
import { toastsMachine } from '../machines/toasts/toasts.machine.ts'
import type { Endpoints } from '../src/api/endpoints.ts'
import { InviteMemberView } from '../src/pages/settings/InviteMemberView.tsx'
import { RoleEditorView } from '../src/pages/settings/RoleEditorView.tsx'
import { RolesPage, RolesView } from '../src/pages/settings/RolesPage.tsx'
import { TeamView } from '../src/pages/settings/TeamView.tsx'
import { ApiProvider } from '../src/system/api.tsx'
import { PermissionsActorProvider } from '../src/system/react.tsx'
import { ToastsActorProvider } from '../src/system/toasts.tsx'
import { ToastRegion } from '../src/ui/ToastRegion.tsx'
import type { MachineStateRef } from './machine-states.ts'
import { permissionsActorFor } from './permissions-actor.tsx'

const pending = <T,>() => new Promise<T>(() => {})

/** An API whose every call stays pending: the stories never reach a server. */
const stubApi = new Proxy({}, { get: () => () => pending() }) as Endpoints

/** `parameters.refs`: the set references of the member looking at the page (default: super admin). */
type Params = { refs?: ReadonlyArray<string>; permissions?: 'loading' | 'failed' }

function permissionsActorIn(state: 'loading' | 'failed', sets: ReadonlyArray<PermissionSet> | null) {
  const machine = permissionsMachine.provide({ actors: { watchAuth: fromCallback(() => () => {}), loadPermissionSets: fromPromise(() => pending<ReadonlyArray<PermissionSet>>()) } })
  const context = { orgId: 'o-acme', refs: ['SUPER_ADMIN'], sets, error: state === 'failed' ? 'Could not load permissions' : null }
  return createActor(machine, { snapshot: machine.resolveState({ value: state, context }) }).start()
}

function Providers({ params, children }: { params: Params; children: ReactNode }) {
  const [toasts] = useState(() => createActor(toastsMachine).start())
  const [permissions] = useState(() =>
    params.permissions ? permissionsActorIn(params.permissions, null) : permissionsActorFor(params.refs ?? ['SUPER_ADMIN'], acmeSets),
  )
  return (
    <ApiProvider api={stubApi}>
      <ToastsActorProvider actor={toasts}>
        <PermissionsActorProvider actor={permissions}>
          <main style={{ padding: 24 }}>{children}</main>
          <ToastRegion />
        </PermissionsActorProvider>
      </ToastsActorProvider>
    </ApiProvider>
  )
}

const withProviders: Decorator = (Story, context) => (
  <Providers params={context.parameters as Params}>
    <Story />
  </Providers>
)

const meta: Meta = { title: 'Settings', decorators: [withProviders] }
export default meta
type Story = StoryObj

/** An actor factory that says which machine state it starts in (for `parameters.machineState`). */
type Starter<A> = (() => A) & { readonly shows: MachineStateRef }
const starter = <A,>(create: () => A, shows: MachineStateRef): Starter<A> => Object.assign(create, { shows })

/** A story rendering `View` over an actor created once per mount; it declares the state the actor starts in. */
function viewing<A>(create: Starter<A>, View: ComponentType<{ actor: A }>, parameters: Params = {}): Story {
  return {
    parameters: { ...parameters, machineState: create.shows },
    render: function Render() {
      const [actor] = useState(create)
      return <View actor={actor} />
    },
  }
}

// ---------------------------------------------------------------------------------------------
// User Roles (the permissions actor's list)

/** The list: system sets marked System and read-only, custom sets linking to their editor. */
export const RolesList: Story = { parameters: { machineState: { machine: 'permissions', state: 'ready' } }, render: () => <RolesPage /> }

/** The same list for a member without PERMISSION_SETS create: 'Create role' is disabled with a tooltip. */
export const RolesListWithoutCreatePermission: Story = {
  parameters: { refs: [supportAgentSet._id], machineState: { machine: 'permissions', state: 'ready' } },
  render: () => <RolesPage />,
}

/** The permission-set list has not arrived yet. */
export const RolesLoading: Story = { parameters: { permissions: 'loading', machineState: { machine: 'permissions', state: 'loading' } }, render: () => <RolesPage /> }

/** The permission-set list could not be loaded; 'Try again' sends `permissions.retry`. */
export const RolesLoadFailed: Story = { parameters: { permissions: 'failed', machineState: { machine: 'permissions', state: 'failed' } }, render: () => <RolesPage /> }

function roleDeletionIn(value: string, context: Partial<RoleDeletionContext> = {}) {
  return starter(() => {
    const machine = roleDeletionMachine.provide({ actors: { deletePermissionSet: fromPromise(() => pending<void>()) } })
    return createActor(machine, { snapshot: machine.resolveState({ value, context: { target: null, error: null, ...context } }) }).start()
  }, { machine: roleDeletionMachine.id, state: value })
}

/** A story of the roles list with a `roleDeletion` actor in a saved state. */
function rolesWithDeletion(create: Starter<ReturnType<ReturnType<typeof roleDeletionIn>>>): Story {
  return {
    parameters: { machineState: [{ machine: 'permissions', state: 'ready' }, create.shows] },
    render: function Render() {
      const [actor] = useState(create)
      return <RolesView deletion={actor} />
    },
  }
}

/** `roleDeletion.idle`: custom roles have 'Delete'; system roles do not. */
export const RolesDeletionIdle = rolesWithDeletion(roleDeletionIn('idle'))

/** `roleDeletion.confirming`: the confirmation names the role. */
export const RolesDeletionConfirming = rolesWithDeletion(roleDeletionIn('confirming', { target: supportAgentSet }))

/** `roleDeletion.confirming` after a 409: the dialog names who still holds the role. */
export const RolesDeletionRefused = rolesWithDeletion(
  roleDeletionIn('confirming', { target: supportAgentSet, error: 'Assigned to Ada Admin and Sam Agent: remove it from them first.' }),
)

/** `roleDeletion.deleting`: the dialog waits for the server. */
export const RolesDeletionDeleting = rolesWithDeletion(roleDeletionIn('deleting', { target: supportAgentSet }))

// ---------------------------------------------------------------------------------------------
// Role editor

const roleDefaults: RoleEditorContext = {
  roleId: null,
  metadata,
  sets: acmeSets,
  original: null,
  name: '',
  description: '',
  grants: {},
  fieldErrors: {},
  formError: null,
  loadError: null,
}

function roleEditorIn(value: string, context: Partial<RoleEditorContext> = {}) {
  return starter(() => {
    const machine = roleEditorMachine.provide({
      actors: {
        loadMetadata: fromPromise(() => pending<typeof metadata>()),
        loadPermissionSets: fromPromise(() => pending<ReadonlyArray<PermissionSet>>()),
        savePermissionSet: fromPromise(() => pending<PermissionSet>()),
      },
    })
    const full = { ...roleDefaults, ...context }
    return createActor(machine, { input: { roleId: full.roleId }, snapshot: machine.resolveState({ value, context: full }) }).start()
  }, { machine: roleEditorMachine.id, state: value })
}

const editingSupportAgent: Partial<RoleEditorContext> = {
  roleId: supportAgentSet._id,
  original: supportAgentSet,
  name: supportAgentSet.name,
  description: supportAgentSet.description,
  grants: grantsOf(supportAgentSet),
}

/** `loading`: metadata and sets on their way. */
export const RoleEditorLoading = viewing(roleEditorIn('loading', { metadata: null, sets: null }), RoleEditorView)

/** `loadFailed`: the server's message and 'Try again'. */
export const RoleEditorLoadFailed = viewing(
  roleEditorIn('loadFailed', { metadata: null, sets: null, loadError: 'Something went wrong on our side. Please try again.' }),
  RoleEditorView,
)

/** `editing` a new role, nothing filled in yet. */
export const RoleEditorCreating = viewing(roleEditorIn('editing'), RoleEditorView)

/** `editing` after saving an empty form: field errors next to Name and the grid. */
export const RoleEditorCreatingWithErrors = viewing(
  roleEditorIn('editing', { fieldErrors: { name: 'Name is required', permissions: 'Choose at least one action' } }),
  RoleEditorView,
)

/** `editing` a custom set, started from its values. */
export const RoleEditorEditingCustom = viewing(roleEditorIn('editing', editingSupportAgent), RoleEditorView)

/** `editing` after a 409: the taken name is marked on the Name field. */
export const RoleEditorNameTaken = viewing(
  roleEditorIn('editing', { ...editingSupportAgent, name: 'Team Member', fieldErrors: { name: 'This name is already taken' } }),
  RoleEditorView,
)

/** `editing` after a 403: the server's message above the form. */
export const RoleEditorRefused = viewing(
  roleEditorIn('editing', { ...editingSupportAgent, formError: 'You can only grant permissions you hold yourself. You do not have: Delete on Billing.' }),
  RoleEditorView,
)

/** `saving`: the form is locked and the button busy until the server answers. */
export const RoleEditorSaving = viewing(roleEditorIn('saving', editingSupportAgent), RoleEditorView)

/** `readOnly`: a system set, with the note and no Save. */
export const RoleEditorSystemReadOnly = viewing(
  roleEditorIn('readOnly', {
    roleId: superAdminSet._id,
    original: superAdminSet,
    name: superAdminSet.name,
    description: superAdminSet.description,
    grants: grantsOf(superAdminSet),
  }),
  RoleEditorView,
)

/** `notFound`: an id the workspace does not have. */
export const RoleEditorNotFound = viewing(roleEditorIn('notFound', { roleId: 'ps-nowhere' }), RoleEditorView)

// ---------------------------------------------------------------------------------------------
// Team Members

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

/** `ready.searching.debouncing`: 'ada' typed; the list waits for typing to pause before it is searched. */
export const TeamSearchDebouncing = viewing(teamIn({ ready: { searching: 'debouncing' } }, { query: 'ada' }), TeamView)

/** `ready.searching.fetching` with nothing listed yet: a skeleton until the server answers. */
export const TeamSearchFetching = viewing(teamIn({ ready: { searching: 'fetching' } }, { query: 'ada', members: [] }), TeamView)

/** `ready.idle` after a search that matches nobody. */
export const TeamSearchNoMatch = viewing(teamIn({ ready: 'idle' }, { query: 'zed', members: [] }), TeamView)

/** `ready.idle` after a search that could not be read: the message and 'Try again'. */
export const TeamSearchFailed = viewing(
  teamIn({ ready: 'idle' }, { query: 'ada', members: [], listError: 'Could not load the team. Please try again.' }),
  TeamView,
)

/** `ready.loadingMore`: the next page is being read; the loader row under the listed members says so. */
export const TeamLoadingMore = viewing(teamIn({ ready: 'loadingMore' }, { nextCursor: 'c2' }), TeamView)

/** `ready.idle` after a further page failed: the members read so far stay, with the reason and 'Try again'. */
export const TeamLoadMoreFailed = viewing(
  teamIn({ ready: 'idle' }, { nextCursor: 'c2', moreError: 'Could not load more members. Please try again.' }),
  TeamView,
)

/** `ready.idle` without pending invitations: the invitations block is not shown. */
export const TeamReadyNoInvitations = viewing(teamIn({ ready: 'idle' }, { invitations: [], invitationsTotal: 0 }), TeamView)

/** The first page of a workspace inviting many: the two newest of 42, and 'Show 40 more invitations'. */
const firstInvitationPage: Partial<TeamContext> = { invitations: acmeInvitations.slice(0, 2), invitationsCursor: 'i2', invitationsTotal: 42 }

/** `ready.idle` with more invitations pending than listed: 'Show 40 more invitations' under the newest. */
export const TeamMoreInvitations = viewing(teamIn({ ready: 'idle' }, firstInvitationPage), TeamView)

/** `ready.loadingMoreInvitations`: 'Show more' waits for the next page; the rows stay usable. */
export const TeamLoadingMoreInvitations = viewing(teamIn({ ready: 'loadingMoreInvitations' }, firstInvitationPage), TeamView)

/** `ready.idle` after the next page of invitations failed: those listed stay, with the reason and 'Try again'. */
export const TeamMoreInvitationsFailed = viewing(
  teamIn({ ready: 'idle' }, { ...firstInvitationPage, invitationsError: 'Could not load more invitations. Please try again.' }),
  TeamView,
)

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

// ---------------------------------------------------------------------------------------------
// Invite member

const inviteDefaults: InviteContext = { sets: acmeSets, email: '', fullName: '', selection: [], fieldErrors: {}, formError: null, loadError: null }

function inviteIn(value: string, context: Partial<InviteContext> = {}) {
  return starter(() => {
    const machine = inviteMachine.provide({
      actors: {
        loadPermissionSets: fromPromise(() => pending<ReadonlyArray<PermissionSet>>()),
        inviteMember: fromPromise(() => pending<InviteMemberResponse>()),
      },
    })
    return createActor(machine, { snapshot: machine.resolveState({ value, context: { ...inviteDefaults, ...context } }) }).start()
  }, { machine: inviteMachine.id, state: value })
}

/** `loading`: the roles to choose from are on their way. */
export const InviteLoading = viewing(inviteIn('loading', { sets: null }), InviteMemberView)

/** `loadFailed`. */
export const InviteLoadFailed = viewing(inviteIn('loadFailed', { sets: null, loadError: 'Could not load the roles. Please try again.' }), InviteMemberView)

/** `editing`, empty, with the note about the emailed invitation. */
export const InviteEditing = viewing(inviteIn('editing'), InviteMemberView)

/** `editing` after submitting an empty form. */
export const InviteWithErrors = viewing(
  inviteIn('editing', { fieldErrors: { email: 'Enter a valid email address', permission_set_ids: 'Choose at least one role' } }),
  InviteMemberView,
)

/** `editing` after a 409: the person is already a member. */
export const InviteAlreadyMember = viewing(
  inviteIn('editing', { email: 'admin@acme.test', selection: [supportAgentSet._id], fieldErrors: { email: 'Already a member' } }),
  InviteMemberView,
)

/** `sending`: the form is locked until the server answers. */
export const InviteSending = viewing(
  inviteIn('sending', { email: 'nina@acme.test', fullName: 'Nina Newbie', selection: [supportAgentSet._id] }),
  InviteMemberView,
)
