/**
 * No string slips through: the files that speak through the catalogues (TRANSLATED) hold no text
 * a person reads as a literal: no JSX text, and no literal in a JSX attribute people read or hear
 * (`label`, `aria-label`, `title`, `placeholder`, …) or directly in a JSX expression. Every view
 * joins the list as it is translated (docs/i18n.md); a file on it cannot fall back to literals.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { visibleLiterals } from '../../scripts/i18n-visible.ts'
import { describe, expect, it } from 'vitest'

/** The views (and email templates) whose every visible string comes from a catalogue. */
export const TRANSLATED = [
  'src/ui/shell/Header.tsx',
  'src/ui/shell/UserMenu.tsx',
  'src/ui/shell/Sidebar.tsx',
  'src/ui/shell/SidebarNav.tsx',
  'src/ui/shell/SidebarDrawer.tsx',
  'src/ui/shell/CreditsSummary.tsx',
  'src/pages/LanguageSection.tsx',
  'src/pages/DashboardPage.tsx',
  'src/pages/BillingPage.tsx',
  'src/pages/RoutePage.tsx',
  'src/ui/shell/CommandPalette.tsx',
  'src/ui/shell/PaletteDialogs.tsx',
  'src/ui/shell/PaletteHost.tsx',
  'src/ui/shell/ShortcutsHelp.tsx',
  'src/ui/shell/WorkspaceSwitcher.tsx',
  'src/ui/shell/WorkspaceSwitcherPanel.tsx',
  'src/ui/primitives/Dialog/Dialog.tsx',
  'src/ui/primitives/PageHeader/PageHeader.tsx',
  'src/ui/primitives/Select/Select.tsx',
  'src/ui/primitives/Skeleton/Skeleton.tsx',
  'src/ui/primitives/Table/Table.tsx',
  'src/ui/SignInPage.tsx',
  'src/ui/PasskeySignIn.tsx',
  'src/ui/sso/SsoPages.tsx',
  'src/ui/sso/SsoSignIn.tsx',
  'src/ui/botcheck/VerificationOverlay.tsx',
  'src/ui/botcheck/VerificationGate.tsx',
  'src/pages/account/ConfirmEmailPage.tsx',
  'src/pages/account/ForgotPasswordPage.tsx',
  'src/pages/account/ResetPasswordPage.tsx',
  'src/pages/SetPasswordPage.tsx',
  'src/pages/WaitlistPage.tsx',
  'src/pages/WorkspaceSelectionPage.tsx',
  'src/pages/StatusPage.tsx',
  'src/pages/UnauthorizedPage.tsx',
  'src/pages/NotFoundPage.tsx',
  'src/pages/SignOutPage.tsx',
  'src/pages/TwoFactorRequiredPage.tsx',
  'src/ui/Splash.tsx',
  'src/ui/ErrorFallback.tsx',
  'src/ui/UpdatePrompt.tsx',
  'src/ui/SkipLink.tsx',
  'src/ui/FormAlert.tsx',
  'src/ui/ToastRegion.tsx',
  'src/pages/mail/UnsubscribePage.tsx',
  'src/pages/settings/TeamPage.tsx',
  'src/pages/settings/TeamView.tsx',
  'src/pages/settings/InviteMemberPage.tsx',
  'src/pages/settings/InviteMemberView.tsx',
  'src/pages/settings/RolesPage.tsx',
  'src/pages/settings/RoleEditorPage.tsx',
  'src/pages/settings/RoleEditorView.tsx',
  'src/pages/settings/RoleCheckboxes.tsx',
  'src/pages/settings/fields.tsx',
  'src/pages/settings/SingleSignOnSection.tsx',
  'src/pages/WorkspaceSettingsPage.tsx',
  'src/ui/invitations/PendingInvitations.tsx',
  'src/ui/GatedButton.tsx',
  'src/system/invitations.tsx',
  'src/system/invitations-host.tsx',
  'src/ui/shell/NotificationsBell.tsx',
  'src/ui/shell/NotificationsPanel.tsx',
  'src/ui/shell/RowActions.tsx',
  'src/ui/shell/SnoozeMenu.tsx',
  'src/ui/shell/notifications/BulkActionsMenu.tsx',
  'src/ui/shell/notifications/CategoryTabs.tsx',
  'src/ui/shell/notifications/NotificationContent.tsx',
  'src/ui/shell/notifications/NotificationItem.tsx',
  'src/ui/shell/notifications/NotificationList.tsx',
  'src/ui/shell/notifications/NotificationsToolbar.tsx',
  'src/ui/shell/notifications/RowSelect.tsx',
  'src/ui/shell/notifications/VirtualItems.tsx',
  'src/pages/NotificationsPage.tsx',
  'src/pages/NotificationSettingsPage.tsx',
  'src/pages/preferences/PreferenceMatrix.tsx',
  'src/pages/preferences/QuietHoursEditor.tsx',
  'src/pages/preferences/TimeZoneField.tsx',
  'src/pages/preferences/UrgentSoundSetting.tsx',
  'src/ui/push/PushSettings.tsx',
  'src/pages/AccountPage.tsx',
  'src/pages/AccountTabs.tsx',
  'src/pages/ProfileSettingsPage.tsx',
  'src/pages/ProfileTab.tsx',
  'src/pages/security/SecurityTab.tsx',
  'src/pages/security/TwoFactorSection.tsx',
  'src/pages/security/PasskeysSection.tsx',
  'src/pages/security/SessionsSection.tsx',
  'src/pages/security/When.tsx',
  'src/ui/ReverificationDialog.tsx',
  'src/pages/developers/ApiKeysTab.tsx',
  'src/pages/developers/ApiReferenceTab.tsx',
  'src/pages/developers/ApiReferenceViewer.tsx',
  'src/pages/developers/DevelopersPage.tsx',
  'src/pages/developers/WebhookDeliveryLog.tsx',
  'src/pages/developers/WebhookDialogs.tsx',
  'src/pages/developers/WebhooksTab.tsx',
  'src/pages/settings/AuditLogPage.tsx',
  'src/pages/settings/AuditLogView.tsx',
  'server/mail/templates/account.tsx',
  'server/mail/templates/layout.tsx',
  'server/mail/templates/notification.tsx',
] as const

describe('visible strings', () => {
  it('the check finds literal text, attributes and expressions', () => {
    expect(visibleLiterals(`const A = () => <div title="Hello there" aria-hidden="true">Sign out {'Log Out'} {t(m.x)} ⌘K</div>`)).toEqual([
      'title="Hello there"',
      'Sign out',
      "{'Log Out'}",
    ])
  })

  for (const file of TRANSLATED) {
    it(`${file} shows no literal text`, () => {
      expect(visibleLiterals(readFileSync(join(import.meta.dirname, '..', '..', file), 'utf8'))).toEqual([])
    })
  }
})
