/**
 * Every /app route of SPEC.md §2.4 (menu) and §2.5 (hidden routes) as data: its path pattern,
 * the permission it needs, and what its page shows. The sidebar, the access gate and the pages
 * all read this one table. Each route says whether its page is built (`built`); the sidebar
 * marks the others 'Soon' and they show an honest empty state.
 *
 * Long file: the one table of every /app route, kept whole so that the menu, the hidden routes
 * and the access rules over them are read (and reviewed) in one place.
 *
 * Rules (SPEC §2.2, §6):
 * - `/app` alone is always allowed; any other /app path must match a route here, else the
 *   Unauthorized page shows.
 * - A pattern ending in `*` matches any suffix (`/app/calls/*` matches `/app/calls/42`).
 * - The most specific match decides: an exact pattern beats a star pattern, a longer star
 *   prefix beats a shorter one (so `/app/reporting/dashboard/create` needs create even though
 *   `/app/reporting/*` needs only read).
 * - Navigation checks use the actions read, create and update only.
 * - `any of` resources: holding the action on one of them is enough (CONTACTS or CONTACTS_FULL).
 *
 * The spec does not say which resource each Calls entry needs; the choices below and why are in
 * docs/permissions.md (Navigation).
 */
import type { PermissionResource } from '../../contract/api.ts'
import { can, type ResolvedPermissions } from '../../contract/permissions.ts'

/** SPEC §6: navigation checks use read, create, update. */
export type NavAction = 'READ' | 'CREATE' | 'UPDATE'

/** What a route needs: an action on any of the resources, or nothing beyond being signed in. */
export type Requirement = { readonly anyOf: ReadonlyArray<PermissionResource>; readonly action: NavAction } | 'signedIn'

/** The icons of the menu groups (lucide-react names, mapped to components in the view). */
export type NavIcon =
  'overview' | 'contacts' | 'agents' | 'calls' | 'dataHub' | 'marketing' | 'touchpoints' | 'integrations' | 'qa' | 'reporting' | 'account' | 'developers'

export interface RouteInfo {
  /** Path pattern; a trailing `*` matches any suffix. */
  readonly pattern: string
  readonly title: string
  readonly requires: Requirement
  /** Breadcrumb trail above the title (group names). */
  readonly section?: string
  /**
   * True when the route has a page of its own (src/routes/tree.tsx); false when it shows
   * the 'Soon' empty state of src/pages/RoutePage.tsx. Derived from {@link BUILT_PATTERNS} for every
   * route of the tables below (optional only so that a route made up elsewhere, e.g. in a test, need not say).
   */
  readonly built?: boolean
}

/** A route as the tables below write it; `built` is derived (see {@link withBuilt}). */
type RouteSpec = Omit<RouteInfo, 'built'>

/**
 * The patterns whose page is built, i.e. that src/routes/tree.tsx gives a page of its
 * own instead of the catch-all `AppRoutePage` (src/pages/RoutePage.tsx, the 'Soon' empty state).
 * routes.test.ts checks this list against the route tree, so the two cannot drift apart.
 */
export const BUILT_PATTERNS: ReadonlySet<string> = new Set([
  '/app/dashboard',
  '/app/waitlist',
  '/app/sign-up-info',
  '/app/signout',
  '/app/workspace-selection',
  '/app/auth-callback/*',
  '/app/setting/profile-settings',
  '/app/setting/workspace-settings',
  '/app/setting/team',
  '/app/setting/team/invite',
  '/app/setting/roles',
  '/app/setting/roles/create-role',
  '/app/setting/roles/*',
  '/app/setting/audit-log',
  '/app/billing',
  '/app/notifications',
  '/app/notification-settings',
  '/app/notifications/settings',
  '/app/account',
  '/app/developers',
])

/** A route spec with its derived `built` flag. */
function withBuilt<R extends RouteSpec>(route: R): R & { readonly built: boolean } {
  return { ...route, built: BUILT_PATTERNS.has(route.pattern) }
}

