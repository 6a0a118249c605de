import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { PermissionSet } from '../../contract/api.ts'
import { NO_PERMISSIONS, resolvePermissions } from '../../contract/permissions.ts'
import { APP_ROUTES, BUILT_PATTERNS, NAVIGATION, activeEntry, activeGroup, canAccessPath, matchesPattern, routeFor, visibleNavigation } from './routes.ts'

const set = (id: string, permissions: PermissionSet['permissions'], key: string | null = null): PermissionSet => ({
  _id: id,
  permission_set_key: key,
  name: id,
  description: '',
  is_system: key !== null,
  permissions,
})
const sets = [
  set('sa', [], 'SUPER_ADMIN'),
  set('agent', [
    { resource: 'CONTACTS', actions: ['READ'], conditions: {} },
    { resource: 'AGENTS', actions: ['READ'], conditions: {} },
  ]),
  set('reports-reader', [{ resource: 'REPORTS', actions: ['READ'], conditions: {} }]),
  set('reports-editor', [{ resource: 'REPORTS', actions: ['READ', 'UPDATE'], conditions: {} }]),
]
const agent = resolvePermissions(['agent'], sets)
const admin = resolvePermissions(['SUPER_ADMIN'], sets)

describe('route patterns (SPEC §2.2)', () => {
  it('a trailing star matches any suffix; other patterns match exactly', () => {
    expect(matchesPattern('/app/calls/*', '/app/calls/42')).toBe(true)
    expect(matchesPattern('/app/calls/*', '/app/calls/42/notes')).toBe(true)
    expect(matchesPattern('/app/calls/*', '/app/calls')).toBe(false)
    expect(matchesPattern('/app/billing', '/app/billing/x')).toBe(false)
  })

  it('the most specific route decides', () => {
    expect(routeFor('/app/reporting/dashboard/create')?.requires).toEqual({ anyOf: ['REPORTS'], action: 'CREATE' })
    expect(routeFor('/app/reporting/dashboard/edit/7')?.requires).toEqual({ anyOf: ['REPORTS'], action: 'UPDATE' })
    expect(routeFor('/app/reporting/dashboard/7')?.requires).toEqual({ anyOf: ['REPORTS'], action: 'READ' })
    expect(routeFor('/app/reporting/report/templates')?.requires).toEqual({ anyOf: ['REPORTS'], action: 'READ' })
    expect(routeFor('/app/reporting/report/9')?.requires).toEqual({ anyOf: ['REPORTS'], action: 'UPDATE' })
    expect(routeFor('/app/reporting/anything')?.requires).toEqual({ anyOf: ['REPORTS'], action: 'READ' })
    expect(routeFor('/app/calls/overview')?.title).toBe('Overview')
    expect(routeFor('/app/calls/123')?.title).toBe('Call Details')
    expect(routeFor('/app/setting/roles/create-role')?.title).toBe('Create Role')
    expect(routeFor('/app/setting/roles/abc')?.title).toBe('Edit Role')
  })

  it('ignores a trailing slash', () => {
    expect(routeFor('/app/billing/')?.title).toBe('Billing')
  })

  it('has no duplicate patterns', () => {
    const patterns = APP_ROUTES.map((r) => r.pattern)
    expect(new Set(patterns).size).toBe(patterns.length)
  })
})

describe('access gate', () => {
  it('/app alone is always allowed, even with no permissions', () => {
    expect(canAccessPath('/app', NO_PERMISSIONS)).toBe(true)
  })
  it('an unknown /app path is denied to everyone, super-admin included', () => {
    expect(canAccessPath('/app/nowhere', admin)).toBe(false)
  })
  it('sign-out, waitlist and workspace selection need only a session', () => {
    for (const p of ['/app/signout', '/app/waitlist', '/app/sign-up-info', '/app/workspace-selection']) expect(canAccessPath(p, NO_PERMISSIONS)).toBe(true)
  })
  it('the agent reaches contacts and agents, not billing; the admin reaches everything listed', () => {
    expect(canAccessPath('/app/contacts', agent)).toBe(true)
    expect(canAccessPath('/app/contacts/timeline/5', agent)).toBe(true)
    expect(canAccessPath('/app/agent-internal', agent)).toBe(true)
    expect(canAccessPath('/app/flow-editor/new', agent)).toBe(false)
    expect(canAccessPath('/app/billing', agent)).toBe(false)
    expect(canAccessPath('/app/dashboard', agent)).toBe(true)
    for (const r of APP_ROUTES) expect(canAccessPath(r.pattern.replace('*', 'x'), admin)).toBe(true)
  })
  it('create and update routes need those actions (navigation checks use read, create, update)', () => {
    const reader = resolvePermissions(['reports-reader'], sets)
    const editor = resolvePermissions(['reports-editor'], sets)
    expect(canAccessPath('/app/reporting/dashboard/edit/1', reader)).toBe(false)
    expect(canAccessPath('/app/reporting/dashboard/edit/1', editor)).toBe(true)
    expect(canAccessPath('/app/reporting/dashboard/create', editor)).toBe(false)
  })
  it('the audit log opens with ORGANIZATIONS read only, and is listed under Account & Billing', () => {
    const orgReader = resolvePermissions(['o'], [set('o', [{ resource: 'ORGANIZATIONS', actions: ['READ'], conditions: {} }])])
    expect(canAccessPath('/app/setting/audit-log', orgReader)).toBe(true)
    expect(canAccessPath('/app/setting/audit-log', agent)).toBe(false)
    expect(visibleNavigation(orgReader).flatMap((g) => g.entries.map((e) => `${g.label} / ${e.title}`))).toContain('Account & Billing / Audit log')
    expect(activeEntry('/app/setting/audit-log')?.title).toBe('Audit log')
  })
  it('/app/account opens for every signed-in member, whatever their sets; Profile Settings keeps its USERS read gate', () => {
    for (const permissions of [NO_PERMISSIONS, agent, admin]) expect(canAccessPath('/app/account', permissions)).toBe(true)
    expect(routeFor('/app/account')).toMatchObject({ title: 'Account', requires: 'signedIn', built: true })
    expect(canAccessPath('/app/setting/profile-settings', agent)).toBe(false)
    expect(canAccessPath('/app/setting/profile-settings', admin)).toBe(true)
    // Not a menu entry: the user menu and the command palette lead there.
    expect(NAVIGATION.flatMap((g) => g.entries.map((e) => e.pattern))).not.toContain('/app/account')
  })
  it('CONTACTS_FULL alone also opens the contact pages', () => {
    const full = resolvePermissions(['f'], [set('f', [{ resource: 'CONTACTS_FULL', actions: ['READ'], conditions: {} }])])
    expect(canAccessPath('/app/contacts', full)).toBe(true)
  })
})

