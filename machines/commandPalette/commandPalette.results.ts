/**
 * What the palette lists for its items, query and recent choices (machines/commandPalette), for
 * the machine (the highlight, what `palette.run` runs) and the palette's list view. A module of its
 * own, apart from the selectors the shell reads on every page (commandPalette.selectors.ts), so
 * the ranking and the fuzzy scorer load with the palette, not with the shell.
 */
import type { SnapshotFrom } from 'xstate'
import { type PaletteItem, type PaletteResults, rankItems } from './commandPalette.items.ts'
import type { CommandPaletteMachine } from './commandPalette.machine.ts'

let memo: { items: ReadonlyArray<PaletteItem>; query: string; recent: ReadonlyArray<string>; value: PaletteResults } | undefined

/** The results for the context's items, query and recent choices (memoized on the three). */
export function results(context: { readonly items: ReadonlyArray<PaletteItem>; readonly query: string; readonly recent: ReadonlyArray<string> }): PaletteResults {
  if (memo && memo.items === context.items && memo.query === context.query && memo.recent === context.recent) return memo.value
  const value = rankItems(context.items, context.query, context.recent)
  memo = { items: context.items, query: context.query, recent: context.recent, value }
  return value
}

/** The sections shown and the items in keyboard order (the same object while items, query and recent are unchanged). */
export const selectResults = (s: SnapshotFrom<CommandPaletteMachine>): PaletteResults => results(s.context)
