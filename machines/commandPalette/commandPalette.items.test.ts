import { describe, expect, it } from 'vitest'
import { type PaletteSources, RECENT_BONUS, buildPaletteItems, rankItems, withRecent } from './commandPalette.items.ts'

const sources: PaletteSources = {
  pages: [
    { path: '/app/dashboard', title: 'Overview', built: true },
    { path: '/app/calls/overview', title: 'Overview', section: 'Calls', built: false },
    { path: '/app/setting/team', title: 'Team Members', section: 'Account & Billing', built: true },
    { path: '/app/notifications', title: 'Notifications', built: true, keywords: ['inbox'] },
  ],
  settings: [
    { href: '/app/account?tab=security', title: 'Security', page: 'Account', keywords: ['sign-in'] },
    { href: '/app/account?tab=security#sessions-heading', title: 'Sessions', page: 'Account', keywords: ['devices'] },
  ],
  workspaces: [
    { orgId: 'o-globex', name: 'Globex' },
    { orgId: 'o-acme', name: 'Acme Support' },
    { orgId: 'o-beta', name: 'Beta' },
  ],
  currentOrgId: 'o-acme',
  can: { createWorkspace: true, inviteMember: true, reportBug: true, markAllRead: true },
  paths: { invite: '/app/setting/team/invite', signOut: '/app/signout' },
}

const ids = (s: PaletteSources) => buildPaletteItems(s).map((i) => i.id)

describe('buildPaletteItems', () => {
  it('lists the given pages (unbuilt ones marked Soon), the settings sections, the other workspaces by name, then the actions', () => {
    const items = buildPaletteItems(sources)
    expect(items.map((i) => i.id)).toEqual([
      'page:/app/dashboard',
      'page:/app/calls/overview',
      'page:/app/setting/team',
      'page:/app/notifications',
      'setting:/app/account?tab=security',
      'setting:/app/account?tab=security#sessions-heading',
      'workspace:o-beta',
      'workspace:o-globex',
      'action:createWorkspace',
      'action:inviteMember',
      'action:reportBug',
      'action:markAllRead',
      'action:toggleTheme',
      'action:toggleSidebar',
      'action:showShortcuts',
      'action:signOut',
    ])
    expect(items.find((i) => i.id === 'page:/app/calls/overview')).toMatchObject({ soon: true, section: 'Calls' })
    expect(items.find((i) => i.id === 'workspace:o-globex')?.command).toEqual({ kind: 'switchWorkspace', orgId: 'o-globex' })
    expect(items.find((i) => i.id === 'action:inviteMember')?.command).toEqual({ kind: 'navigate', path: '/app/setting/team/invite' })
    expect(items.find((i) => i.id === 'setting:/app/account?tab=security#sessions-heading')).toMatchObject({
      kind: 'setting',
      label: 'Sessions',
      section: 'Account',
      command: { kind: 'navigate', path: '/app/account?tab=security#sessions-heading' },
    })
  })

  it('offers each gated action only when its check allows it; the rest always', () => {
    const none = { createWorkspace: false, inviteMember: false, reportBug: false, markAllRead: false }
    expect(ids({ ...sources, can: none }).filter((id) => id.startsWith('action:'))).toEqual([
      'action:toggleTheme',
      'action:toggleSidebar',
      'action:showShortcuts',
      'action:signOut',
    ])
  })

  it('never offers a page or section it was not given, and no workspaces before the list is loaded', () => {
    expect(ids({ ...sources, pages: [], settings: [], workspaces: null }).filter((id) => !id.startsWith('action:'))).toEqual([])
  })
})

