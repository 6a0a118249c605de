/** What the sidebar machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const sidebarDocs: MachineDocs = {
  states: {
    panel: "The docked sidebar's width, expanded or collapsed, as saved in the browser for 7 days (SPEC §2.6); kept while a narrow window uses the drawer.",
    'panel.restoring': 'The first instant: the saved choice is read and the sidebar starts expanded or collapsed at once, so nothing is drawn here.',
    'panel.expanded': 'The docked sidebar is wide (16 rem), with icons, page names and the menu groups.',
    'panel.collapsed': 'The docked sidebar shows icons only (3 rem); page names show as tooltips.',
    mode: "Which sidebar the window's width calls for: docked beside the page, or a slide-in drawer under 768 px.",
    'mode.docked': 'The window is at least 768 px wide: the sidebar sits beside the page, expanded or collapsed.',
    'mode.drawer': 'The window is narrower than 768 px: the sidebar is a drawer that slides in over the page from the menu button.',
    'mode.drawer.closed': "The drawer is hidden: only the header's 'Toggle sidebar' button shows it.",
    'mode.drawer.open': 'The drawer (18 rem) covers part of the page with the full menu; following a link or pressing outside closes it.',
    viewport: 'Waits for the window to stop being resized before the layout follows the new width (200 ms; SPEC §9).',
    'viewport.steady': "The window's width is settled: the layout matches it.",
    'viewport.settling': 'The window is being resized: the layout keeps the old width until 200 ms pass without a change.',
    presence: 'Whether a page with the app shell is on screen, so Ctrl/Cmd+B toggles the sidebar only there.',
    'presence.offscreen': 'No shell is on screen (a public page, the sign-in page): Ctrl/Cmd+B is left to the browser.',
    'presence.onscreen': 'The app shell is on screen: Ctrl/Cmd+B toggles the sidebar, except while typing in a field.',
  },
  events: {
    'sidebar.close': 'The drawer was dismissed (Escape or a press outside it): it closes; on a wide window the docked sidebar collapses.',
    'sidebar.groupToggled': 'A person opened or closed a menu group in the sidebar: it stays that way until changed again.',
    'sidebar.mounted': 'The app shell appeared on screen: the Ctrl/Cmd+B shortcut starts listening.',
    'sidebar.navigated': 'A person followed a link or the page changed: an open drawer closes.',
    'sidebar.open': 'The drawer was asked to open: it slides in; on a wide window the docked sidebar expands.',
    'sidebar.routeChanged': 'The page changed by any way (a link, a typed address, back or forward): the menu group holding it opens.',
    'sidebar.toggle':
      "A person pressed 'Toggle sidebar', Ctrl/Cmd+B or the palette's command: the docked sidebar expands or collapses (and is saved), or the drawer opens or closes.",
    'sidebar.unmounted': 'The app shell left the screen: the Ctrl/Cmd+B shortcut stops listening.',
    'viewport.changed': 'The browser window was resized: the new width is taken once resizing pauses for 200 ms.',
  },
}
