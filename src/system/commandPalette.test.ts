// @vitest-environment jsdom
import { type AnyActorLogic, createActor, createMachine } from 'xstate'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PermissionSet } from '../../contract/api.ts'
import { resolvePermissions } from '../../contract/permissions.ts'
import { buildPaletteItems } from '../../machines/commandPalette/commandPalette.items.ts'
import { permissionsActorFor } from '../../stories/permissions-actor.tsx'
import { PALETTE_RECENT_KEY_PREFIX, readPaletteRecent, writePaletteRecent } from '../platform/palette-recent.ts'
import { paletteShortcutsListener } from './commandPalette.ts'
import { type CommandTargets, type PaletteSourceInputs, paletteSources, runPaletteCommand, watchPaletteItems } from './commandPalette.ts'

function run(logic: AnyActorLogic) {
  const received: unknown[] = []
  const parent = createActor(createMachine({ invoke: { src: logic }, on: { '*': { actions: ({ event }) => void received.push(event) } } })).start()
  return { received, stop: () => parent.stop() }
}

function press(target: EventTarget, init: KeyboardEventInit) {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(event)
  return event
}

afterEach(() => {
  document.body.innerHTML = ''
  localStorage.clear()
})

const superAdmin: PermissionSet = { _id: 's', permission_set_key: 'SUPER_ADMIN', name: 'Super Admin', description: '', is_system: true, permissions: [] }
const agent: PermissionSet = {
  _id: 'a',
  permission_set_key: null,
  name: 'Support Agent',
  description: '',
  is_system: false,
  permissions: [
    { resource: 'GENERAL', actions: ['READ'], conditions: {} },
    { resource: 'CONTACTS', actions: ['READ'], conditions: {} },
    { resource: 'AGENTS', actions: ['READ'], conditions: {} },
  ],
}

const base: Omit<PaletteSourceInputs, 'permissions'> = {
  workspaces: [
    { org_id: 'o-acme', org_name: 'Acme Support' },
    { org_id: 'o-globex', org_name: 'Globex' },
    { org_id: 'o-nameless', org_name: null },
  ],
  currentOrgId: 'o-acme',
  hasWorkspaces: true,
  unreadCount: 2,
  pathname: '/app/dashboard',
  bugReportHidden: false,
}

const itemsFor = (sets: PermissionSet[], inputs: Partial<PaletteSourceInputs> = {}) =>
  buildPaletteItems(paletteSources({ ...base, permissions: resolvePermissions(sets.map((s) => s.permission_set_key ?? s._id), sets), ...inputs }))

describe('commandPalette sources (permissions)', () => {
  it('offers a super admin every menu page, unbuilt ones marked Soon, plus the notification pages', () => {
    const items = itemsFor([superAdmin])
    const pages = items.filter((i) => i.kind === 'page')
    expect(pages.map((p) => p.id)).toEqual(expect.arrayContaining(['page:/app/setting/team', 'page:/app/setting/roles', 'page:/app/billing', 'page:/app/notifications']))
    expect(pages.find((p) => p.id === 'page:/app/contacts')?.soon).toBe(true)
    expect(pages.find((p) => p.id === 'page:/app/setting/team')?.soon).toBeUndefined()
    expect(items.map((i) => i.id)).toContain('action:inviteMember')
  })

  it('never offers a member a page or action their permissions forbid', () => {
    const items = itemsFor([agent])
    const ids = items.map((i) => i.id)
    for (const forbidden of ['page:/app/setting/team', 'page:/app/setting/roles', 'page:/app/billing', 'page:/app/setting/audit-log', 'action:inviteMember']) {
      expect(ids).not.toContain(forbidden)
    }
    expect(ids).toEqual(expect.arrayContaining(['page:/app/dashboard', 'page:/app/contacts', 'page:/app/agent-internal']))
    // Their own account is everyone's, whatever their sets.
    expect(items.find((i) => i.id === 'page:/app/account')).toMatchObject({ label: 'Account', command: { kind: 'navigate', path: '/app/account' } })
    // Every page offered passes the sidebar's own check.
    expect(items.filter((i) => i.kind === 'page').every((i) => i.command.kind === 'navigate')).toBe(true)
  })

  it('lists other named workspaces only, and gates the bug report and mark-all-read as their homes do', () => {
    const ids = itemsFor([agent]).map((i) => i.id)
    expect(ids.filter((id) => id.startsWith('workspace:'))).toEqual(['workspace:o-globex'])
    const gated = itemsFor([agent], { pathname: '/app/integrations', unreadCount: 0 }).map((i) => i.id)
    expect(gated).not.toContain('action:reportBug')
    expect(gated).not.toContain('action:markAllRead')
    expect(itemsFor([agent], { bugReportHidden: true }).map((i) => i.id)).not.toContain('action:reportBug')
  })
})