describe('rankItems', () => {
  const items = buildPaletteItems(sources)

  it('without a query: Recent first (only items still offered), then built Pages, Actions, Settings, Workspaces and Coming soon without them', () => {
    const { sections, flat } = rankItems(items, '', ['action:toggleTheme', 'page:/app/gone', 'workspace:o-globex'])
    expect(sections.map((s) => s.label)).toEqual(['Recent', 'Pages', 'Actions', 'Settings', 'Workspaces', 'Coming soon'])
    expect(sections[0]!.items.map((i) => i.id)).toEqual(['action:toggleTheme', 'workspace:o-globex'])
    expect(sections[1]!.items.every((i) => !i.soon)).toBe(true)
    expect(sections.at(-1)!.items.map((i) => i.id)).toEqual(['page:/app/calls/overview'])
    expect(flat.filter((i) => i.id === 'action:toggleTheme')).toHaveLength(1)
    expect(flat).toHaveLength(items.length)
  })

  it("with a query: a page marked 'Soon' comes after every built match, unless it is a recent choice", () => {
    const soonFirst = buildPaletteItems({ ...sources, pages: [{ path: '/app/segments', title: 'Segments', built: false }, { path: '/app/setting/team', title: 'Team Members', built: true }] })
    const pages = (query: string, recent: string[]) => rankItems(soonFirst, query, recent).flat.flatMap((i) => (i.kind === 'page' ? [i.id] : []))
    // 'ts' ends 'Segments' but is only scattered letters in 'Team Members', yet Segments comes after it.
    expect(pages('ts', [])).toEqual(['page:/app/setting/team', 'page:/app/segments'])
    expect(pages('ts', ['page:/app/segments'])).toEqual(['page:/app/segments', 'page:/app/setting/team'])
  })

  it('with a query: only matches, best first, ties in list order', () => {
    const { sections, flat } = rankItems(items, 'overview', [])
    expect(sections.map((s) => s.label)).toEqual(['Results'])
    expect(flat.map((i) => i.id)).toEqual(['page:/app/dashboard', 'page:/app/calls/overview'])
  })

  it('lifts a recent choice among close matches', () => {
    expect(rankItems(items, 'overview', ['page:/app/calls/overview']).flat[0]!.id).toBe('page:/app/calls/overview')
    expect(RECENT_BONUS).toBeLessThan(1000 - 800)
  })

  it('finds by keyword and section', () => {
    expect(rankItems(items, 'dark', []).flat[0]!.id).toBe('action:toggleTheme')
    expect(rankItems(items, 'calls', []).flat.map((i) => i.id)).toContain('page:/app/calls/overview')
    expect(rankItems(items, 'inbox', []).flat[0]!.id).toBe('page:/app/notifications')
    expect(rankItems(items, 'devices', []).flat[0]!.id).toBe('setting:/app/account?tab=security#sessions-heading')
    expect(rankItems(items, 'security', []).flat[0]!.id).toBe('setting:/app/account?tab=security')
    expect(rankItems(items, 'log out', []).flat[0]!.id).toBe('action:signOut')
  })

  it('finds by the names the reader sees, and still by the English ones', () => {
    const german = { 'action:signOut': 'Abmelden', 'page:/app/setting/team': 'Teammitglieder', 'action:toggleTheme': 'Design wechseln' }
    expect(rankItems(items, 'Abmelden', [], german).flat[0]!.id).toBe('action:signOut')
    expect(rankItems(items, 'abmel', [], german).flat.map((i) => i.id)).toEqual(['action:signOut'])
    expect(rankItems(items, 'teammitglieder', [], german).flat[0]!.id).toBe('page:/app/setting/team')
    // The English label and the keywords keep finding it.
    expect(rankItems(items, 'sign out', [], german).flat[0]!.id).toBe('action:signOut')
    expect(rankItems(items, 'dark', [], german).flat[0]!.id).toBe('action:toggleTheme')
    // Without the reader's names, only the English finds it.
    expect(rankItems(items, 'Abmelden', []).flat).toEqual([])
  })
})

describe('withRecent', () => {
  it('puts the choice first, drops its older place and keeps at most the cap', () => {
    expect(withRecent(['a', 'b', 'c'], 'b', 5)).toEqual(['b', 'a', 'c'])
    expect(withRecent(['a', 'b', 'c', 'd', 'e'], 'f', 5)).toEqual(['f', 'a', 'b', 'c', 'd'])
  })
})
