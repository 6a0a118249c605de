/**
 * Narrow selectors over the sidebar snapshot, for the shell's views (`useSelector`).
 */
import type { SnapshotFrom } from 'xstate'
import { HEADER_COMPACT_BREAKPOINT_PX, type SidebarMachine } from './sidebar.machine.ts'

export type SidebarSnapshot = SnapshotFrom<SidebarMachine>

/** `docked` at 768 px and wider, `drawer` below (SPEC §2.6). */
export type SidebarMode = 'docked' | 'drawer'

export const selectSidebarMode = (s: SidebarSnapshot): SidebarMode => (s.matches({ mode: 'drawer' }) ? 'drawer' : 'docked')

/** The docked panel's state (also the saved preference while the drawer is in use). */
export const selectIsExpanded = (s: SidebarSnapshot): boolean => s.matches({ panel: 'expanded' })

export const selectIsDrawerOpen = (s: SidebarSnapshot): boolean => s.matches({ mode: { drawer: 'open' } })

/**
 * What the docked sidebar shows: `expanded` (labels and groups) or `collapsed` (icons only).
 * In drawer mode the drawer always shows the expanded content.
 */
export const selectPanelState = (s: SidebarSnapshot): 'expanded' | 'collapsed' => (selectIsExpanded(s) ? 'expanded' : 'collapsed')

/** Whether the one 'Toggle sidebar' control currently shows its sidebar open (its `aria-expanded`). */
export const selectIsToggleExpanded = (s: SidebarSnapshot): boolean => (selectSidebarMode(s) === 'drawer' ? selectIsDrawerOpen(s) : selectIsExpanded(s))

/** SPEC §2.6/§9: under 1024 px the header is compact and hides the user menu. */
export const selectIsHeaderCompact = (s: SidebarSnapshot): boolean => s.context.width < HEADER_COMPACT_BREAKPOINT_PX

/** Whether the menu group labelled `group` is shown open (expanded sidebar and drawer). */
export const selectIsGroupOpen =
  (group: string) =>
  (s: SidebarSnapshot): boolean =>
    s.context.openGroups.includes(group)