describe('commandPalette listener (DOM)', () => {
  it('Scenario: Ctrl+K and Cmd+K toggle the palette and "?" opens the help, the browser kept from its own use', () => {
    const { received, stop } = run(paletteShortcutsListener(window))
    const ctrl = press(document.body, { key: 'k', ctrlKey: true })
    press(document.body, { key: 'K', metaKey: true })
    const help = press(document.body, { key: '?', shiftKey: true })
    expect(received).toEqual([{ type: 'palette.toggle' }, { type: 'palette.toggle' }, { type: 'shortcuts.open' }])
    expect(ctrl.defaultPrevented && help.defaultPrevented).toBe(true)
    stop()
    press(document.body, { key: 'k', ctrlKey: true })
    expect(received).toHaveLength(3)
  })

  it('Scenario: Ctrl+K and "?" typed in a text field are left alone', () => {
    document.body.innerHTML = '<input /><textarea></textarea><div contenteditable="true"><p>text</p></div>'
    const { received, stop } = run(paletteShortcutsListener(window))
    for (const target of ['input', 'textarea', 'div[contenteditable] p'].map((s) => document.querySelector(s)!)) {
      expect(press(target, { key: 'k', ctrlKey: true }).defaultPrevented).toBe(false)
      expect(press(target, { key: '?', shiftKey: true }).defaultPrevented).toBe(false)
    }
    expect(received).toEqual([])
    stop()
  })

  it('Scenario: Ctrl+Shift+K, Alt+K and a plain k do nothing', () => {
    const { received, stop } = run(paletteShortcutsListener(window))
    press(document.body, { key: 'K', ctrlKey: true, shiftKey: true })
    press(document.body, { key: 'k', ctrlKey: true, altKey: true })
    press(document.body, { key: 'k' })
    expect(received).toEqual([])
    stop()
  })
})

describe('commandPalette items (watchPaletteItems)', () => {
  /** A stand-in actor whose snapshot a test replaces, telling its subscribers. */
  function followed<S>(snapshot: S) {
    const observers = new Set<(s: S) => void>()
    return {
      getSnapshot: () => snapshot,
      subscribe: (observer: (s: S) => void) => {
        observers.add(observer)
        return { unsubscribe: () => void observers.delete(observer) }
      },
      set(next: S) {
        snapshot = next
        for (const observer of observers) observer(next)
      },
      get subscribed() {
        return observers.size
      },
    }
  }
  const permissionsOf = (refs: string[]) => permissionsActorFor(refs).getSnapshot()
  const signedIn = { context: { user: { _id: 'u-ada' }, currentOrg: { org_id: 'o-acme' } } } as never
  const signedOut = { context: { user: null, currentOrg: null } } as never

  it('Scenario: the items follow the permissions and the page while open, and nothing is built signed out', () => {
    const auth = followed(signedIn)
    const permissions = followed(permissionsOf(['SUPER_ADMIN']))
    let page = { pathname: '/app/dashboard', bugReportHidden: false }
    const { received, stop } = run(watchPaletteItems(() => ({ auth, permissions }), () => page))
    const changes = () => received.filter((e) => (e as { type: string }).type === 'palette.itemsChanged') as Array<{ items: Array<{ id: string }> }>
    const items = () => changes().at(-1)!.items.map((i) => i.id)
    expect(items()).toContain('page:/app/setting/team')
    expect(items()).toContain('action:reportBug')
    page = { pathname: '/app/dashboard', bugReportHidden: true }
    permissions.set(permissionsOf(['set-agent']))
    expect(items()).not.toContain('page:/app/setting/team')
    expect(items()).not.toContain('action:reportBug')
    const told = changes().length
    // A snapshot that changes nothing the items read sends nothing.
    permissions.set(permissions.getSnapshot())
    expect(changes()).toHaveLength(told)
    auth.set(signedOut)
    expect(items()).toEqual([])
    stop()
    expect(auth.subscribed + permissions.subscribed).toBe(0)
  })
})

