/**
 * Every machine's docs (what each state and event means; machines/machine-docs.ts) by machine id.
 * Read by docs/machines (scripts/statecharts.ts) and the Storybook docs pages, not by the app.
 */
import type { MachineDocs } from './machine-docs.ts'
import { appDocs } from './app/app.docs.ts'
import { authDocs } from './auth/auth.docs.ts'
import { permissionsDocs } from './permissions/permissions.docs.ts'
import { creditsDocs } from './credits/credits.docs.ts'
import { notificationsDocs } from './notifications/notifications.docs.ts'
import { workspacesDocs } from './workspaces/workspaces.docs.ts'
import { workspaceSettingsDocs } from './workspaceSettings/workspaceSettings.docs.ts'
import { signupInfoDocs } from './signupInfo/signupInfo.docs.ts'
import { sidebarDocs } from './sidebar/sidebar.docs.ts'
import { commandPaletteDocs } from './commandPalette/commandPalette.docs.ts'
import { inboxSelectionDocs } from './inboxSelection/inboxSelection.docs.ts'
import { roleEditorDocs } from './roleEditor/roleEditor.docs.ts'
import { teamDocs } from './team/team.docs.ts'
import { invitationsDocs } from './invitations/invitations.docs.ts'
import { roleDeletionDocs } from './roleDeletion/roleDeletion.docs.ts'
import { inviteDocs } from './team/invite.docs.ts'
import { tokenDocs } from './token/token.docs.ts'
import { setPasswordDocs } from './setPassword/setPassword.docs.ts'
import { passwordResetRequestDocs } from './passwordReset/passwordResetRequest.docs.ts'
import { passwordResetDocs } from './passwordReset/passwordReset.docs.ts'
import { emailConfirmationDocs } from './emailConfirmation/emailConfirmation.docs.ts'
import { confirmationResendDocs } from './emailConfirmation/confirmationResend.docs.ts'
import { unsubscribeDocs } from './unsubscribe/unsubscribe.docs.ts'
import { toastsDocs } from './toasts/toasts.docs.ts'
import { preferencesDocs } from './preferences/preferences.docs.ts'
import { bugReportDocs } from './bugReport/bugReport.docs.ts'
import { versionCheckDocs } from './versionCheck/versionCheck.docs.ts'
import { connectivityDocs } from './connectivity/connectivity.docs.ts'
import { errorBoundaryDocs } from './errorBoundary/errorBoundary.docs.ts'
import { profileSettingsDocs } from './profileSettings/profileSettings.docs.ts'
import { languageDocs } from './language/language.docs.ts'
import { sessionsDocs } from './sessions/sessions.docs.ts'
import { reverificationDocs } from './reverification/reverification.docs.ts'
import { twoFactorDocs } from './twoFactor/twoFactor.docs.ts'
import { passkeysDocs } from './passkeys/passkeys.docs.ts'
import { passkeySignInDocs } from './passkeys/passkeySignIn.docs.ts'
import { verificationGateDocs } from './verificationGate/verificationGate.docs.ts'
import { pushPermissionDocs } from './pushPermission/pushPermission.docs.ts'
import { auditLogDocs } from './auditLog/auditLog.docs.ts'
import { overviewDocs } from './overview/overview.docs.ts'
import { singleSignOnDocs } from './singleSignOn/singleSignOn.docs.ts'
import { ssoSignInDocs } from './ssoSignIn/ssoSignIn.docs.ts'
import { apiKeysDocs } from './apiKeys/apiKeys.docs.ts'
import { webhooksDocs } from './webhooks/webhooks.docs.ts'
import { webhookDeliveriesDocs } from './webhooks/webhookDeliveries.docs.ts'

export const machineDocs: Readonly<Record<string, MachineDocs | undefined>> = {
  app: appDocs,
  auth: authDocs,
  permissions: permissionsDocs,
  credits: creditsDocs,
  notifications: notificationsDocs,
  workspaces: workspacesDocs,
  workspaceSettings: workspaceSettingsDocs,
  signupInfo: signupInfoDocs,
  sidebar: sidebarDocs,
  commandPalette: commandPaletteDocs,
  inboxSelection: inboxSelectionDocs,
  roleEditor: roleEditorDocs,
  team: teamDocs,
  invitations: invitationsDocs,
  roleDeletion: roleDeletionDocs,
  invite: inviteDocs,
  token: tokenDocs,
  setPassword: setPasswordDocs,
  passwordResetRequest: passwordResetRequestDocs,
  passwordReset: passwordResetDocs,
  emailConfirmation: emailConfirmationDocs,
  confirmationResend: confirmationResendDocs,
  unsubscribe: unsubscribeDocs,
  toasts: toastsDocs,
  preferences: preferencesDocs,
  bugReport: bugReportDocs,
  versionCheck: versionCheckDocs,
  connectivity: connectivityDocs,
  errorBoundary: errorBoundaryDocs,
  profileSettings: profileSettingsDocs,
  language: languageDocs,
  sessions: sessionsDocs,
  reverification: reverificationDocs,
  twoFactor: twoFactorDocs,
  passkeys: passkeysDocs,
  passkeySignIn: passkeySignInDocs,
  verificationGate: verificationGateDocs,
  pushPermission: pushPermissionDocs,
  auditLog: auditLogDocs,
  overview: overviewDocs,
  singleSignOn: singleSignOnDocs,
  ssoSignIn: ssoSignInDocs,
  apiKeys: apiKeysDocs,
  webhooks: webhooksDocs,
  webhookDeliveries: webhookDeliveriesDocs,
}
