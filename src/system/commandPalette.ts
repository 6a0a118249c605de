/**
 * The command palette machine's browser side (machines/commandPalette): what running an item does
 * (`runCommand`: navigation, or the event the action's own home sends to its actor), the recent
 * choices in localStorage (src/platform/palette-recent.ts), the items while it is open
 * (`watchPaletteItems`, from the same route table and permission checks as the sidebar:
 * `paletteSources`), and its listeners (src/system/commandPalette-keys.ts).
 */
import { type ActorRefFrom, type EventObject, fromCallback } from 'xstate'
import type { ResolvedPermissions } from '../../contract/permissions.ts'
import type { AuthMachine } from '../../machines/auth/auth.machine.ts'
import type { AuthSnapshot } from '../../machines/auth/auth.selectors.ts'
import { type PaletteCommand, type PalettePage, type PaletteSources, buildPaletteItems } from '../../machines/commandPalette/commandPalette.items.ts'
import { type CommandPaletteMachine, commandPaletteMachine } from '../../machines/commandPalette/commandPalette.machine.ts'
import type { NotificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import { type NotificationsSnapshot, selectUnreadCount } from '../../machines/notifications/notifications.selectors.ts'
import { type PermissionsSnapshot, selectPermissions } from '../../machines/permissions/permissions.selectors.ts'
import type { SidebarMachine } from '../../machines/sidebar/sidebar.machine.ts'
import type { WorkspacesMachine } from '../../machines/workspaces/workspaces.machine.ts'
import type { WorkspacesSnapshot } from '../../machines/workspaces/workspaces.selectors.ts'
import { ACCOUNT_PATH } from '../navigation/account.ts'
import { showsBugReportButton } from '../navigation/paths.ts'
import { canAccessPath, routeFor, visibleNavigation } from '../navigation/routes.ts'
import { visibleSettingsSections } from '../navigation/settings-sections.ts'
import { type PageFacts, readPageFacts } from '../platform/palette-page.ts'
import { readPaletteRecent, writePaletteRecent } from '../platform/palette-recent.ts'
import { THEME_KEY, readThemePreference, resolveTheme, type ThemePreference } from '../platform/theme.ts'
import type { CommandPaletteEvent } from '../../machines/commandPalette/commandPalette.machine.ts'
import { isTypedKey, shortcutEvent } from '../../machines/commandPalette/commandPalette.shortcuts.ts'
import { toKeyPress } from '../platform/typing.ts'
import { type EventTargetLike, listen } from '../platform/window-events.ts'
import type { EarlyPaletteKeysActor } from './commandPalette-keys.ts'
import { domEventsActor } from './listeners.ts'

/** The invite page (SPEC §2.5 hidden route, TEAM_MEMBERS create), where the Team page's 'Invite member' goes. */
export const INVITE_MEMBER_PATH = '/app/setting/team/invite'
/** Where 'Sign out' goes: the sidebar's 'Log Out' and the user menu's 'Sign out' (src/ui/shell/links.ts). */
export const PALETTE_SIGN_OUT_PATH = '/app/signout'

/**
 * Built pages outside the menu that the shell links to (the inbox behind the bell's 'Open inbox',
 * notification settings, the user menu's 'Account'), with the other words that find them:
 * offered when the route table lets the person open them.
 */
const EXTRA_PAGES: ReadonlyArray<{ readonly path: string; readonly keywords: ReadonlyArray<string> }> = [
  { path: '/app/notifications', keywords: ['inbox', 'open inbox', 'archive', 'snoozed'] },
  { path: '/app/notification-settings', keywords: ['notification preferences', 'push', 'email', 'quiet hours', 'categories', 'time zone'] },
  { path: ACCOUNT_PATH, keywords: ['my account', 'profile'] },
]

/** Where each command lands: the system's navigation and the actors whose events it sends. */
export interface CommandTargets {
  readonly navigate: (path: string) => void
  readonly workspaces: Pick<ActorRefFrom<WorkspacesMachine>, 'send'>
  readonly notifications: Pick<ActorRefFrom<NotificationsMachine>, 'send'>
  readonly sidebar: Pick<ActorRefFrom<SidebarMachine>, 'send'>
  /** The theme preference now and its setter (src/platform/theme.ts `ThemeController`). */
  readonly theme: { preference(): ThemePreference; setPreference(next: ThemePreference): void; prefersDark(): boolean }
  /** Opens the bug-report form. */
  readonly openBugReport: () => void
}

/** Carries out one palette command on `targets` (the palette machine's `runCommand`). */
export function runPaletteCommand(command: PaletteCommand, targets: CommandTargets): void {
  switch (command.kind) {
    case 'navigate':
      return targets.navigate(command.path)
    case 'switchWorkspace':
      return targets.workspaces.send({ type: 'workspaces.select', orgId: command.orgId })
    case 'createWorkspace':
      // The switcher holds the create form (SPEC §2.6); opening it is what its button does.
      return targets.workspaces.send({ type: 'workspaces.open' })
    case 'reportBug':
      return targets.openBugReport()
    case 'markAllRead':
      return targets.notifications.send({ type: 'notifications.markAllRead' })
    case 'toggleTheme': {
      const shown = resolveTheme(targets.theme.preference(), targets.theme.prefersDark())
      return targets.theme.setPreference(shown === 'dark' ? 'light' : 'dark')
    }
    case 'toggleSidebar':
      return targets.sidebar.send({ type: 'sidebar.toggle' })
    case 'showShortcuts':
      // The machine opens the help itself; never sent here.
      return
  }
}

/**
 * The theme as `runPaletteCommand` needs it, from the window alone: the stored preference, and a
 * change stored then announced as a `storage` event, which the page's theme controller
 * (src/platform/theme.ts `startTheme`) already follows for other tabs, so it applies it and
 * re-renders the Profile tab's choice. Used when the system is given no controller.
 */
export function windowTheme(win: Window): CommandTargets['theme'] {
  return {
    preference: () => readThemePreference(win.localStorage),
    prefersDark: () => win.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
    setPreference: (next) => {
      try {
        win.localStorage.setItem(THEME_KEY, next)
      } catch {
        return
      }
      win.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY, newValue: next }))
    },
  }
}