const read = (...anyOf: PermissionResource[]): Requirement => ({ anyOf, action: 'READ' })
const create = (...anyOf: PermissionResource[]): Requirement => ({ anyOf, action: 'CREATE' })
const update = (...anyOf: PermissionResource[]): Requirement => ({ anyOf, action: 'UPDATE' })
const CONTACTS: PermissionResource[] = ['CONTACTS', 'CONTACTS_FULL']

export interface NavEntry extends RouteInfo {
  /** The menu link (an exact path). */
  readonly pattern: `/app${string}`
  readonly built: boolean
}

export interface NavGroup {
  readonly label: string
  readonly icon: NavIcon
  readonly entries: ReadonlyArray<NavEntry>
}

type NavEntrySpec = Omit<NavEntry, 'built'>
interface NavGroupSpec extends Omit<NavGroup, 'entries'> {
  readonly entries: ReadonlyArray<NavEntrySpec>
}

/** SPEC §2.4: the sidebar, in order, as written; {@link NAVIGATION} adds each entry's `built` flag. */
const NAVIGATION_TABLE: ReadonlyArray<NavGroupSpec> = [
  {
    label: 'Overview',
    icon: 'overview',
    entries: [{ pattern: '/app/dashboard', title: 'Overview', requires: read('GENERAL') }],
  },
  {
    label: 'Contacts',
    icon: 'contacts',
    entries: [
      {
        pattern: '/app/contacts',
        title: 'All Contacts (Agent)',
        requires: read(...CONTACTS),
      },
      {
        pattern: '/app/core-contacts',
        title: 'Core Contacts',
        requires: read(...CONTACTS),
      },
      {
        pattern: '/app/segments',
        title: 'Segments',
        requires: read(...CONTACTS),
      },
    ],
  },
  {
    label: 'AI Agents Studio',
    icon: 'agents',
    entries: [
      {
        pattern: '/app/agent-internal',
        title: 'All Agents',
        requires: read('AGENTS'),
      },
      {
        pattern: '/app/data-source',
        title: 'Knowledge Base',
        requires: read('DATA_STORAGE'),
      },
      {
        pattern: '/app/voice-agents',
        title: 'Voice Agents',
        requires: read('AGENTS'),
      },
    ],
  },
  {
    label: 'Calls',
    icon: 'calls',
    entries: [
      { pattern: '/app/calls/overview', title: 'Overview', requires: read('REPORTS') },
      {
        pattern: '/app/calls/list',
        title: 'Calls List',
        requires: read('ORG_AGENTS'),
      },
      {
        pattern: '/app/calls/voice-agents',
        title: 'Voice Agents',
        requires: read('AGENTS'),
      },
      {
        pattern: '/app/calls/analysis-settings',
        title: 'Analysis Settings',
        requires: read('SETTINGS'),
      },
      {
        pattern: '/app/calls/integrations',
        title: 'Integrations',
        requires: read('INTEGRATIONS'),
      },
    ],
  },
  {
    label: 'Data Hub',
    icon: 'dataHub',
    entries: [
      {
        pattern: '/app/data-hub/data-model',
        title: 'Data Model',
        requires: read('SCHEMAS'),
      },
    ],
  },
  {
    label: 'Marketing Assets',
    icon: 'marketing',
    entries: [
      {
        pattern: '/app/marketing-assets',
        title: 'Assets',
        requires: read('MARKETING_ASSETS'),
      },
      {
        pattern: '/app/marketing-assets/integrations',
        title: 'Integrations',
        requires: read('MARKETING_ASSETS'),
      },
    ],
  },
  {
    label: 'Touchpoints',
    icon: 'touchpoints',
    entries: [
      {
        pattern: '/app/channels',
        title: 'Connected Touchpoints',
        requires: read('COMMUNICATION_CHANNELS'),
      },
      {
        pattern: '/app/channels/templates',
        title: 'Message Templates',
        requires: read('MESSAGE_TEMPLATES'),
      },
    ],
  },
  {
    label: 'Integrations',
    icon: 'integrations',
    entries: [
      {
        pattern: '/app/integrations',
        title: 'Connected Apps',
        requires: read('INTEGRATIONS'),
      },
      {
        pattern: '/app/integration-apps/ad-account',
        title: 'Ad Accounts',
        requires: read('AD_ACCOUNTS'),
      },
      {
        pattern: '/app/integration-apps/installed-apps',
        title: 'Private Apps',
        requires: read('INTEGRATIONS'),
      },
    ],
  },
  {
    label: 'Guardrails / QA',
    icon: 'qa',
    entries: [
      { pattern: '/app/qa/dashboard', title: 'QA Dashboard', requires: read('QA') },
      {
        pattern: '/app/agent-test-manager',
        title: 'Agent Test Manager',
        requires: read('QA'),
      },
    ],
  },
  {
    label: 'Reporting',
    icon: 'reporting',
    entries: [
      {
        pattern: '/app/reporting/dashboard',
        title: 'Dashboard',
        requires: read('REPORTS'),
      },
      {
        pattern: '/app/reporting/report',
        title: 'Reports',
        requires: read('REPORTS'),
      },
    ],
  },
  {
    label: 'Account & Billing',
    icon: 'account',
    entries: [
      {
        pattern: '/app/setting/profile-settings',
        title: 'Profile Settings',
        requires: read('USERS'),
      },
      {
        pattern: '/app/setting/workspace-settings',
        title: 'Workspace Settings',
        requires: read('ORGANIZATIONS'),
      },
      { pattern: '/app/setting/team', title: 'Team Members', requires: read('TEAM_MEMBERS') },
      { pattern: '/app/setting/roles', title: 'User Roles', requires: read('PERMISSION_SETS') },
      // Audit log (ours, not in the spec): who did what in this workspace; the API asks for the same permission.
      { pattern: '/app/setting/audit-log', title: 'Audit log', requires: read('ORGANIZATIONS') },
      { pattern: '/app/billing', title: 'Billing', requires: read('BILLING') },
    ],
  },
  {
    label: 'Developers',
    icon: 'developers',
    entries: [
      {
        pattern: '/app/developers',
        title: 'Developers',
        requires: read('API_KEYS'),
      },
    ],
  },
]

