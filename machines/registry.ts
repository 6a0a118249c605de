/**
 * Every machine of the app with what the docs and tooling need to know about it: the spec
 * sections it implements and a one-line summary. docs/machines/ is generated from this list
 * (`npm run statecharts`); a test fails when a machine is missing or its page is stale.
 *
 * Long file: one entry per machine in one list, so the docs, the Statecharts stories and the
 * coverage tests read the same data and a missing machine is easy to see.
 */
import type { AnyStateMachine } from 'xstate'
import { appMachine } from './app/app.machine.ts'
import { authMachine } from './auth/auth.machine.ts'
import { creditsMachine } from './credits/credits.machine.ts'
import { notificationsMachine } from './notifications/notifications.machine.ts'
import { permissionsMachine } from './permissions/permissions.machine.ts'
import { pushPermissionMachine } from './pushPermission/pushPermission.machine.ts'
import { preferencesMachine } from './preferences/preferences.machine.ts'
import { roleEditorMachine } from './roleEditor/roleEditor.machine.ts'
import { sidebarMachine } from './sidebar/sidebar.machine.ts'
import { commandPaletteMachine } from './commandPalette/commandPalette.machine.ts'
import { inviteMachine } from './team/invite.machine.ts'
import { teamMachine } from './team/team.machine.ts'
import { roleDeletionMachine } from './roleDeletion/roleDeletion.machine.ts'
import { invitationsMachine } from './invitations/invitations.machine.ts'
import { setPasswordMachine } from './setPassword/setPassword.machine.ts'
import { signupInfoMachine } from './signupInfo/signupInfo.machine.ts'
import { toastsMachine } from './toasts/toasts.machine.ts'
import { tokenMachine } from './token/token.machine.ts'
import { workspaceSettingsMachine } from './workspaceSettings/workspaceSettings.machine.ts'
import { workspacesMachine } from './workspaces/workspaces.machine.ts'
import { bugReportMachine } from './bugReport/bugReport.machine.ts'
import { versionCheckMachine } from './versionCheck/versionCheck.machine.ts'
import { connectivityMachine } from './connectivity/connectivity.machine.ts'
import { errorBoundaryMachine } from './errorBoundary/errorBoundary.machine.ts'
import { profileSettingsMachine } from './profileSettings/profileSettings.machine.ts'
import { verificationGateMachine } from './verificationGate/verificationGate.machine.ts'
import { auditLogMachine } from './auditLog/auditLog.machine.ts'
import { sessionsMachine } from './sessions/sessions.machine.ts'
import { reverificationMachine } from './reverification/reverification.machine.ts'
import { twoFactorMachine } from './twoFactor/twoFactor.machine.ts'
import { passkeysMachine } from './passkeys/passkeys.machine.ts'
import { passkeySignInMachine } from './passkeys/passkeySignIn.machine.ts'
import { overviewMachine } from './overview/overview.machine.ts'
import { passwordResetRequestMachine } from './passwordReset/passwordResetRequest.machine.ts'
import { passwordResetMachine } from './passwordReset/passwordReset.machine.ts'
import { emailConfirmationMachine } from './emailConfirmation/emailConfirmation.machine.ts'
import { confirmationResendMachine } from './emailConfirmation/confirmationResend.machine.ts'
import { unsubscribeMachine } from './unsubscribe/unsubscribe.machine.ts'
import { inboxSelectionMachine } from './inboxSelection/inboxSelection.machine.ts'
import { singleSignOnMachine } from './singleSignOn/singleSignOn.machine.ts'
import { ssoSignInMachine } from './ssoSignIn/ssoSignIn.machine.ts'
import { webhooksMachine } from './webhooks/webhooks.machine.ts'
import { webhookDeliveriesMachine } from './webhooks/webhookDeliveries.machine.ts'
import { apiKeysMachine } from './apiKeys/apiKeys.machine.ts'
import { languageMachine } from './language/language.machine.ts'

export interface MachineEntry {
  readonly machine: AnyStateMachine
  readonly file: string
  readonly summary: string
  readonly spec: ReadonlyArray<string>
  /** The stories showing its visible states, or why it has none (CONVENTIONS: a story per visible state). */
  readonly stories: ReadonlyArray<string> | { readonly none: string }
  /** Its browser side: the file in src/system that provides its actors and actions (one home per machine). */
  readonly wiring: string
  /** The views that render it (src/ui, src/pages, src/routes); empty for a machine no view shows. */
  readonly views: ReadonlyArray<string>
  /**
   * Leaf states with no story, each with the reason a person cannot see it (a background
   * refresh that looks like its resting state, a state left within a frame). Every other leaf
   * state of a machine with stories needs a story declaring it in `parameters.machineState`
   * (stories/machine-states.ts); scripts/story-coverage.test.ts fails otherwise.
   */
  readonly unseenStates?: Readonly<Record<string, string>>
}

