/**
 * Every machine of the app with what the docs and tooling need to know about it: the spec
 * sections it implements and a one-line summary. docs/machines/ is generated from this list
 * (`npm run statecharts`); a test fails when a machine is missing or its page is stale.
 */
import type { AnyStateMachine } from 'xstate'
import { appMachine } from './app/app.machine.ts'
import { authMachine } from './auth/auth.machine.ts'
import { creditsMachine } from './credits/credits.machine.ts'
import { notificationsMachine } from './notifications/notifications.machine.ts'
import { permissionsMachine } from './permissions/permissions.machine.ts'
import { preferencesMachine } from './preferences/preferences.machine.ts'
import { roleEditorMachine } from './roleEditor/roleEditor.machine.ts'
import { sidebarMachine } from './sidebar/sidebar.machine.ts'
import { inviteMachine } from './team/invite.machine.ts'
import { teamMachine } from './team/team.machine.ts'
import { setPasswordMachine } from './setPassword/setPassword.machine.ts'
import { signupInfoMachine } from './signupInfo/signupInfo.machine.ts'
import { toastsMachine } from './toasts/toasts.machine.ts'
import { tokenMachine } from './token/token.machine.ts'
import { workspaceSettingsMachine } from './workspaceSettings/workspaceSettings.machine.ts'
import { workspacesMachine } from './workspaces/workspaces.machine.ts'

export interface MachineEntry {
  readonly machine: AnyStateMachine
  readonly file: string
  readonly summary: string
  readonly spec: ReadonlyArray<string>
  /** The stories showing its visible states, or why it has none (CONVENTIONS: a story per visible state). */
  readonly stories: ReadonlyArray<string> | { readonly none: string }
}

