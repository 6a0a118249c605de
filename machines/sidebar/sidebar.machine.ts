/**
 * The sidebar machine: SPEC.md §4 Sidebar ("expanded or collapsed; on mobile, drawer open or
 * closed"), §2.6 (Ctrl/Cmd+B, the 7-day cookie, the drawer under 768 px, the header's compact
 * layout under 1024 px) and §9 (widths, breakpoints, the 200 ms resize debounce).
 *
 * Four parallel regions, because four things vary independently and each stays simple alone:
 *
 *   panel     restoring ─▶ expanded ⇄ collapsed     the docked sidebar; persisted in the cookie.
 *                                                     It keeps its value while the drawer is in
 *                                                     use, so a phone-sized window does not forget
 *                                                     the desktop preference.
 *   mode      docked ⇄ drawer(closed ⇄ open)         which sidebar the settled width calls for;
 *                                                     eventless transitions follow `width`.
 *   viewport  steady ⇄ settling                      the resize debounce: the width settles
 *                                                     200 ms after the last `viewport.changed`.
 *   presence  offscreen ⇄ onscreen                   whether a shell is on screen; the keyboard
 *                                                     shortcut listens only then, so Ctrl/Cmd+B
 *                                                     stays the browser's on pages without a shell.
 *
 * Beside the regions, the context keeps which menu groups are open (`openGroups`): the
 * member opens and closes them (`sidebar.groupToggled`), and arriving at a page of a group by any
 * way (a sidebar link, a link elsewhere, a typed URL, back/forward) opens that group
 * (`sidebar.routeChanged`), so the current page is always in view in the menu.
 *
 * `sidebar.toggle` / `sidebar.open` / `sidebar.close` mean the docked panel while docked
 * (guard `isDocked`) and the drawer in drawer mode, as one control does in both layouts.
 *
 * Pure: the listeners (`viewportListener`, `keyboardShortcut`) and the cookie write
 * (`storeSidebarState`) are declared here and implemented in src/ (src/system/sidebar.ts,
 * src/platform/sidebar-cookie.ts); tests and stories provide stubs.
 */
import { assign, fromCallback, setup, stateIn } from 'xstate'
import type { KeyPress } from '../shared/key-press.ts'

/** SPEC §9: width of the expanded sidebar. */
export const SIDEBAR_WIDTH = '16rem'
/** SPEC §9: width of the collapsed (icons only) sidebar. */
export const SIDEBAR_WIDTH_ICON = '3rem'
/** SPEC §9: width of the mobile drawer. */
export const SIDEBAR_WIDTH_MOBILE = '18rem'
/** SPEC §2.6/§9: below this viewport width (px) the sidebar is a slide-in drawer. */
export const MOBILE_BREAKPOINT_PX = 768
/** SPEC §9: below this viewport width (px) the header uses its compact layout (no user menu). */
export const HEADER_COMPACT_BREAKPOINT_PX = 1024
/** SPEC §9: the viewport width settles this long after the last resize (ms). */
export const RESIZE_DEBOUNCE_MS = 200

export interface SidebarInput {
  /** The saved state (SPEC §2.6 cookie): true for expanded. Read before the first render. */
  readonly expanded: boolean
  /** The viewport width at start (CSS px), so the first render already has the right layout. */
  readonly width: number
}

export interface SidebarContext {
  /** The settled viewport width (CSS px); `mode` and the header's compact layout follow it. */
  readonly width: number
  /** The latest width reported while `viewport.settling`; null when steady. */
  readonly pendingWidth: number | null
  /** The saved state from the input; read once, by `panel.restoring`. The panel states are the truth afterwards. */
  readonly savedExpanded: boolean
  /** The labels of the menu groups shown open (expanded sidebar and drawer), in the order they opened. */
  readonly openGroups: ReadonlyArray<string>
}

export type SidebarEvent =
  | { type: 'sidebar.toggle' }
  | { type: 'sidebar.open' }
  | { type: 'sidebar.close' }
  /** A sidebar link was followed or the path changed: the drawer closes. */
  | { type: 'sidebar.navigated' }
  /**
   * The path changed (or a shell mounted on it); `group` is the label of the menu group
   * holding the current page (`activeGroup` of src/navigation/routes.ts), null outside every group.
   * That group opens; the others stay as they were.
   */
  | { type: 'sidebar.routeChanged'; group: string | null }
  /** The member opened (`expanded: true`) or closed a menu group. */
  | { type: 'sidebar.groupToggled'; group: string; expanded: boolean }
  /** A shell mounted / unmounted (the Shell component sends these). */
  | { type: 'sidebar.mounted' }
  | { type: 'sidebar.unmounted' }
  /** The viewport was resized to `width` CSS px (sent by `viewportListener`, debounced here). */
  | { type: 'viewport.changed'; width: number }

/** The machine's defaults when the app input carries no sidebar state: expanded on a desktop. */
export const DEFAULT_SIDEBAR_INPUT: SidebarInput = { expanded: true, width: 1280 }

