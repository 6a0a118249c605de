/**
 * The signed-in app's pages other than its landing page (the dashboard), each by the name it
 * exports. The route table (src/routes/tree.tsx) reaches them through this module, which loads on
 * demand: each `import()` here carries its page's preload list (the names of every chunk the page
 * needs, about seventy for the larger settings pages), and those lists stay out of every first load.
 *
 * The cost is one small request before the first of these pages opens; the link prefetch, the
 * router's hover preload and the boot's preload of the address being opened (src/routes/bindings.ts)
 * all load it on the way, so it is usually there before anyone clicks. The same trade as a router's
 * lazily discovered route manifest (docs/decisions.md).
 */
export const appPages = {
  WaitlistPage: () => import('../pages/WaitlistPage.tsx'),
  SignUpInfoPage: () => import('../pages/SignUpInfoPage.tsx'),
  SignOutPage: () => import('../pages/SignOutPage.tsx'),
  RolesPage: () => import('../pages/settings/RolesPage.tsx'),
  RoleEditorPage: () => import('../pages/settings/RoleEditorPage.tsx'),
  TeamPage: () => import('../pages/settings/TeamPage.tsx'),
  InviteMemberPage: () => import('../pages/settings/InviteMemberPage.tsx'),
  AuditLogRoute: () => import('./AuditLogRoute.tsx'),
  DevelopersPage: () => import('../pages/developers/DevelopersPage.tsx'),
  ProfileSettingsPage: () => import('../pages/ProfileSettingsPage.tsx'),
  AccountPage: () => import('../pages/AccountPage.tsx'),
  NotificationSettingsPage: () => import('../pages/NotificationSettingsPage.tsx'),
  BillingPage: () => import('../pages/BillingPage.tsx'),
  WorkspaceSelectionPage: () => import('../pages/WorkspaceSelectionPage.tsx'),
  WorkspaceSettingsPage: () => import('../pages/WorkspaceSettingsPage.tsx'),
  NotificationsPage: () => import('../pages/NotificationsPage.tsx'),
  AppRoutePage: () => import('../pages/RoutePage.tsx'),
}

/** The pages' names, each also the name of the component its module exports. */
export type AppPageName = keyof typeof appPages
