/**
 * The sections inside settings pages that a person looks for by name (ours): the account's
 * Security tab and its parts, the workspace's sign-in rules, the Developers tabs. The command
 * palette offers each one the person may open, by its title and the other words people use for
 * it ('2fa', 'devices'), so no one has to know which page and tab hold it.
 *
 * Each `href` opens the page, its tab (`?tab=`) and, where the section has a heading of its own,
 * scrolls to it (`#` the heading's id in its page). There is no language setting, so none is listed.
 */
import type { ResolvedPermissions } from '../../contract/permissions.ts'
import { ACCOUNT_PATH, accountHref } from './account.ts'
import { type Requirement, canAccessPath, meets } from './routes.ts'

export interface SettingsSection {
  /** The section's own heading or tab title, as the page shows it. */
  readonly title: string
  /** Where it is: page path, tab and heading. */
  readonly href: string
  /** The page it is on, shown beside the title. */
  readonly page: string
  /** Other words that find it. */
  readonly keywords: ReadonlyArray<string>
  /** What the section needs beyond its page's route (the page shows it only then). */
  readonly requires?: Requirement
}

const SECURITY = accountHref('security')
const WORKSPACE_SETTINGS = '/app/setting/workspace-settings'
const DEVELOPERS = '/app/developers'

/** Every section, account first (open to everyone), then the workspace's and the developers'. */
export const SETTINGS_SECTIONS: ReadonlyArray<SettingsSection> = [
  { title: 'Profile', href: ACCOUNT_PATH, page: 'Account', keywords: ['name', 'photo', 'avatar', 'picture'] },
  {
    title: 'Language',
    href: `${ACCOUNT_PATH}#language-heading`,
    page: 'Account',
    keywords: ['locale', 'translation', 'english', 'deutsch', 'german', 'español', 'spanish', 'arabic', 'العربية', 'sprache', 'idioma'],
  },
  { title: 'Theme', href: `${ACCOUNT_PATH}#theme-heading`, page: 'Account', keywords: ['appearance', 'dark mode', 'light mode', 'colour', 'color'] },
  { title: 'Security', href: SECURITY, page: 'Account', keywords: ['sign-in', 'account security'] },
  { title: 'Password', href: `${SECURITY}#password-heading`, page: 'Account', keywords: ['change password', 'new password'] },
  {
    title: 'Two-factor authentication',
    href: `${SECURITY}#two-factor-heading`,
    page: 'Account',
    keywords: ['2fa', 'mfa', 'two-step', 'authenticator app', 'recovery codes', 'one-time code', 'totp'],
  },
  { title: 'Passkeys', href: `${SECURITY}#passkeys-heading`, page: 'Account', keywords: ['webauthn', 'face id', 'touch id', 'fingerprint', 'security key'] },
  {
    title: 'Sessions',
    href: `${SECURITY}#sessions-heading`,
    page: 'Account',
    keywords: ['devices', 'browsers', 'signed in', 'sign out of all other sessions'],
  },
  {
    title: 'Require two-factor authentication',
    href: `${WORKSPACE_SETTINGS}#workspace-two-factor`,
    page: 'Workspace Settings',
    keywords: ['workspace security', 'enforce', 'all members'],
  },
  {
    title: 'Single sign-on',
    href: `${WORKSPACE_SETTINGS}#sso-heading`,
    page: 'Workspace Settings',
    keywords: ['sso', 'openid connect', 'oidc', 'identity provider'],
    requires: { anyOf: ['ORGANIZATIONS'], action: 'UPDATE' },
  },
  { title: 'API keys', href: DEVELOPERS, page: 'Developers', keywords: ['token', 'access key', 'secret'] },
  {
    title: 'Webhooks',
    href: `${DEVELOPERS}?tab=webhooks`,
    page: 'Developers',
    keywords: ['endpoints', 'events', 'signing secret', 'deliveries'],
    requires: { anyOf: ['WEBHOOKS'], action: 'READ' },
  },
  { title: 'API reference', href: `${DEVELOPERS}?tab=reference`, page: 'Developers', keywords: ['openapi', 'docs', 'rest'] },
]

/** The path of an href (without its search and hash), as the route table checks it. */
export function pathOf(href: string): string {
  return href.replace(/[?#].*$/, '')
}

/** The sections `permissions` let the person open: their page's route, and the section's own requirement. */
export function visibleSettingsSections(permissions: ResolvedPermissions): SettingsSection[] {
  return SETTINGS_SECTIONS.filter((s) => canAccessPath(pathOf(s.href), permissions) && (s.requires === undefined || meets(s.requires, permissions)))
}
