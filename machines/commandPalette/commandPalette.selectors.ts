/**
 * Narrow selectors over the command palette snapshot for its views (src/ui/shell/CommandPalette.tsx,
 * ShortcutsHelp.tsx, Header.tsx) and stories. What the list shows is decided here and in
 * commandPalette.items.ts, not in the views.
 */
import type { SnapshotFrom } from 'xstate'
import type { PaletteResults } from './commandPalette.items.ts'
import { type CommandPaletteMachine, results } from './commandPalette.machine.ts'

export type CommandPaletteSnapshot = SnapshotFrom<CommandPaletteMachine>

export const selectIsPaletteOpen = (s: CommandPaletteSnapshot): boolean => s.matches({ onscreen: 'palette' })
export const selectIsShortcutsOpen = (s: CommandPaletteSnapshot): boolean => s.matches({ onscreen: 'shortcuts' })
export const selectQuery = (s: CommandPaletteSnapshot): string => s.context.query
export const selectHighlightedId = (s: CommandPaletteSnapshot): string | null => s.context.highlightedId
/** The sections shown and the items in keyboard order (the same object while items, query and recent are unchanged). */
export const selectResults = (s: CommandPaletteSnapshot): PaletteResults => results(s.context)
