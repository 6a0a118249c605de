/**
 * What the command palette lists (Command palette): pages, settings sections, workspaces and
 * actions as data, the builder that makes the list from what the person may do, and the ranking
 * that filters it by the query with recent choices first and pages that are not built yet last. Pure: the caller (src/system/commandPalette.ts)
 * reads permissions, workspaces and the rest from the root system's actors and passes them in.
 */
import { fuzzyScore } from './fuzzy.ts'

/** What running an item does; src/system/commandPalette.ts carries it out (`runCommand`). */
export type PaletteCommand =
  /** Client-side navigation to an /app path, with its search and hash (pages, settings sections, 'Invite member', 'Sign out'). */
  | { readonly kind: 'navigate'; readonly path: string }
  /** `workspaces.select` to the workspaces actor, as the switcher's list does. */
  | { readonly kind: 'switchWorkspace'; readonly orgId: string }
  /** Opens the workspace switcher, whose form creates a workspace (SPEC §2.6). */
  | { readonly kind: 'createWorkspace' }
  /** Opens the bug-report form, as the floating 'Report a bug' button does. */
  | { readonly kind: 'reportBug' }
  /** `notifications.markAllRead` to the notifications actor, as the panel's menu does. */
  | { readonly kind: 'markAllRead' }
  | { readonly kind: 'toggleTheme' }
  /** `sidebar.toggle` to the sidebar actor, as the header's button and Ctrl/Cmd+B do. */
  | { readonly kind: 'toggleSidebar' }
  /** Opens the keyboard shortcuts help (handled by the palette machine itself). */
  | { readonly kind: 'showShortcuts' }

export const PALETTE_KINDS = ['page', 'setting', 'workspace', 'action'] as const
export type PaletteKind = (typeof PALETTE_KINDS)[number]

export interface PaletteItem {
  /**
   * Stable across renders and sessions (recent choices are kept by id): `page:/app/contacts`,
   * `setting:/app/account?tab=security`, `workspace:<org id>`, `action:toggleTheme`.
   */
  readonly id: string
  readonly kind: PaletteKind
  /** The title shown and matched first (the route table's title for pages). */
  readonly label: string
  /** Shown beside the label and matched at half weight: a page's menu group ('Calls'), a setting's page ('Account'). */
  readonly section?: string
  /** More words that find it ('dark', 'light' for the theme). */
  readonly keywords?: ReadonlyArray<string>
  /** A page that is not built yet, marked 'Soon' as the sidebar marks it. */
  readonly soon?: boolean
  /** The product's own shortcut for it, in `aria-keyshortcuts` form ('Control+B'). */
  readonly shortcut?: string
  readonly command: PaletteCommand
}

/** A page the person may open: a menu entry of `visibleNavigation(permissions)` or another permitted page. */
export interface PalettePage {
  readonly path: string
  readonly title: string
  readonly section?: string
  readonly built: boolean
  /** More words that find it ('inbox' for the notifications page). */
  readonly keywords?: ReadonlyArray<string>
}

/** A section inside a settings page the person may open (src/navigation/settings-sections.ts). */
export interface PaletteSetting {
  /** Its address: page, tab and heading (`/app/account?tab=security#sessions-heading`). */
  readonly href: string
  readonly title: string
  /** The page holding it ('Account'). */
  readonly page: string
  readonly keywords: ReadonlyArray<string>
}