/**
 * Opens the bug-report form by pressing the floating 'Report a bug' button (SPEC §2.6), whose
 * actor lives in its lazily loaded view (src/ui/bugReport/BugReport.tsx). Nothing happens when
 * the button is not there (hidden forever, or on /app/integrations). Found by its data attribute,
 * as its name is in the reader's language.
 */
export function pressReportBugButton(doc: Document): void {
  doc.querySelector<HTMLElement>('button[data-bug-report-button]')?.click()
}

/** What `paletteSources` reads, each from its actor's snapshot. */
export interface PaletteSourceInputs {
  readonly permissions: ResolvedPermissions
  /** The workspaces list (`GET /users/my-workspaces`); as in the switcher, one without a name is not listed. */
  readonly workspaces: ReadonlyArray<{ readonly org_id: string; readonly org_name: string | null }> | null
  readonly currentOrgId: string | null
  /** A workspaces actor is on hand (the switcher with its create form is shown). */
  readonly hasWorkspaces: boolean
  readonly unreadCount: number
  /** The current path and storage, for the bug-report button's own rule (SPEC §2.3, §8). */
  readonly pathname: string
  readonly bugReportHidden: boolean
}

/**
 * The palette's sources, with the checks of each thing's home: pages are the sidebar's
 * `visibleNavigation(permissions)` (with 'Soon' for unbuilt ones) plus the shell's other built
 * pages the route table lets the person open; settings sections are those of
 * src/navigation/settings-sections.ts the person may open; 'Invite member' needs the invite page's route
 * (TEAM_MEMBERS create); 'Report a bug' needs the floating button to be shown; 'Mark all
 * notifications as read' needs something unread, as the panel's menu item does.
 */
