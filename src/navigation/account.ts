/**
 * Everyone's own account (ours: docs/api.md "/app/account"): the route every signed-in person may
 * open whatever their permission sets, with the tabs Profile, Security and Notifications. The tab
 * is the address's `tab` search param, as on Profile Settings (`/app/account?tab=security`).
 * The user menu and the command palette link here; a workspace that requires two-factor
 * authentication sends a member without it to its Security tab (src/routes/guards.ts).
 */

/** The route (src/navigation/routes.ts: requires only a session). */
export const ACCOUNT_PATH = '/app/account'

/** The tabs, in order, by their `tab` search value. */
export const ACCOUNT_TABS = ['profile', 'security', 'notifications'] as const
export type AccountTab = (typeof ACCOUNT_TABS)[number]

/** The tab a `tab` search value opens: the Profile tab for anything else (missing, unknown). */
export function accountTabOf(tab: unknown): AccountTab {
  return (ACCOUNT_TABS as ReadonlyArray<unknown>).includes(tab) ? (tab as AccountTab) : 'profile'
}

/** The address of a tab: the Profile tab is the bare path. */
export function accountHref(tab: AccountTab): string {
  return tab === 'profile' ? ACCOUNT_PATH : `${ACCOUNT_PATH}?tab=${tab}`
}

/** Where a member whose workspace requires two-factor authentication, and who has not turned it on, is sent. */
export const ACCOUNT_SECURITY_HREF = accountHref('security')