/** Everything the item list is built from; each flag is the same check as where the action lives today. */
export interface PaletteSources {
  /** Pages already filtered by the route table's permission checks (never a page the person may not open). */
  readonly pages: ReadonlyArray<PalettePage>
  /** Settings sections, already filtered by the same checks as their pages. */
  readonly settings?: ReadonlyArray<PaletteSetting>
  /** The person's workspaces (null while not loaded). */
  readonly workspaces: ReadonlyArray<{ readonly orgId: string; readonly name: string }> | null
  /** This tab's workspace: not offered as a switch target. */
  readonly currentOrgId: string | null
  readonly can: {
    /** The switcher's create form is there (a workspaces actor on hand). */
    readonly createWorkspace: boolean
    /** The invite page's route check (TEAM_MEMBERS create), as the Team page's 'Invite member' button. */
    readonly inviteMember: boolean
    /** The floating 'Report a bug' button is shown (not hidden forever, not on /app/integrations). */
    readonly reportBug: boolean
    /** The notifications panel's 'Mark all as read' is enabled (something unread). */
    readonly markAllRead: boolean
  }
  /** Where 'Invite member' and 'Sign out' go (src/navigation/routes.ts, src/ui/shell/links.ts). */
  readonly paths: { readonly invite: string; readonly signOut: string }
}

/** Section titles of the unfiltered list. */
export const SECTION_LABELS = { recent: 'Recent', page: 'Pages', setting: 'Settings', workspace: 'Workspaces', action: 'Actions', soon: 'Coming soon' } as const

/**
 * The unfiltered list's sections after 'Recent', in order: what works first (built pages, then
 * actions), then settings sections and workspaces, and pages that are not built yet last.
 */
export const SECTION_ORDER = ['page', 'action', 'setting', 'workspace', 'soon'] as const

/**
 * The palette's items for `sources`: pages (in menu order), settings sections, workspaces to
 * switch to (by name), then the actions the person may run. Never lists a page missing from
 * `sources.pages` or a section missing from `sources.settings`.
 */
export function buildPaletteItems(sources: PaletteSources): PaletteItem[] {
  const pages: PaletteItem[] = sources.pages.map((p) => ({
    id: `page:${p.path}`,
    kind: 'page',
    label: p.title,
    ...(p.section ? { section: p.section } : {}),
    ...(p.built ? {} : { soon: true }),
    ...(p.keywords ? { keywords: p.keywords } : {}),
    command: { kind: 'navigate', path: p.path },
  }))
  const settings: PaletteItem[] = (sources.settings ?? []).map((s) => ({
    id: `setting:${s.href}`,
    kind: 'setting',
    label: s.title,
    section: s.page,
    keywords: s.keywords,
    command: { kind: 'navigate', path: s.href },
  }))
  const workspaces: PaletteItem[] = [...(sources.workspaces ?? [])]
    .filter((w) => w.orgId !== sources.currentOrgId)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((w) => ({ id: `workspace:${w.orgId}`, kind: 'workspace', label: w.name, keywords: ['switch workspace'], command: { kind: 'switchWorkspace', orgId: w.orgId } }))
  const { can, paths } = sources
  const action = (id: string, label: string, command: PaletteCommand, extra: Partial<PaletteItem> = {}): PaletteItem => ({
    id: `action:${id}`,
    kind: 'action',
    label,
    command,
    ...extra,
  })
  const actions: PaletteItem[] = [
    ...(can.createWorkspace ? [action('createWorkspace', 'Create workspace', { kind: 'createWorkspace' }, { keywords: ['new workspace', 'organisation'] })] : []),
    ...(can.inviteMember ? [action('inviteMember', 'Invite member', { kind: 'navigate', path: paths.invite }, { keywords: ['team', 'invitation'] })] : []),
    ...(can.reportBug ? [action('reportBug', 'Report a bug', { kind: 'reportBug' }, { keywords: ['feedback', 'issue'] })] : []),
    ...(can.markAllRead ? [action('markAllRead', 'Mark all notifications as read', { kind: 'markAllRead' }, { keywords: ['inbox'] })] : []),
    action('toggleTheme', 'Toggle theme', { kind: 'toggleTheme' }, { keywords: ['dark', 'light', 'colour', 'color'] }),
    action('toggleSidebar', 'Toggle sidebar', { kind: 'toggleSidebar' }, { keywords: ['menu', 'collapse', 'expand'], shortcut: 'Control+B' }),
    action('showShortcuts', 'Keyboard shortcuts', { kind: 'showShortcuts' }, { keywords: ['help', 'keys'], shortcut: 'Shift+?' }),
    action('signOut', 'Sign out', { kind: 'navigate', path: paths.signOut }, { keywords: ['log out', 'logout', 'sign off'] }),
  ]
  return [...pages, ...settings, ...workspaces, ...actions]
}