/** SPEC §2.4: the sidebar, in order. A group with one entry is a plain link. */
export const NAVIGATION: ReadonlyArray<NavGroup> = NAVIGATION_TABLE.map((g) => ({ ...g, entries: g.entries.map(withBuilt) }))

/** Paths every signed-in member may open, whatever their sets (they must be able to leave). */
const SIGNED_IN: ReadonlyArray<RouteSpec> = [
  { pattern: '/app/signout', title: 'Sign out', requires: 'signedIn' },
  { pattern: '/app/waitlist', title: 'Waitlist', requires: 'signedIn' },
  { pattern: '/app/sign-up-info', title: 'Sign-up details', requires: 'signedIn' },
  { pattern: '/app/workspace-selection', title: 'Choose a workspace', requires: 'signedIn' },
  { pattern: '/app/auth-callback/*', title: 'Connecting…', requires: 'signedIn' },
  // Ours: everyone's own profile, security and notifications (src/navigation/account.ts), whatever their sets.
  { pattern: '/app/account', title: 'Account', requires: 'signedIn' },
]

/**
 * SPEC §2.4: the group paths shown in the table, `Calls (/app/calls)` and `Guardrails / QA (/app/qa)`,
 * that are not menu entries themselves. Each opens for anyone who may read one of its group's entries.
 */
const GROUP_ROUTES: ReadonlyArray<RouteSpec> = [
  {
    pattern: '/app/calls',
    title: 'Calls',
    requires: read('REPORTS', 'ORG_AGENTS', 'AGENTS', 'SETTINGS', 'INTEGRATIONS'),
  },
  { pattern: '/app/qa', title: 'Guardrails / QA', requires: read('QA') },
]