export const machines: ReadonlyArray<MachineEntry> = [
  {
    machine: appMachine,
    file: 'machines/app/app.machine.ts',
    stories: { none: 'No view of its own: it only starts the other actors.' },
    summary: 'Root of the actor system: starts the session actors under well-known system ids.',
    spec: ['§4 (all behaviours run in one system)'],
  },
  {
    machine: authMachine,
    file: 'machines/auth/auth.machine.ts',
    stories: ['stories/SignInPage.stories.tsx', 'stories/SignUp.stories.tsx', 'stories/Pages.stories.tsx'],
    summary: 'Authentication: start-up verification, sign-in, SSO rule, sign-out with the 1 s redirect.',
    spec: ['§4 Authentication', '§4 Sign out', '§6 SSO', '§8 token verify and logout failures', '§9 logout redirect delay'],
  },
  {
    machine: permissionsMachine,
    file: 'machines/permissions/permissions.machine.ts',
    stories: ['stories/Access.stories.tsx'],
    summary: 'The permission-set list of the current org: loaded when authenticated, dropped on org switch, rebuilt on change.',
    spec: ['§4 Permissions list', '§6 Roles and permissions'],
  },
  {
    machine: creditsMachine,
    file: 'machines/credits/credits.machine.ts',
    stories: ['stories/Credits.stories.tsx'],
    summary: 'The current org’s credits summary: loaded when signed in with a current org, dropped on org switch, refetched on focus (at most every 60 s) and when 5 min old; failures logged, last value kept.',
    spec: ['§3 Credits summary', '§7 GET /org-billing/monthly-credits-usage', '§8 Credits fetch failure', '§9 stale time'],
  },
  {
    machine: notificationsMachine,
    file: 'machines/notifications/notifications.machine.ts',
    stories: ['stories/Notifications.stories.tsx'],
    summary:
      'The in-app notifications of the current org: page 1 of 20 when signed in, dropped on org switch; optimistic mark read / mark all read / delete / delete all sent in order (single failures re-fetch, bulk failures restore); pending changes reapplied over every fetch; poll of the newest 10 every 30 s, refresh on focus and online, pushes prepended by id.',
    spec: ['§2.6 Notifications panel', '§3 Notification', '§4 Notifications, Polling', '§7 /common-services/notifications', '§8 Notification fetch failure', '§9 page size, poll size and interval'],
  },
  {
    machine: workspacesMachine,
    file: 'machines/workspaces/workspaces.machine.ts',
    stories: ['stories/Workspaces.stories.tsx'],
    summary:
      'The signed-in user’s workspace list and the switcher: loaded when signed in, 3 retries (1 s, 2 s, 4 s), fresh 5 min, dropped 10 min after the fetch; search, switch, and create with a busy state and toasts.',
    spec: ['§2.6 Workspace switcher', '§3 Workspace list item', '§4 Switching org, Creating a workspace', '§5 Workspace search', '§7 GET /users/my-workspaces, POST /organizations/create-new', '§8 workspace rows', '§9 workspaces query'],
  },
  {
    machine: workspaceSettingsMachine,
    file: 'machines/workspaceSettings/workspaceSettings.machine.ts',
    stories: ['stories/Workspaces.stories.tsx'],
    summary: 'Workspace Settings: rename the current workspace, the name checked by the contract in the browser and on the server.',
    spec: ['§2.4 Workspace Settings (ORGANIZATIONS)', 'ours (PUT /organizations/current; docs/api.md)'],
  },
  {
    machine: signupInfoMachine,
    file: 'machines/signupInfo/signupInfo.machine.ts',
    stories: ['stories/SignUp.stories.tsx'],
    summary: 'The sign-up-info form: company name, team size and use case checked by the contract, sent to complete-signup, then the session is verified again.',
    spec: ['§2.2 sign-up-info forcing', 'ours (POST /organizations/complete-signup; docs/api.md)'],
  },
  {
    machine: sidebarMachine,
    file: 'machines/sidebar/sidebar.machine.ts',
    stories: ['stories/Shell.stories.tsx'],
    summary: 'The sidebar: expanded or collapsed (saved in a cookie), a drawer under 768 px, Ctrl/Cmd+B, the debounced viewport width.',
    spec: ['§4 Sidebar', '§2.6 Shell behaviour (toggle, cookie, drawer, compact header)', '§9 widths, breakpoints, resize debounce, cookie lifetime'],
  },
  {
    machine: roleEditorMachine,
    file: 'machines/roleEditor/roleEditor.machine.ts',
    stories: ['stories/Settings.stories.tsx'],
    summary: 'The role editor: creates or edits a custom permission set with field errors from the contract and the server; system sets are read-only.',
    spec: ['§3 Permission set, resources and actions', '§6 Roles and permissions', '§7 POST/PUT /permissions/permission-sets, GET /permissions/metadata', '§8 toasts'],
  },
  {
    machine: teamMachine,
    file: 'machines/team/team.machine.ts',
    stories: ['stories/Settings.stories.tsx'],
    summary: 'The team page: lists the members with their roles; assigns sets and removes members pessimistically, announcing each outcome.',
    spec: ['§2.4 Team Members', '§6 (set assignment)', '§7 POST /permissions/assign-permission-sets', '§8 toasts'],
  },
  {
    machine: inviteMachine,
    file: 'machines/team/invite.machine.ts',
    stories: ['stories/Settings.stories.tsx'],
    summary: 'Inviting a person: email, optional name and at least one role, checked by the contract in the browser and by the server.',
    spec: ['§2.5 /app/setting/team/invite', '§6 (set assignment)', '§8 toasts'],
  },
  {
    machine: tokenMachine,
    file: 'machines/token/token.machine.ts',
    stories: { none: 'No view: token refreshes are invisible; a failed refresh shows as the auth machine’s sign-in page.' },
    summary: 'Access and refresh tokens: one refresh at a time, shared by every waiting request; failure ends the session.',
    spec: ['§4 Token refresh', '§8 401 on any call, token refresh failure', '§9 refresh threshold and expires_in'],
  },
  {
    machine: setPasswordMachine,
    file: 'machines/setPassword/setPassword.machine.ts',
    stories: ['stories/SetPassword.stories.tsx'],
    summary: 'Completes an invitation: choose a password with the one-time link.',
    spec: ['ours (team invitations; docs/api.md)'],
  },
  {
    machine: toastsMachine,
    file: 'machines/toasts/toasts.machine.ts',
    stories: ['stories/Toasts.stories.tsx'],
    summary: 'Toasts: shown on request, gone after 5 s or on dismiss.',
    spec: ['§3 Toast', '§4 Toasts', '§9 toast lifetime'],
  },
  {
    machine: preferencesMachine,
    file: 'machines/preferences/preferences.machine.ts',
    stories: ['stories/Preferences.stories.tsx'],
    summary: 'Notification preferences form: load (defaults on failure), toggle, save with toasts, reload after a failed save.',
    spec: ['§3 Notification preferences', '§8 preferences saved / failed / load failure'],
  },
]