export function paletteSources(inputs: PaletteSourceInputs): PaletteSources {
  const { permissions } = inputs
  const menu: PalettePage[] = visibleNavigation(permissions).flatMap((group) =>
    group.entries.map((entry) => ({
      path: entry.pattern,
      title: entry.title,
      ...(group.entries.length > 1 ? { section: group.label } : {}),
      built: entry.built,
    })),
  )
  const extra: PalettePage[] = EXTRA_PAGES.filter(({ path }) => canAccessPath(path, permissions)).flatMap(({ path, keywords }) => {
    const route = routeFor(path)
    return route ? [{ path, title: route.title, built: route.built ?? true, keywords }] : []
  })
  return {
    pages: [...menu, ...extra],
    settings: visibleSettingsSections(permissions).map(({ href, title, page, keywords }) => ({ href, title, page, keywords })),
    workspaces: inputs.workspaces?.flatMap((w) => (w.org_name?.trim() ? [{ orgId: w.org_id, name: w.org_name }] : [])) ?? null,
    currentOrgId: inputs.currentOrgId,
    can: {
      createWorkspace: inputs.hasWorkspaces,
      inviteMember: canAccessPath(INVITE_MEMBER_PATH, permissions),
      reportBug: showsBugReportButton(inputs.pathname) && !inputs.bugReportHidden,
      markAllRead: inputs.unreadCount > 0,
    },
    paths: { invite: INVITE_MEMBER_PATH, signOut: PALETTE_SIGN_OUT_PATH },
  }
}

/** An actor the items follow, as `watchPaletteItems` reads it (structural, for tests). */
export interface Followed<S> {
  getSnapshot(): S
  subscribe(observer: (snapshot: S) => void): { unsubscribe(): void }
}

/** The actors the palette's items come from; the workspaces and notifications actors may be absent. */
export interface PaletteItemActors {
  readonly auth: Followed<AuthSnapshot>
  readonly permissions: Followed<PermissionsSnapshot>
  readonly workspaces?: Followed<WorkspacesSnapshot>
  readonly notifications?: Followed<NotificationsSnapshot>
}

/**
 * The palette machine's `watchItems`: sends `palette.itemsChanged` at start and whenever what the
 * person may use changes (permissions, the workspace list, the current org, the unread count;
 * nothing when signed out), with the page's facts (`page`, src/platform/palette-page.ts) read at
 * each rebuild. `actors` is called at start: the palette opens long after the system's actors are up.
 */
export function watchPaletteItems(actors: () => PaletteItemActors, page: () => PageFacts) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const { auth, permissions, workspaces, notifications } = actors()
    let last: ReadonlyArray<unknown> | null = null
    const report = () => {
      const authContext = auth.getSnapshot().context
      const inputs: PaletteSourceInputs = {
        permissions: selectPermissions(permissions.getSnapshot()),
        workspaces: workspaces?.getSnapshot().context.workspaces ?? null,
        currentOrgId: authContext.currentOrg?.org_id ?? null,
        hasWorkspaces: workspaces !== undefined,
        unreadCount: notifications ? selectUnreadCount(notifications.getSnapshot()) : 0,
        ...page(),
      }
      const signedIn = authContext.user !== null
      const key = [signedIn, ...Object.values(inputs)]
      if (last !== null && key.length === last.length && key.every((value, i) => value === last![i])) return
      last = key
      sendBack({ type: 'palette.itemsChanged', items: signedIn ? buildPaletteItems(paletteSources(inputs)) : [] })
    }
    report()
    const subscriptions = [auth, permissions, workspaces, notifications].flatMap((actor) => (actor ? [actor.subscribe(report)] : []))
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe()
    }
  })
}

export interface BrowserCommandPaletteOptions {
  /** The window whose keys it listens to; without one (tests) nothing is listened to. */
  readonly window?: Window
  /** Where recent choices are kept; without one they last as long as the actor. */
  readonly storage?: Pick<Storage, 'getItem' | 'setItem'>
  /** Where commands land, looked up when one runs. */
  readonly targets: () => CommandTargets
  /** The early listener that kept key presses made before this actor started (src/system/commandPalette-keys.ts). */
  readonly earlyKeys?: Pick<EarlyPaletteKeysActor, 'send'>
  /** The actors the items come from, looked up when the palette opens; without them the items stay as given. */
  readonly itemActors?: () => PaletteItemActors
}