/** SPEC §2.5: hidden routes, reachable when permitted, not in the menu. */
const HIDDEN_ROUTE_TABLE: ReadonlyArray<RouteSpec> = [
  // Contacts
  {
    pattern: '/app/execution-history/*',
    title: 'Execution History',
    section: 'Contacts',
    requires: read('ORG_AGENTS'),
  },
  {
    pattern: '/app/execution-history-v2/*',
    title: 'Execution History',
    section: 'Contacts',
    requires: read('ORG_AGENTS'),
  },
  {
    pattern: '/app/contacts/timeline/*',
    title: 'Contact Timeline',
    section: 'Contacts',
    requires: read(...CONTACTS),
  },
  {
    pattern: '/app/core-contacts/timeline/*',
    title: 'Contact Timeline',
    section: 'Contacts',
    requires: read(...CONTACTS),
  },
  // Agents
  {
    pattern: '/app/flow-editor/new',
    title: 'New Agent Flow',
    section: 'AI Agents Studio',
    requires: create('AGENTS'),
  },
  {
    pattern: '/app/flow-editor-old/new',
    title: 'New Agent Flow',
    section: 'AI Agents Studio',
    requires: create('AGENTS'),
  },
  {
    pattern: '/app/flow-editor/*',
    title: 'Agent Flow',
    section: 'AI Agents Studio',
    requires: update('AGENTS'),
  },
  {
    pattern: '/app/flow-editor-old/*',
    title: 'Agent Flow',
    section: 'AI Agents Studio',
    requires: update('AGENTS'),
  },
  // Calls
  {
    pattern: '/app/calls/*',
    title: 'Call Details',
    section: 'Calls',
    requires: read('ORG_AGENTS'),
  },
  // SPEC §2.4 group paths that are not entries themselves: open to whoever may open one of the group's entries.
  ...GROUP_ROUTES,
  // Data Hub
  {
    pattern: '/app/data-hub/data-model/*',
    title: 'Object',
    section: 'Data Hub',
    requires: read('SCHEMAS'),
  },
  // Marketing
  {
    pattern: '/app/marketing-assets/asset/*',
    title: 'Asset',
    section: 'Marketing Assets',
    requires: read('MARKETING_ASSETS'),
  },
  // Reporting
  {
    pattern: '/app/reporting/dashboard/create',
    title: 'New Dashboard',
    section: 'Reporting',
    requires: create('REPORTS'),
  },
  {
    pattern: '/app/reporting/dashboard/edit/*',
    title: 'Edit Dashboard',
    section: 'Reporting',
    requires: update('REPORTS'),
  },
  {
    pattern: '/app/reporting/dashboard/*',
    title: 'Dashboard',
    section: 'Reporting',
    requires: read('REPORTS'),
  },
  {
    pattern: '/app/reporting/report/create',
    title: 'New Report',
    section: 'Reporting',
    requires: create('REPORTS'),
  },
  {
    pattern: '/app/reporting/report/templates',
    title: 'Report Templates',
    section: 'Reporting',
    requires: read('REPORTS'),
  },
  {
    pattern: '/app/reporting/report/*',
    title: 'Edit Report',
    section: 'Reporting',
    requires: update('REPORTS'),
  },
  {
    pattern: '/app/reporting/*',
    title: 'Reporting',
    section: 'Reporting',
    requires: read('REPORTS'),
  },
  // Settings
  { pattern: '/app/setting/team/invite', title: 'Invite Team Member', section: 'Account & Billing', requires: create('TEAM_MEMBERS') },
  { pattern: '/app/setting/roles/create-role', title: 'Create Role', section: 'Account & Billing', requires: create('PERMISSION_SETS') },
  { pattern: '/app/setting/roles/*', title: 'Edit Role', section: 'Account & Billing', requires: update('PERMISSION_SETS') },
  // General
  ...SIGNED_IN,
  { pattern: '/app/marketing-tools/*', title: 'Marketing Tools', requires: read('GENERAL') },
  { pattern: '/app/company', title: 'Company', requires: read('GENERAL') },
  { pattern: '/app/custom-app/*', title: 'Custom App', requires: read('GENERAL') },
  { pattern: '/app/dashboard-new', title: 'Overview', requires: read('GENERAL') },
  { pattern: '/app/dashboard-v2', title: 'Overview', requires: read('GENERAL') },
  { pattern: '/app/release-notes', title: 'Release Notes', requires: read('GENERAL') },
  { pattern: '/app/obs-logs/*', title: 'Logs', requires: read('GENERAL') },
  { pattern: '/app/DEFAULT/onboarding', title: 'Welcome to Engage', requires: read('GENERAL') },
  { pattern: '/app/CTWA/*', title: 'Click-to-WhatsApp', requires: read('GENERAL') },
  { pattern: '/app/CREATOR/*', title: 'Creator', requires: read('GENERAL') },
  { pattern: '/app/SUPEHR/onboarding', title: 'Welcome to Engage', requires: read('GENERAL') },
  {
    pattern: '/app/notification-settings',
    title: 'Notification Settings',
    requires: read('GENERAL'),
  },
  { pattern: '/app/notifications', title: 'Notifications', requires: read('GENERAL') },
  {
    pattern: '/app/notifications/settings',
    title: 'Notification Settings',
    requires: read('GENERAL'),
  },
]