export const machines: ReadonlyArray<MachineEntry> = [
  {
    machine: appMachine,
    file: 'machines/app/app.machine.ts',
    wiring: 'src/system/app-system.ts',
    views: [],
    stories: { none: 'No view of its own: it only starts the other actors.' },
    summary: 'Root of the actor system: starts the session actors under well-known system ids.',
    spec: ['§4 (all behaviours run in one system)'],
  },
  {
    machine: authMachine,
    file: 'machines/auth/auth.machine.ts',
    wiring: 'src/system/auth.ts',
    views: ['src/ui/SignInPage.tsx', 'src/pages/SignOutPage.tsx', 'src/pages/WaitlistPage.tsx'],
    stories: ['stories/Auth.stories.tsx', 'stories/SignInPage.stories.tsx', 'stories/SignUp.stories.tsx'],
    summary: 'Authentication: start-up verification, sign-in (with its two-factor step), SSO rule, sign-out with the 1 s redirect.',
    spec: ['§4 Authentication', '§4 Sign out', '§6 SSO', '§8 token verify and logout failures', '§9 logout redirect delay', 'ours (two-factor sign-in; docs/api.md)'],
  },
  {
    machine: permissionsMachine,
    file: 'machines/permissions/permissions.machine.ts',
    wiring: 'src/system/permissions.ts',
    views: ['src/routes/AccessGate.tsx', 'src/ui/GatedButton.tsx', 'src/ui/shell/SidebarNav.tsx'],
    stories: ['stories/Access.stories.tsx', 'stories/Roles.stories.tsx'],
    unseenStates: {
      signedOut: 'Nothing gated is on screen without a session: the sign-in page shows instead.',
      refreshing: 'The list stays on screen while it is rebuilt: it looks exactly like ready.',
    },
    summary: 'The permission-set list of the current org: loaded when authenticated, dropped on org switch, rebuilt on change.',
    spec: ['§4 Permissions list', '§6 Roles and permissions'],
  },
  {
    machine: creditsMachine,
    file: 'machines/credits/credits.machine.ts',
    wiring: 'src/system/credits.ts',
    views: ['src/ui/shell/CreditsSummary.tsx'],
    stories: ['stories/Credits.stories.tsx'],
    unseenStates: {
      signedOut: 'No header and no billing page without a session: the sign-in page shows instead.',
      'ready.settled': 'Looks like ready.fresh: only the focus-refetch throttle differs.',
      refreshing: 'The last value stays on screen while it is refetched: it looks exactly like ready.',
    },
    summary:
      'The current org’s credits summary: loaded when signed in with a current org, dropped on org switch, refetched on focus (at most every 60 s) and when 5 min old; failures logged, last value kept.',
    spec: ['§3 Credits summary', '§7 GET /org-billing/monthly-credits-usage', '§8 Credits fetch failure', '§9 stale time'],
  },
  {
    machine: notificationsMachine,
    file: 'machines/notifications/notifications.machine.ts',
    wiring: 'src/system/notifications.ts',
    views: ['src/ui/shell/NotificationsBell.tsx', 'src/ui/shell/NotificationsPanel.tsx', 'src/pages/NotificationsPage.tsx'],
    stories: ['stories/Notifications.stories.tsx'],
    unseenStates: {
      signedOut: 'No bell and no notifications page without a session: the sign-in page shows instead.',
      'signedIn.list.polling': 'The background poll of the newest 10 keeps the list on screen: it looks exactly like idle.',
      'signedIn.list.restarting': 'Transient: a refresh passes through it to loading in the same step, so nothing is ever drawn in it.',
      'signedIn.changes.sending': 'Changes are optimistic: the list already shows them while they are sent, as in changes.idle.',
      'signedIn.counts.loading': 'The tab counts are fetched in the background: the tabs keep the counts they show until the answer.',
    },
    summary:
      'The in-app notifications of the current org: page 1 of 20 when signed in, dropped on org switch; optimistic mark read / mark all read / delete / delete all sent in order (single failures re-fetch, bulk failures restore); pending changes reapplied over every fetch; poll of the newest 10 every 30 s, refresh on focus and online, pushes prepended by id; the list rebased on the server list (base + pending changes); optimistic archive / archive all read / restore / mark unread / snooze / unsnooze in the same queue, archived and snoozed items kept out of the inbox and its counts, a wake-up from the stream put back in place; the Archived and Snoozed views and category tabs load their own pages (with load more), the chosen tab restored on sign-in; tab counts fetched 300 ms after changes; opening the panel marks the loaded inbox seen (PUT seen before the newest, restored on failure), the unseen count kept beside the unread one.',
    spec: [
      '§2.6 Notifications panel',
      '§3 Notification',
      '§4 Notifications, Polling',
      '§7 /common-services/notifications',
      '§8 Notification fetch failure',
      '§9 page size, poll size and interval',
    ],
  },
  {
    machine: workspacesMachine,
    file: 'machines/workspaces/workspaces.machine.ts',
    wiring: 'src/system/workspaces.ts',
    views: ['src/ui/shell/WorkspaceSwitcher.tsx', 'src/ui/shell/WorkspaceSwitcherPanel.tsx', 'src/pages/WorkspaceSelectionPage.tsx'],
    stories: ['stories/Workspaces.stories.tsx'],
    unseenStates: {
      signedOut: 'No switcher without a session: the sign-in page shows instead.',
      'active.list.idle':
        'Nothing on hand with the dropdown closed: the switcher shows the current workspace from the session, as in Closed; opening it starts fetching.',
      'active.list.cached.stale': 'The list stays on screen while it is stale: it looks exactly like cached.fresh.',
      'active.list.cached.expired': 'Left at once when the dropdown is closed; with it open the list stays on screen as in cached.fresh.',
    },
    summary:
      'The signed-in user’s workspace list and the switcher: loaded when signed in, 3 retries (1 s, 2 s, 4 s), fresh 5 min, dropped 10 min after the fetch; search, switch, and create with a busy state and toasts.',
    spec: [
      '§2.6 Workspace switcher',
      '§3 Workspace list item',
      '§4 Switching org, Creating a workspace',
      '§5 Workspace search',
      '§7 GET /users/my-workspaces, POST /organizations/create-new',
      '§8 workspace rows',
      '§9 workspaces query',
    ],
  },
  {
    machine: workspaceSettingsMachine,
    file: 'machines/workspaceSettings/workspaceSettings.machine.ts',
    wiring: 'src/system/workspaceSettings.ts',
    views: ['src/pages/WorkspaceSettingsPage.tsx'],
    stories: ['stories/WorkspaceSettings.stories.tsx'],
    summary:
      'Workspace Settings: rename the current workspace, the name checked by the contract in the browser and on the server; and, in a parallel region, require two-factor authentication of every member (the session verified again once saved).',
    spec: ['§2.4 Workspace Settings (ORGANIZATIONS)', 'ours (PUT /organizations/current; docs/api.md)', 'ours (two-factor requirement; docs/api.md)'],
  },
  {
    machine: signupInfoMachine,
    file: 'machines/signupInfo/signupInfo.machine.ts',
    wiring: 'src/system/signupInfo.ts',
    views: ['src/pages/SignUpInfoPage.tsx'],
    stories: ['stories/SignUpInfo.stories.tsx'],
    summary:
      'The sign-up-info form: company name, team size and use case checked by the contract, sent to complete-signup, then the session is verified again.',
    spec: ['§2.2 sign-up-info forcing', 'ours (POST /organizations/complete-signup; docs/api.md)'],
  },
  {
    machine: sidebarMachine,
    file: 'machines/sidebar/sidebar.machine.ts',
    wiring: 'src/system/sidebar.ts',
    views: ['src/ui/shell/Shell.tsx', 'src/ui/shell/Sidebar.tsx'],
    stories: ['stories/Shell.stories.tsx'],
    unseenStates: {
      'panel.restoring': 'Transient: left in the same step for expanded or collapsed (the saved cookie), before the first render.',
      'viewport.settling': 'The 200 ms resize debounce: the layout stays as it was until the width settles.',
      'presence.offscreen': 'The sidebar is not mounted (sign-in and bare pages): nothing of it is on screen.',
    },
    summary: 'The sidebar: expanded or collapsed (saved in a cookie), a drawer under 768 px, Ctrl/Cmd+B, the debounced viewport width.',
    spec: ['§4 Sidebar', '§2.6 Shell behaviour (toggle, cookie, drawer, compact header)', '§9 widths, breakpoints, resize debounce, cookie lifetime'],
  },
  {
    machine: commandPaletteMachine,
    file: 'machines/commandPalette/commandPalette.machine.ts',
    wiring: 'src/system/commandPalette.ts',
    views: ['src/ui/shell/Header.tsx', 'src/ui/shell/CommandPalette.tsx', 'src/ui/shell/ShortcutsHelp.tsx'],
    stories: ['stories/CommandPalette.stories.tsx'],
    unseenStates: {
      offscreen: 'No shell is on screen (sign-in and bare pages): there is no palette to see.',
      'onscreen.closed': "Closed: only the header's Search button shows, as in every shell story.",
    },
    summary:
      "The command palette (Ctrl/Cmd+K): pages, workspaces and actions the person may use, fuzzy-filtered, recent first, run by keyboard; and the '?' shortcuts help.",
    spec: [
      'ours (command palette)',
      "§2.4/§6 navigation permissions (the sidebar's route table)",
      '§2.6 shell actions (switcher, bell, bug report, sidebar toggle, sign out)',
    ],
  },
  {
    machine: inboxSelectionMachine,
    file: 'machines/inboxSelection/inboxSelection.machine.ts',
    wiring: 'src/system/inboxSelection.tsx',
    views: ['src/pages/NotificationsPage.tsx'],
    stories: ['stories/InboxSelection.stories.tsx'],
    unseenStates: {
      settle: 'Transient: left in the same step for none or some.',
    },
    summary:
      "The notifications page's selection and keyboard cursor: rows ticked for bulk mark read / archive / delete, j/k/x/e/u/# keys, kept to the rows shown.",
    spec: ['ours (bulk selection and keyboard use on /app/notifications)'],
  },
  {
    machine: roleEditorMachine,
    file: 'machines/roleEditor/roleEditor.machine.ts',
    wiring: 'src/system/roleEditor.ts',
    views: ['src/pages/settings/RoleEditorPage.tsx', 'src/pages/settings/RoleEditorView.tsx'],
    stories: ['stories/RoleEditor.stories.tsx'],
    unseenStates: {
      resolving: 'Transient: left in the same step for editing, readOnly or notFound once the lists are in.',
      saved: 'Final: the page navigates back to the roles list at once.',
    },
    summary: 'The role editor: creates or edits a custom permission set with field errors from the contract and the server; system sets are read-only.',
    spec: [
      '§3 Permission set, resources and actions',
      '§6 Roles and permissions',
      '§7 POST/PUT /permissions/permission-sets, GET /permissions/metadata',
      '§8 toasts',
    ],
  },
  {
    machine: teamMachine,
    file: 'machines/team/team.machine.ts',
    wiring: 'src/system/team.ts',
    views: ['src/pages/settings/TeamPage.tsx', 'src/pages/settings/TeamView.tsx'],
    stories: ['stories/Team.stories.tsx'],
    summary:
      'The team page: lists the members with their roles; assigns sets and removes members pessimistically, announcing each outcome; lists pending invitations of both kinds (existing accounts and new people with a link), resends them, copies a new person’s fresh link, and revokes them optimistically with rollback.',
    spec: ['§2.4 Team Members', '§6 (set assignment)', '§7 POST /permissions/assign-permission-sets', '§8 toasts', 'ours (invitations of existing accounts; docs/api.md)'],
  },
  {
    machine: invitationsMachine,
    file: 'machines/invitations/invitations.machine.ts',
    wiring: 'src/system/invitations.tsx',
    views: ['src/ui/invitations/PendingInvitations.tsx', 'src/ui/shell/WorkspaceSwitcherPanel.tsx', 'src/pages/WorkspaceSelectionPage.tsx'],
    stories: ['stories/Invitations.stories.tsx'],
    unseenStates: {
      loading: 'Nothing is drawn for the invitations until they are in: the switcher and the page show only the workspaces.',
      failed: 'Nothing is drawn: the invitations are an extra; opening the switcher tries again.',
    },
    summary:
      'The signed-in person’s pending invitations to other workspaces: accept (the workspace joins the list) or decline (optimistic, rolled back on failure).',
    spec: ['ours (invitations of existing accounts; GET /users/invitations; docs/api.md)'],
  },
  {
    machine: roleDeletionMachine,
    file: 'machines/roleDeletion/roleDeletion.machine.ts',
    wiring: 'src/system/roleDeletion.ts',
    views: ['src/pages/settings/RolesPage.tsx'],
    stories: ['stories/RoleDeletion.stories.tsx'],
    summary: 'Deleting a custom role from the User Roles page: confirm naming it, then delete; a role still held is refused and the dialog names who holds it.',
    spec: ['ours (custom role deletion: DELETE /permissions/permission-sets/{id}; docs/api.md)', '§8 toasts'],
  },
  {
    machine: inviteMachine,
    file: 'machines/team/invite.machine.ts',
    wiring: 'src/system/invite.ts',
    views: ['src/pages/settings/InviteMemberPage.tsx', 'src/pages/settings/InviteMemberView.tsx'],
    stories: ['stories/Invite.stories.tsx'],
    unseenStates: {
      sent: 'Final: the page navigates back to the team list at once, with a toast.',
    },
    summary: 'Inviting a person: email, optional name and at least one role, checked by the contract in the browser and by the server.',
    spec: ['§2.5 /app/setting/team/invite', '§6 (set assignment)', '§8 toasts'],
  },
  {
    machine: tokenMachine,
    file: 'machines/token/token.machine.ts',
    wiring: 'src/system/token.ts',
    views: [],
    stories: { none: 'No view: token refreshes are invisible; a failed refresh shows as the auth machine’s sign-in page.' },
    summary: 'Access and refresh tokens: one refresh at a time, shared by every waiting request; failure ends the session.',
    spec: ['§4 Token refresh', '§8 401 on any call, token refresh failure', '§9 refresh threshold and expires_in'],
  },
  {
    machine: setPasswordMachine,
    file: 'machines/setPassword/setPassword.machine.ts',
    wiring: 'src/system/setPassword.ts',
    views: ['src/pages/SetPasswordPage.tsx'],
    stories: ['stories/SetPassword.stories.tsx'],
    summary: 'Completes an invitation: choose a password with the one-time link.',
    spec: ['ours (team invitations; docs/api.md)'],
  },
  // Account recovery and address confirmation: public pages reached from emailed links.
  {
    machine: passwordResetRequestMachine,
    file: 'machines/passwordReset/passwordResetRequest.machine.ts',
    wiring: 'src/system/passwordResetRequest.ts',
    views: ['src/pages/account/ForgotPasswordPage.tsx'],
    stories: ['stories/PasswordResetRequest.stories.tsx'],
    summary: 'Forgot password: the address a reset link goes to, always answered the same (no account enumeration).',
    spec: ['ours (forgot password: POST /users/password-reset; contract/account.ts)'],
  },
  {
    machine: passwordResetMachine,
    file: 'machines/passwordReset/passwordReset.machine.ts',
    wiring: 'src/system/passwordReset.ts',
    views: ['src/pages/account/ResetPasswordPage.tsx'],
    stories: ['stories/PasswordReset.stories.tsx'],
    summary: 'Sets a new password with the one-time reset link; a refused or missing link offers a new one.',
    spec: ['ours (forgot password: POST /users/password-reset/confirm; contract/account.ts)'],
    unseenStates: { start: 'Left within the first frame: it only decides between the form and the refused link.' },
  },
  {
    machine: emailConfirmationMachine,
    file: 'machines/emailConfirmation/emailConfirmation.machine.ts',
    wiring: 'src/system/emailConfirmation.ts',
    views: ['src/pages/account/ConfirmEmailPage.tsx'],
    stories: ['stories/EmailConfirmation.stories.tsx'],
    summary: 'Confirms the sign-up address with the emailed link, posted once on arrival; a refused link or an unreachable server says so.',
    spec: ['ours (address confirmation: POST /users/confirm-email; contract/account.ts)'],
    unseenStates: { start: 'Left within the first frame: it only decides between confirming and the refused link.' },
  },
  {
    machine: confirmationResendMachine,
    file: 'machines/emailConfirmation/confirmationResend.machine.ts',
    wiring: 'src/system/confirmationResend.ts',
    views: ['src/pages/ProfileTab.tsx'],
    stories: ['stories/ConfirmationResend.stories.tsx'],
    summary: "The Profile tab's 'Resend confirmation email' while the address is not confirmed; a 409 means it already is.",
    spec: ['ours (address confirmation: POST /users/me/confirm-email/resend; contract/account.ts)'],
  },
  // One-click unsubscribe from notification emails.
  {
    machine: unsubscribeMachine,
    file: 'machines/unsubscribe/unsubscribe.machine.ts',
    wiring: 'src/system/unsubscribe.ts',
    views: ['src/pages/mail/UnsubscribePage.tsx'],
    stories: ['stories/Unsubscribe.stories.tsx'],
    summary:
      "The notification email's Unsubscribe link: what it turns off is loaded without changing anything (mail scanners open links); only the 'Unsubscribe' click turns that category's emails off; a refused link points to the preferences; a failure offers 'Try again'.",
    spec: ['ours (email unsubscribe, RFC 8058: GET/POST /mail/unsubscribe?token; contract/notifications.ts UnsubscribeResponse)'],
    unseenStates: { start: 'Left within the first frame: it only decides between loading and the invalid link.' },
  },
  {
    machine: toastsMachine,
    file: 'machines/toasts/toasts.machine.ts',
    wiring: 'src/system/toasts.tsx',
    views: ['src/ui/ToastRegion.tsx'],
    stories: ['stories/Toasts.stories.tsx'],
    summary: 'Toasts: shown on request, gone after 5 s or on dismiss.',
    spec: ['§3 Toast', '§4 Toasts', '§9 toast lifetime'],
  },
  {
    machine: preferencesMachine,
    file: 'machines/preferences/preferences.machine.ts',
    wiring: 'src/system/preferences.ts',
    views: ['src/pages/NotificationSettingsPage.tsx', 'src/pages/preferences/PreferenceMatrix.tsx', 'src/pages/preferences/QuietHoursEditor.tsx'],
    stories: ['stories/Preferences.stories.tsx'],
    summary:
      'Notification preferences: load (defaults on failure); each switch saves on change (quick flips batched into one save after 600 ms), Saving… then Saved beside the section, the spec toasts, rollback to the server copy and a reload after a failed save; a category × channel matrix (push/email per category) and a quiet hours editor (invalid values stay as a draft with field errors, never saved).',
    spec: ['§3 Notification preferences', '§8 preferences saved / failed / load failure'],
  },
  {
    machine: bugReportMachine,
    file: 'machines/bugReport/bugReport.machine.ts',
    wiring: 'src/system/bugReport.ts',
    views: ['src/ui/bugReport/BugReport.tsx', 'src/ui/bugReport/BugReportView.tsx'],
    stories: ['stories/BugReport.stories.tsx'],
    unseenStates: {
      starting: 'Transient: the stored hidden-forever flag is read and the machine moves on before anything renders.',
    },
    summary:
      'The bug-report button and modal: open or closed; idle, uploading a screenshot (picked or pasted) or submitting; field errors from the contract and the server; toasts on the outcome; Hide Forever stores the flag and removes the button for good.',
    spec: [
      '§2.3 floating button (hidden on /app/integrations paths)',
      '§2.6 Bug-report modal',
      '§3 Bug report, Upload request, Stored values (hidden flag)',
      '§4 Bug report',
      '§5 Bug report validation',
      '§7 POST /cms/report-bug, POST /data-storage/get-presigned-url',
      '§8 bug report toasts',
    ],
  },
  {
    machine: versionCheckMachine,
    file: 'machines/versionCheck/versionCheck.machine.ts',
    wiring: 'src/system/versionCheck.ts',
    views: ['src/ui/UpdatePrompt.tsx'],
    stories: ['stories/Version.stories.tsx'],
    unseenStates: {
      due: 'Left in the same step: a check starts or is skipped at once.',
      checking: 'A check in flight shows nothing: it looks like idle.',
      settling: 'The 1 s wait after a route change shows nothing: it looks like idle.',
      reloading: 'The page is being replaced; until it goes it looks like updating.',
    },
    summary:
      'The version check: /version.json at start (against the last seen version), every 5 min, on focus, 1 s after a route change and when a new service worker waits, skipped offline; a new version shows the update prompt; Later records it as seen (the worker keeps waiting), Update hard-refreshes after 1 s, first letting a waiting worker take over; a worker of the running build is let in without a prompt.',
    spec: [
      '§2.3 update banner',
      '§3 App version file, Stored values (last seen version)',
      '§4 Version check',
      '§7 GET /version.json',
      '§8 Version check failure',
      '§9 version check timings',
    ],
  },
  {
    machine: connectivityMachine,
    file: 'machines/connectivity/connectivity.machine.ts',
    wiring: 'src/system/connectivity.ts',
    views: ['src/ui/shell/OfflineStatus.tsx'],
    stories: ['stories/Offline.stories.tsx'],
    unseenStates: {
      starting: 'Left in the same step, by the browser’s word at start.',
    },
    summary:
      "Whether the browser is online, from its online/offline events: the shell's 'You're offline' status and the actions that need the server read it; back online it emits connectivity.restored and the app asks again what it showed from the offline cache.",
    spec: ['§2.3 shell', '§8 network failures (offline shown as such)'],
  },
  {
    machine: errorBoundaryMachine,
    file: 'machines/errorBoundary/errorBoundary.machine.ts',
    wiring: 'src/system/errorBoundary.tsx',
    views: ['src/ui/ErrorFallback.tsx'],
    stories: ['stories/ErrorFallback.stories.tsx'],
    summary:
      'The error fallback of one boundary: normal or errored; a caught rendering error is logged and reported to analytics with its component stack and the boundary flag; Try Again and a route change return to normal, Refresh Page reloads.',
    spec: ['§2.6 Error fallback page', '§4 Error fallback', '§7 product analytics (caught rendering errors)', '§8 Unexpected rendering error'],
  },
  {
    machine: profileSettingsMachine,
    file: 'machines/profileSettings/profileSettings.machine.ts',
    wiring: 'src/system/profileSettings.ts',
    views: ['src/pages/ProfileTab.tsx'],
    stories: ['stories/Profile.stories.tsx'],
    summary:
      'The Profile tab: full name and avatar (uploaded through a presigned URL, or an http(s) URL) saved with field errors from the contract and the server; a password change with the current password that adopts this session’s new tokens.',
    spec: ['§2.4 Profile Settings (USERS)', 'ours (GET/PATCH /users/me, POST /users/me/password; docs/api.md)'],
  },
  {
    machine: languageMachine,
    file: 'machines/language/language.machine.ts',
    wiring: 'src/system/language.ts',
    views: ['src/pages/LanguageSection.tsx', 'src/i18n/react.tsx'],
    stories: ['stories/Language.stories.tsx'],
    summary:
      'The language the app speaks: a choice loads its catalogue (the page keeps speaking the current one meanwhile; the last choice wins), applies without a reload (`<html lang dir>`, the `language` storage key) and is saved on the account; the account’s saved language is adopted at sign-in without saving it back; a failed load keeps the language, a failed save keeps it on this device with a retry.',
    spec: ['§4 Version check (the `language` storage key kept)', 'ours (PATCH /users/me { language }; docs/i18n.md)'],
  },
  {
    machine: sessionsMachine,
    file: 'machines/sessions/sessions.machine.ts',
    wiring: 'src/system/sessions.ts',
    views: ['src/pages/security/SessionsSection.tsx'],
    stories: ['stories/Sessions.stories.tsx'],
    summary:
      'Profile Settings › Security › Sessions: the person’s signed-in sessions (one per refresh-token family), signing one or all others out optimistically with rollback and a toast.',
    spec: ['ours (sessions: GET /users/sessions, DELETE /users/sessions/{id}, DELETE /users/sessions?others=true; docs/api.md)'],
  },
  {
    machine: reverificationMachine,
    file: 'machines/reverification/reverification.machine.ts',
    wiring: 'src/system/reverification.ts',
    views: ['src/ui/ReverificationDialog.tsx'],
    stories: ['stories/Reverification.stories.tsx'],
    unseenStates: {
      idle: 'No dialog: nothing has asked to confirm yet.',
      verified: 'No dialog: the person confirmed and the waiting changes repeat.',
    },
    summary:
      "'Confirm it's you': a change answered 403 reverification_required opens the dialog (one actor in the root system, joined by every call that asks meanwhile); the factors load, the person gives a password, a code or a passkey, the server checks it, and the calls repeat (verified) or fail with their 403 (cancelled).",
    spec: ['ours (reverification: GET/POST /users/me/reverification, the 403 reverification_required of sensitive changes; docs/api.md)'],
  },
  {
    machine: twoFactorMachine,
    file: 'machines/twoFactor/twoFactor.machine.ts',
    wiring: 'src/system/twoFactor.ts',
    views: ['src/pages/security/TwoFactorSection.tsx'],
    stories: ['stories/TwoFactor.stories.tsx'],
    summary:
      'Profile Settings › Security › Two-factor authentication: status, turning it on (QR code, first code, ten recovery codes shown once), new recovery codes and turning it off with a code or a recovery code.',
    spec: ['ours (two-factor authentication: GET /users/me/two-factor, POST …/enrol, …/confirm, …/recovery-codes, …/disable; docs/api.md)'],
  },
  {
    machine: passkeysMachine,
    file: 'machines/passkeys/passkeys.machine.ts',
    wiring: 'src/system/passkeys.ts',
    views: ['src/pages/security/PasskeysSection.tsx'],
    stories: ['stories/Passkeys.stories.tsx'],
    summary:
      'Security › Passkeys: the person’s passkeys (synced or this device only, created, last used); adding one (a name, then the browser’s prompt, then saving; a closed prompt is a calm note), renaming, and deleting after a confirmation (the server may ask to confirm it’s you).',
    spec: ['ours (passkeys: GET/POST /users/me/passkeys, POST …/options, PATCH/DELETE …/{id}; docs/api.md)'],
  },
  {
    machine: passkeySignInMachine,
    file: 'machines/passkeys/passkeySignIn.machine.ts',
    wiring: 'src/system/passkeySignIn.ts',
    views: ['src/ui/PasskeySignIn.tsx', 'src/ui/SignInPage.tsx'],
    stories: ['stories/PasskeySignIn.stories.tsx'],
    summary:
      '/signin’s passkey sign-in: the passkeys offered in the email field’s autofill while the page is open (conditional mediation), and ‘Sign in with a passkey’ (its modal prompt ends the autofill one); the session handed to the auth machine as auth.sessionStarted, errors in the page’s alert.',
    spec: ['§2.1 /signin', 'ours (POST /users/signin/passkey/options, POST /users/signin/passkey; docs/api.md)'],
  },
  {
    machine: verificationGateMachine,
    file: 'machines/verificationGate/verificationGate.machine.ts',
    wiring: 'src/system/verificationGate.ts',
    views: ['src/ui/botcheck/VerificationGate.tsx'],
    stories: ['stories/Verification.stories.tsx'],
    unseenStates: {
      starting: 'A transient state: it picks verified (skip or remembered) or unverified before anything renders.',
    },
    summary:
      'The human-verification gate in front of /signin and /share/*: unverified (loading the bot-check configuration, the widget ready, or waiting 3 s to retry) → verifying (the server checks the token) → verified, remembered for the session; skip or a remembered session pass at once, BOT_CHECK=off passes without a widget; failures are logged only and keep the modal up. Verified shows nothing: the page renders in place of the modal.',
    spec: ['§2.6 Human-verification overlay', '§4 Human verification', '§7 POST /users/verify-turnstile', '§8 Human verification failure'],
  },
  {
    machine: pushPermissionMachine,
    file: 'machines/pushPermission/pushPermission.machine.ts',
    wiring: 'src/system/pushPermission.ts',
    views: ['src/ui/push/PushSettings.tsx'],
    stories: ['stories/Push.stories.tsx'],
    unseenStates: {
      'permission.start': 'Left at once: it only picks the first state from the browser’s support and permission.',
      'permission.inactive': 'Only without a browser (tests): the app always has one.',
      'permission.supported.forgetting': 'Runs while signing out: the settings page is already gone.',
      'devices.loading': 'The list on hand (or nothing, before the first answer) stays while it loads: it looks like idle.',
    },
    summary:
      'Browser push on this device: unsupported (warned), default, requesting, denied, granted; push init subscribes when granted and signed in (service worker, VAPID key, POST /subscribe), device activity reported while subscribed, turned off on request (remembered), dropped at sign-out, resubscribed on org switch and subscription change; the device list; test notification with a local fallback.',
    spec: [
      '§3 Push subscription',
      '§4 Push permission',
      '§5 push support and subscribing',
      '§7 /common-services/web-push',
      '§8 push init and unsubscribe failures',
    ],
  },
  {
    machine: auditLogMachine,
    file: 'machines/auditLog/auditLog.machine.ts',
    wiring: 'src/system/auditLog.ts',
    views: ['src/pages/settings/AuditLogPage.tsx', 'src/pages/settings/AuditLogView.tsx', 'src/routes/AuditLogRoute.tsx'],
    stories: ['stories/AuditLog.stories.tsx'],
    summary:
      'Account & Billing › Audit log: who did what and when in the workspace, newest first a page at a time (Load more by cursor), filtered by person and action (kept in the address), with a CSV export of the same filters saved as a file.',
    spec: ['ours (audit log: GET /organizations/audit-log, /audit-log.csv, /audit-log/actors; docs/api.md)'],
  },
  {
    machine: overviewMachine,
    file: 'machines/overview/overview.machine.ts',
    wiring: 'src/system/overview.ts',
    views: ['src/pages/DashboardPage.tsx'],
    stories: ['stories/Overview.stories.tsx'],
    unseenStates: {
      signedOut: 'The Overview is only on screen signed in: the sign-in page shows instead.',
      refreshing: 'The cards stay on screen while the facts are fetched again on focus: it looks exactly like ready.',
    },
    summary:
      'The Overview’s team size and getting-started checklist of the current workspace (GET /api/overview): loaded when the page opens and on every workspace switch, refreshed on window focus, a failed first load with Try again; the checklist’s dismissal remembered per person and workspace.',
    spec: ['§2.4 Overview', 'ours (GET /overview; docs/api.md)'],
  },
  {
    machine: singleSignOnMachine,
    file: 'machines/singleSignOn/singleSignOn.machine.ts',
    wiring: 'src/system/singleSignOn.ts',
    views: ['src/pages/settings/SingleSignOnSection.tsx'],
    stories: ['stories/SingleSignOn.stories.tsx'],
    unseenStates: {
      'ready.settling': 'Transient: left in the same step for notConfigured, configured or editing.',
    },
    summary:
      "Workspace Settings › Single sign-on (members with ORGANIZATIONS update): the workspace's OpenID Connect connection loaded (a failure with Try again), edited as a draft checked by the contract (the secret write-only, the domains typed as a list), 'Test connection' against the typed issuer, saved (the server's issues under their fields; 'Confirm it's you' by the API layer) and removed after a confirmation.",
    spec: ['§3 is_sso_enabled (Require single sign-on)', 'ours (single sign-on settings: GET/PUT/DELETE /organizations/sso, POST /organizations/sso/test; docs/api.md)'],
  },
  {
    machine: ssoSignInMachine,
    file: 'machines/ssoSignIn/ssoSignIn.machine.ts',
    wiring: 'src/system/ssoSignIn.ts',
    views: ['src/ui/sso/SsoPages.tsx', 'src/routes/SsoRoutes.tsx'],
    stories: ['stories/SsoSignIn.stories.tsx'],
    unseenStates: {
      opening: 'Transient: left at once for entering, checking or nothingToComplete, by the page it runs on.',
    },
    summary:
      "Signing in through a workspace's single sign-on: /signin/sso's email (invalid on the field; unknown domain or provider down above the form) sent to the provider; /sso/callback's return checked against this tab's attempt and exchanged, then the session handed to the auth machine (auth.sessionStarted), or 'Link your account' proved by password (and two-factor code) or one of the account's passkeys, or back to /signin with a fixed reason.",
    spec: ['§2.5 /sso/callback', '§6 SSO', 'ours (POST /users/sso/start, /callback, /link, /link/passkey/options, /link/passkey; docs/api.md)'],
  },
  {
    machine: apiKeysMachine,
    file: 'machines/apiKeys/apiKeys.machine.ts',
    wiring: 'src/system/apiKeys.ts',
    views: ['src/pages/developers/ApiKeysTab.tsx', 'src/pages/developers/DevelopersPage.tsx'],
    stories: ['stories/ApiKeys.stories.tsx', 'stories/Developers.stories.tsx'],
    summary:
      "Developers › API keys: the workspace's keys (name, the secret's first characters, permission set, created by, created, last used, expiry), creating one (name, a permission set the person holds every permission of, expiry; the server's issues at the fields) whose secret is shown once and forgotten on Done, and revoking one after a confirmation (optimistic, put back on a refusal). Create and Revoke show with API_KEYS create and delete.",
    spec: ['§2.4 /app/developers', 'ours (API keys: GET/POST /organizations/api-keys, DELETE …/{id}; docs/api.md)'],
  },
  {
    machine: webhooksMachine,
    file: 'machines/webhooks/webhooks.machine.ts',
    wiring: 'src/system/webhooks.ts',
    views: ['src/pages/developers/WebhooksTab.tsx', 'src/pages/developers/WebhookDialogs.tsx'],
    stories: ['stories/Webhooks.stories.tsx'],
    unseenStates: {
      'ready.toggle.saving': 'The switch is optimistic: the list already shows the endpoint enabled or disabled while it is sent, as in toggle.idle.',
    },
    summary:
      "Developers › Webhooks: the workspace's endpoints (URL, description, events, status) loaded (a failure with Try again); added or edited as a draft checked by the contract (the server's issues under their fields), the signing secret shown once after adding or rotating (after a confirmation) and cleared when dismissed; deleted after a confirmation; a test event sent; enabled or disabled optimistically with rollback; one endpoint's delivery log run as a child while it is open.",
    spec: ['ours (webhooks: GET/POST /organizations/webhooks, PATCH/DELETE …/{id}, POST …/{id}/rotate-secret, POST …/{id}/test; docs/api.md)'],
  },
  {
    machine: webhookDeliveriesMachine,
    file: 'machines/webhooks/webhookDeliveries.machine.ts',
    wiring: 'src/system/webhooks.ts',
    views: ['src/pages/developers/WebhookDeliveryLog.tsx'],
    stories: ['stories/WebhookDeliveries.stories.tsx'],
    unseenStates: {
      'list.refreshing': 'The log stays on screen while it is read again (a poll or after an action): it looks exactly like loaded.',
    },
    summary:
      "One webhook endpoint's delivery log: newest first a page at a time (Load more by cursor), read again every 3 s while a delivery is pending or sending and after a resend or a test event; Resend per delivery and Send test event, their outcomes as toasts.",
    spec: ['ours (webhook deliveries: GET /organizations/webhooks/{id}/deliveries, POST …/deliveries/{deliveryId}/resend, POST …/{id}/test; docs/api.md)'],
  },
]