/**
 * The command palette machine with its browser side: the shortcut and typing listeners on the
 * window (taking over from `earlyKeys`), the items from `itemActors` and the page, `runCommand` on
 * `targets`, and recent choices in `storage`.
 */
export function browserCommandPalette(options: BrowserCommandPaletteOptions) {
  const { window: win, storage, earlyKeys, itemActors } = options
  return commandPaletteMachine.provide({
    actors: {
      ...(win ? { keyboardShortcuts: paletteShortcutsListener(win, earlyKeys), typing: paletteTypingListener(win) } : {}),
      ...(itemActors ? { watchItems: watchPaletteItems(itemActors, () => (win ? readPageFacts(win) : { pathname: '/', bugReportHidden: false })) } : {}),
    },
    actions: {
      runCommand: (_, params) => runPaletteCommand(params.command, options.targets()),
      storeRecent: (_, params) => {
        if (storage) writePaletteRecent(storage, params.person, params.recent)
      },
    },
  })
}

/**
 * Keeps the palette in step with the rest of the system: the signed-in person's recent choices
 * (read from `storage` whenever the user changes), and the workspace list loaded when the
 * palette opens (its freshness rules are the workspaces machine's, as for the switcher).
 * @returns a function that stops following.
 */
export function connectCommandPalette(
  palette: ActorRefFrom<CommandPaletteMachine>,
  deps: { auth: ActorRefFrom<AuthMachine>; workspaces: Pick<ActorRefFrom<WorkspacesMachine>, 'send'>; storage?: Pick<Storage, 'getItem'> },
): () => void {
  let person: string | null | undefined
  const follow = () => {
    const user = deps.auth.getSnapshot().context.user
    const next = user?._id ?? null
    if (next === person) return
    person = next
    palette.send({ type: 'palette.personChanged', person: next, recent: deps.storage ? readPaletteRecent(deps.storage, next) : [] })
  }
  follow()
  const auth = deps.auth.subscribe(follow)
  const opened = palette.on('palette.opened', () => deps.workspaces.send({ type: 'workspaces.load' }))
  return () => {
    auth.unsubscribe()
    opened.unsubscribe()
  }
}

/**
 * The palette machine's `keyboardShortcuts`: Ctrl/Cmd+K sends `palette.toggle` and '?' sends
 * `shortcuts.open`, each with the browser's own use prevented (Ctrl+K focuses the address bar in
 * Chromium); key presses typed into a text field are left alone (src/platform/typing.ts, the
 * sidebar's rule). Starting, it takes over from `early`, if given.
 */
export function paletteShortcutsListener(win: EventTargetLike, early?: Pick<EarlyPaletteKeysActor, 'send'>) {
  return fromCallback<EventObject>(({ sendBack }) => {
    early?.send({ type: 'palette.handOver', deliver: sendBack })
    return listen<KeyboardEvent>(win, ['keydown'], (event) => {
      if (event.defaultPrevented) return
      const type = shortcutEvent(toKeyPress(event))
      if (type === null) return
      event.preventDefault()
      sendBack({ type })
    })
  })
}

/**
 * The palette machine's `typing`: keys typed while the palette is open but its field does not have
 * focus yet (the first time, the dialog's code may still be on its way) are sent as
 * `palette.typed` instead of being lost. Captured before any other listener; once focus is in the
 * dialog, its field takes them.
 */
export function paletteTypingListener(win: EventTargetLike & { readonly document: Document }) {
  return domEventsActor<CommandPaletteEvent, KeyboardEvent>(
    win,
    ['keydown'],
    (event) => {
      if (win.document.activeElement?.closest('[role="dialog"]')) return null
      if (!isTypedKey(event)) return null
      event.preventDefault()
      return { type: 'palette.typed', key: event.key }
    },
    { capture: true },
  )
}