export const sidebarMachine = setup({
  types: {
    context: {} as SidebarContext,
    input: {} as SidebarInput,
    events: {} as SidebarEvent,
  },
  actors: {
    /**
     * Sends `viewport.changed` with the window's inner width (CSS px) on every resize; the
     * machine debounces. Implemented in src/system/sidebar.ts; the default listens to nothing.
     */
    viewportListener: fromCallback(() => {}),
    /**
     * Sends `sidebar.toggle` for each key press that `isToggleShortcut` accepts (and prevents the
     * browser's own use of it). Implemented in src/system/sidebar.ts; the default listens to nothing.
     */
    keyboardShortcut: fromCallback(() => {}),
  },
  actions: {
    /** Saves the panel state in the `sidebar_state` cookie for 604800 s (SPEC §2.6). Implemented in src/. */
    storeSidebarState: (_, _params: { expanded: boolean }) => {},
    assignPendingWidth: assign((_, params: { width: number }) => ({ pendingWidth: params.width })),
    assignSettledWidth: assign(({ context }) => ({ width: context.pendingWidth ?? context.width, pendingWidth: null })),
    openGroup: assign(({ context }, params: { group: string }) => ({ openGroups: withGroup(context.openGroups, params.group, true) })),
    setGroup: assign(({ context }, params: { group: string; expanded: boolean }) => ({
      openGroups: withGroup(context.openGroups, params.group, params.expanded),
    })),
  },
  guards: {
    isSavedCollapsed: ({ context }) => !context.savedExpanded,
    isNarrow: ({ context }) => context.width < MOBILE_BREAKPOINT_PX,
    isWide: ({ context }) => context.width >= MOBILE_BREAKPOINT_PX,
    /** The docked panel, not the drawer, is what toggle/open/close act on. */
    isDocked: stateIn({ mode: 'docked' }),
    /** The current page is in a menu group that is not open yet. */
    isInClosedGroup: ({ context }, params: { group: string | null }) => params.group !== null && !context.openGroups.includes(params.group),
  },
  delays: {
    resizeDebounce: RESIZE_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'sidebar',
  context: ({ input }) => ({ width: input.width, pendingWidth: null, savedExpanded: input.expanded, openGroups: [] }),
  type: 'parallel',
  on: {
    'sidebar.routeChanged': {
      guard: { type: 'isInClosedGroup', params: ({ event }) => ({ group: event.group }) },
      actions: { type: 'openGroup', params: ({ event }) => ({ group: event.group ?? '' }) },
    },
    'sidebar.groupToggled': { actions: { type: 'setGroup', params: ({ event }) => ({ group: event.group, expanded: event.expanded }) } },
  },
  // The viewport is followed for the machine's whole life: the width must be current whenever
  // a shell mounts, and the listener is one passive resize handler.
  invoke: { id: 'viewportListener', src: 'viewportListener' },
  states: {
    panel: {
      initial: 'restoring',
      states: {
        restoring: {
          always: [{ guard: 'isSavedCollapsed', target: 'collapsed' }, { target: 'expanded' }],
        },
        expanded: {
          on: {
            'sidebar.toggle': { guard: 'isDocked', target: 'collapsed', actions: { type: 'storeSidebarState', params: { expanded: false } } },
            'sidebar.close': { guard: 'isDocked', target: 'collapsed', actions: { type: 'storeSidebarState', params: { expanded: false } } },
          },
        },
        collapsed: {
          on: {
            'sidebar.toggle': { guard: 'isDocked', target: 'expanded', actions: { type: 'storeSidebarState', params: { expanded: true } } },
            'sidebar.open': { guard: 'isDocked', target: 'expanded', actions: { type: 'storeSidebarState', params: { expanded: true } } },
          },
        },
      },
    },
    mode: {
      initial: 'docked',
      states: {
        docked: {
          always: { guard: 'isNarrow', target: 'drawer' },
        },
        drawer: {
          // Leaving drawer mode drops the drawer; coming back starts it closed.
          always: { guard: 'isWide', target: 'docked' },
          initial: 'closed',
          states: {
            closed: {
              on: { 'sidebar.toggle': 'open', 'sidebar.open': 'open' },
            },
            open: {
              on: { 'sidebar.toggle': 'closed', 'sidebar.close': 'closed', 'sidebar.navigated': 'closed' },
            },
          },
        },
      },
    },
    viewport: {
      initial: 'steady',
      states: {
        steady: {
          on: {
            'viewport.changed': { target: 'settling', actions: { type: 'assignPendingWidth', params: ({ event }) => ({ width: event.width }) } },
          },
        },
        settling: {
          on: {
            // Re-entering restarts the debounce: only a pause of 200 ms settles the width.
            'viewport.changed': {
              target: 'settling',
              reenter: true,
              actions: { type: 'assignPendingWidth', params: ({ event }) => ({ width: event.width }) },
            },
          },
          after: { resizeDebounce: { target: 'steady', actions: 'assignSettledWidth' } },
        },
      },
    },
    presence: {
      initial: 'offscreen',
      states: {
        offscreen: {
          on: { 'sidebar.mounted': 'onscreen' },
        },
        onscreen: {
          invoke: { id: 'keyboardShortcut', src: 'keyboardShortcut' },
          on: { 'sidebar.unmounted': 'offscreen' },
        },
      },
    },
  },
})

export type SidebarMachine = typeof sidebarMachine

/** `groups` with `group` open (appended when newly open) or closed. */
function withGroup(groups: ReadonlyArray<string>, group: string, open: boolean): ReadonlyArray<string> {
  const others = groups.filter((g) => g !== group)
  return open ? [...others, group] : others
}

/**
 * SPEC §2.6 shortcut: Ctrl+B or Cmd+B toggles the sidebar, except while typing (focus in a text
 * field, where Ctrl/Cmd+B may mean bold), with Shift or Alt held (other shortcuts), or on
 * auto-repeat (holding the keys must not make the sidebar flicker).
 */
export function isToggleShortcut(press: KeyPress): boolean {
  return press.key.toLowerCase() === 'b' && (press.ctrlKey || press.metaKey) && !press.shiftKey && !press.altKey && !press.repeat && !press.inTextField
}
