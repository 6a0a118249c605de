/**
 * Narrow selectors over the command palette snapshot for its views (src/ui/shell/CommandPalette.tsx,
 * ShortcutsHelp.tsx, Header.tsx) and stories. What the list shows is decided in
 * commandPalette.results.ts (`selectResults`) and commandPalette.items.ts, not in the views.
 */
import type { SnapshotFrom } from 'xstate'
import type { PaletteItem } from './commandPalette.items.ts'
import type { CommandPaletteMachine } from './commandPalette.machine.ts'

export type CommandPaletteSnapshot = SnapshotFrom<CommandPaletteMachine>

export const selectIsPaletteOpen = (s: CommandPaletteSnapshot): boolean => s.matches({ onscreen: 'palette' })
export const selectIsShortcutsOpen = (s: CommandPaletteSnapshot): boolean => s.matches({ onscreen: 'shortcuts' })
export const selectQuery = (s: CommandPaletteSnapshot): string => s.context.query
export const selectHighlightedId = (s: CommandPaletteSnapshot): string | null => s.context.highlightedId
/** Everything the person may open or run now, in list order (unfiltered). */
export const selectPaletteItems = (s: CommandPaletteSnapshot): ReadonlyArray<PaletteItem> => s.context.items