/** SPEC §2.5: hidden routes, reachable when permitted, not in the menu (with their `built` flag). */
export const HIDDEN_ROUTES: ReadonlyArray<RouteInfo> = HIDDEN_ROUTE_TABLE.map(withBuilt)

/** Every /app route, menu entries first (with their group as section). */
export const APP_ROUTES: ReadonlyArray<RouteInfo> = [
  ...NAVIGATION.flatMap((g) => g.entries.map((e) => ({ ...e, section: e.section ?? (g.entries.length > 1 ? g.label : undefined) }))),
  ...HIDDEN_ROUTES,
]

/** True when `pattern` matches `pathname` (SPEC §2.2: a trailing star matches any suffix). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  return pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern
}

function specificity(pattern: string): number {
  // Exact patterns outrank every star pattern; longer star prefixes outrank shorter ones.
  return pattern.endsWith('*') ? pattern.length : 10_000 + pattern.length
}

/** The route deciding access to `pathname`: its most specific matching pattern, or undefined. */
export function routeFor(pathname: string): RouteInfo | undefined {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname
  let best: RouteInfo | undefined
  for (const route of APP_ROUTES) {
    if (matchesPattern(route.pattern, path) && (!best || specificity(route.pattern) > specificity(best.pattern))) best = route
  }
  return best
}

/** Whether `permissions` satisfy a requirement. */
export function meets(requirement: Requirement, permissions: ResolvedPermissions): boolean {
  if (requirement === 'signedIn') return true
  return requirement.anyOf.some((resource) => can(permissions, resource, requirement.action))
}

/** SPEC §2.2 access gate for an /app path: /app alone always; else the deciding route's requirement. */
export function canAccessPath(pathname: string, permissions: ResolvedPermissions): boolean {
  if (pathname === '/app' || pathname === '/app/') return true
  const route = routeFor(pathname)
  return route !== undefined && meets(route.requires, permissions)
}

/** SPEC §2.4/§6: the menu as `permissions` allow it; groups with no visible entry are dropped. */
export function visibleNavigation(permissions: ResolvedPermissions): NavGroup[] {
  return NAVIGATION.map((g) => ({ ...g, entries: g.entries.filter((e) => meets(e.requires, permissions)) })).filter((g) => g.entries.length > 0)
}

/**
 * SPEC §2.6: the menu entry to highlight for `pathname`: the entry whose path is the longest
 * prefix of it (so /app/calls/42 highlights nothing more specific than a Calls entry would).
 */
export function activeEntry(pathname: string, groups: ReadonlyArray<NavGroup> = NAVIGATION): NavEntry | undefined {
  let best: NavEntry | undefined
  for (const entry of groups.flatMap((g) => g.entries)) {
    const hit = pathname === entry.pattern || pathname.startsWith(`${entry.pattern}/`)
    if (hit && (!best || entry.pattern.length > best.pattern.length)) best = entry
  }
  return best
}

/**
 * The label of the menu group holding the entry `activeEntry(pathname)` highlights, or
 * null when no entry does (a hidden route outside every group, e.g. /app/notifications). The
 * sidebar opens this group when the path changes (`sidebar.routeChanged`).
 */
export function activeGroup(pathname: string, groups: ReadonlyArray<NavGroup> = NAVIGATION): string | null {
  const entry = activeEntry(pathname, groups)
  return entry ? (groups.find((g) => g.entries.includes(entry))?.label ?? null) : null
}