describe('menu', () => {
  it('shows the agent only Overview, the contact entries and the agent entries', () => {
    const titles = visibleNavigation(agent).flatMap((g) => g.entries.map((e) => `${g.label} / ${e.title}`))
    expect(titles).toEqual([
      'Overview / Overview',
      'Contacts / All Contacts (Agent)',
      'Contacts / Core Contacts',
      'Contacts / Segments',
      'AI Agents Studio / All Agents',
      'AI Agents Studio / Voice Agents',
      'Calls / Voice Agents',
    ])
  })
  it('shows the super-admin every entry', () => {
    expect(visibleNavigation(admin)).toEqual(NAVIGATION)
  })
  it('shows nothing without permissions', () => {
    expect(visibleNavigation(NO_PERMISSIONS)).toEqual([])
  })
  it('highlights the entry whose route matches the current path', () => {
    expect(activeEntry('/app/channels/templates')?.title).toBe('Message Templates')
    expect(activeEntry('/app/channels')?.title).toBe('Connected Touchpoints')
    expect(activeEntry('/app/contacts/timeline/3')?.title).toBe('All Contacts (Agent)')
    expect(activeEntry('/app/setting/roles/create-role')?.title).toBe('User Roles')
    expect(activeEntry('/app/nowhere')).toBeUndefined()
  })
})

describe('built pages and the Soon mark', () => {
  /** The /app paths src/routes/tree.tsx gives a page of their own, as route-table patterns (`$param` is `*`). */
  function pagesOfTheRouteTree(): string[] {
    const source = readFileSync(new URL('../routes/tree.tsx', import.meta.url), 'utf8')
    const appPart = source.slice(source.indexOf('const appRoute ='), source.indexOf('const routeTree ='))
    const paths = [...appPart.matchAll(/'(\/[^'\s]*)'/g)].map((m) => m[1] as string)
    return paths.filter((p) => p !== '/' && p !== '/$' && p !== '/app' && !p.startsWith('/app/')).map((p) => `/app${p}`.replace(/\/\$[A-Za-z]*$/, '/*'))
  }

  it('marks built exactly the routes the route tree gives a page of their own', () => {
    expect(new Set(pagesOfTheRouteTree())).toEqual(BUILT_PATTERNS)
    for (const pattern of BUILT_PATTERNS)
      expect(
        APP_ROUTES.some((r) => r.pattern === pattern),
        pattern,
      ).toBe(true)
  })

  it('flags every route: Overview and the settings pages are built, the sections of later releases are not', () => {
    const built = (path: string) => routeFor(path)?.built
    for (const p of ['/app/dashboard', '/app/setting/team', '/app/setting/roles/abc', '/app/billing', '/app/notifications', '/app/developers']) expect(built(p), p).toBe(true)
    for (const p of ['/app/contacts', '/app/agent-internal', '/app/calls/list', '/app/calls/42', '/app/reporting/report'])
      expect(built(p), p).toBe(false)
    const soonGroups = NAVIGATION.filter((g) => g.entries.every((e) => !e.built)).map((g) => g.label)
    expect(soonGroups).toEqual([
      'Contacts',
      'AI Agents Studio',
      'Calls',
      'Data Hub',
      'Marketing Assets',
      'Touchpoints',
      'Integrations',
      'Guardrails / QA',
      'Reporting',
    ])
  })

  it('names the group of the current page, for the sidebar to open it', () => {
    expect(activeGroup('/app/setting/team')).toBe('Account & Billing')
    expect(activeGroup('/app/setting/roles/create-role')).toBe('Account & Billing')
    expect(activeGroup('/app/calls/list')).toBe('Calls')
    expect(activeGroup('/app/dashboard')).toBe('Overview')
    expect(activeGroup('/app/notifications')).toBeNull()
  })
})