/** Items' names as shown to the reader (in their language), by item id; an item without one shows its `label`. */
export type PaletteLabels = Readonly<Record<string, string>>

/** One titled group of results. */
export interface PaletteSection {
  readonly id: 'recent' | PaletteKind | 'soon' | 'results'
  readonly label: string
  readonly items: ReadonlyArray<PaletteItem>
}

/** The palette's results: the sections shown and the same items in keyboard order. */
export interface PaletteResults {
  readonly sections: ReadonlyArray<PaletteSection>
  readonly flat: ReadonlyArray<PaletteItem>
}

/** How much a recent choice is lifted in a filtered list: enough to lead among close matches, not to beat a clearly better one. */
export const RECENT_BONUS = 150

/** The unfiltered section an item is listed in: its kind's, or 'Coming soon' for a page not built yet. */
const sectionOf = (item: PaletteItem): (typeof SECTION_ORDER)[number] => (item.soon ? 'soon' : item.kind)

/**
 * The results for `query`:
 * - empty query: 'Recent' (the recent choices still offered, newest first), then, without the
 *   recent ones, the sections of {@link SECTION_ORDER}: 'Pages' (built ones), 'Actions',
 *   'Settings', 'Workspaces', and 'Coming soon' (pages marked 'Soon') last;
 * - otherwise one 'Results' section of the items matching every word (fuzzyScore), best first,
 *   a recent choice lifted by {@link RECENT_BONUS}, and a page marked 'Soon' after every other
 *   match unless it is a recent choice; ties keep the list's own order.
 *
 * `labels` are the items' names as the reader sees them, by item id (their language's: the view
 * translates them): an item is matched by its shown name at full weight, and by its English label
 * at half weight like its keywords, so 'Abmelden' and 'sign out' both find 'Sign out'.
 */
export function rankItems(items: ReadonlyArray<PaletteItem>, query: string, recent: ReadonlyArray<string>, labels: PaletteLabels = {}): PaletteResults {
  if (query.trim() === '') {
    const byId = new Map(items.map((i) => [i.id, i]))
    const recentItems = recent.flatMap((id) => byId.get(id) ?? [])
    const recentIds = new Set(recentItems.map((i) => i.id))
    const sections: PaletteSection[] = [
      { id: 'recent' as const, label: SECTION_LABELS.recent, items: recentItems },
      ...SECTION_ORDER.map((id) => ({ id, label: SECTION_LABELS[id], items: items.filter((i) => sectionOf(i) === id && !recentIds.has(i.id)) })),
    ].filter((s) => s.items.length > 0)
    return { sections, flat: sections.flatMap((s) => s.items) }
  }
  const recentRank = new Map(recent.map((id, i) => [id, i]))
  const scored = items.flatMap((item, order) => {
    const shown = labels[item.id] ?? item.label
    const english = shown === item.label ? [] : [item.label]
    const score = fuzzyScore(query, shown, [...english, ...(item.section ? [item.section] : []), ...(item.keywords ?? [])])
    const isRecent = recentRank.has(item.id)
    return score === null ? [] : [{ item, order, later: item.soon === true && !isRecent, score: score + (isRecent ? RECENT_BONUS : 0) }]
  })
  scored.sort((a, b) => Number(a.later) - Number(b.later) || b.score - a.score || a.order - b.order)
  const flat = scored.map((s) => s.item)
  return { sections: flat.length > 0 ? [{ id: 'results', label: 'Results', items: flat }] : [], flat }
}

/** The recent list after choosing `id`: it leads, without duplicates, at most `cap` long. */
export function withRecent(recent: ReadonlyArray<string>, id: string, cap: number): string[] {
  return [id, ...recent.filter((r) => r !== id)].slice(0, cap)
}