describe('runPaletteCommand', () => {
  function targets(preference: 'light' | 'dark' | 'system' = 'system', prefersDark = false) {
    const sends = { workspaces: vi.fn(), notifications: vi.fn(), sidebar: vi.fn() }
    const t: CommandTargets = {
      navigate: vi.fn(),
      workspaces: { send: sends.workspaces },
      notifications: { send: sends.notifications },
      sidebar: { send: sends.sidebar },
      theme: { preference: () => preference, setPreference: vi.fn(), prefersDark: () => prefersDark },
      openBugReport: vi.fn(),
    }
    return { t, sends }
  }

  it('sends each action the event its own home sends', () => {
    const { t, sends } = targets()
    runPaletteCommand({ kind: 'navigate', path: '/app/billing' }, t)
    runPaletteCommand({ kind: 'switchWorkspace', orgId: 'o-globex' }, t)
    runPaletteCommand({ kind: 'createWorkspace' }, t)
    runPaletteCommand({ kind: 'markAllRead' }, t)
    runPaletteCommand({ kind: 'toggleSidebar' }, t)
    runPaletteCommand({ kind: 'reportBug' }, t)
    expect(t.navigate).toHaveBeenCalledWith('/app/billing')
    expect(sends.workspaces.mock.calls).toEqual([[{ type: 'workspaces.select', orgId: 'o-globex' }], [{ type: 'workspaces.open' }]])
    expect(sends.notifications).toHaveBeenCalledWith({ type: 'notifications.markAllRead' })
    expect(sends.sidebar).toHaveBeenCalledWith({ type: 'sidebar.toggle' })
    expect(t.openBugReport).toHaveBeenCalledOnce()
  })

  it('toggles the theme shown: system on a dark screen becomes light, light becomes dark', () => {
    const dark = targets('system', true)
    runPaletteCommand({ kind: 'toggleTheme' }, dark.t)
    expect(dark.t.theme.setPreference).toHaveBeenCalledWith('light')
    const light = targets('light')
    runPaletteCommand({ kind: 'toggleTheme' }, light.t)
    expect(light.t.theme.setPreference).toHaveBeenCalledWith('dark')
  })
})

describe('palette recent choices (localStorage)', () => {
  it('keeps one list per person and reads garbage as none', () => {
    writePaletteRecent(localStorage, 'u-ada', ['page:/app/billing'])
    expect(readPaletteRecent(localStorage, 'u-ada')).toEqual(['page:/app/billing'])
    expect(readPaletteRecent(localStorage, 'u-sam')).toEqual([])
    expect(readPaletteRecent(localStorage, null)).toEqual([])
    localStorage.setItem(`${PALETTE_RECENT_KEY_PREFIX}u-sam`, '{"not":"a list"}')
    expect(readPaletteRecent(localStorage, 'u-sam')).toEqual([])
    localStorage.setItem(`${PALETTE_RECENT_KEY_PREFIX}u-sam`, 'not json')
    expect(readPaletteRecent(localStorage, 'u-sam')).toEqual([])
  })
})

describe('typing in a field (src/platform/typing.ts)', () => {
  it('Scenario: a key press re-dispatched on a list while its search field has focus (virtual focus) is typing too', () => {
    document.body.innerHTML = '<input id="q" /><div role="listbox" id="list"></div>'
    ;(document.getElementById('q') as HTMLInputElement).focus()
    const { received, stop } = run(paletteShortcutsListener(window))
    expect(press(document.getElementById('list')!, { key: '?', shiftKey: true }).defaultPrevented).toBe(false)
    expect(received).toEqual([])
    stop()
  })
})
